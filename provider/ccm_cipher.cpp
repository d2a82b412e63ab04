// ccm_cipher.cpp — AES-{128,192,256}-CCM for the aeskit OpenSSL provider (provider-cipher(7);
// NIST SP 800-38C, RFC 3610; EVP_EncryptInit(3), "CCM Mode"). CCM needs the message length
// before the data, so the EVP protocol is: IV length (7..13 bytes) and tag length (4..16, even;
// set as aead-tag with NULL data when encrypting, with the tag when decrypting) before the key,
// then an update with in == out == NULL announcing the data length (only needed with AAD),
// the AAD in one update with out == NULL, the data in ONE update, then final and, when
// encrypting, aead-tag get. The default provider's state machine is kept (key_set, iv_set,
// len_set, tag_set, and the tag and nonce lengths the key was set with, which OpenSSL binds at
// key setup); the work is one aeskit::AeadKey seal_detached / open_detached per message.
// TLS 1.2 CCM records (RFC 6655), as the default provider offers them to libssl: tls1-aad
// (the 13-byte AAD kept in the tag buffer, as OpenSSL keeps it; tlsaadpad then reads the tag
// length) and tls1-iv-fixed (the 4-byte implicit nonce) arm every later update or EVP_Cipher
// as one in-place record, explicit nonce || payload || tag: sealing writes the explicit
// nonce from the AAD's sequence number; opening takes it from the record and checks the tag
// before any plaintext is released (a failure zeroes the payload). Shared with GCM:
// tls_aead.hpp.
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
#include "tls_aead.hpp"

namespace aeskit_provider {
namespace {

constexpr std::size_t kUnset = ~std::size_t{0};

struct CcmCtx {
  void* provctx = nullptr;
  std::size_t stat = 0;  // stats::alg of this algorithm (stats.hpp)
  std::size_t keylen = 0;
  std::shared_ptr<const aeskit::AeadKey> key;  // made for key_m-byte tags; shared by dupctx
  RawKey rawkey;                               // what `key` was made from (provider.hpp)
  bool key_set = false;
  bool enc = false;
  bool iv_set = false;
  bool len_set = false;
  bool tag_set = false;
  std::size_t l = 8;   // length-field bytes: the IV is 15 - l bytes
  std::size_t m = 12;  // tag bytes
  // What the key was set up with: OpenSSL's CCM128 context keeps them from then on.
  std::size_t key_l = 8, key_m = 12;
  unsigned char iv[16] = {};
  unsigned char buf[16] = {};  // the expected tag (decrypting)
  // The message as the CCM128 context holds it after the length announcement.
  bool fresh = false;  // announced and not yet used by a data update
  unsigned char nonce[16] = {};
  std::size_t mlen = 0;            // the announced length
  std::vector<unsigned char> aad;  // the last non-empty AAD since the announcement
  unsigned char cmac[16] = {};     // the last tag computed
  std::size_t cmac_len = 16;       // how many bytes of cmac aeskit knows
  bool cmac_known = true;          // false once AAD or a decryption went into the MAC
  // A data update on a used nonce block leaves OpenSSL's flags byte without the tag length
  // (it reads as 2) until the next key: no tag can be read or checked until then.
  bool flags_broken = false;
  // The TLS record mode: the AAD length once tls1-aad was given (OpenSSL never disarms it),
  // and what tlsaadpad reads.
  std::size_t tls_aad_len = kUnset;
  std::size_t tls_aad_pad = 0;

