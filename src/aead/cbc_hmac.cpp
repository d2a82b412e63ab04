// src/aead/cbc_hmac.cpp — AES-CBC-HMAC TLS record protection as an AEAD (BoringSSL's
// "aes-128-cbc-sha1-tls" family): MAC-then-encrypt with TLS padding, and a constant-time open.
//
// CPU features: none named (AES through the key's backend: its cbc_encrypt / cbc_decrypt bulk
// kernels; SHA through the compressor registry, SHA-NI where present; stitched CBC+SHA
// kernels through the registry in backend/sha_stitch.hpp).
// References: RFC 5246 §6.2.3.2 (TLS 1.2 CBC), RFC 4346 (TLS 1.1 explicit IV), RFC 2246
// (TLS 1.0: the IV chains from the previous record); BoringSSL's EVP_aead_*_tls semantics for
// the key layout and AD; Lucky Thirteen (AlFardan-Paterson 2013) for the open path.
//
// Key: mac_key (HashLen bytes) || enc_key (16 or 32) [|| iv (16): TLS 1.0 "implicit IV"].
// AD: seq_num (8) || type (1) || version (2) — 11 bytes; the MAC header appends the
// plaintext length (2 bytes, big-endian): header = AD || len(P), 13 bytes.
// Nonce: the record's CBC IV (16 bytes; TLS 1.1+ sends it in the clear before the record).
// Implicit-IV keys take no nonce for the first record (the key's IV) or, for later ones,
// the previous record's last ciphertext block as a 16-byte nonce (TLS 1.0 chaining).
//   seal: T = HMAC(mac_key, header || P); pad = 15 - (|P| + |T|) mod 16;
//         out = CBC-Enc(enc_key, IV, P || T || (pad + 1) bytes of value pad).
//   open: R = CBC-Dec(enc_key, IV, C) (|C| a multiple of 16, ≥ roundup(|T| + 1));
//         pad = last byte; valid iff |T| + pad + 1 ≤ |R| and the last pad + 1 bytes all equal
//         pad; P = R[0 .. |R| - |T| - 1 - pad); T' = R[|P| .. |P| + |T|);
//         accept iff valid and T' == HMAC(mac_key, AD || len(P) || P).
// Open does the same work for every padding value (cbc_hmac_ct.hpp) and has one error,
// authentication_failed, for a bad length, bad padding and a bad MAC alike; the output
// (|C| bytes: the decrypted record) is zeroed on failure, and past |P| on success.
// Stitching (backend/sha_stitch.hpp, when the CPU and the key's AES backend have a kernel):
//   seal: hash block k + 1 of header || P and CBC-encrypt P[64k, 64k + 64) per iteration
//         (the MAC input runs 51 bytes ahead of the ciphertext); then the rest of the hash,
//         T, and the remaining blocks with the tail. Cost ≈ the CBC chain alone.
//   open: len(P) is in the MAC header, so the last block is decrypted first (CBC decryption
//         is random access) for the pad byte: data_len = |C| - |T| - 1 - pad when that fits,
//         else |C| - |T| - 1 (the padding check then fails on the same byte); then groups 0-1
//         are decrypted and kernel iteration k decrypts group k + 2 while hashing block
//         k + 1 (already plaintext), over the public blocks only; the masked blocks,
//         padding check and MAC extraction follow as without stitching.
#include <algorithm>
#include <cstring>
#include <string>

