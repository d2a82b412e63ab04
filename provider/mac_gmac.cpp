// mac_gmac.cpp — GMAC for the aeskit OpenSSL provider (provider-mac(7), EVP_MAC-GMAC(7)):
// GCM with nothing to encrypt, the message authenticated as associated data. OpenSSL 3.0's
// default GMAC drives an EVP_CIPHER_CTX of the GCM cipher named by "cipher"; this one drives
// aeskit's own AES-GCM context (gcm_cipher.cpp, through its dispatch table: the same state
// machine the cipher differential test checks, on aeskit::AeadSealer) the same way:
// "cipher" (AES-128-GCM, AES-192-GCM, AES-256-GCM or their aliases) starts a fresh context,
// "key" sets the key (its length must be the cipher's), "iv" sets the IV length and the IV,
// update feeds AAD, final finishes the message and reads the 16-byte tag. EVP_MAC_CTX_dup
// copies the running message. "properties" is accepted and not used (nothing is fetched);
// only AES-GCM ciphers are taken.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <strings.h>
#include <cstring>
#include <new>

#include "provider.hpp"

namespace aeskit_provider {
namespace {

// The AES-GCM key length in bits for one of its names, else 0.
int aes_gcm_bits(const char* name) {
  static const struct {
    const char* name;
    int bits;
  } names[] = {
      {"AES-128-GCM", 128}, {"id-aes128-GCM", 128}, {"2.16.840.1.101.3.4.1.6", 128},
      {"AES-192-GCM", 192}, {"id-aes192-GCM", 192}, {"2.16.840.1.101.3.4.1.26", 192},
      {"AES-256-GCM", 256}, {"id-aes256-GCM", 256}, {"2.16.840.1.101.3.4.1.46", 256},
  };
  for (const auto& n : names)
    if (strcasecmp(name, n.name) == 0) return n.bits;
  return 0;
}

template <typename F>
F function(const OSSL_DISPATCH* table, int id) {
  for (; table->function_id != 0; ++table)
    if (table->function_id == id) return reinterpret_cast<F>(table->function);
  return nullptr;
}

using NewFn = void* (*)(void*);
using FreeFn = void (*)(void*);
using DupFn = void* (*)(void*);
using InitFn = int (*)(void*, const unsigned char*, std::size_t, const unsigned char*, std::size_t,
                       const OSSL_PARAM[]);
using UpdateFn = int (*)(void*, unsigned char*, std::size_t*, std::size_t, const unsigned char*,
                         std::size_t);
using FinalFn = int (*)(void*, unsigned char*, std::size_t*, std::size_t);
using GetFn = int (*)(void*, OSSL_PARAM[]);
using SetFn = int (*)(void*, const OSSL_PARAM[]);

struct Ctx {
  void* provctx = nullptr;
  int bits = 0;         // the GCM cipher of `gcm` (0: none yet)
  void* gcm = nullptr;  // aeskit's GCM cipher context
  const OSSL_DISPATCH* table() const { return gcm_functions(bits); }
};

void* newctx(void* provctx) {
  auto* c = new (std::nothrow) Ctx;
  if (c != nullptr) c->provctx = provctx;
  return c;
}

void freectx(void* vctx) {
  auto* c = static_cast<Ctx*>(vctx);
  if (c != nullptr && c->gcm != nullptr)
    function<FreeFn>(c->table(), OSSL_FUNC_CIPHER_FREECTX)(c->gcm);
  delete c;
}

void* dupctx(void* vctx) {
  const auto* src = static_cast<Ctx*>(vctx);
  auto* c = new (std::nothrow) Ctx(*src);
  if (c == nullptr) return nullptr;
  if (src->gcm != nullptr) {
    c->gcm = function<DupFn>(src->table(), OSSL_FUNC_CIPHER_DUPCTX)(src->gcm);
    if (c->gcm == nullptr) {
      delete c;
      return nullptr;
    }
  }
  return c;
}

// EVP_EncryptInit_ex(ctx, NULL, NULL, key, iv) on the GCM context.
bool encrypt_init(Ctx* c, const unsigned char* key, const unsigned char* iv, std::size_t ivlen) {
  if (c->gcm == nullptr) return false;
  return function<InitFn>(c->table(), OSSL_FUNC_CIPHER_ENCRYPT_INIT)(
             c->gcm, key, key != nullptr ? static_cast<std::size_t>(c->bits / 8) : 0, iv, ivlen,
             nullptr) == 1;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_MAC_PARAM_CIPHER);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_UTF8_STRING || p->data == nullptr) return 0;
    const int bits = aes_gcm_bits(static_cast<const char*>(p->data));
    if (bits == 0) return 0;
    // A new cipher: a fresh context (EVP_EncryptInit_ex with a cipher resets it).
    if (c->gcm != nullptr) function<FreeFn>(c->table(), OSSL_FUNC_CIPHER_FREECTX)(c->gcm);
    c->bits = bits;
    c->gcm = function<NewFn>(c->table(), OSSL_FUNC_CIPHER_NEWCTX)(c->provctx);
    if (c->gcm == nullptr) {
      c->bits = 0;
      return 0;
    }
    if (!encrypt_init(c, nullptr, nullptr, 0)) return 0;
  }
  p = find_param(params, OSSL_MAC_PARAM_KEY);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING || c->gcm == nullptr) return 0;
    if (p->data_size != static_cast<std::size_t>(c->bits / 8)) return 0;
    if (!encrypt_init(c, static_cast<const unsigned char*>(p->data), nullptr, 0)) return 0;
  }
  p = find_param(params, OSSL_MAC_PARAM_IV);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING || c->gcm == nullptr) return 0;
    std::size_t ivlen = p->data_size;
    OSSL_PARAM len[2] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
                         OSSL_PARAM_construct_end()};
    if (function<SetFn>(c->table(), OSSL_FUNC_CIPHER_SET_CTX_PARAMS)(c->gcm, len) != 1) return 0;
    if (!encrypt_init(c, nullptr, static_cast<const unsigned char*>(p->data), p->data_size))
      return 0;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  if (!set_ctx_params(c, params)) return 0;
  if (key != nullptr) {
    if (c->gcm == nullptr || keylen != static_cast<std::size_t>(c->bits / 8)) return 0;
    return encrypt_init(c, key, nullptr, 0) ? 1 : 0;
  }
  return encrypt_init(c, nullptr, nullptr, 0) ? 1 : 0;
}

