// tools/aeskit/peers/openssl_util.hpp — helpers shared by the OpenSSL speed peers
// (peers/openssl.cpp for the block modes, peers/openssl_aead.cpp for GCM).
#pragma once

#include <openssl/err.h>
#include <openssl/evp.h>

#include <string>

namespace aeskit::cli::speed::openssl_util {

// failure names the call and drains OpenSSL's error queue into one message.
inline std::string failure(const char* call) {
  std::string text = std::string(call) + " failed";
  unsigned long code = 0;
  while ((code = ERR_get_error()) != 0) {
    char buffer[256];
    ERR_error_string_n(code, buffer, sizeof buffer);
    text += ": ";
    text += buffer;
  }
  return text;
}

struct CipherFree {
  void operator()(EVP_CIPHER* cipher) const { EVP_CIPHER_free(cipher); }
};
struct CtxFree {
  void operator()(EVP_CIPHER_CTX* ctx) const { EVP_CIPHER_CTX_free(ctx); }
};

}  // namespace aeskit::cli::speed::openssl_util
