// dispatch.hpp — the provider-cipher(7) dispatch table that every aeskit cipher shares: one
// table shape, filled from a cipher's functions (CipherFns, typed as provider-cipher(7)
// declares them, so a function of the wrong signature does not compile), and the
// encrypt_init / decrypt_init entries made from one init(..., bool enc).
// References: provider-cipher(7), OpenSSL's core_dispatch.h.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include <cstddef>

#include "provider.hpp"

namespace aeskit_provider {

// One cipher's functions. get_params and gettable_params are the cipher's own and
// cipher_gettable_params (cipher_params.cpp) respectively.
struct CipherFns {
  OSSL_FUNC_cipher_newctx_fn* newctx;
  OSSL_FUNC_cipher_freectx_fn* freectx;
  OSSL_FUNC_cipher_dupctx_fn* dupctx;
  OSSL_FUNC_cipher_encrypt_init_fn* encrypt_init;
  OSSL_FUNC_cipher_decrypt_init_fn* decrypt_init;
  OSSL_FUNC_cipher_update_fn* update;
  OSSL_FUNC_cipher_final_fn* final;
  OSSL_FUNC_cipher_cipher_fn* cipher;
  OSSL_FUNC_cipher_get_params_fn* get_params;
  OSSL_FUNC_cipher_get_ctx_params_fn* get_ctx_params;
  OSSL_FUNC_cipher_set_ctx_params_fn* set_ctx_params;
  OSSL_FUNC_cipher_gettable_ctx_params_fn* gettable_ctx_params;
  OSSL_FUNC_cipher_settable_ctx_params_fn* settable_ctx_params;
};

// The generic function pointer OSSL_DISPATCH holds.
template <class F>
void (*as_dispatch(F* f))() {
  return reinterpret_cast<void (*)()>(f);
}

// cipher_dispatch<T>: the dispatch table of the cipher whose functions are T::kFns.
template <class T>
inline const OSSL_DISPATCH cipher_dispatch[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, as_dispatch(T::kFns.newctx)},
    {OSSL_FUNC_CIPHER_FREECTX, as_dispatch(T::kFns.freectx)},
    {OSSL_FUNC_CIPHER_DUPCTX, as_dispatch(T::kFns.dupctx)},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, as_dispatch(T::kFns.encrypt_init)},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, as_dispatch(T::kFns.decrypt_init)},
    {OSSL_FUNC_CIPHER_UPDATE, as_dispatch(T::kFns.update)},
    {OSSL_FUNC_CIPHER_FINAL, as_dispatch(T::kFns.final)},
    {OSSL_FUNC_CIPHER_CIPHER, as_dispatch(T::kFns.cipher)},
    {OSSL_FUNC_CIPHER_GET_PARAMS, as_dispatch(T::kFns.get_params)},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, as_dispatch(T::kFns.get_ctx_params)},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, as_dispatch(T::kFns.set_ctx_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, as_dispatch(&cipher_gettable_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, as_dispatch(T::kFns.gettable_ctx_params)},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, as_dispatch(T::kFns.settable_ctx_params)},
    {0, nullptr},
};

// by_bits<T>: the table of T<128>, T<192> or T<256> for `bits` (any other value: 256).
template <template <std::size_t> class T>
const OSSL_DISPATCH* by_bits(int bits) {
  return bits == 128   ? cipher_dispatch<T<128>>
         : bits == 192 ? cipher_dispatch<T<192>>
                       : cipher_dispatch<T<256>>;
}
// by_bits2<T>: the same for ciphers with 128- and 256-bit keys only.
template <template <std::size_t> class T>
const OSSL_DISPATCH* by_bits2(int bits) {
  return bits == 128 ? cipher_dispatch<T<128>> : cipher_dispatch<T<256>>;
}

// encrypt_init / decrypt_init entries from one init(ctx, key, keylen, iv, ivlen, params, enc).
using InitFn = int(void*, const unsigned char*, std::size_t, const unsigned char*, std::size_t,
                   const OSSL_PARAM[], bool);
template <InitFn* Init>
int encrypt_init(void* c, const unsigned char* k, std::size_t kl, const unsigned char* iv,
                 std::size_t il, const OSSL_PARAM p[]) {
  return Init(c, k, kl, iv, il, p, true);
}
template <InitFn* Init>
int decrypt_init(void* c, const unsigned char* k, std::size_t kl, const unsigned char* iv,
                 std::size_t il, const OSSL_PARAM p[]) {
  return Init(c, k, kl, iv, il, p, false);
}

}  // namespace aeskit_provider
