// provider.hpp — what the aeskit OpenSSL provider's files share: the provider context (with
// the proof counters of stats.hpp), the cipher dispatch tables, and small helpers.
// References: OpenSSL provider(7), provider-base(7), provider-cipher(7).
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "aeskit/aes.hpp"
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
// stream_cipher.cpp, xts_cipher.cpp (XTS: 128 or 256).
const OSSL_DISPATCH* cfb_functions(int bits);
const OSSL_DISPATCH* cfb8_functions(int bits);
const OSSL_DISPATCH* cfb1_functions(int bits);
const OSSL_DISPATCH* ofb_functions(int bits);
const OSSL_DISPATCH* xts_functions(int bits);
// ccm_cipher.cpp, siv_cipher.cpp, ocb_cipher.cpp.
const OSSL_DISPATCH* ccm_functions(int bits);
const OSSL_DISPATCH* siv_functions(int bits);
const OSSL_DISPATCH* ocb_functions(int bits);
// gcm_siv_cipher.cpp (128 or 256).
const OSSL_DISPATCH* gcm_siv_functions(int bits);
// AES-{128,256}-CBC-HMAC-SHA1 / -SHA256, the TLS stitched ciphers (cbc_hmac_cipher.cpp).
const OSSL_DISPATCH* cbc_hmac_sha1_functions(int bits);
const OSSL_DISPATCH* cbc_hmac_sha256_functions(int bits);

// MACs (OSSL_OP_MAC): CMAC over AES-CBC (mac_cmac.cpp), GMAC over AES-GCM (mac_gmac.cpp).
const OSSL_DISPATCH* cmac_functions();
const OSSL_DISPATCH* gmac_functions();

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

// The TLS step after a CBC record's decryption (tls_unpad.cpp): `*len` in, the payload's
// length out; the MAC (macsize bytes: the record's, or random when the padding is bad) to
// mac_out. False only for what is public: an unknown version, a record too short.
bool tls_unpad_record(unsigned int version, unsigned char* buf, std::size_t* len,
                      std::size_t macsize, unsigned char* mac_out);

// count_bytes: a cipher's or MAC's work in the proof counters (stats.hpp) under algorithm
// `stat`: `data` bytes sealed (enc) or opened, and `aad` bytes only authenticated.
inline void count_bytes(void* provctx, std::size_t stat, bool enc, std::size_t data,
                        std::size_t aad = 0) noexcept {
  if (data != 0) stats::count(provctx, stat, enc ? stats::Dir::seal : stats::Dir::open, data);
  if (aad != 0) stats::count(provctx, stat, stats::Dir::aad, aad);
}

// find_param: OSSL_PARAM_locate's result (the first element named `name`, or null; null
// `params` allowed) without a strcmp call per element: the names are compared inline, so a
// mismatch costs one byte compare. get/set_ctx_params run on every EVP call that reads or
// sets a parameter (EVP_CIPHER_CTX_get_iv_length, every init, libssl per record), and with
// OSSL_PARAM_locate looking up each of a cipher's names was most of their cost.
inline bool param_key_is(const char* key, const char* name) noexcept {
  while (*name != '\0' && *key == *name) {
    ++key;
    ++name;
  }
  return *key == *name;
}
template <class Param>
inline Param* find_param(Param* params, const char* name) noexcept {
  if (params == nullptr) return nullptr;
  for (; params->key != nullptr; ++params)
    if (param_key_is(params->key, name)) return params;
  return nullptr;
}

// Wipes secrets in a way the compiler keeps (OPENSSL_cleanse).
void wipe(void* p, std::size_t n) noexcept;

// xor16: out = a ^ b over 16 bytes as one vector (GCC/Clang vector extension: SSE2, NEON,
// VSX, z vector or scalar code, whatever the target has); any of the three may alias.
// One 16-byte store matters on the short paths: a block written byte by byte and then loaded
// whole by the AES kernel stalls store forwarding.
inline void xor16(unsigned char* out, const unsigned char* a, const unsigned char* b) noexcept {
  typedef unsigned char V __attribute__((vector_size(16)));
  V x;
  V y;
  std::memcpy(&x, a, 16);
  std::memcpy(&y, b, 16);
  x ^= y;
  std::memcpy(out, &x, 16);
}

// wipe_small: wipe() for a few bytes of a stack buffer without the library call (a memset
// the compiler must keep: the empty asm takes the pointer and clobbers memory).
inline void wipe_small(void* p, std::size_t n) noexcept {
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

// RawKey: the bytes a context's expanded key was made from, so that an init given the same
// key again (openssl speed -aead and many applications re-init every message with key and
// IV) keeps the expanded key instead of expanding it again; OpenSSL's default provider
// re-expands. Compared with CRYPTO_memcmp (constant time in the bytes); whether the key
// changed is public anyway (the expansion's time shows it). Wiped when the context is freed;
// copied with it (dupctx shares the expanded key as well).
struct RawKey {
  unsigned char bytes[64] = {};
  std::size_t len = 0;  // 0: no key yet
  bool matches(const unsigned char* key, std::size_t n) const noexcept;
  void set(const unsigned char* key, std::size_t n) noexcept;  // n <= 64
  void clear() noexcept;
  RawKey() = default;
  RawKey(const RawKey&) = default;
  RawKey& operator=(const RawKey&) = default;
  ~RawKey() { clear(); }
};

// keep_or_make_key: `key` stays if it was made from these very bytes (`raw`), else it is made
// from them (AesKey::create) and `raw` records them. False only if the key cannot be made; no
// exception leaves it. The previous key is wiped when its last holder lets go.
bool keep_or_make_key(std::shared_ptr<const aeskit::AesKey>& key, RawKey& raw,
                      const unsigned char* bytes, std::size_t n) noexcept;

}  // namespace aeskit_provider
