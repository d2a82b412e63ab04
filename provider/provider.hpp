// provider.hpp — what the aeskit OpenSSL provider's files share: the provider context (with
// the proof counters of stats.hpp), the cipher dispatch tables, and small helpers.
// References: OpenSSL provider(7), provider-base(7), provider-cipher(7).
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include <cstddef>
#include <cstdint>

#include "stats.hpp"

namespace aeskit_provider {

// One per loaded instance of the provider (OSSL_provider_init's *provctx).
struct ProviderContext {
  const OSSL_CORE_HANDLE* handle = nullptr;
  // Bytes sealed, opened and authenticated per algorithm (stats::count), behind the
  // provider parameters aeskit-bytes-* and aeskit-stats and the AESKIT_PROVIDER_STATS file.
  stats::Table stats;
};

// Dispatch tables for 128-, 192- and 256-bit keys (block_cipher.cpp, gcm_cipher.cpp).
const OSSL_DISPATCH* ecb_functions(int bits);
const OSSL_DISPATCH* cbc_functions(int bits);
const OSSL_DISPATCH* ctr_functions(int bits);
const OSSL_DISPATCH* gcm_functions(int bits);

// What a cipher reports through get_params (cipher_params.cpp): EVP_CIPH_*_MODE, the AEAD
// and custom-IV flags (CTS, TLS multiblock and random key are always 0), the lengths in bytes.
struct CipherShape {
  unsigned int mode;
  bool aead;
  bool custom_iv;
  std::size_t keylen;
  std::size_t blocksize;
  std::size_t ivlen;
};
int cipher_get_params(OSSL_PARAM params[], const CipherShape& shape);
const OSSL_PARAM* cipher_gettable_params(void* provctx);

// Wipes secrets in a way the compiler keeps (OPENSSL_cleanse).
void wipe(void* p, std::size_t n) noexcept;

}  // namespace aeskit_provider
