// tests/aead_ccm_support.cpp — see aead_ccm_support.hpp.
// OpenSSL CCM: EVP_CTRL_AEAD_SET_IVLEN and EVP_CTRL_AEAD_SET_TAG (tag length, or the tag to
// check) before the key, the total length as an update with NULL buffers, then AD and data.
// libgcrypt CCM: GCRYCTL_SET_CCM_LENGTHS {data, AD, tag} after the nonce.
// Key wrap: OpenSSL needs EVP_CIPHER_CTX_FLAG_WRAP_ALLOW; libgcrypt's KWP is AESWRAP with
// GCRY_CIPHER_EXTENDED (gcrypt_unwrap returns its whole padded output for KWP).
#include "aead_ccm_support.hpp"

#include <gcrypt.h>
#include <gtest/gtest.h>
#include <openssl/evp.h>

namespace aeskit_test::ccm {

const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len) {
  if (key_len == 16) return aeskit::aead::aes_128_ccm();
  if (key_len == 24) return aeskit::aead::aes_192_ccm();
  return aeskit::aead::aes_256_ccm();
}

namespace {

const EVP_CIPHER* evp_ccm(std::size_t key_len) {
  if (key_len == 16) return EVP_aes_128_ccm();
  if (key_len == 24) return EVP_aes_192_ccm();
  return EVP_aes_256_ccm();
}

const EVP_CIPHER* evp_wrap(std::size_t key_len, bool pad) {
  if (key_len == 16) return pad ? EVP_aes_128_wrap_pad() : EVP_aes_128_wrap();
  if (key_len == 24) return pad ? EVP_aes_192_wrap_pad() : EVP_aes_192_wrap();
  return pad ? EVP_aes_256_wrap_pad() : EVP_aes_256_wrap();
}

int gcry_algo(std::size_t key_len) {
  if (key_len == 16) return GCRY_CIPHER_AES128;
  if (key_len == 24) return GCRY_CIPHER_AES192;
  return GCRY_CIPHER_AES256;
}

void gcry_init() {
  static const bool initialised = [] {
    gcry_check_version(nullptr);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return true;
  }();
  (void)initialised;
}

struct EvpCtx {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  ~EvpCtx() { EVP_CIPHER_CTX_free(ctx); }
};

struct GcryHandle {
  gcry_cipher_hd_t h = nullptr;
  ~GcryHandle() {
    if (h) gcry_cipher_close(h);
  }
};

const std::uint8_t kDummy[16] = {};

// evp_start: nonce length, tag (length, or value to check), key, nonce, total length, AD.
bool evp_start(EVP_CIPHER_CTX* ctx, int enc, const Bytes& key, const Bytes& nonce, const Bytes& ad,
               std::size_t len, std::size_t tag_len, const std::uint8_t* tag) {
  int n = 0;
  return EVP_CipherInit_ex(ctx, evp_ccm(key.size()), nullptr, nullptr, nullptr, enc) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(nonce.size()),
                             nullptr) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag_len),
                             const_cast<std::uint8_t*>(tag)) == 1 &&
         EVP_CipherInit_ex(ctx, nullptr, nullptr, key.data(), nonce.data(), enc) == 1 &&
         EVP_CipherUpdate(ctx, nullptr, &n, nullptr, static_cast<int>(len)) == 1 &&
         (ad.empty() ||
          EVP_CipherUpdate(ctx, nullptr, &n, ad.data(), static_cast<int>(ad.size())) == 1);
}

bool gcry_start(GcryHandle& g, const Bytes& key, const Bytes& nonce, const Bytes& ad,
                std::size_t len, std::size_t tag_len) {
  gcry_init();
  std::uint64_t lengths[3] = {len, ad.size(), tag_len};
  return gcry_cipher_open(&g.h, gcry_algo(key.size()), GCRY_CIPHER_MODE_CCM, 0) == 0 &&
         gcry_cipher_setkey(g.h, key.data(), key.size()) == 0 &&
         gcry_cipher_setiv(g.h, nonce.data(), nonce.size()) == 0 &&
         gcry_cipher_ctl(g.h, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths) == 0 &&
         gcry_cipher_authenticate(g.h, ad.empty() ? kDummy : ad.data(), ad.size()) == 0;
}

}  // namespace