#include "aead/cbc_hmac.hpp"
#include "aead/cbc_hmac_ct.hpp"
#include "backend/sha_stitch.hpp"
#include "base/buffers.hpp"
#include "base/ct_equal.hpp"
#include "base/ct_shadow.hpp"
#include "base/declassify.hpp"
#include "base/secure_zero.hpp"
#include "core/key_state.hpp"
#include "hash/hmac_core.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {
namespace {

class CbcHmacScheme final : public AeadScheme {
 public:
  CbcHmacScheme(std::size_t tag_length, AesKey aes, HashAlgorithm mac,
                std::span<const std::uint8_t> mac_key, const ShaCompressor& c,
                const std::uint8_t* implicit_iv)
      : AeadScheme(tag_length), aes_(std::move(aes)), key_(KeyAccess::state(aes_)) {
    hmac_key_setup(mac_, mac, c, mac_key.data(), mac_key.size());
    implicit_ = implicit_iv != nullptr;
    if (implicit_) std::memcpy(iv_, implicit_iv, 16);
    // A stitched CBC+SHA kernel set for this key's AES backend and CPU, if any (with
    // AESKIT_DISABLE=sha the feature set has no SHA and none is found).
    stitch_ = find_cbc_sha_stitch(cpu::cpu_features(), key_->backend->name);
    if (stitch_) {
      seal_fn_ = stitch_fn(*stitch_, mac, true);
      open_fn_ = stitch_fn(*stitch_, mac, false);
    }
  }
  ~CbcHmacScheme() override {
    secure_zero(&mac_, sizeof mac_);
    secure_zero(iv_, sizeof iv_);
  }

  Status check(std::span<const std::uint8_t> nonce, std::uint64_t data_len,
               std::uint64_t ad_len) const noexcept override {
    (void)data_len;
    if (ad_len != kTlsAdLength) return Errc::bad_ad_length;
    if (nonce.size() != 16 && !(implicit_ && nonce.empty())) return Errc::bad_nonce_length;
    return {};
  }

  bool fixed_layout() const noexcept override { return false; }
  std::uint64_t sealed_length(std::uint64_t len) const noexcept override {
    return (len + tag_length()) / 16 * 16 + 16;
  }
  std::size_t min_sealed_length() const noexcept override {
    return (tag_length() + 1 + 15) / 16 * 16;
  }
  std::size_t max_opened_length(std::size_t len) const noexcept override { return len; }

  void seal(std::span<const std::uint8_t>, std::span<const std::uint8_t>, const std::uint8_t*,
            std::uint8_t*, std::size_t, std::uint8_t*) const noexcept override {}
  bool open(std::span<const std::uint8_t>, std::span<const std::uint8_t>, const std::uint8_t*,
            std::uint8_t*, std::size_t, const std::uint8_t*) const noexcept override {
    return false;
  }

  void seal_record(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                   std::span<const std::uint8_t> plaintext,
                   std::uint8_t* out) const noexcept override {
    const std::size_t len = plaintext.size();
    const std::size_t t = tag_length();
    // T = HMAC(header || P), before any output is written (out may be the plaintext).
    std::uint8_t header[13];
    make_header(ad, len, header);
    alignas(16) std::uint8_t tail[16 + 32 + 16];  // last partial block of P, T, padding
    const std::size_t full = len / 16, rem = len % 16;
    // Stitched path. The HMAC input header || P is in 64-byte blocks: block 0 = header ||
    // P[0..51), block k ≥ 1 = P[64k - 13 .. 64k + 51). Hash block k + 1 (read first) and
    // CBC-encrypt P[64k .. 64k + 64) in kernel iteration k: the hash stays 51 bytes ahead
    // of the ciphertext written, so in place works. `groups` iterations need hash block
    // `groups` inside P (64·groups + 51 ≤ len) and 4·groups ≤ full. Then the rest of the
    // hash, the MAC, and the remaining blocks plus the tail are encrypted.
    std::size_t groups = 0;
    if (seal_fn_ != nullptr && len >= 51 + 64) groups = std::min(full / 4, (len - 51) / 64);
    HashCore core;
    hmac_begin(mac_, core);
    alignas(16) std::uint8_t iv[16];
    initial_iv(nonce, iv);
    if (groups) {
      alignas(16) std::uint8_t first[64];
      std::memcpy(first, header, 13);
      std::memcpy(first + 13, plaintext.data(), 51);
      HashWords h = mac_.ipad_h;
      compress_fn(*mac_.compressor, mac_.alg)(h, first, 1);
      seal_fn_(key_->enc, iv, plaintext.data(), out, h, plaintext.data() + 51, groups);
      // Hashed so far: the ipad block, block 0 and `groups` more.
      core_resume(core, h, 64 * (groups + 2));
      core_update(core, plaintext.data() + 51 + 64 * groups, len - 51 - 64 * groups);
      secure_zero(first, sizeof first);
      secure_zero(&h, sizeof h);
    } else {
      core_update(core, header, 13);
      core_update(core, plaintext.data(), len);
    }
    copy_bytes(tail, plaintext.data() + full * 16, rem);
    hmac_end(mac_, core, tail + rem);
    const std::size_t tail_len = (rem + t) / 16 * 16 + 16;
    const std::uint8_t pad = static_cast<std::uint8_t>(tail_len - rem - t - 1);
    std::memset(tail + rem + t, pad, tail_len - rem - t);
    const std::size_t done = 4 * groups;
    if (full > done)
      cbc_encrypt_blocks(*key_, iv, plaintext.data() + 16 * done, out + 16 * done, full - done);
    cbc_encrypt_blocks(*key_, iv, tail, out + full * 16, tail_len / 16);
    secure_zero(tail, sizeof tail);
    secure_zero(&core, sizeof core);
  }

