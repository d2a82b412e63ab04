// tools/aeskit/peers/libgcrypt_util.hpp — helpers shared by the libgcrypt speed peers
// (peers/libgcrypt.cpp for the block modes, peers/libgcrypt_aead.cpp for GCM).
#pragma once

#include <gcrypt.h>

#include <cstddef>
#include <string>

namespace aeskit::cli::speed::gcrypt_util {

// failure names the call and libgcrypt's description of the error.
inline std::string failure(const char* call, gcry_error_t err) {
  return std::string(call) + " failed: " + gcry_strerror(err);
}

// algorithm_id: libgcrypt's cipher id for AES with a key of `key_bits`.
inline int algorithm_id(std::size_t key_bits) {
  if (key_bits == 128) return GCRY_CIPHER_AES128;
  if (key_bits == 192) return GCRY_CIPHER_AES192;
  return GCRY_CIPHER_AES256;
}

}  // namespace aeskit::cli::speed::gcrypt_util
