// tests/mac/mac_support.cpp — see mac_support.hpp.
#include "mac_support.hpp"

#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "support/aead_peers.hpp"

namespace aeskit_test::macref {
namespace {

using peers::GcryCipher;
using peers::gcrypt_init;

const std::uint8_t* ptr(const Bytes& b) {
  return peers::nonnull(b);
}

const char* evp_cbc_name(std::size_t key_len) {
  if (key_len == 16) return "AES-128-CBC";
  if (key_len == 24) return "AES-192-CBC";
  return "AES-256-CBC";
}

const char* evp_siv_name(std::size_t key_len) {
  if (key_len == 32) return "AES-128-SIV";
  if (key_len == 48) return "AES-192-SIV";
  return "AES-256-SIV";
}

}  // namespace

Bytes gcrypt_cmac(const Bytes& key, const Bytes& msg) {
  gcrypt_init();
  int algo = GCRY_MAC_CMAC_AES;
  gcry_mac_hd_t h = nullptr;
  EXPECT_EQ(gcry_mac_open(&h, algo, 0, nullptr), 0u);
  EXPECT_EQ(gcry_mac_setkey(h, key.data(), key.size()), 0u);
  EXPECT_EQ(gcry_mac_write(h, ptr(msg), msg.size()), 0u);
  Bytes tag(16);
  std::size_t len = tag.size();
  EXPECT_EQ(gcry_mac_read(h, tag.data(), &len), 0u);
  gcry_mac_close(h);
  return tag;
}

Bytes openssl_cmac(const Bytes& key, const Bytes& msg) {
  EVP_MAC* mac = EVP_MAC_fetch(nullptr, "CMAC", nullptr);
  EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
  OSSL_PARAM params[2];
  params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                               const_cast<char*>(evp_cbc_name(key.size())), 0);
  params[1] = OSSL_PARAM_construct_end();
  EXPECT_EQ(EVP_MAC_init(ctx, key.data(), key.size(), params), 1);
  EXPECT_EQ(EVP_MAC_update(ctx, ptr(msg), msg.size()), 1);
  Bytes tag(16);
  std::size_t len = 0;
  EXPECT_EQ(EVP_MAC_final(ctx, tag.data(), &len, tag.size()), 1);
  EXPECT_EQ(len, 16u);
  EVP_MAC_CTX_free(ctx);
  EVP_MAC_free(mac);
  return tag;
}

Bytes gcrypt_eax_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                      std::size_t tag_len) {
  gcrypt_init();
  GcryCipher g;
  EXPECT_EQ(gcry_cipher_open(&g.h, peers::gcrypt_aes(key.size()), GCRY_CIPHER_MODE_EAX, 0), 0u);
  EXPECT_EQ(gcry_cipher_setkey(g.h, key.data(), key.size()), 0u);
  EXPECT_EQ(gcry_cipher_setiv(g.h, ptr(nonce), nonce.size()), 0u);
  EXPECT_EQ(gcry_cipher_authenticate(g.h, ptr(ad), ad.size()), 0u);
  Bytes out(pt.size() + 16);
  EXPECT_EQ(gcry_cipher_encrypt(g.h, out.data(), pt.size(), ptr(pt), pt.size()), 0u);
  EXPECT_EQ(gcry_cipher_gettag(g.h, out.data() + pt.size(), 16), 0u);
  out.resize(pt.size() + tag_len);  // a truncated tag is the full tag's prefix
  return out;
}

std::optional<Bytes> gcrypt_eax_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                     const Bytes& sealed, std::size_t tag_len) {
  gcrypt_init();
  if (sealed.size() < tag_len) return std::nullopt;
  const std::size_t n = sealed.size() - tag_len;
  GcryCipher g;
  EXPECT_EQ(gcry_cipher_open(&g.h, peers::gcrypt_aes(key.size()), GCRY_CIPHER_MODE_EAX, 0), 0u);
  EXPECT_EQ(gcry_cipher_setkey(g.h, key.data(), key.size()), 0u);
  EXPECT_EQ(gcry_cipher_setiv(g.h, ptr(nonce), nonce.size()), 0u);
  EXPECT_EQ(gcry_cipher_authenticate(g.h, ptr(ad), ad.size()), 0u);
  Bytes out(n);
  EXPECT_EQ(gcry_cipher_decrypt(g.h, n ? out.data() : nullptr, n, ptr(sealed), n), 0u);
  if (gcry_cipher_checktag(g.h, sealed.data() + n, tag_len) != 0) return std::nullopt;
  return out;
}