  Result<std::size_t> open_record(std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> ad,
                                  std::span<const std::uint8_t> sealed,
                                  std::uint8_t* out) const noexcept override {
    const std::size_t len = sealed.size();
    const std::size_t t = tag_length();
    // Public checks: the record length (also min_sealed_length, checked by AeadKey).
    if (len % 16 != 0 || len < min_sealed_length()) {
      if (len) secure_zero(out, len);
      return Errc::authentication_failed;
    }
    alignas(16) std::uint8_t iv[16];
    initial_iv(nonce, iv);
    const std::size_t max_len = len - t - 1;
    const std::size_t min_len = len > t + 256 ? len - t - 256 : 0;
    const std::size_t n = len / 16;
    const std::size_t public_blocks = (13 + min_len) / 64;  // of header || P, see cbc_hmac_ct
    std::uint8_t header[13];
    std::uint8_t expected[32], received[32];
    std::size_t data_len = 0;  // secret until the verdict
    std::uint64_t good;
    if (open_fn_ != nullptr && public_blocks >= 2 && n >= 8 + 4) {
      // Stitched: the MAC header holds len(P), which the padding byte decides, so first
      // decrypt the last block alone (CBC decryption is random access): pad = its last
      // byte, data_len = len - t - 1 - pad when that fits, else len - t - 1 (the padding
      // check below then fails anyway, as it must: it finds the same pad byte).
      const std::size_t groups = std::min(public_blocks - 1, n / 4 - 2);
      alignas(16) std::uint8_t last[16];
      alignas(16) std::uint8_t last_iv[16];
      std::memcpy(last_iv, sealed.data() + len - 32, 16);
      cbc_decrypt_blocks(*key_, last_iv, sealed.data() + len - 16, last, 1);
      const std::uint64_t pad = last[15];
      const std::uint64_t fits = ct_mask_le(pad, len - t - 1);        // t + 1 + pad <= len
      data_len = len - t - 1 - static_cast<std::size_t>(pad & fits);  // pad <= 255
      secure_zero(last, sizeof last);
      make_header(ad, data_len, header);
      // Groups 0 and 1 plainly; then kernel iteration k decrypts group k + 2 while hashing
      // block k + 1 = P[64k + 51 .. 64k + 115), already decrypted (below 64(k + 2)).
      cbc_decrypt_blocks(*key_, iv, sealed.data(), out, 8);
      alignas(16) std::uint8_t first[64];
      std::memcpy(first, header, 13);
      std::memcpy(first + 13, out, 51);
      HashWords h = mac_.ipad_h;
      compress_fn(*mac_.compressor, mac_.alg)(h, first, 1);
      open_fn_(key_->decryption_keys(), iv, sealed.data() + 128, out + 128, h, out + 51, groups);
      const std::size_t done = 8 + 4 * groups;
      cbc_decrypt_blocks(*key_, iv, sealed.data() + 16 * done, out + 16 * done, n - done);
      std::size_t checked_len = 0;
      good = tls_check_padding(out, len, t, &checked_len);
      tls_hmac_secret_length_from(mac_, h, groups + 1, header, out, len, min_len, max_len, data_len,
                                  expected);
      secure_zero(first, sizeof first);
      secure_zero(&h, sizeof h);
    } else {
      cbc_decrypt_blocks(*key_, iv, sealed.data(), out, n);
      good = tls_check_padding(out, len, t, &data_len);
      make_header(ad, data_len, header);
      tls_hmac_secret_length(mac_, header, out, len, min_len, max_len, data_len, expected);
    }
    tls_extract_mac(out, len, t, data_len, received);
    std::uint32_t diff = 0;
    for (std::size_t i = 0; i < t; ++i) {
      diff |= static_cast<std::uint32_t>(expected[i] ^ received[i]);
      AESKIT_REGISTER_BARRIER("+r", diff);
    }
    good &= ct_mask_eq(diff, 0);
    secure_zero(expected, sizeof expected);
    secure_zero(received, sizeof received);
    declassify(good);  // the verdict is the call's result
    if (!good) {
      secure_zero(out, len);
      return Errc::authentication_failed;
    }
    declassify(data_len);  // authentic: the plaintext length is the result
    secure_zero(out + data_len, len - data_len);
    return data_len;
  }

