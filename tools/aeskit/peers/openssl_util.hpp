// tools/aeskit/peers/openssl_util.hpp — what the OpenSSL speed peer's files share: error
// messages, owning pointers, and the runner factories that peers/openssl.cpp maps the item
// families to (cipher modes there; AEADs in openssl_aead.cpp; hashes and MACs in
// openssl_hash.cpp; TLS AEADs in openssl_tls.cpp).
#pragma once

#include <openssl/err.h>
#include <openssl/evp.h>

#include <memory>
#include <string>

#include "speed/impl.hpp"

namespace aeskit::cli::speed {

namespace openssl_util {

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

// Owned<T, Free>: an OpenSSL object freed with its Free function (EVP_CIPHER_free, ...).
template <auto Free>
struct Deleter {
  template <class T>
  void operator()(T* object) const {
    Free(object);
  }
};
template <class T, auto Free>
using Owned = std::unique_ptr<T, Deleter<Free>>;

using Cipher = Owned<EVP_CIPHER, EVP_CIPHER_free>;
using CipherCtx = Owned<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>;

}  // namespace openssl_util

std::unique_ptr<Runner> make_openssl_aead_runner(const Item& item, const Material& material,
                                                 std::string& error);
std::unique_ptr<Runner> make_openssl_hash_runner(const Item& item, const Material& material,
                                                 std::string& error);
std::unique_ptr<Runner> make_openssl_mac_runner(const Item& item, const Material& material,
                                                std::string& error);
std::unique_ptr<Runner> make_openssl_tls_runner(const Item& item, const Material& material,
                                                std::string& error);

}  // namespace aeskit::cli::speed