  ~CcmCtx() {
    wipe(iv, sizeof iv);
    wipe(buf, sizeof buf);
    wipe(nonce, sizeof nonce);
    wipe(cmac, sizeof cmac);
    if (!aad.empty()) wipe(aad.data(), aad.size());
  }
  std::size_t ivlen() const { return 15 - l; }
};

void freectx(void* vctx) {
  delete static_cast<CcmCtx*>(vctx);
}

void* dupctx(void* vctx) {
  try {
    return new (std::nothrow) CcmCtx(*static_cast<CcmCtx*>(vctx));
  } catch (...) {  // the AAD copy
    return nullptr;
  }
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<CcmCtx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    const std::size_t sz = p->data_size;
    if ((sz & 1) != 0 || sz < 4 || sz > 16) return 0;
    if (p->data != nullptr) {
      if (c->enc) return 0;  // a tag is not needed to encrypt (its length is)
      std::memcpy(c->buf, p->data, sz);
      c->tag_set = true;
    }
    c->m = sz;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_IVLEN);
  if (p != nullptr) {
    std::size_t sz;
    if (!OSSL_PARAM_get_size_t(p, &sz)) return 0;
    if (sz < 7 || sz > 13) return 0;
    if (c->l != 15 - sz) {
      c->l = 15 - sz;
      c->iv_set = false;
    }
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    if (p->data_size != tls_aead::kAadLen) return 0;
    // Armed before the length checks, which may still fail (as in OpenSSL).
    c->tls_aad_len = p->data_size;
    if (!tls_aead::set_aad(c->buf, static_cast<const unsigned char*>(p->data), p->data_size, c->enc,
                           c->m))
      return 0;
    c->tls_aad_pad = c->m;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    if (p->data_size != tls_aead::kFixedIvLen) return 0;
    std::memcpy(c->iv, p->data, p->data_size);
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<CcmCtx*>(vctx);
  c->enc = enc;
  if (iv != nullptr) {
    if (ivlen != c->ivlen()) return 0;
    std::memcpy(c->iv, iv, ivlen);
    c->iv_set = true;
  }
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    const aeskit::AeadAlgorithm& alg = keylen == 16   ? aeskit::aead::aes_128_ccm()
                                       : keylen == 24 ? aeskit::aead::aes_192_ccm()
                                                      : aeskit::aead::aes_256_ccm();
    // The same key again with the same tag length: the AEAD key made from it is kept.
    if (!c->key || !c->rawkey.matches(key, keylen) || c->key_m != c->m) {
      try {  // no exception may cross into OpenSSL's C
        auto k = aeskit::AeadKey::create(alg, {key, keylen}, c->m);
        if (!k.ok()) return 0;
        c->key = std::make_shared<const aeskit::AeadKey>(std::move(*k));
      } catch (...) {
        return 0;
      }
      c->rawkey.set(key, keylen);
    }
    c->key_set = true;
    c->key_l = c->l;
    c->key_m = c->m;
    // OpenSSL's CCM128 context starts over with a zero nonce block (no message; the MAC
    // value and len_set stay as they were).
    c->fresh = false;
    c->flags_broken = false;
    if (!c->aad.empty()) wipe(c->aad.data(), c->aad.size());
    c->aad.clear();
  }
  return set_ctx_params(c, params);
}

// The length announcement (explicit, or implied by a data update without one): the nonce is
// the first 15 - key_l bytes of the IV, which must be at least that long.
bool set_length(CcmCtx* c, std::size_t mlen) {
  if (c->ivlen() < 15 - c->key_l) return false;
  std::memcpy(c->nonce, c->iv, 15 - c->key_l);
  c->mlen = mlen;
  c->fresh = true;
  if (!c->aad.empty()) wipe(c->aad.data(), c->aad.size());
  c->aad.clear();
  c->len_set = true;
  return true;
}

bool seal_or_open(CcmCtx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  const bool fresh = c->fresh;
  c->fresh = false;  // OpenSSL consumes the length field whatever happens next
  if (!fresh || c->mlen != len) {
    c->flags_broken = true;
    return false;
  }
  // After a broken flags byte OpenSSL encrypts with a MAC for 2-byte tags (not reproduced,
  // not compared) and no decryption can pass.
  if (c->flags_broken) return false;
  const std::span<const std::uint8_t> nonce{c->nonce, 15 - c->key_l};
  const std::span<const std::uint8_t> aad{c->aad.data(), c->aad.size()};
  if (c->enc) {
    if (!c->key->seal_detached(nonce, aad, {in, len}, {out, len}, {c->cmac, 16}).ok()) return false;
    c->cmac_known = true;
    c->cmac_len = c->key_m;
  } else {
    c->cmac_known = false;  // OpenSSL's MAC now holds the tag computed over this ciphertext
    // OpenSSL computes the tag at the key's length and compares m bytes: only m == key_m
    // can succeed.
    if (c->m != c->key_m) {
      if (len != 0) wipe(out, len);
      return false;
    }
    if (!c->key->open_detached(nonce, aad, {in, len}, {c->buf, c->key_m}, {out, len}).ok())
      return false;  // out is zeroed
  }
  count_bytes(c->provctx, c->stat, c->enc, len, c->aad.size());
  return true;
}

// One TLS record in place (see the header comment). *outl: the record length (seal) or the
// payload length (open).
bool tls_record(CcmCtx* c, unsigned char* out, std::size_t* outl, const unsigned char* in,
                std::size_t len) {
  *outl = 0;
  if (in == nullptr || out != in || len < tls_aead::kExplicitIvLen + c->m) return false;
  if (c->enc) std::memcpy(out, c->buf, tls_aead::kExplicitIvLen);  // the sequence number
  std::memcpy(c->iv + tls_aead::kFixedIvLen, in, tls_aead::kExplicitIvLen);
  // The nonce as the CCM128 context takes it: the first 15 - L bytes of the IV, L the length
  // field the key was set up with; the tag the key's length (only m == key_m can succeed).
  if (c->ivlen() < 15 - c->key_l || c->flags_broken) return false;
  const std::size_t n = len - tls_aead::kExplicitIvLen - c->m;
  if (c->m != c->key_m) {
    if (!c->enc) wipe(out + tls_aead::kExplicitIvLen, n);
    return false;
  }
  // The record's nonce replaces the message's: OpenSSL's CCM128 context now holds it.
  c->fresh = false;
  c->cmac_known = false;
  const std::span<const std::uint8_t> nonce{c->iv, 15 - c->key_l}, aad{c->buf, c->tls_aad_len};
  if (!tls_aead::seal_or_open(*c->key, c->enc, nonce, aad, out, len, c->m, outl)) return false;
  count_bytes(c->provctx, c->stat, c->enc, n, c->tls_aad_len);
  return true;
}

// OpenSSL's ccm_cipher_internal: in == NULL with out != NULL is final (nothing to do),
// in == out == NULL announces the length, out == NULL is AAD, else the whole data.
bool process(CcmCtx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  if (!c->key_set) return false;
  if (in == nullptr && out != nullptr) return true;
  if (!c->iv_set) return false;
  if (out == nullptr) {
    if (in == nullptr) return set_length(c, len);
    if (!c->len_set && len != 0) return false;  // AAD needs the message length first
    if (len == 0) return true;
    if (!c->fresh) {
      // OpenSSL MACs the AAD under a used nonce block and succeeds; so does aeskit, but the
      // message cannot go on here (its data update fails; not compared).
      c->cmac_known = false;
      return true;
    }
    try {
      c->aad.assign(in, in + len);  // a new AAD replaces the previous one, as in OpenSSL
    } catch (...) {
      return false;
    }
    c->cmac_known = false;
    return true;
  }
  if (!c->len_set && !set_length(c, len)) return false;
  if (c->enc) {
    if (!seal_or_open(c, out, in, len)) return false;
    c->tag_set = true;
    return true;
  }
  if (!c->tag_set) return false;
  if (!seal_or_open(c, out, in, len)) return false;
  c->iv_set = c->tag_set = c->len_set = false;
  return true;
}

int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<CcmCtx*>(vctx);
  if (outsize < inl) return 0;
  if (c->key_set && c->tls_aad_len != kUnset) return tls_record(c, out, outl, in, inl) ? 1 : 0;
  const bool ok = process(c, out, in, inl);
  // The output length is the input's, except for a final-like call (in NULL, out not).
  *outl = ok && !(in == nullptr && out != nullptr) ? inl : 0;
  return ok ? 1 : 0;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t) {
  auto* c = static_cast<CcmCtx*>(vctx);
  if (c->key_set && c->tls_aad_len != kUnset) {  // no record: fails
    *outl = 0;
    return 0;
  }
  const bool ok = process(c, out, nullptr, 0);  // out == NULL too: a 0-length announcement
  *outl = 0;
  return ok ? 1 : 0;
}