  std::string describe() const override {
    const AesBackend& b = *key_->backend;
    std::string s(b.name);
    s += ":tls cbc-hmac-";
    s += mac_.alg == HashAlgorithm::sha1 ? "sha1" : "sha256";
    // Seal is the serial CBC encryption chain; open decrypts on the backend's parallel CBC
    // kernel. A stitched set interleaves that AES with the record's SHA (its name says
    // whether for seal only or for seal and open).
    s += " (seal: CBC encryption chain; open: ";
    s += b.cbc_decrypt ? "cbc_decrypt kernel" : "generic CBC decrypt";
    s += "; SHA on ";
    s += mac_.compressor->name;
    if (stitch_) {
      s += "; stitched ";  // the set's name says which of seal and open it covers
      s += stitch_->name;
    }
    s += "; MAC-then-encrypt, constant-time open)";
    return s;
  }
  std::string_view backend_name() const noexcept override { return aes_.backend_name(); }
  std::string_view hash_backend_name() const noexcept override { return mac_.compressor->name; }

 private:
  static void make_header(std::span<const std::uint8_t> ad, std::size_t len,
                          std::uint8_t header[13]) noexcept {
    std::memcpy(header, ad.data(), kTlsAdLength);
    header[11] = static_cast<std::uint8_t>(len >> 8);
    header[12] = static_cast<std::uint8_t>(len);
  }
  void initial_iv(std::span<const std::uint8_t> nonce, std::uint8_t iv[16]) const noexcept {
    std::memcpy(iv, nonce.empty() ? iv_ : nonce.data(), 16);
  }

  AesKey aes_;
  const KeyState* key_;
  HmacKey mac_;
  bool implicit_ = false;
  std::uint8_t iv_[16] = {};
  const CbcShaStitch* stitch_ = nullptr;
  CbcShaFn seal_fn_ = nullptr;
  CbcShaFn open_fn_ = nullptr;
};

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_cbc_hmac_scheme(const AeadAlgorithm& /*algorithm*/,
                                                         std::span<const std::uint8_t> key,
                                                         std::size_t tag_length,
                                                         std::string_view aes_backend,
                                                         HashAlgorithm mac, bool implicit_iv) {
  const std::size_t mac_len = digest_length(mac);
  const std::size_t aes_len = key.size() - mac_len - (implicit_iv ? 16 : 0);
  Result<AesKey> aes = AesKey::create(key.subspan(mac_len, aes_len), aes_backend);
  if (!aes.ok()) return aes.status();
  const ShaCompressor& c = best_sha_compressor(cpu::cpu_features(), mac);
  return std::unique_ptr<AeadScheme>(
      new CbcHmacScheme(tag_length, std::move(aes).value(), mac, key.first(mac_len), c,
                        implicit_iv ? key.data() + mac_len + aes_len : nullptr));
}

}  // namespace aeskit::detail
