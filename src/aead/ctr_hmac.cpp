// src/aead/ctr_hmac.cpp — AES-CTR-HMAC-SHA256 (BoringSSL's EVP_aead_aes_*_ctr_hmac_sha256)
// as a fixed-layout AeadScheme: "AES-128-CTR-HMAC-SHA256", "AES-256-CTR-HMAC-SHA256".
//
// CPU features: none named (AES through the key's backend: its ctr32_be bulk kernel; SHA-256
// through the compressor registry, SHA-NI where present).
// References: BoringSSL crypto/cipher_extra/e_aesctrhmac.c (the construction, which this
// reproduces byte for byte; no code taken), RFC 2104 (HMAC), SP 800-38A (CTR).
//
// Key: aes_key (16 or 32 bytes) || hmac_key (32 bytes). Nonce: 12 bytes. Tag: 16..32 bytes.
//   counter block: nonce || 0x00000000, the last 32 bits incremented big-endian per block;
//   C = P ^ keystream;
//   T = HMAC-SHA256(hmac_key, le64(|AD|) || le64(|C|) || nonce || AD || 0^z || C),
//       z the zeros that bring 16 + 12 + |AD| to a multiple of 64 (so C starts a block);
//   tag = the first tag_length bytes of T.
// Open computes T over the received C, compares in constant time, then decrypts; on a
// mismatch the output stays all zero.
#include <cstring>
#include <string>

#include "aead/cbc_hmac.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "core/key_state.hpp"
#include "hash/hmac_core.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {
namespace {

class CtrHmacScheme final : public AeadScheme {
 public:
  CtrHmacScheme(std::size_t tag_length, AesKey aes, std::span<const std::uint8_t> mac_key)
      : AeadScheme(tag_length), aes_(std::move(aes)), key_(KeyAccess::state(aes_)) {
    const ShaCompressor& c = best_sha_compressor(cpu::cpu_features(), HashAlgorithm::sha256);
    hmac_key_setup(mac_, HashAlgorithm::sha256, c, mac_key.data(), mac_key.size());
  }
  ~CtrHmacScheme() override { secure_zero(&mac_, sizeof mac_); }

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    crypt(nonce, in, out, len);
    std::uint8_t t[32];
    compute_tag(nonce, ad, out, len, t);
    std::memcpy(tag_out, t, tag_length());
    secure_zero(t, sizeof t);
  }

  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    std::uint8_t t[32];
    compute_tag(nonce, ad, in, len, t);
    const bool ok = ct_equal(t, tag, tag_length());
    secure_zero(t, sizeof t);
    if (!ok) {
      if (len) secure_zero(out, len);
      return false;
    }
    crypt(nonce, in, out, len);
    return true;
  }

  std::string describe() const override {
    const AesBackend& b = *key_->backend;
    std::string s(b.name);
    s += b.ctr32_be ? ":ctr-hmac-sha256 (ctr32_be kernel" : ":ctr-hmac-sha256 (generic CTR";
    s += ", SHA-256 on ";
    s += mac_.compressor->name;
    s += ")";
    return s;
  }
  std::string_view backend_name() const noexcept override { return aes_.backend_name(); }
  std::string_view hash_backend_name() const noexcept override { return mac_.compressor->name; }

 private:
  void crypt(std::span<const std::uint8_t> nonce, const std::uint8_t* in, std::uint8_t* out,
             std::size_t len) const noexcept {
    alignas(16) std::uint8_t counter[16] = {};
    std::memcpy(counter, nonce.data(), 12);
    const std::size_t full = len / 16, rem = len % 16;
    if (full) ctr_blocks(*key_, Mode::ctr32, counter, in, out, full);
    if (rem) {
      alignas(16) std::uint8_t stream[16];
      encrypt_one(*key_, counter, stream);
      for (std::size_t i = 0; i < rem; ++i)
        out[full * 16 + i] = static_cast<std::uint8_t>(in[full * 16 + i] ^ stream[i]);
      secure_zero(stream, sizeof stream);
    }
    secure_zero(counter, sizeof counter);
  }

  void compute_tag(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                   const std::uint8_t* ct, std::size_t len, std::uint8_t t[32]) const noexcept {
    std::uint8_t lengths[16];
    for (int i = 0; i < 8; ++i) {
      lengths[i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(ad.size()) >> (8 * i));
      lengths[8 + i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(len) >> (8 * i));
    }
    static constexpr std::uint8_t kZeros[64] = {};
    HashCore core;
    hmac_begin(mac_, core);
    core_update(core, lengths, 16);
    core_update(core, nonce.data(), 12);
    core_update(core, ad.data(), ad.size());
    core_update(core, kZeros, (64 - (28 + ad.size()) % 64) % 64);
    core_update(core, ct, len);
    hmac_end(mac_, core, t);
    secure_zero(&core, sizeof core);
  }

  AesKey aes_;
  const KeyState* key_;
  HmacKey mac_;
};

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_ctr_hmac_scheme(const AeadAlgorithm& /*algorithm*/,
                                                         std::span<const std::uint8_t> key,
                                                         std::size_t tag_length,
                                                         std::string_view aes_backend) {
  const std::size_t aes_len = key.size() - 32;
  Result<AesKey> aes = AesKey::create(key.first(aes_len), aes_backend);
  if (!aes.ok()) return aes.status();
  return std::unique_ptr<AeadScheme>(
      new CtrHmacScheme(tag_length, std::move(aes).value(), key.subspan(aes_len)));
}

}  // namespace aeskit::detail
