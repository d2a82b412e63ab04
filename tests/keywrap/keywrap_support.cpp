// tests/keywrap/keywrap_support.cpp — see keywrap_support.hpp. OpenSSL needs
// EVP_CIPHER_CTX_FLAG_WRAP_ALLOW; libgcrypt's KWP is AESWRAP with GCRY_CIPHER_EXTENDED
// (gcrypt_unwrap returns its whole padded output for KWP).
#include "keywrap_support.hpp"

#include "support/aead_peers.hpp"

namespace aeskit_test::keywrap {

using peers::EvpCtx;
using peers::GcryCipher;
using peers::nonnull;

namespace {

const EVP_CIPHER* evp_wrap(std::size_t key_len, bool pad) {
  return peers::evp_aes(pad ? "WRAP-PAD" : "WRAP", key_len);
}

}  // namespace

std::optional<Bytes> openssl_wrap(const Bytes& kek, const Bytes& pt, bool pad) {
  EvpCtx c;
  EVP_CIPHER_CTX_set_flags(c.ctx, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
  Bytes out(pt.size() + 16);
  int n = 0, m = 0;
  if (EVP_EncryptInit_ex(c.ctx, evp_wrap(kek.size(), pad), nullptr, kek.data(), nullptr) != 1)
    return std::nullopt;
  if (EVP_EncryptUpdate(c.ctx, out.data(), &n, nonnull(pt), static_cast<int>(pt.size())) != 1 ||
      n <= 0)
    return std::nullopt;
  if (EVP_EncryptFinal_ex(c.ctx, out.data() + n, &m) != 1) return std::nullopt;
  out.resize(static_cast<std::size_t>(n + m));
  return out;
}

std::optional<Bytes> openssl_unwrap(const Bytes& kek, const Bytes& wrapped, bool pad) {
  EvpCtx c;
  EVP_CIPHER_CTX_set_flags(c.ctx, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
  Bytes out(wrapped.size() + 16);
  int n = 0, m = 0;
  if (EVP_DecryptInit_ex(c.ctx, evp_wrap(kek.size(), pad), nullptr, kek.data(), nullptr) != 1)
    return std::nullopt;
  if (EVP_DecryptUpdate(c.ctx, out.data(), &n, nonnull(wrapped),
                        static_cast<int>(wrapped.size())) != 1 ||
      n <= 0)
    return std::nullopt;
  if (EVP_DecryptFinal_ex(c.ctx, out.data() + n, &m) != 1) return std::nullopt;
  out.resize(static_cast<std::size_t>(n + m));
  return out;
}

std::optional<Bytes> gcrypt_wrap(const Bytes& kek, const Bytes& pt, bool pad) {
  GcryCipher g;
  const std::size_t out_len = pad ? 8 + (pt.size() + 7) / 8 * 8 : pt.size() + 8;
  Bytes out(out_len);
  if (!peers::gcrypt_open_aes(g, GCRY_CIPHER_MODE_AESWRAP, kek, pad ? GCRY_CIPHER_EXTENDED : 0))
    return std::nullopt;
  if (gcry_cipher_encrypt(g.h, out.data(), out.size(), nonnull(pt), pt.size()) != 0)
    return std::nullopt;
  return out;
}

std::optional<Bytes> gcrypt_unwrap(const Bytes& kek, const Bytes& wrapped, bool pad) {
  if (wrapped.size() < 16) return std::nullopt;
  GcryCipher g;
  Bytes out(wrapped.size() - 8);
  if (!peers::gcrypt_open_aes(g, GCRY_CIPHER_MODE_AESWRAP, kek, pad ? GCRY_CIPHER_EXTENDED : 0))
    return std::nullopt;
  if (gcry_cipher_decrypt(g.h, out.data(), out.size(), wrapped.data(), wrapped.size()) != 0)
    return std::nullopt;
  return out;
}

}  // namespace aeskit_test::keywrap
