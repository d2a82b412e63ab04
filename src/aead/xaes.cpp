// src/aead/xaes.cpp — XAES-256-GCM (c2sp.org/XAES-256-GCM) over the GCM code of this folder.
//
// CPU features: none (generic; AES through the key's backend, GHASH and fused kernels as
// gcm_fused.hpp chooses them for that backend).
// References: c2sp.org/XAES-256-GCM "Detailed key derivation algorithm" (steps 1-6); NIST SP
// 800-38B §6.1 (K1 = dbl(L)); NIST SP 800-38D §7 (GCM, as in aead_key.cpp).
//
// Per message: the two derivation blocks (M_i ^ K1) in one encrypt_blocks call give Kx; then
// AES-256-GCM under Kx with nonce N[12:] (derived_gcm.hpp: Kx expanded on the input key's
// backend on the stack, H and its GHASH precomputation, the fused kernel, the short-message
// path or the chunked one). Open compares the full 16-byte tag in constant time and zeroes
// the output on a mismatch. Kx, the schedule, H's precomputation and J0 are
// wiped before returning.
#include "aead/xaes.hpp"

#include <cstring>

#include "aead/aead_key_state.hpp"
#include "aead/derived_gcm.hpp"
#include "base/block_double.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {
namespace {

class XaesScheme final : public AeadScheme {
 public:
  XaesScheme(AesKey aes, GcmChoice choice) noexcept
      : AeadScheme(16), aes_(std::move(aes)), choice_(choice) {
    const KeyState& k = *KeyAccess::state(aes_);
    alignas(16) std::uint8_t l[16] = {};
    k.backend->encrypt_blocks(k.enc, l, l, 1);  // L = AES-256_K(0^128)
    block_double(l, k1_);                       // K1 = dbl(L)
    secure_zero(l, sizeof l);
  }
  ~XaesScheme() override { secure_zero(k1_, sizeof k1_); }

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    crypt(gcm::Op::seal, nonce, ad, in, out, len, tag_out);
  }

  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    std::uint8_t received[16];
    std::memcpy(received, tag, 16);
    std::uint8_t expected[16];
    crypt(gcm::Op::open, nonce, ad, in, out, len, expected);
    const bool ok = ct_equal(expected, received, 16);
    secure_zero(expected, sizeof expected);
    if (!ok && len != 0) secure_zero(out, len);
    return ok;
  }

  std::string describe() const override {
    return describe_derived_gcm(
        *KeyAccess::state(aes_), choice_,
        ":xaes-256-gcm, subkey = two AES-256 blocks in one encrypt_blocks call");
  }
  std::string_view backend_name() const noexcept override { return aes_.backend_name(); }
  std::string_view hash_backend_name() const noexcept override { return choice_.ghash->name; }

 private:
  // crypt: the whole of GCM-AE (seal) or GCM-AD without the tag check (open) under the
  // message's derived key; `tag` gets all 16 bytes.
  void crypt(gcm::Op op, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
             const std::uint8_t* in, std::uint8_t* out, std::size_t len,
             std::uint8_t tag[16]) const noexcept {
    const KeyState& input_key = *KeyAccess::state(aes_);
    // Steps 3-5: Kx = AES-256_K(M1 ^ K1) || AES-256_K(M2 ^ K1).
    alignas(16) std::uint8_t kx[32];
    for (int i = 0; i < 2; ++i) {
      std::uint8_t* m = kx + 16 * i;
      m[0] = 0x00;
      m[1] = static_cast<std::uint8_t>(i + 1);
      m[2] = 0x58;  // 'X'
      m[3] = 0x00;
      std::memcpy(m + 4, nonce.data(), 12);
      for (int j = 0; j < 16; ++j) m[j] ^= k1_[j];
    }
    input_key.backend->encrypt_blocks(input_key.enc, kx, kx, 2);
    // Step 6 and AES-256-GCM with Nx = N[12:] (a 12-byte nonce: J0 = Nx || 0^31 || 1).
    crypt_derived_gcm(input_key, choice_, kx, op, nonce.subspan(12, 12), ad, in, out, len, tag);
    secure_zero(kx, sizeof kx);
  }

  AesKey aes_;
  GcmChoice choice_;
  std::uint8_t k1_[16];
};

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_xaes_scheme(const AeadAlgorithm& algorithm,
                                                     std::span<const std::uint8_t> key,
                                                     std::size_t tag_length,
                                                     std::string_view aes_backend) {
  if (!is_xaes(algorithm)) return Errc::invalid_argument;
  if (key.size() != 32) return Errc::bad_key_length;
  if (tag_length != 16) return Errc::bad_tag_length;
  Result<AesKey> aes = AesKey::create(key, aes_backend);
  if (!aes.ok()) return aes.status();
  const GcmChoice choice =
      choose_gcm(*KeyAccess::state(aes.value())->backend, nullptr, cpu::cpu_features(), true);
  return std::unique_ptr<AeadScheme>(new XaesScheme(std::move(aes).value(), choice));
}

}  // namespace aeskit::detail
