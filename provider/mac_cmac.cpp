// mac_cmac.cpp — CMAC for the aeskit OpenSSL provider (provider-mac(7), EVP_MAC-CMAC(7)) over
// aeskit::Cmac: the "cipher" parameter names AES-128-CBC, AES-192-CBC or AES-256-CBC (or
// their aliases AES128/192/256 and OIDs), "key" (or the key given to init) keys it, and the
// state follows OpenSSL 3.0's default CMAC (CMAC_Init/Update/Final): a key of the wrong
// length, or a key before any cipher, leaves the context unusable until a good key; init
// without a key restarts the message under the key set; the MAC is 16 bytes. EVP_MAC_CTX_dup
// copies the running message (aeskit::Cmac's copy shares the expanded key).
//
// Differences (docs/openssl-provider.md): only AES ("DES-EDE3-CBC" and other CBC ciphers the
// default accepts are refused: fetch CMAC from the default provider for them); after a final,
// update and final fail until the next init (OpenSSL's CMAC continues from a state the final
// left half-changed); "properties" is accepted and not used (nothing is fetched).
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <strings.h>
#include <cstring>
#include <memory>
#include <new>
#include <optional>

#include "aeskit/mac.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace {

// The AES-CBC key length (bytes) for one of its names, else 0.
std::size_t aes_cbc_key_length(const char* name) {
  static const struct {
    const char* name;
    std::size_t keylen;
  } names[] = {
      {"AES-128-CBC", 16}, {"AES128", 16}, {"2.16.840.1.101.3.4.1.2", 16},
      {"AES-192-CBC", 24}, {"AES192", 24}, {"2.16.840.1.101.3.4.1.22", 24},
      {"AES-256-CBC", 32}, {"AES256", 32}, {"2.16.840.1.101.3.4.1.42", 32},
  };
  for (const auto& n : names)
    if (strcasecmp(name, n.name) == 0) return n.keylen;
  return 0;
}

struct Ctx {
  void* provctx = nullptr;
  std::size_t stat = 0;             // stats::alg of this algorithm (stats.hpp)
  std::size_t cipher_keylen = 0;    // the cipher named last (0: none yet)
  bool cipher_in_use = false;       // a key was set (or tried) with a cipher named
  std::optional<aeskit::Cmac> mac;  // keyed; empty = unusable (OpenSSL's nlast_block -1)
};

void* newctx(void* provctx) {
  auto* c = new (std::nothrow) Ctx;
  if (c != nullptr) {
    c->provctx = provctx;
    c->stat = stats::alg("CMAC");
  }
  return c;
}

void freectx(void* vctx) {
  delete static_cast<Ctx*>(vctx);  // aeskit::Cmac wipes its state
}

void* dupctx(void* vctx) {
  try {
    return new Ctx(*static_cast<Ctx*>(vctx));
  } catch (...) {
    return nullptr;
  }
}

bool set_key(Ctx* c, const unsigned char* key, std::size_t keylen) {
  c->mac.reset();  // if anything fails, the context cannot be used
  if (c->cipher_keylen == 0) return false;
  c->cipher_in_use = true;
  if (keylen != c->cipher_keylen) return false;
  try {
    auto m = aeskit::Cmac::create({key, keylen});
    if (!m.ok()) return false;
    c->mac.emplace(std::move(*m));
  } catch (...) {
    return false;
  }
  return true;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_MAC_PARAM_CIPHER);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_UTF8_STRING || p->data == nullptr) return 0;
    const std::size_t keylen = aes_cbc_key_length(static_cast<const char*>(p->data));
    if (keylen == 0) return 0;
    c->cipher_keylen = keylen;
  }
  p = find_param(params, OSSL_MAC_PARAM_KEY);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    return set_key(c, static_cast<const unsigned char*>(p->data), p->data_size) ? 1 : 0;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  if (!set_ctx_params(c, params)) return 0;
  if (key != nullptr) return set_key(c, key, keylen) ? 1 : 0;
  // A restart under the key already set.
  return c->mac && c->mac->reset().ok() ? 1 : 0;
}

int update(void* vctx, const unsigned char* data, std::size_t len) {
  auto* c = static_cast<Ctx*>(vctx);
  if (!c->mac) return 0;
  if (len == 0) return 1;
  if (!c->mac->update({data, len}).ok()) return 0;
  count_bytes(c->provctx, c->stat, true, 0, len);
  return 1;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) {
  auto* c = static_cast<Ctx*>(vctx);
  if (!c->mac || outsize < 16) return 0;
  if (!c->mac->finish({out, 16}).ok()) return 0;
  *outl = 16;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  // The cipher's block size once a cipher is in use (OpenSSL: its cipher context's).
  const std::size_t size = c->cipher_in_use ? 16 : 0;
  for (const char* name : {OSSL_MAC_PARAM_SIZE, OSSL_MAC_PARAM_BLOCK_SIZE}) {
    OSSL_PARAM* p = find_param(params, name);
    if (p != nullptr && !OSSL_PARAM_set_size_t(p, size)) return 0;
  }
  return 1;
}

const OSSL_PARAM kGettable[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, nullptr),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettable[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, nullptr, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0),
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

const OSSL_DISPATCH* cmac_functions() {
  return kFunctions;
}

}  // namespace aeskit_provider
