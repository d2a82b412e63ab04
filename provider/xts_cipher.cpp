// xts_cipher.cpp — AES-128-XTS and AES-256-XTS for the aeskit OpenSSL provider
// (provider-cipher(7); IEEE 1619-2018, NIST SP 800-38E). As in the default provider, every
// update (or EVP_Cipher call) is one whole data unit of 16 bytes to 2^20 blocks under the
// tweak given as the IV, which never changes between updates; an encrypting init with a key
// whose halves are equal fails, a decrypting one is allowed. The work is aeskit::XtsKey.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>
#include <memory>
#include <new>

#include "aeskit/xts.hpp"
#include "dispatch.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace {

struct XtsCtx {
  void* provctx = nullptr;
  std::size_t stat = 0;                       // stats::alg of this algorithm (stats.hpp)
  std::size_t keylen = 0;                     // both halves, bytes
  std::shared_ptr<const aeskit::XtsKey> key;  // immutable: shared by dupctx
  bool iv_set = false;
  bool enc = false;
  unsigned char iv[16] = {};  // the tweak
  ~XtsCtx() { wipe(iv, sizeof iv); }
};

void freectx(void* vctx) {
  delete static_cast<XtsCtx*>(vctx);
}

void* dupctx(void* vctx) {
  return new (std::nothrow) XtsCtx(*static_cast<XtsCtx*>(vctx));
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<XtsCtx*>(vctx);
  if (params == nullptr) return 1;
  // Only the key length is settable, to its one value; padding and num are ignored.
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr) {
    std::size_t keylen;
    if (!OSSL_PARAM_get_size_t(p, &keylen)) return 0;
    if (keylen != c->keylen) return 0;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<XtsCtx*>(vctx);
  c->enc = enc;
  if (iv != nullptr) {
    if (ivlen != 16) return 0;
    std::memcpy(c->iv, iv, 16);
    c->iv_set = true;
  }
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    try {  // no exception may cross into OpenSSL's C
      auto k = aeskit::XtsKey::create({key, keylen});
      if (!k.ok()) return 0;
      // Equal halves: refused for encryption (the duplicated-keys error), kept for decryption.
      if (enc && !k->encryption_allowed()) return 0;
      c->key = std::make_shared<const aeskit::XtsKey>(std::move(*k));
    } catch (...) {
      return 0;
    }
  }
  return set_ctx_params(c, params);
}

// One data unit. XtsKey refuses under 16 bytes and over 2^20 blocks, as OpenSSL does.
int cipher(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<XtsCtx*>(vctx);
  if (c->key == nullptr || !c->iv_set || out == nullptr || in == nullptr) return 0;
  if (inl < aeskit::kXtsMinDataUnit || inl > aeskit::kXtsMaxDataUnit || outsize < inl) return 0;
  const std::span<const std::uint8_t> tweak{c->iv, 16};
  const auto st = c->enc ? c->key->encrypt(tweak, {in, inl}, {out, inl})
                         : c->key->decrypt(tweak, {in, inl}, {out, inl});
  if (!st.ok()) return 0;
  count_bytes(c->provctx, c->stat, c->enc, inl);
  *outl = inl;
  return 1;
}

int final(void*, unsigned char*, std::size_t* outl, std::size_t) {
  *outl = 0;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<XtsCtx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_IVLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, 16)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_PADDING);
  if (p != nullptr && !OSSL_PARAM_set_uint(p, 1)) return 0;
  for (const char* name : {OSSL_CIPHER_PARAM_IV, OSSL_CIPHER_PARAM_UPDATED_IV}) {
    p = find_param(params, name);
    if (p != nullptr && !OSSL_PARAM_set_octet_ptr(p, &c->iv, 16) &&
        !OSSL_PARAM_set_octet_string(p, &c->iv, 16))
      return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_NUM);
  if (p != nullptr && !OSSL_PARAM_set_uint(p, 0)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
  return 1;
}

const OSSL_PARAM kGettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_END,
};

const OSSL_PARAM* gettable_ctx(void*, void*) {
  return kGettableCtx;
}
const OSSL_PARAM* settable_ctx(void*, void*) {
  return kSettableCtx;
}

template <std::size_t Bits>
struct Table {
  static constexpr std::size_t kStat = stats::aes_alg(Bits, "XTS");
  static void* make(void* provctx) {
    auto* c = new (std::nothrow) XtsCtx;
    if (c == nullptr) return nullptr;
    c->provctx = provctx;
    c->stat = kStat;
    c->keylen = 2 * Bits / 8;
    return c;
  }
  static int params(OSSL_PARAM p[]) {
    return cipher_get_params(p, {EVP_CIPH_XTS_MODE, false, true, 2 * Bits / 8, 1, 16});
  }
  static constexpr CipherFns kFns = {
      make,   freectx, dupctx,         encrypt_init<init>, decrypt_init<init>, cipher,      final,
      cipher, params,  get_ctx_params, set_ctx_params,     gettable_ctx,       settable_ctx};
};

}  // namespace

const OSSL_DISPATCH* xts_functions(int bits) {
  return by_bits2<Table>(bits);
}

}  // namespace aeskit_provider
