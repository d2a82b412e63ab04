// src/aead/eax.cpp — AES-EAX: per-key precomputation, one-shot seal and open.
//
// CPU features: none (generic; AES through the key's backend: its cbc_mac entry for the
// OMAC chains over nonce and header, its mac_ctr entry for CTR + OMAC over the message).
// References: M. Bellare, P. Rogaway, D. Wagner, "The EAX Mode of Operation" (FSE 2004),
// Fig. 3; OMAC1 = CMAC, NIST SP 800-38B.
//
// Math (n = 16 bytes; [t] is the block 0^120 || t; OMAC^t(X) = CMAC(K, [t] || X)):
//   N' = OMAC^0(N),  H' = OMAC^1(H),  C = CTR_K(N'; M),  C' = OMAC^2(C),
//   Tag = first tau bytes of N' ^ C' ^ H'.
// CTR counts N', N'+1, ... as one 128-bit big-endian integer. Since [t] is a whole block,
// OMAC^t(X) for non-empty X is the CMAC chain started from E([t]) over X; for empty X it
// is E([t] ^ K1). Both are per-key constants, computed at key setup for t = 0, 1, 2, so a
// short nonce or header costs one AES call.
// Seal runs CTR and the OMAC^2 chain over the ciphertext in one pass (mac_ctr_blocks with
// mac over the output); open runs them over the input (mac over the input), then compares
// the tag in constant time and zeroes the plaintext on mismatch. The final 1..16 bytes of
// the message are the OMAC's final block (K1/K2) and are handled on their own.
// Nothing branches on or indexes by key, data, N' or the tag; only on lengths.
#include "aead/eax.hpp"

#include <cstring>

#include "base/block128.hpp"
#include "base/buffers.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "core/key_state.hpp"
#include "mac/cmac_core.hpp"
#include "modes/mac_chain.hpp"

namespace aeskit::detail {
namespace {

class EaxScheme final : public AeadScheme {
 public:
  EaxScheme(std::size_t tag_length, AesKey aes) noexcept
      : AeadScheme(tag_length), aes_(std::move(aes)), key_(KeyAccess::state(aes_)) {
    cmac::derive_subkeys(*key_, sub_);
    // start_[t] = E([t]); empty_[t] = E([t] ^ K1): both blocks of each t in one call.
    alignas(16) std::uint8_t blocks[6][16] = {};
    for (int t = 0; t < 3; ++t) {
      blocks[t][15] = static_cast<std::uint8_t>(t);
      blocks[3 + t][15] = static_cast<std::uint8_t>(t);
      xor_block(blocks[3 + t], blocks[3 + t], sub_.k1);
    }
    key_->backend->encrypt_blocks(key_->enc, blocks[0], blocks[0], 6);
    for (int t = 0; t < 3; ++t) {
      std::memcpy(start_[t], blocks[t], 16);
      std::memcpy(empty_[t], blocks[3 + t], 16);
    }
    secure_zero(blocks, sizeof blocks);
  }
  ~EaxScheme() override {
    secure_zero(start_, sizeof start_);
    secure_zero(empty_, sizeof empty_);
  }

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    alignas(16) std::uint8_t tag[16];
    crypt(nonce, ad, in, out, len, tag, /*decrypt=*/false);
    std::memcpy(tag_out, tag, tag_length());
    secure_zero(tag, sizeof tag);
  }

  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    alignas(16) std::uint8_t expected[16];
    crypt(nonce, ad, in, out, len, expected, /*decrypt=*/true);
    const bool ok = ct_equal(expected, tag, tag_length());
    secure_zero(expected, sizeof expected);
    if (!ok && len != 0) secure_zero(out, len);
    return ok;
  }

  std::string describe() const override {
    const AesBackend& b = *key_->backend;
    const std::string name(b.name);
    const std::string body = b.mac_ctr != nullptr
                                 ? name + ":eax mac_ctr kernel (CTR128 + OMAC in one pass)"
                                 : name +
                                       ":eax generic (CTR128 then OMAC per 1 KiB chunk) "
                                       "[no mac_ctr kernel]";
    return body + "; nonce/header OMAC: " + cmac::describe_chain(b);
  }
  std::string_view backend_name() const noexcept override { return aes_.backend_name(); }