namespace {

bool gcrypt_siv_start(GcryCipher& g, const Bytes& key, const std::vector<Bytes>& ad,
                      const std::optional<Bytes>& nonce) {
  gcrypt_init();
  const int algo = peers::gcrypt_aes(key.size() / 2);
  if (gcry_cipher_open(&g.h, algo, GCRY_CIPHER_MODE_SIV, 0) != 0) return false;
  if (gcry_cipher_setkey(g.h, key.data(), key.size()) != 0) return false;
  for (const Bytes& a : ad)
    if (gcry_cipher_authenticate(g.h, ptr(a), a.size()) != 0) return false;
  if (nonce && gcry_cipher_setiv(g.h, ptr(*nonce), nonce->size()) != 0) return false;
  return true;
}

}  // namespace

Bytes gcrypt_siv_seal(const Bytes& key, const std::vector<Bytes>& ad,
                      const std::optional<Bytes>& nonce, const Bytes& pt) {
  GcryCipher g;
  EXPECT_TRUE(gcrypt_siv_start(g, key, ad, nonce));
  Bytes out(16 + pt.size());
  EXPECT_EQ(gcry_cipher_encrypt(g.h, out.data() + 16, pt.size(), ptr(pt), pt.size()), 0u);
  EXPECT_EQ(gcry_cipher_gettag(g.h, out.data(), 16), 0u);
  return out;
}

std::optional<Bytes> gcrypt_siv_open(const Bytes& key, const std::vector<Bytes>& ad,
                                     const std::optional<Bytes>& nonce, const Bytes& sealed) {
  if (sealed.size() < 16) return std::nullopt;
  GcryCipher g;
  EXPECT_TRUE(gcrypt_siv_start(g, key, ad, nonce));
  const std::size_t n = sealed.size() - 16;
  EXPECT_EQ(gcry_cipher_set_decryption_tag(g.h, sealed.data(), 16), 0u);
  Bytes out(n + 1);
  if (gcry_cipher_decrypt(g.h, out.data(), n, sealed.data() + 16, n) != 0) return std::nullopt;
  out.resize(n);
  return out;
}

Bytes openssl_siv_seal(const Bytes& key, const std::vector<Bytes>& ad, const Bytes& pt) {
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, evp_siv_name(key.size()), nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(16 + pt.size() + 16);
  int n = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, cipher, nullptr, key.data(), nullptr), 1);
  for (const Bytes& a : ad)
    EXPECT_EQ(EVP_EncryptUpdate(ctx, nullptr, &n, ptr(a), static_cast<int>(a.size())), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data() + 16, &n, ptr(pt), static_cast<int>(pt.size())), 1);
  int tail = 0;
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx, out.data() + 16 + n, &tail), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out.data()), 1);
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  out.resize(16 + pt.size());
  return out;
}

std::optional<Bytes> openssl_siv_open(const Bytes& key, const std::vector<Bytes>& ad,
                                      const Bytes& sealed) {
  if (sealed.size() < 16) return std::nullopt;
  const std::size_t len = sealed.size() - 16;
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, evp_siv_name(key.size()), nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(len + 16);
  int n = 0;
  bool ok = EVP_DecryptInit_ex(ctx, cipher, nullptr, key.data(), nullptr) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16,
                                const_cast<std::uint8_t*>(sealed.data())) == 1;
  for (const Bytes& a : ad)
    ok = ok && EVP_DecryptUpdate(ctx, nullptr, &n, ptr(a), static_cast<int>(a.size())) == 1;
  ok = ok && EVP_DecryptUpdate(ctx, out.data(), &n, sealed.data() + 16, static_cast<int>(len)) == 1;
  int tail = 0;
  ok = ok && EVP_DecryptFinal_ex(ctx, out.data() + n, &tail) == 1;
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  if (!ok) return std::nullopt;
  out.resize(len);
  return out;
}

}  // namespace aeskit_test::macref