int update(void* vctx, const unsigned char* data, std::size_t len) {
  auto* c = static_cast<Ctx*>(vctx);
  if (len == 0) return 1;
  if (c->gcm == nullptr) return 0;
  std::size_t outl = 0;
  // Associated data: out == NULL (counted by the GCM context).
  return function<UpdateFn>(c->table(), OSSL_FUNC_CIPHER_UPDATE)(c->gcm, nullptr, &outl, len, data,
                                                                 len);
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) {
  auto* c = static_cast<Ctx*>(vctx);
  if (c->gcm == nullptr || outsize < 16) return 0;
  std::size_t n = 0;
  if (function<FinalFn>(c->table(), OSSL_FUNC_CIPHER_FINAL)(c->gcm, out, &n, 0) != 1) return 0;
  OSSL_PARAM tag[2] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, out, 16),
                       OSSL_PARAM_construct_end()};
  if (function<GetFn>(c->table(), OSSL_FUNC_CIPHER_GET_CTX_PARAMS)(c->gcm, tag) != 1) return 0;
  *outl = 16;
  return 1;
}

int get_ctx_params(void*, OSSL_PARAM params[]) {
  OSSL_PARAM* p = find_param(params, OSSL_MAC_PARAM_SIZE);
  return p == nullptr || OSSL_PARAM_set_size_t(p, 16) ? 1 : 0;
}

const OSSL_PARAM kGettable[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettable[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, nullptr, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_IV, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM* gettable(void*, void*) {
  return kGettable;
}
const OSSL_PARAM* settable(void*, void*) {
  return kSettable;
}

const OSSL_DISPATCH kFunctions[] = {
    {OSSL_FUNC_MAC_NEWCTX, reinterpret_cast<void (*)()>(newctx)},
    {OSSL_FUNC_MAC_DUPCTX, reinterpret_cast<void (*)()>(dupctx)},
    {OSSL_FUNC_MAC_FREECTX, reinterpret_cast<void (*)()>(freectx)},
    {OSSL_FUNC_MAC_INIT, reinterpret_cast<void (*)()>(init)},
    {OSSL_FUNC_MAC_UPDATE, reinterpret_cast<void (*)()>(update)},
    {OSSL_FUNC_MAC_FINAL, reinterpret_cast<void (*)()>(final)},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(gettable)},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, reinterpret_cast<void (*)()>(get_ctx_params)},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(settable)},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, reinterpret_cast<void (*)()>(set_ctx_params)},
    {0, nullptr},
};

}  // namespace

const OSSL_DISPATCH* gmac_functions() {
  return kFunctions;
}

}  // namespace aeskit_provider
