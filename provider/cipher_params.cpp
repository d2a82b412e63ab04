// cipher_params.cpp — the cipher-level parameters every aeskit cipher reports to OpenSSL
// (OSSL_FUNC_CIPHER_GET_PARAMS / GETTABLE_PARAMS: mode, key, IV and block length, and the
// AEAD / custom-IV / CTS / TLS multiblock / random-key flags), shared by block_cipher.cpp and
// gcm_cipher.cpp. Reference: provider-cipher(7), "Cipher Parameters".
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "provider.hpp"

namespace aeskit_provider {

namespace {

const OSSL_PARAM kGettable[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, nullptr),
    OSSL_PARAM_END,
};

}  // namespace

const OSSL_PARAM* cipher_gettable_params(void*) {
  return kGettable;
}

int cipher_get_params(OSSL_PARAM params[], const CipherShape& shape) {
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_MODE);
  if (p != nullptr && !OSSL_PARAM_set_uint(p, shape.mode)) return 0;
  const struct {
    const char* name;
    int value;
  } flags[] = {{OSSL_CIPHER_PARAM_AEAD, shape.aead ? 1 : 0},
               {OSSL_CIPHER_PARAM_CUSTOM_IV, shape.custom_iv ? 1 : 0},
               {OSSL_CIPHER_PARAM_CTS, 0},
               {OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0},
               {OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0}};
  for (const auto& f : flags) {
    p = find_param(params, f.name);
    if (p != nullptr && !OSSL_PARAM_set_int(p, f.value)) return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, shape.keylen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_BLOCK_SIZE);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, shape.blocksize)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_IVLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, shape.ivlen)) return 0;
  return 1;
}

}  // namespace aeskit_provider