 private:
  // omac: OMAC^t(data) into out.
  void omac(int t, std::span<const std::uint8_t> data, std::uint8_t out[16]) const noexcept {
    if (data.empty()) {
      std::memcpy(out, empty_[t], 16);
      return;
    }
    std::memcpy(out, start_[t], 16);
    cmac::continue_message(*key_, sub_, out, data.data(), data.size());
  }

  // crypt: CTR over the message and the OMAC^2 chain over the ciphertext (the output when
  // sealing, the input when decrypting: its last bytes read before out is written), then
  // tag = N' ^ H' ^ C', all 16 bytes.
  void crypt(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
             const std::uint8_t* in, std::uint8_t* out, std::size_t len, std::uint8_t tag[16],
             bool decrypt) const noexcept {
    alignas(16) std::uint8_t counter[16];
    alignas(16) std::uint8_t mac[16];
    headers(nonce, ad, tag, counter);
    if (len == 0) {
      std::memcpy(mac, empty_[2], 16);
    } else {
      std::memcpy(mac, start_[2], 16);
      const std::size_t whole = (len - 1) / 16;  // the final 1..16 bytes go last
      mac_ctr_blocks(*key_, true, counter, mac, in, out, whole, !decrypt);
      const std::size_t rest = len - 16 * whole;
      if (decrypt) cmac::finish_last(*key_, sub_, mac, in + 16 * whole, rest);
      alignas(16) std::uint8_t stream[16];
      key_->backend->encrypt_blocks(key_->enc, counter, stream, 1);
      xor_bytes(out + 16 * whole, in + 16 * whole, stream, rest);
      if (!decrypt) cmac::finish_last(*key_, sub_, mac, out + 16 * whole, rest);
      secure_zero(stream, sizeof stream);
    }
    xor_block(tag, tag, mac);
    secure_zero(counter, sizeof counter);
    secure_zero(mac, sizeof mac);
  }

  // headers: sum = N' ^ H' and counter = N'. Nonce and header of at most one block each
  // (the common case) finish their chains in one two-block call.
  void headers(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
               std::uint8_t sum[16], std::uint8_t counter[16]) const noexcept {
    if (nonce.size() - 1 < 16 && ad.size() - 1 < 16) {  // 1..16 bytes each
      alignas(16) std::uint8_t x[2][16];
      last_input(0, nonce, x[0]);
      last_input(1, ad, x[1]);
      key_->backend->encrypt_blocks(key_->enc, x[0], x[0], 2);
      store_block128(counter, load_block128(x[0]));
      xor_block(sum, x[0], x[1]);
      secure_zero(x, sizeof x);
      return;
    }
    alignas(16) std::uint8_t h[16];
    omac(0, nonce, counter);
    omac(1, ad, h);
    xor_block(sum, counter, h);
    secure_zero(h, sizeof h);
  }

  // last_input: for 1..16 bytes of data, the block E() is applied to last in OMAC^t: the
  // chain value E([t]) xor the final block (K1 or padded and K2).
  void last_input(int t, std::span<const std::uint8_t> data, std::uint8_t x[16]) const noexcept {
    std::memcpy(x, start_[t], 16);
    cmac::finish_last_input(sub_, data.data(), data.size(), x);
  }

  AesKey aes_;
  const KeyState* key_;
  cmac::Subkeys sub_;
  alignas(16) std::uint8_t start_[3][16];  // E([t])
  alignas(16) std::uint8_t empty_[3][16];  // OMAC^t(empty) = E([t] ^ K1)
};

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_eax_scheme(const AeadAlgorithm& /*algorithm*/,
                                                    std::span<const std::uint8_t> key,
                                                    std::size_t tag_length,
                                                    std::string_view aes_backend) {
  Result<AesKey> aes = AesKey::create(key, aes_backend);
  if (!aes.ok()) return aes.status();
  return std::unique_ptr<AeadScheme>(new EaxScheme(tag_length, std::move(aes).value()));
}

}  // namespace aeskit::detail
