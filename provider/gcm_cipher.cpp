// gcm_cipher.cpp — AES-{128,192,256}-GCM for the aeskit OpenSSL provider
// (provider-cipher(7); the AEAD parameters of EVP_EncryptInit(3)'s "GCM and OCB Modes").
// The context (gcm_ctx.hpp) follows the default provider's state machine (IV buffered until
// the first update, AAD through update with out == NULL, tag of 1..16 bytes set before a
// decrypting final, IV spent after a final); the work is aeskit::AeadSealer /
// aeskit::AeadOpener, one pass each way (a truncated tag is checked with
// AeadOpener::finish_truncated). The TLS 1.2 record parameters and path: gcm_tls.cpp.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>
#include <memory>
#include <new>
#include <optional>

#include "aeskit/aead.hpp"
#include "aeskit/random.hpp"
#include "dispatch.hpp"
#include "gcm_ctx.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace gcm {

Ctx::~Ctx() {
  wipe(iv, sizeof iv);
  wipe(buf, sizeof buf);
}

void drop_streams(Ctx* c) {
  c->sealer.reset();
  c->opener.reset();
}

bool start_streams(Ctx* c) {
  drop_streams(c);
  if (!c->key) return false;
  std::span<const std::uint8_t> nonce{c->iv, c->ivlen};
  c->streams_enc = c->enc;
  if (c->enc) {
    auto s = aeskit::AeadSealer::create(*c->key, nonce);
    if (!s.ok()) return false;
    c->sealer.emplace(std::move(*s));
  } else {
    auto o = aeskit::AeadOpener::create(*c->key, nonce);
    if (!o.ok()) return false;
    c->opener.emplace(std::move(*o));
  }
  return true;
}

}  // namespace gcm

namespace {

using gcm::Ctx;
using gcm::IvState;
using gcm::kMaxIv;
using gcm::kUnset;

void* newctx(void* provctx, std::size_t keybits, std::size_t stat) {
  auto* c = new (std::nothrow) Ctx;
  if (c == nullptr) return nullptr;
  c->provctx = provctx;
  c->stat = stat;
  c->keylen = keybits / 8;
  return c;
}

void freectx(void* vctx) {
  delete static_cast<Ctx*>(vctx);
}

// A deep copy at any point: the streams are copied with the rest, the key shared.
void* dupctx(void* vctx) {
  try {
    return new (std::nothrow) Ctx(*static_cast<Ctx*>(vctx));
  } catch (...) {
    return nullptr;
  }
}

const unsigned char* octets(const OSSL_PARAM* p) {
  return p->data_type == OSSL_PARAM_OCTET_STRING ? static_cast<const unsigned char*>(p->data)
                                                 : nullptr;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    void* vp = c->buf;
    std::size_t sz = 0;
    if (!OSSL_PARAM_get_octet_string(p, &vp, 16, &sz)) return 0;
    if (sz == 0 || c->enc) return 0;  // the bytes are already in buf, as in OpenSSL
    c->taglen = sz;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_IVLEN);
  if (p != nullptr) {
    std::size_t sz = 0;
    if (!OSSL_PARAM_get_size_t(p, &sz)) return 0;
    if (sz == 0 || sz > kMaxIv) return 0;
    if (sz != c->ivlen) {
      // A new length invalidates an IV already given or in use (OpenSSL 3.0.x: the IV
      // state becomes "finished" until the next IV).
      if (c->iv_state != IvState::uninitialised) {
        c->iv_state = IvState::finished;
        gcm::drop_streams(c);
      }
      c->ivlen = sz;
    }
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD);
  if (p != nullptr) {
    if (octets(p) == nullptr) return 0;
    const std::size_t pad = gcm::tls_set_aad(c, octets(p), p->data_size);
    if (pad == 0) return 0;
    c->tls_aad_pad = pad;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED);
  if (p != nullptr) {
    if (octets(p) == nullptr || !gcm::tls_set_iv_fixed(c, octets(p), p->data_size)) return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV);
  if (p != nullptr) {
    if (octets(p) == nullptr || !gcm::tls_set_iv_inv(c, octets(p), p->data_size)) return 0;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<Ctx*>(vctx);
  c->enc = enc;
  if (iv != nullptr) {
    if (ivlen == 0 || ivlen > kMaxIv) return 0;
    c->ivlen = ivlen;
    std::memcpy(c->iv, iv, ivlen);
    c->iv_state = IvState::buffered;
    gcm::drop_streams(c);
  }
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    if (!c->key || !c->rawkey.matches(key, keylen)) {
      const aeskit::AeadAlgorithm& alg = keylen == 16   ? aeskit::aead::aes_128_gcm()
                                         : keylen == 24 ? aeskit::aead::aes_192_gcm()
                                                        : aeskit::aead::aes_256_gcm();
      std::shared_ptr<const aeskit::AeadKey> made;
      try {  // no exception may cross into OpenSSL's C
        auto k = aeskit::AeadKey::create(alg, {key, keylen}, 16);
        if (!k.ok()) return 0;
        made = std::make_shared<const aeskit::AeadKey>(std::move(*k));
      } catch (...) {
        return 0;
      }
      c->key = std::move(made);
      c->rawkey.set(key, keylen);
    }
    gcm::drop_streams(c);  // they point into the old key; the same key restarts them too
    c->key_set = true;
    // A new key mid-message: OpenSSL resets its GHASH state but keeps the IV state; the
    // next data restarts from the buffered IV here.
    if (c->iv_state == IvState::copied) c->iv_state = IvState::buffered;
  }
  return set_ctx_params(c, params);
}

