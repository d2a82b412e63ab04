// tests/ccm/aead_ccm_support.cpp — see aead_ccm_support.hpp.
// OpenSSL CCM: EVP_CTRL_AEAD_SET_IVLEN and EVP_CTRL_AEAD_SET_TAG (tag length, or the tag to
// check) before the key, the total length as an update with NULL buffers, then AD and data.
// libgcrypt CCM: GCRYCTL_SET_CCM_LENGTHS {data, AD, tag} after the nonce.
#include "aead_ccm_support.hpp"

#include <gtest/gtest.h>

#include "support/aead_cases.hpp"
#include "support/aead_peers.hpp"

namespace aeskit_test::ccm {

const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len) {
  return aead::aes_algorithm("CCM", key_len);
}

namespace {

using peers::EvpCtx;
using peers::GcryCipher;
using peers::nonnull;

// evp_start: nonce length, tag (length, or value to check), key, nonce, total length, AD.
bool evp_start(EVP_CIPHER_CTX* ctx, int enc, const Bytes& key, const Bytes& nonce, const Bytes& ad,
               std::size_t len, std::size_t tag_len, const std::uint8_t* tag) {
  int n = 0;
  return EVP_CipherInit_ex(ctx, peers::evp_aes("CCM", key.size()), nullptr, nullptr, nullptr,
                           enc) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(nonce.size()),
                             nullptr) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag_len),
                             const_cast<std::uint8_t*>(tag)) == 1 &&
         EVP_CipherInit_ex(ctx, nullptr, nullptr, key.data(), nonce.data(), enc) == 1 &&
         EVP_CipherUpdate(ctx, nullptr, &n, nullptr, static_cast<int>(len)) == 1 &&
         (ad.empty() ||
          EVP_CipherUpdate(ctx, nullptr, &n, ad.data(), static_cast<int>(ad.size())) == 1);
}

bool gcry_start(GcryCipher& g, const Bytes& key, const Bytes& nonce, const Bytes& ad,
                std::size_t len, std::size_t tag_len) {
  std::uint64_t lengths[3] = {len, ad.size(), tag_len};
  return peers::gcrypt_open_aes(g, GCRY_CIPHER_MODE_CCM, key) &&
         gcry_cipher_setiv(g.h, nonce.data(), nonce.size()) == 0 &&
         gcry_cipher_ctl(g.h, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths) == 0 &&
         gcry_cipher_authenticate(g.h, nonnull(ad), ad.size()) == 0;
}

}  // namespace

Bytes openssl_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                   std::size_t tag_len) {
  EvpCtx c;
  Bytes out(pt.size() + tag_len + 16);
  int n = 0;
  const bool ok =
      evp_start(c.ctx, 1, key, nonce, ad, pt.size(), tag_len, nullptr) &&
      EVP_CipherUpdate(c.ctx, out.data(), &n, nonnull(pt), static_cast<int>(pt.size())) == 1 &&
      EVP_CIPHER_CTX_ctrl(c.ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_len),
                          out.data() + pt.size()) == 1;
  EXPECT_TRUE(ok) << "OpenSSL CCM seal failed";
  out.resize(pt.size() + tag_len);
  return out;
}

std::optional<Bytes> openssl_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                  const Bytes& ct_and_tag, std::size_t tag_len) {
  if (ct_and_tag.size() < tag_len) return std::nullopt;
  const std::size_t len = ct_and_tag.size() - tag_len;
  EvpCtx c;
  Bytes tag(ct_and_tag.begin() + static_cast<long>(len), ct_and_tag.end());
  Bytes out(len + 16);
  int n = 0;
  if (!evp_start(c.ctx, 0, key, nonce, ad, len, tag_len, tag.data())) {
    ADD_FAILURE() << "OpenSSL CCM open setup failed";
    return std::nullopt;
  }
  if (EVP_CipherUpdate(c.ctx, out.data(), &n, nonnull(ct_and_tag), static_cast<int>(len)) <= 0)
    return std::nullopt;
  out.resize(len);
  return out;
}

Bytes gcrypt_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                  std::size_t tag_len) {
  return peers::gcrypt_aead_seal(
      [&](GcryCipher& g, std::size_t len) { return gcry_start(g, key, nonce, ad, len, tag_len); },
      pt, tag_len, "CCM");
}

std::optional<Bytes> gcrypt_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                 const Bytes& ct_and_tag, std::size_t tag_len) {
  return peers::gcrypt_aead_open(
      [&](GcryCipher& g, std::size_t len) { return gcry_start(g, key, nonce, ad, len, tag_len); },
      ct_and_tag, tag_len, "CCM");
}

}  // namespace aeskit_test::ccm