int oneshot(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
            const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<CcmCtx*>(vctx);
  if (outsize < inl) return 0;
  if (c->key_set && c->tls_aad_len != kUnset) {
    std::size_t written;  // EVP_Cipher returns the input length, as OpenSSL's does
    if (!tls_record(c, out, &written, in, inl)) return 0;
  } else if (!process(c, out, in, inl)) {
    return 0;
  }
  *outl = inl;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<CcmCtx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_IVLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->ivlen())) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->m)) return 0;
  for (const char* name : {OSSL_CIPHER_PARAM_IV, OSSL_CIPHER_PARAM_UPDATED_IV}) {
    p = find_param(params, name);
    if (p == nullptr) continue;
    // OpenSSL copies as many bytes as the caller's buffer holds (at least the IV length);
    // aeskit stops at its 16-byte IV buffer.
    if (c->ivlen() > p->data_size || p->data_size > sizeof c->iv) return 0;
    if (!OSSL_PARAM_set_octet_string(p, c->iv, p->data_size) &&
        !OSSL_PARAM_set_octet_ptr(p, &c->iv, p->data_size))
      return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->tls_aad_pad)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    if (!c->enc || !c->tag_set) return 0;
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    if (c->flags_broken) return 0;           // OpenSSL: only a 2-byte read works (not compared)
    if (p->data_size != c->key_m) return 0;  // the CCM128 context's tag length only
    // A MAC mid-AAD, over a decryption, or longer than the last tag: aeskit does not have
    // those bytes (not compared).
    if (!c->cmac_known || c->key_m > c->cmac_len) return 0;
    if (!OSSL_PARAM_set_octet_string(p, c->cmac, c->key_m)) return 0;
    c->tag_set = c->iv_set = c->len_set = false;
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
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, nullptr, 0),
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
  static constexpr std::size_t kStat = stats::aes_alg(Bits, "CCM");
  static void* make(void* provctx) {
    auto* c = new (std::nothrow) CcmCtx;
    if (c == nullptr) return nullptr;
    c->provctx = provctx;
    c->stat = kStat;
    c->keylen = Bits / 8;
    return c;
  }
  static int params(OSSL_PARAM p[]) {
    return cipher_get_params(p, {EVP_CIPH_CCM_MODE, true, true, Bits / 8, 1, 12});
  }
  static constexpr CipherFns kFns = {
      make,    freectx, dupctx,         encrypt_init<init>, decrypt_init<init>, update,      final,
      oneshot, params,  get_ctx_params, set_ctx_params,     gettable_ctx,       settable_ctx};
};

}  // namespace

const OSSL_DISPATCH* ccm_functions(int bits) {
  return by_bits<Table>(bits);
}

}  // namespace aeskit_provider
