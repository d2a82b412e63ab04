// tests/ocb/aead_ocb_support.cpp — see aead_ocb_support.hpp. OpenSSL: EVP aes-{128,192,256}-ocb
// with EVP_CTRL_AEAD_SET_IVLEN / SET_TAG; libgcrypt: GCRY_CIPHER_MODE_OCB with
// GCRYCTL_SET_TAGLEN and gcry_cipher_final before the single data call.
#include "aead_ocb_support.hpp"

#include <gtest/gtest.h>

#include "aead/ocb_key.hpp"
#include "support/aead_cases.hpp"
#include "support/aead_peers.hpp"
#include "support/backends.hpp"

namespace aeskit_test::ocb {

const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len) {
  return aead::aes_algorithm("OCB", key_len);
}

std::vector<Impl> all_impls() {
  std::vector<Impl> impls;
  for (const std::string& b : backend_names()) {
    impls.push_back({b, true});
    impls.push_back({b, false});
  }
  return impls;
}

std::string impl_name(const Impl& impl) {
  return identifier(impl.backend) + (impl.kernels ? "_kernels" : "_generic");
}

std::optional<aeskit::AeadKey> make_key(const Impl& impl, const Bytes& key, std::size_t tag_len) {
  if (!backend_available(impl.backend)) return std::nullopt;
  auto k = aeskit::detail::make_ocb_key(algorithm_for(key.size()), key, tag_len, impl.backend,
                                        impl.kernels);
  EXPECT_TRUE(k.ok()) << k.message();
  if (!k.ok()) return std::nullopt;
  return std::move(k).value();
}

namespace {

using peers::EvpCtx;
using peers::GcryCipher;

// evp_start: nonce length, tag length, key and nonce, AD.
bool evp_start(EVP_CIPHER_CTX* ctx, int enc, const Bytes& key, const Bytes& nonce, const Bytes& ad,
               std::size_t tag_len) {
  int n = 0;
  return EVP_CipherInit_ex(ctx, peers::evp_aes("OCB", key.size()), nullptr, nullptr, nullptr,
                           enc) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(nonce.size()),
                             nullptr) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag_len), nullptr) == 1 &&
         EVP_CipherInit_ex(ctx, nullptr, nullptr, key.data(), nonce.data(), enc) == 1 &&
         (ad.empty() ||
          EVP_CipherUpdate(ctx, nullptr, &n, ad.data(), static_cast<int>(ad.size())) == 1);
}

bool gcry_start(GcryCipher& g, const Bytes& key, const Bytes& nonce, const Bytes& ad,
                std::size_t tag_len) {
  int tl = static_cast<int>(tag_len);
  return peers::gcrypt_open_aes(g, GCRY_CIPHER_MODE_OCB, key) &&
         gcry_cipher_ctl(g.h, GCRYCTL_SET_TAGLEN, &tl, sizeof tl) == 0 &&
         gcry_cipher_setiv(g.h, nonce.data(), nonce.size()) == 0 &&
         gcry_cipher_authenticate(g.h, ad.data(), ad.size()) == 0 && gcry_cipher_final(g.h) == 0;
}

}  // namespace

Bytes openssl_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                   std::size_t tag_len) {
  EvpCtx c;
  Bytes out(pt.size() + tag_len + 16);
  int n = 0, m = 0;
  const bool ok = evp_start(c.ctx, 1, key, nonce, ad, tag_len) &&
                  (pt.empty() || EVP_CipherUpdate(c.ctx, out.data(), &n, pt.data(),
                                                  static_cast<int>(pt.size())) == 1) &&
                  EVP_CipherFinal_ex(c.ctx, out.data() + n, &m) == 1 &&
                  EVP_CIPHER_CTX_ctrl(c.ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_len),
                                      out.data() + pt.size()) == 1;
  EXPECT_TRUE(ok) << "OpenSSL OCB seal failed";
  EXPECT_EQ(static_cast<std::size_t>(n + m), pt.size());
  out.resize(pt.size() + tag_len);
  return out;
}

std::optional<Bytes> openssl_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                  const Bytes& ct_and_tag, std::size_t tag_len) {
  if (ct_and_tag.size() < tag_len) return std::nullopt;
  const std::size_t len = ct_and_tag.size() - tag_len;
  EvpCtx c;
  Bytes out(len + 16);
  int n = 0, m = 0;
  if (!evp_start(c.ctx, 0, key, nonce, ad, tag_len)) {
    ADD_FAILURE() << "OpenSSL OCB open setup failed";
    return std::nullopt;
  }
  if (len != 0 &&
      EVP_CipherUpdate(c.ctx, out.data(), &n, ct_and_tag.data(), static_cast<int>(len)) != 1)
    return std::nullopt;
  Bytes tag(ct_and_tag.begin() + static_cast<long>(len), ct_and_tag.end());
  if (EVP_CIPHER_CTX_ctrl(c.ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag_len), tag.data()) !=
      1) {
    ADD_FAILURE() << "OpenSSL OCB: setting the tag failed";
    return std::nullopt;
  }
  if (EVP_CipherFinal_ex(c.ctx, out.data() + n, &m) != 1) return std::nullopt;
  out.resize(len);
  return out;
}

Bytes gcrypt_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                  std::size_t tag_len) {
  return peers::gcrypt_aead_seal(
      [&](GcryCipher& g, std::size_t /*len*/) { return gcry_start(g, key, nonce, ad, tag_len); },
      pt, tag_len, "OCB");
}

std::optional<Bytes> gcrypt_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                 const Bytes& ct_and_tag, std::size_t tag_len) {
  return peers::gcrypt_aead_open(
      [&](GcryCipher& g, std::size_t /*len*/) { return gcry_start(g, key, nonce, ad, tag_len); },
      ct_and_tag, tag_len, "OCB");
}

}  // namespace aeskit_test::ocb
