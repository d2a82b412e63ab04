// ocb_cipher.cpp — AES-{128,192,256}-OCB (OCB3, RFC 7253) for the aeskit OpenSSL provider
// (provider-cipher(7); EVP_EncryptInit(3), "GCM and OCB Modes"). OpenSSL streams OCB: whole
// blocks of AAD and data are processed as they arrive (AAD and data in any order), a partial
// block of each waits in a buffer until final, which also makes (or checks) the tag of 1..16
// bytes. The buffering and the call order are kept here; OCB itself is aeskit::OcbCore
// (aeskit/ocb.hpp) on the state OpenSSL's OCB128 context keeps (offsets, checksum, AAD sum,
// block counts), so every call, stray ones included, matches.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>
#include <memory>
#include <new>

#include "aeskit/ocb.hpp"
#include "dispatch.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace {

enum class IvState { uninitialised, buffered, copied, finished };

struct OcbCtx {
  void* provctx = nullptr;
  std::size_t stat = 0;  // stats::alg of this algorithm (stats.hpp)
  std::size_t keylen = 0;
  std::shared_ptr<const aeskit::OcbCore> key;  // immutable: shared by dupctx
  RawKey rawkey;                               // what `key` was made from (provider.hpp)
  bool enc = false;
  std::size_t ivlen = 12, taglen = 16;
  IvState iv_state = IvState::uninitialised;
  unsigned char iv[16] = {}, oiv[16] = {};
  unsigned char tag[16] = {};
  unsigned char aad_buf[16] = {}, data_buf[16] = {};
  std::size_t aad_buf_len = 0, data_buf_len = 0;
  aeskit::OcbState session;  // OpenSSL's OCB128 session (zeroed by a new key, set up by the IV)

  ~OcbCtx() {
    wipe(iv, 16);
    wipe(oiv, 16);
    wipe(tag, 16);
    wipe(aad_buf, 16);
    wipe(data_buf, 16);
  }
};

// CRYPTO_ocb128_setiv: the nonce (tag length, zeros, 1, IV) gives the first offset.
bool setiv(OcbCtx* c) {
  return c->key->start({c->iv, c->ivlen}, c->taglen, c->session).ok();
}

// CRYPTO_ocb128_aad: whole blocks into the sum, then a partial one (10* padded).
bool hash_aad(OcbCtx* c, const unsigned char* aad, std::size_t len) {
  if (!c->key->absorb_ad(c->session, {aad, len}).ok()) return false;
  count_bytes(c->provctx, c->stat, c->enc, 0, len);
  return true;
}

// CRYPTO_ocb128_encrypt / decrypt: whole blocks, then a partial block against the pad
// E(offset ^ L_*), all in aeskit::OcbCore (the backend's OCB kernels).
bool crypt(OcbCtx* c, const unsigned char* in, unsigned char* out, std::size_t len) {
  const std::span<const std::uint8_t> src{in, len};
  const std::span<std::uint8_t> dst{out, len};
  const auto st =
      c->enc ? c->key->encrypt(c->session, src, dst) : c->key->decrypt(c->session, src, dst);
  if (!st.ok()) return false;
  count_bytes(c->provctx, c->stat, c->enc, len);
  return true;
}

// CRYPTO_ocb128_finish: the full tag E(checksum ^ offset ^ L_$) ^ sum.
bool full_tag(const OcbCtx* c, unsigned char* t) {
  return c->key->tag(c->session, {t, 16}).ok();
}

void freectx(void* vctx) {
  delete static_cast<OcbCtx*>(vctx);
}

void* dupctx(void* vctx) {
  return new (std::nothrow) OcbCtx(*static_cast<OcbCtx*>(vctx));
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<OcbCtx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    if (p->data == nullptr) {
      if (p->data_size > 16) return 0;
      c->taglen = p->data_size;  // 0 is taken, and fails at the next IV setup
    } else {
      if (p->data_size != c->taglen || c->enc) return 0;
      std::memcpy(c->tag, p->data, p->data_size);
    }
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_IVLEN);
  if (p != nullptr) {
    std::size_t sz;
    if (!OSSL_PARAM_get_size_t(p, &sz)) return 0;
    if (sz < 1 || sz > 15) return 0;
    if (sz != c->ivlen) {
      c->ivlen = sz;
      c->iv_state = IvState::uninitialised;
    }
  }
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr) {
    std::size_t keylen;
    if (!OSSL_PARAM_get_size_t(p, &keylen)) return 0;
    if (keylen != c->keylen) return 0;
  }
  return 1;
}

std::shared_ptr<const aeskit::OcbCore> make_key(const unsigned char* key, std::size_t keylen) {
  auto k = aeskit::OcbCore::create({key, keylen});
  if (!k.ok()) return nullptr;
  return std::make_shared<const aeskit::OcbCore>(std::move(*k));
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<OcbCtx*>(vctx);
  c->aad_buf_len = 0;
  c->data_buf_len = 0;
  wipe(c->aad_buf, sizeof c->aad_buf);
  wipe(c->data_buf, sizeof c->data_buf);
  c->enc = enc;
  if (iv != nullptr) {
    if (ivlen != c->ivlen) {
      if (ivlen < 1 || ivlen > 15) return 0;
      c->ivlen = ivlen;
    }
    std::memcpy(c->iv, iv, ivlen);
    std::memcpy(c->oiv, iv, ivlen);
    c->iv_state = IvState::buffered;
  }
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    if (!c->key || !c->rawkey.matches(key, keylen)) {  // the same key again: kept
      try {                                            // no exception may cross into OpenSSL's C
        auto k = make_key(key, keylen);
        if (k == nullptr) return 0;
        c->key = std::move(k);
      } catch (...) {
        return 0;
      }
      c->rawkey.set(key, keylen);
    }
    c->session.clear();  // OpenSSL's OCB128 context starts over (the IV state stays)
  }
  return set_ctx_params(c, params);
}

