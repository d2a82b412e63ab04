// gcm_siv_cipher.cpp — AES-128-GCM-SIV and AES-256-GCM-SIV (RFC 8452) for the aeskit OpenSSL
// provider (provider-cipher(7)). OpenSSL 3.0 has no GCM-SIV; the EVP behaviour follows the
// default provider of OpenSSL 3.2 and later: a 12-byte IV, AAD through updates with
// out == NULL (appended; a 0-byte AAD update clears it), the data in ONE update per init
// (unless "speed" is set), the 16-byte tag read after encrypting and set before decrypting,
// final reporting whether a tag was made (encrypting) or matched (decrypting). Unlike 3.2,
// a decrypting data update checks the tag itself and fails, with zeroed output, when it does
// not match (no unauthenticated plaintext is released). The work is aeskit::AeadKey
// seal_detached / open_detached.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "aeskit/aead.hpp"
#include "dispatch.hpp"
#include "provider.hpp"

#ifndef EVP_CIPH_GCM_SIV_MODE
#define EVP_CIPH_GCM_SIV_MODE 0x10005  // OpenSSL 3.2's value; 3.0 headers lack it
#endif

namespace aeskit_provider {
namespace {

struct GcmSivCtx {
  void* provctx = nullptr;
  std::size_t stat = 0;  // stats::alg of this algorithm (stats.hpp)
  std::size_t keylen = 0;
  std::shared_ptr<const aeskit::AeadKey> key;  // shared by dupctx
  bool enc = false;
  bool speed = false;  // several data updates per init
  bool used = false;   // a data update since the last init
  bool generated_tag = false;
  bool have_user_tag = false;
  unsigned char nonce[12] = {};
  unsigned char tag[16] = {};       // made by the last data update
  unsigned char user_tag[16] = {};  // set for decryption
  std::vector<unsigned char> aad;

  ~GcmSivCtx() {
    wipe(nonce, sizeof nonce);
    wipe(tag, sizeof tag);
    wipe(user_tag, sizeof user_tag);
    if (!aad.empty()) wipe(aad.data(), aad.size());
  }
};

void freectx(void* vctx) {
  delete static_cast<GcmSivCtx*>(vctx);
}

void* dupctx(void* vctx) {
  try {
    return new (std::nothrow) GcmSivCtx(*static_cast<GcmSivCtx*>(vctx));
  } catch (...) {  // the AAD copy
    return nullptr;
  }
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<GcmSivCtx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != 16) return 0;
    if (!c->enc) {  // ignored when encrypting
      if (p->data == nullptr) return 0;
      std::memcpy(c->user_tag, p->data, 16);
      c->have_user_tag = true;
    }
  }
  p = find_param(params, OSSL_CIPHER_PARAM_SPEED);
  if (p != nullptr) {
    unsigned int speed;
    if (!OSSL_PARAM_get_uint(p, &speed)) return 0;
    c->speed = speed != 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr) {
    std::size_t keylen;
    if (!OSSL_PARAM_get_size_t(p, &keylen)) return 0;
    if (keylen != c->keylen) return 0;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<GcmSivCtx*>(vctx);
  c->enc = enc;
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    const aeskit::AeadAlgorithm& alg =
        keylen == 16 ? aeskit::aead::aes_128_gcm_siv() : aeskit::aead::aes_256_gcm_siv();
    try {  // no exception may cross into OpenSSL's C
      auto k = aeskit::AeadKey::create(alg, {key, keylen});
      if (!k.ok()) return 0;
      c->key = std::make_shared<const aeskit::AeadKey>(std::move(*k));
    } catch (...) {
      return 0;
    }
  }
  if (iv != nullptr) {
    if (ivlen != sizeof c->nonce) return 0;
    std::memcpy(c->nonce, iv, sizeof c->nonce);
  }
  c->used = false;  // every init allows one more message (AAD and tags are kept)
  return set_ctx_params(c, params);
}

bool data(GcmSivCtx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  c->generated_tag = false;
  if (c->key == nullptr) return false;  // OpenSSL 3.2 would use an all-zero key
  if (!c->speed && c->used) return false;
  c->used = true;
  const std::span<const std::uint8_t> nonce{c->nonce, sizeof c->nonce};
  const std::span<const std::uint8_t> aad{c->aad.data(), c->aad.size()};
  if (c->enc) {
    if (!c->key->seal_detached(nonce, aad, {in, len}, {out, len}, {c->tag, 16}).ok()) return false;
  } else {
    if (!c->have_user_tag) return false;  // the tag starts the counter: it must come first
    if (!c->key->open_detached(nonce, aad, {in, len}, {c->user_tag, 16}, {out, len}).ok())
      return false;  // out is zeroed
    std::memcpy(c->tag, c->user_tag, 16);
  }
  c->generated_tag = true;
  count_bytes(c->provctx, c->stat, c->enc, len, c->aad.size());
  return true;
}

// in == NULL: final; out == NULL: AAD; else the data.
bool process(GcmSivCtx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  if (in == nullptr) {
    if (c->enc) return c->generated_tag;
    return c->generated_tag && c->have_user_tag && CRYPTO_memcmp(c->tag, c->user_tag, 16) == 0;
  }
  if (out == nullptr) {
    if (len == 0) {
      if (!c->aad.empty()) wipe(c->aad.data(), c->aad.size());
      c->aad.clear();
      return true;
    }
    if (std::uint64_t{c->aad.size()} + len > (std::uint64_t{1} << 36))
      return false;  // RFC 8452's A_MAX
    try {
      c->aad.insert(c->aad.end(), in, in + len);
    } catch (...) {
      return false;
    }
    return true;
  }
  return data(c, out, in, len);
}

int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<GcmSivCtx*>(vctx);
  if (outsize < inl) return 0;
  if (!process(c, out, in, inl)) return 0;
  if (outl != nullptr) *outl = inl;
  return 1;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t) {
  auto* c = static_cast<GcmSivCtx*>(vctx);
  if (!process(c, out, nullptr, 0)) return 0;
  if (outl != nullptr) *outl = 0;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<GcmSivCtx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr && p->data_type == OSSL_PARAM_OCTET_STRING) {
    if (!c->enc || !c->generated_tag || p->data_size != 16 ||
        !OSSL_PARAM_set_octet_string(p, c->tag, 16))
      return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, 16)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
  return 1;
}

const OSSL_PARAM kGettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_SPEED, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
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
  static constexpr std::size_t kStat = stats::aes_alg(Bits, "GCM-SIV");
  static void* make(void* provctx) {
    auto* c = new (std::nothrow) GcmSivCtx;
    if (c == nullptr) return nullptr;
    c->provctx = provctx;
    c->stat = kStat;
    c->keylen = Bits / 8;
    return c;
  }
  static int params(OSSL_PARAM p[]) {
    return cipher_get_params(p, {EVP_CIPH_GCM_SIV_MODE, true, true, Bits / 8, 1, 12});
  }
  static constexpr CipherFns kFns = {
      make,   freectx, dupctx,         encrypt_init<init>, decrypt_init<init>, update,      final,
      update, params,  get_ctx_params, set_ctx_params,     gettable_ctx,       settable_ctx};
};

}  // namespace

const OSSL_DISPATCH* gcm_siv_functions(int bits) {
  return by_bits2<Table>(bits);
}

}  // namespace aeskit_provider
