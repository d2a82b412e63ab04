// openssl_ref.hpp — the OpenSSL (libcrypto EVP) reference the differential targets compare
// with. Each call returns false when OpenSSL refuses the operation.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace aeskit_fuzz::ossl {

struct CtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};
using Ctx = std::unique_ptr<EVP_CIPHER_CTX, CtxFree>;

inline int len_int(std::size_t n) {
  return static_cast<int>(n);
}

// cipher fetches a cipher from the default provider (SIV exists only there); the caller
// keeps the pointer for the whole run (a static), so it is fetched once.
inline const EVP_CIPHER* cipher(const char* name) {
  return EVP_CIPHER_fetch(nullptr, name, nullptr);
}

// run_cipher: a plain EVP cipher over `in` in one update and a final, with padding on or off.
// Returns false when OpenSSL reports an error (bad padding, wrong length).
inline bool run_cipher(const EVP_CIPHER* c, bool encrypt, std::span<const std::uint8_t> key,
                       std::span<const std::uint8_t> iv, std::span<const std::uint8_t> in,
                       bool padding, std::vector<std::uint8_t>& out) {
  Ctx ctx(EVP_CIPHER_CTX_new());
  if (!ctx || c == nullptr) return false;
  if (EVP_CipherInit_ex(ctx.get(), c, nullptr, key.data(), iv.empty() ? nullptr : iv.data(),
                        encrypt ? 1 : 0) != 1)
    return false;
  EVP_CIPHER_CTX_set_padding(ctx.get(), padding ? 1 : 0);
  out.assign(in.size() + 32, 0);
  int n1 = 0, n2 = 0;
  if (EVP_CipherUpdate(ctx.get(), out.data(), &n1, in.data(), len_int(in.size())) != 1)
    return false;
  if (EVP_CipherFinal_ex(ctx.get(), out.data() + n1, &n2) != 1) return false;
  out.resize(static_cast<std::size_t>(n1 + n2));
  return true;
}

enum class AeadKind { gcm, ccm, ocb, siv };

// aead_seal: ciphertext || tag (SIV: tag || ciphertext, S2V over AD then nonce) as aeskit
// lays them out.
inline bool aead_seal(AeadKind kind, const EVP_CIPHER* c, std::span<const std::uint8_t> key,
                      std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                      std::span<const std::uint8_t> pt, std::size_t tag_len,
                      std::vector<std::uint8_t>& out) {
  Ctx ctx(EVP_CIPHER_CTX_new());
  if (!ctx || c == nullptr) return false;
  EVP_CIPHER_CTX* x = ctx.get();
  if (EVP_EncryptInit_ex(x, c, nullptr, nullptr, nullptr) != 1) return false;
  int n = 0;
  switch (kind) {
    case AeadKind::gcm:
    case AeadKind::ocb:
      if (EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, len_int(nonce.size()), nullptr) != 1)
        return false;
      if (kind == AeadKind::ocb &&
          EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, len_int(tag_len), nullptr) != 1)
        return false;
      if (EVP_EncryptInit_ex(x, nullptr, nullptr, key.data(), nonce.data()) != 1) return false;
      break;
    case AeadKind::ccm:
      if (EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, len_int(nonce.size()), nullptr) != 1 ||
          EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, len_int(tag_len), nullptr) != 1)
        return false;
      if (EVP_EncryptInit_ex(x, nullptr, nullptr, key.data(), nonce.data()) != 1) return false;
      if (EVP_EncryptUpdate(x, nullptr, &n, nullptr, len_int(pt.size())) != 1) return false;
      break;
    case AeadKind::siv:
      if (EVP_EncryptInit_ex(x, nullptr, nullptr, key.data(), nullptr) != 1) return false;
      break;
  }
  std::uint8_t dummy = 0;
  // AD (an empty AD is still one S2V component for SIV).
  if (!ad.empty() || kind == AeadKind::siv) {
    if (EVP_EncryptUpdate(x, nullptr, &n, ad.empty() ? &dummy : ad.data(), len_int(ad.size())) != 1)
      return false;
  }
  if (kind == AeadKind::siv &&
      EVP_EncryptUpdate(x, nullptr, &n, nonce.data(), len_int(nonce.size())) != 1)
    return false;
  std::vector<std::uint8_t> ct(pt.size() + 16, 0);
  int n1 = 0, n2 = 0;
  if (!pt.empty() || kind == AeadKind::ccm || kind == AeadKind::siv) {
    if (EVP_EncryptUpdate(x, ct.data(), &n1, pt.empty() ? &dummy : pt.data(), len_int(pt.size())) !=
        1)
      return false;
  }
  if (EVP_EncryptFinal_ex(x, ct.data() + n1, &n2) != 1) return false;
  ct.resize(static_cast<std::size_t>(n1 + n2));
  std::vector<std::uint8_t> tag(tag_len, 0);
  if (EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, len_int(tag_len), tag.data()) != 1)
    return false;
  out.clear();
  if (kind == AeadKind::siv) out.insert(out.end(), tag.begin(), tag.end());
  out.insert(out.end(), ct.begin(), ct.end());
  if (kind != AeadKind::siv) out.insert(out.end(), tag.begin(), tag.end());
  return true;
}

// dndk_seal: DNDK-GCM (draft-gueron-cfrg-dndkgcm) as aeskit lays it out, C || T (|| KC with
// key commitment), from the draft's Derive over EVP: N zero-padded to 27 bytes, X_i =
// AES-256-ECB_K(N[0..15) || 128·KC + 8·(LN − 12) + i), DK = (X_1 || X_2) ^ (X_0 || X_0), KC =
// (X_3 || X_4) ^ (X_0 || X_0), then AES-256-GCM under DK with N[15..27) as the nonce.
inline bool dndk_seal(bool kc, std::span<const std::uint8_t> key,
                      std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                      std::span<const std::uint8_t> pt, std::vector<std::uint8_t>& out) {
  static const EVP_CIPHER* ecb = cipher("AES-256-ECB");
  static const EVP_CIPHER* gcm = cipher("AES-256-GCM");
  if (key.size() != 32 || nonce.size() < 12 || nonce.size() > 27) return false;
  std::uint8_t padded[27] = {};
  for (std::size_t i = 0; i < nonce.size(); ++i) padded[i] = nonce[i];
  const std::size_t count = kc ? 5 : 3;
  std::vector<std::uint8_t> blocks(16 * count);
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t j = 0; j < 15; ++j) blocks[16 * i + j] = padded[j];
    blocks[16 * i + 15] = static_cast<std::uint8_t>((kc ? 128 : 0) + 8 * (nonce.size() - 12) + i);
  }
  std::vector<std::uint8_t> x;
  if (!run_cipher(ecb, true, key, {}, blocks, false, x) || x.size() != blocks.size()) return false;
  std::vector<std::uint8_t> y(x.size() - 16);
  for (std::size_t j = 0; j < y.size(); ++j) y[j] = x[16 + j] ^ x[j % 16];
  if (!aead_seal(AeadKind::gcm, gcm, std::span(y).first(32), std::span(padded).subspan(15), ad, pt,
                 16, out))
    return false;
  if (kc) out.insert(out.end(), y.begin() + 32, y.end());
  return true;
}

}  // namespace aeskit_fuzz::ossl