bool update_iv(OcbCtx* c) {
  if (c->iv_state == IvState::finished || c->iv_state == IvState::uninitialised) return false;
  if (c->iv_state == IvState::buffered) {
    if (!setiv(c)) return false;
    c->iv_state = IvState::copied;
  }
  return true;
}

// AAD (out == NULL) or data: fill the partial block, process whole blocks, keep the tail.
// The returned length counts the whole blocks processed, for AAD too.
int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<OcbCtx*>(vctx);
  if (c->key == nullptr || !update_iv(c)) return 0;
  if (inl == 0) {
    *outl = 0;
    return 1;
  }
  const bool aad = out == nullptr;
  unsigned char* buf = aad ? c->aad_buf : c->data_buf;
  std::size_t& buflen = aad ? c->aad_buf_len : c->data_buf_len;
  auto run = [&](const unsigned char* src, unsigned char* dst, std::size_t n) {
    return aad ? hash_aad(c, src, n) : crypt(c, src, dst, n);
  };
  std::size_t outlint = 0, nextblocks;
  if (buflen != 0) {
    std::size_t take = 16 - buflen;
    if (inl < take) take = inl;
    std::memcpy(buf + buflen, in, take);
    buflen += take;
    in += take;
    inl -= take;
    nextblocks = inl & ~std::size_t{15};
  } else {
    nextblocks = inl & ~std::size_t{15};
  }
  if (buflen == 16) {
    if (outsize < 16) return 0;
    if (!run(buf, out, 16)) return 0;
    buflen = 0;
    outlint = 16;
    if (out != nullptr) out += 16;
  }
  if (nextblocks > 0) {
    outlint += nextblocks;
    if (outsize < outlint) return 0;
    if (!run(in, out, nextblocks)) return 0;
    in += nextblocks;
    inl -= nextblocks;
  }
  if (inl != 0) {
    if (buflen + inl > 16) return 0;
    std::memcpy(buf + buflen, in, inl);
    buflen += inl;
  }
  *outl = outlint;
  return 1;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t) {
  auto* c = static_cast<OcbCtx*>(vctx);
  if (c->key == nullptr || !update_iv(c)) return 0;
  *outl = 0;
  if (c->data_buf_len > 0) {
    if (out == nullptr || !crypt(c, c->data_buf, out, c->data_buf_len)) return 0;
    *outl = c->data_buf_len;
    c->data_buf_len = 0;
  }
  if (c->aad_buf_len > 0) {
    if (!hash_aad(c, c->aad_buf, c->aad_buf_len)) return 0;
    c->aad_buf_len = 0;
  }
  if (c->taglen < 1 || c->taglen > 16) return 0;
  unsigned char t[16];
  if (!full_tag(c, t)) return 0;
  bool ok = true;
  if (c->enc)
    std::memcpy(c->tag, t, c->taglen);
  else
    ok = CRYPTO_memcmp(t, c->tag, c->taglen) == 0;
  wipe(t, sizeof t);
  if (!ok) return 0;  // the IV stays in use, as in OpenSSL
  c->iv_state = IvState::finished;
  return 1;
}

// EVP_Cipher: OCB128 directly on any length (a partial block is processed at once). aeskit
// requires a key and an IV in use (OpenSSL does not check; not compared otherwise).
int oneshot(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
            const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<OcbCtx*>(vctx);
  if (outsize < inl) return 0;
  if (c->key == nullptr || c->iv_state != IvState::copied) return 0;
  if (inl != 0 && !crypt(c, in, out, inl)) return 0;
  *outl = inl;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<OcbCtx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_IVLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->ivlen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->taglen)) return 0;
  const struct {
    const char* name;
    unsigned char* value;
  } ivs[] = {{OSSL_CIPHER_PARAM_IV, c->oiv}, {OSSL_CIPHER_PARAM_UPDATED_IV, c->iv}};
  for (const auto& iv : ivs) {
    p = find_param(params, iv.name);
    if (p == nullptr) continue;
    if (c->ivlen > p->data_size) return 0;
    if (!OSSL_PARAM_set_octet_string(p, iv.value, c->ivlen) &&
        !OSSL_PARAM_set_octet_ptr(p, iv.value, c->ivlen))
      return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    if (!c->enc || p->data_size != c->taglen) return 0;
    if (c->taglen != 0) std::memcpy(p->data, c->tag, c->taglen);
  }
  return 1;
}

const OSSL_PARAM kGettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, nullptr),
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
  static constexpr std::size_t kStat = stats::aes_alg(Bits, "OCB");
  static void* make(void* provctx) {
    auto* c = new (std::nothrow) OcbCtx;
    if (c == nullptr) return nullptr;
    c->provctx = provctx;
    c->stat = kStat;
    c->keylen = Bits / 8;
    return c;
  }
  static int params(OSSL_PARAM p[]) {
    return cipher_get_params(p, {EVP_CIPH_OCB_MODE, true, true, Bits / 8, 16, 12});
  }
  static constexpr CipherFns kFns = {
      make,    freectx, dupctx,         encrypt_init<init>, decrypt_init<init>, update,      final,
      oneshot, params,  get_ctx_params, set_ctx_params,     gettable_ctx,       settable_ctx};
};

}  // namespace

const OSSL_DISPATCH* ocb_functions(int bits) {
  return by_bits<Table>(bits);
}

}  // namespace aeskit_provider