// OpenSSL's gcm_cipher_internal: the TLS record path while a TLS AAD is set; otherwise
// in == NULL is final, out == NULL is AAD. *outl: the bytes written.
bool process(Ctx* c, unsigned char* out, std::size_t* outl, const unsigned char* in,
             std::size_t len) {
  *outl = 0;
  if (c->tls_aad_len != kUnset) return gcm::tls_cipher(c, out, outl, in, len);
  if (!c->key_set || c->iv_state == IvState::finished) return false;
  if (c->iv_state == IvState::uninitialised) {
    // Encrypting without an IV: a random one, as the default provider does (>= 12 bytes).
    if (!c->enc || c->ivlen < 12) return false;
    if (!aeskit::random_bytes({c->iv, c->ivlen}).ok()) return false;
    c->iv_state = IvState::buffered;
  }
  if (c->iv_state == IvState::buffered) {
    if (!gcm::start_streams(c)) return false;
    c->iv_state = IvState::copied;
  }
  if (!c->sealer && !c->opener) return false;  // a failed final left nothing to continue
  // The direction switched mid-message (re-init with NULL key and IV): OpenSSL carries on
  // with a meaningless state; aeskit refuses until a new IV or key restarts the message.
  if (c->streams_enc != c->enc) return false;
  if (in != nullptr) {
    if (out == nullptr) {
      if (!(c->enc ? c->sealer->update_ad({in, len}) : c->opener->update_ad({in, len})).ok())
        return false;
    } else if (c->enc) {
      if (!c->sealer->update({in, len}, {out, len}).ok()) return false;
    } else {
      if (!c->opener->update({in, len}, {out, len}).ok()) return false;
    }
    stats::count(c->provctx, c->stat,
                 out == nullptr ? stats::Dir::aad
                 : c->enc       ? stats::Dir::seal
                                : stats::Dir::open,
                 len);
    *outl = len;
    return true;
  }
  if (!c->enc && c->taglen == kUnset) return false;  // the tag must be set before final
  bool ok;
  if (c->enc) {
    ok = c->sealer->finish({c->buf, 16}).ok();
    if (ok) c->taglen = 16;
  } else {
    // Tags of 1..16 bytes, compared on their length in constant time.
    ok = c->opener->finish_truncated({c->buf, c->taglen}).ok();
  }
  gcm::drop_streams(c);
  if (!ok) return false;  // iv_state stays copied with no stream: updates and finals fail
  c->iv_state = IvState::finished;
  return true;
}

int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<Ctx*>(vctx);
  *outl = 0;
  if (inl == 0) return 1;
  if (outsize < inl) return 0;
  return process(c, out, outl, in, inl) ? 1 : 0;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t) {
  auto* c = static_cast<Ctx*>(vctx);
  std::size_t ignored = 0;
  *outl = 0;
  return process(c, out, &ignored, nullptr, 0) ? 1 : 0;
}

// EVP_Cipher: the same paths; the length reported is the input's (OpenSSL's ossl_gcm_cipher
// does so, also for TLS records).
int oneshot(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
            const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<Ctx*>(vctx);
  if (outsize < inl) return 0;
  std::size_t n = 0;
  if (!process(c, out, &n, in, inl)) return 0;
  *outl = inl;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_IVLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->ivlen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->taglen != kUnset ? c->taglen : 16)) return 0;
  for (const char* name : {OSSL_CIPHER_PARAM_IV, OSSL_CIPHER_PARAM_UPDATED_IV}) {
    p = find_param(params, name);
    if (p == nullptr) continue;
    if (c->iv_state == IvState::uninitialised) return 0;
    if (c->ivlen > p->data_size) return 0;
    if (!OSSL_PARAM_set_octet_string(p, c->iv, c->ivlen) &&
        !OSSL_PARAM_set_octet_ptr(p, &c->iv, c->ivlen))
      return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->tls_aad_pad)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    const std::size_t sz = p->data_size;
    if (sz == 0 || sz > 16 || !c->enc || c->taglen == kUnset) return 0;
    if (!OSSL_PARAM_set_octet_string(p, c->buf, sz)) return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN);
  if (p != nullptr) {
    if (p->data == nullptr || p->data_type != OSSL_PARAM_OCTET_STRING ||
        !gcm::tls_get_iv_gen(c, static_cast<unsigned char*>(p->data), p->data_size))
      return 0;
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
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, nullptr, 0),
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
  static constexpr std::size_t kStat = stats::alg(Bits == 128   ? "AES-128-GCM"
                                                  : Bits == 192 ? "AES-192-GCM"
                                                                : "AES-256-GCM");
  static void* make(void* provctx) { return newctx(provctx, Bits, kStat); }
  static int params(OSSL_PARAM p[]) {
    return cipher_get_params(p, {EVP_CIPH_GCM_MODE, true, true, Bits / 8, 1, 12});
  }
  static constexpr CipherFns kFns = {
      make,    freectx, dupctx,         encrypt_init<init>, decrypt_init<init>, update,      final,
      oneshot, params,  get_ctx_params, set_ctx_params,     gettable_ctx,       settable_ctx};
};

}  // namespace

const OSSL_DISPATCH* gcm_functions(int bits) {
  return by_bits<Table>(bits);
}

}  // namespace aeskit_provider