Bytes openssl_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                   std::size_t tag_len) {
  EvpCtx c;
  Bytes out(pt.size() + tag_len + 16);
  int n = 0;
  const bool ok = evp_start(c.ctx, 1, key, nonce, ad, pt.size(), tag_len, nullptr) &&
                  EVP_CipherUpdate(c.ctx, out.data(), &n, pt.empty() ? kDummy : pt.data(),
                                   static_cast<int>(pt.size())) == 1 &&
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
  if (EVP_CipherUpdate(c.ctx, out.data(), &n, len == 0 ? kDummy : ct_and_tag.data(),
                       static_cast<int>(len)) <= 0)
    return std::nullopt;
  out.resize(len);
  return out;
}

Bytes gcrypt_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                  std::size_t tag_len) {
  GcryHandle g;
  Bytes out(pt.size() + tag_len);
  const bool ok = gcry_start(g, key, nonce, ad, pt.size(), tag_len) &&
                  gcry_cipher_encrypt(g.h, out.data(), pt.size(), pt.empty() ? kDummy : pt.data(),
                                      pt.size()) == 0 &&
                  gcry_cipher_gettag(g.h, out.data() + pt.size(), tag_len) == 0;
  EXPECT_TRUE(ok) << "libgcrypt CCM seal failed";
  return out;
}

std::optional<Bytes> gcrypt_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                 const Bytes& ct_and_tag, std::size_t tag_len) {
  if (ct_and_tag.size() < tag_len) return std::nullopt;
  const std::size_t len = ct_and_tag.size() - tag_len;
  GcryHandle g;
  Bytes out(len + 1);
  if (!gcry_start(g, key, nonce, ad, len, tag_len)) {
    ADD_FAILURE() << "libgcrypt CCM open setup failed";
    return std::nullopt;
  }
  if (gcry_cipher_decrypt(g.h, out.data(), len, len == 0 ? kDummy : ct_and_tag.data(), len) != 0)
    return std::nullopt;
  if (gcry_cipher_checktag(g.h, ct_and_tag.data() + len, tag_len) != 0) return std::nullopt;
  out.resize(len);
  return out;
}

std::optional<Bytes> openssl_wrap(const Bytes& kek, const Bytes& pt, bool pad) {
  EvpCtx c;
  EVP_CIPHER_CTX_set_flags(c.ctx, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
  Bytes out(pt.size() + 16);
  int n = 0, m = 0;
  if (EVP_EncryptInit_ex(c.ctx, evp_wrap(kek.size(), pad), nullptr, kek.data(), nullptr) != 1)
    return std::nullopt;
  if (EVP_EncryptUpdate(c.ctx, out.data(), &n, pt.empty() ? kDummy : pt.data(),
                        static_cast<int>(pt.size())) != 1 ||
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
  if (EVP_DecryptUpdate(c.ctx, out.data(), &n, wrapped.empty() ? kDummy : wrapped.data(),
                        static_cast<int>(wrapped.size())) != 1 ||
      n <= 0)
    return std::nullopt;
  if (EVP_DecryptFinal_ex(c.ctx, out.data() + n, &m) != 1) return std::nullopt;
  out.resize(static_cast<std::size_t>(n + m));
  return out;
}

std::optional<Bytes> gcrypt_wrap(const Bytes& kek, const Bytes& pt, bool pad) {
  gcry_init();
  GcryHandle g;
  const std::size_t out_len = pad ? 8 + (pt.size() + 7) / 8 * 8 : pt.size() + 8;
  Bytes out(out_len);
  if (gcry_cipher_open(&g.h, gcry_algo(kek.size()), GCRY_CIPHER_MODE_AESWRAP,
                       pad ? GCRY_CIPHER_EXTENDED : 0) != 0 ||
      gcry_cipher_setkey(g.h, kek.data(), kek.size()) != 0)
    return std::nullopt;
  if (gcry_cipher_encrypt(g.h, out.data(), out.size(), pt.empty() ? kDummy : pt.data(),
                          pt.size()) != 0)
    return std::nullopt;
  return out;
}

std::optional<Bytes> gcrypt_unwrap(const Bytes& kek, const Bytes& wrapped, bool pad) {
  gcry_init();
  if (wrapped.size() < 16) return std::nullopt;
  GcryHandle g;
  Bytes out(wrapped.size() - 8);
  if (gcry_cipher_open(&g.h, gcry_algo(kek.size()), GCRY_CIPHER_MODE_AESWRAP,
                       pad ? GCRY_CIPHER_EXTENDED : 0) != 0 ||
      gcry_cipher_setkey(g.h, kek.data(), kek.size()) != 0)
    return std::nullopt;
  if (gcry_cipher_decrypt(g.h, out.data(), out.size(), wrapped.data(), wrapped.size()) != 0)
    return std::nullopt;
  return out;
}

}  // namespace aeskit_test::ccm
