// src/aead/ocb_setup.cpp — AES-OCB3 key setup (RFC 7253 §4.1) and the kernel description.
//
// CPU features: none (generic; AES through the key's backend).
// References: RFC 7253 §2 (double), §4.1 (key-dependent variables).
//
// Math: blocks are 128-bit big-endian strings S = hi || lo (two 64-bit words).
//   double(S) = (S << 1) xor (msb(S) · 0x87)   — the carry is turned into a mask, no branch.
//   L_* = E_K(0^128), L_$ = double(L_*), L_0 = double(L_$), L_j = double(L_{j-1}), j < 64.
// The decryption schedule is built here (KeyState builds it lazily otherwise) so the first
// open on a key does not pay for it.
#include <cstring>

#include "aead/aead_key_state.hpp"
#include "aead/ocb_key.hpp"
#include "base/block_double.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail {

OcbKey::~OcbKey() {
  secure_zero(l_star, sizeof l_star);
  secure_zero(l_dollar, sizeof l_dollar);
  secure_zero(&l, sizeof l);
}

namespace {

// OcbScheme: an OCB AeadKey's state — the AES key (both schedules) and the L values.
class OcbScheme final : public AeadScheme {
 public:
  OcbScheme(std::size_t tag_length, AesKey aes, bool allow_kernels) noexcept
      : AeadScheme(tag_length), aes_(std::move(aes)) {
    init_ocb_key(key_, KeyAccess::state(aes_), allow_kernels);
  }

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    ocb::seal(key_, tag_length(), nonce, ad, in, out, len, tag_out);
  }
  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    return ocb::open(key_, tag_length(), nonce, ad, in, out, len, tag);
  }
  std::string describe() const override { return ocb::describe(key_); }
  std::string_view backend_name() const noexcept override { return aes_.backend_name(); }

 private:
  AesKey aes_;  // key_.aes points into it
  OcbKey key_;
};

Result<std::unique_ptr<AeadScheme>> build(const AeadAlgorithm& algorithm,
                                          std::span<const std::uint8_t> key, std::size_t tag_length,
                                          std::string_view aes_backend, bool allow_kernels) {
  if (!is_ocb(algorithm)) return Errc::invalid_argument;
  if (key.size() != algorithm.key_length()) return Errc::bad_key_length;
  if (!algorithm.allows_tag_length(tag_length)) return Errc::bad_tag_length;
  Result<AesKey> aes = AesKey::create(key, aes_backend);
  if (!aes.ok()) return aes.status();
  return std::unique_ptr<AeadScheme>(
      new OcbScheme(tag_length, std::move(aes).value(), allow_kernels));
}

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_ocb_scheme(const AeadAlgorithm& algorithm,
                                                    std::span<const std::uint8_t> key,
                                                    std::size_t tag_length,
                                                    std::string_view aes_backend) {
  return build(algorithm, key, tag_length, aes_backend, true);
}

void init_ocb_key(OcbKey& k, const KeyState* aes, bool allow_kernels) noexcept {
  k.aes = aes;
  k.dec = &k.aes->decryption_keys();
  k.use_kernels = allow_kernels;
  std::memset(k.l_star, 0, 16);
  k.aes->backend->encrypt_blocks(k.aes->enc, k.l_star, k.l_star, 1);
  block_double(k.l_star, k.l_dollar);
  block_double(k.l_dollar, k.l.l[0]);
  for (std::size_t j = 1; j < OcbLTable::kCount; ++j) block_double(k.l.l[j - 1], k.l.l[j]);
  k.l.fill_prefix_sums();
}

Result<AeadKey> make_ocb_key(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                             std::size_t tag_length, std::string_view aes_backend,
                             bool allow_kernels) {
  auto scheme = build(algorithm, key, tag_length, aes_backend, allow_kernels);
  if (!scheme.ok()) return scheme.status();
  return make_scheme_key(algorithm, std::move(scheme).value());
}

namespace ocb {

std::string describe(const OcbKey& key) {
  const AesBackend& b = *key.aes->backend;
  const std::string name(b.name);
  std::string text;
  if (key.use_kernels && b.ocb_encrypt != nullptr && b.ocb_decrypt != nullptr &&
      b.ocb_hash != nullptr) {
    text = name + ":ocb kernels (ocb_encrypt/ocb_decrypt/ocb_hash)";
  } else {
    text = name + ":ocb generic (offsets in batches, " + name +
           " encrypt_blocks/decrypt_blocks) [no OCB kernel]";
  }
  return text + "; nonce block, partial block and tag: single-block calls";
}

}  // namespace ocb
}  // namespace aeskit::detail
