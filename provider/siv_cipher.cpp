// siv_cipher.cpp — AES-{128,192,256}-SIV (RFC 5297) for the aeskit OpenSSL provider
// (provider-cipher(7)), the way OpenSSL 3.0's default provider offers it: no nonce, every
// AAD update is one S2V component (a 0-byte update too), the data is one update, the 16-byte
// tag (V) is read after encrypting and set before decrypting, and final reports whether the
// one data update authenticated. Components are kept until the data update; the work is
// aeskit::SivKey seal / open.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "aeskit/siv.hpp"
#include "dispatch.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace {

using Component = std::vector<unsigned char>;

struct SivCtx {
  void* provctx = nullptr;
  std::size_t stat = 0;    // stats::alg of this algorithm (stats.hpp)
  std::size_t keylen = 0;  // both halves
  std::shared_ptr<const aeskit::SivKey> key;
  bool enc = false;
  // OpenSSL's SIV128 context: one crypto operation per key (crypto_ok), final's answer
  // (final_ret: 0 before any key, -1 from a key until a data update authenticates), the tag.
  int crypto_ok = 0;
  int final_ret = 0;
  unsigned char tag[16] = {};
  std::vector<Component> components;

  ~SivCtx() {
    wipe(tag, sizeof tag);
    clear_components();
  }
  void clear_components() {
    for (auto& comp : components)
      if (!comp.empty()) wipe(comp.data(), comp.size());
    components.clear();
  }
};

void freectx(void* vctx) {
  delete static_cast<SivCtx*>(vctx);
}

void* dupctx(void* vctx) {
  try {
    return new (std::nothrow) SivCtx(*static_cast<SivCtx*>(vctx));
  } catch (...) {  // the components' copies
    return nullptr;
  }
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<SivCtx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    if (c->enc) return 1;  // ignored when encrypting, and so is every later parameter
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != 16 || p->data == nullptr)
      return 0;
    std::memcpy(c->tag, p->data, 16);
  }
  // "speed" (several data updates per key, each on the S2V state the last one left) is
  // not implemented: refused rather than ignored.
  if (find_param(params, OSSL_CIPHER_PARAM_SPEED) != nullptr) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr) {
    std::size_t keylen;
    if (!OSSL_PARAM_get_size_t(p, &keylen)) return 0;
    if (keylen != c->keylen) return 0;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char*,
         std::size_t, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<SivCtx*>(vctx);
  c->enc = enc;
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    try {  // no exception may cross into OpenSSL's C
      auto k = aeskit::SivKey::create({key, keylen});
      if (!k.ok()) return 0;
      c->key = std::make_shared<const aeskit::SivKey>(std::move(*k));
    } catch (...) {
      return 0;
    }
    c->crypto_ok = 1;
    c->final_ret = -1;
    c->clear_components();  // S2V starts over (the tag buffer is kept)
  }
  return set_ctx_params(c, params);
}

// The one data update: seal into V || C (V is the tag) or open tag || C.
bool crypt(SivCtx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  std::vector<std::span<const std::uint8_t>> ad;
  std::vector<unsigned char> tmp;
  try {
    ad.reserve(c->components.size());
    for (const auto& comp : c->components) ad.emplace_back(comp.data(), comp.size());
    tmp.resize(len + 16);
  } catch (...) {
    return false;
  }
  bool ok;
  if (c->enc) {
    auto r = c->key->seal(ad, {in, len}, tmp);
    ok = r.ok();
    if (ok) {
      std::memcpy(c->tag, tmp.data(), 16);
      if (len != 0) std::memcpy(out, tmp.data() + 16, len);
    }
  } else {
    std::memcpy(tmp.data(), c->tag, 16);
    if (len != 0) std::memcpy(tmp.data() + 16, in, len);
    auto r = c->key->open(ad, tmp, {out, len});  // zeroes out when the tag is wrong
    ok = r.ok();
  }
  wipe(tmp.data(), tmp.size());
  if (ok) {
    std::size_t aad = 0;
    for (const auto& comp : c->components) aad += comp.size();
    count_bytes(c->provctx, c->stat, c->enc, len, aad);
  }
  return ok;
}

// OpenSSL's aes_siv_cipher: in == NULL is final, out == NULL an AAD component, else data.
bool process(SivCtx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  if (in == nullptr) return c->final_ret == 0;
  if (out == nullptr) {
    if (c->key == nullptr) return false;
    try {
      c->components.emplace_back(in, in + len);
    } catch (...) {
      return false;
    }
    return true;
  }
  if (c->key == nullptr || c->crypto_ok == 0) return false;
  c->crypto_ok = 0;
  if (!crypt(c, out, in, len)) return false;
  c->final_ret = 0;
  return true;
}

int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<SivCtx*>(vctx);
  if (inl == 0 && out != nullptr) {  // 0 bytes of data do nothing (0 bytes of AAD are a
    if (outl != nullptr) *outl = 0;  // component)
    return 1;
  }
  if (out != nullptr && outsize < inl) return 0;
  if (!process(c, out, in, inl)) return 0;
  if (outl != nullptr) *outl = inl;
  return 1;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t) {
  auto* c = static_cast<SivCtx*>(vctx);
  if (!process(c, out, nullptr, 0)) return 0;
  if (outl != nullptr) *outl = 0;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<SivCtx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr && p->data_type == OSSL_PARAM_OCTET_STRING) {
    if (!c->enc || p->data_size != 16 || !OSSL_PARAM_set_octet_string(p, c->tag, 16)) return 0;
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
  static constexpr std::size_t kStat = stats::aes_alg(Bits, "SIV");
  static void* make(void* provctx) {
    auto* c = new (std::nothrow) SivCtx;
    if (c == nullptr) return nullptr;
    c->provctx = provctx;
    c->stat = kStat;
    c->keylen = 2 * Bits / 8;
    return c;
  }
  static int params(OSSL_PARAM p[]) {
    return cipher_get_params(p, {EVP_CIPH_SIV_MODE, true, true, 2 * Bits / 8, 1, 0});
  }
  static constexpr CipherFns kFns = {
      make,   freectx, dupctx,         encrypt_init<init>, decrypt_init<init>, update,      final,
      update, params,  get_ctx_params, set_ctx_params,     gettable_ctx,       settable_ctx};
};

}  // namespace

const OSSL_DISPATCH* siv_functions(int bits) {
  return by_bits<Table>(bits);
}

}  // namespace aeskit_provider
