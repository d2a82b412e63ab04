// tests/support/openssl_ref.hpp — OpenSSL EVP as the reference implementation for the
// differential tests. OpenSSL's aes-*-ctr is our Mode::ctr128; it has no ctr32.
// No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include <openssl/types.h>

#include "aeskit/modes.hpp"
#include "support/hex.hpp"

namespace aeskit_test {

// openssl_has_mode: false only for Mode::ctr32.
bool openssl_has_mode(aeskit::Mode mode);

// openssl_crypt runs one whole message through EVP (padding only for ECB/CBC).
// Returns nullopt when OpenSSL rejects it (e.g. bad padding on decryption).
std::optional<Bytes> openssl_crypt(aeskit::Mode mode, aeskit::Direction direction,
                                   std::span<const std::uint8_t> key,
                                   std::span<const std::uint8_t> iv,
                                   std::span<const std::uint8_t> in, bool pkcs7 = false);

// EvpBlock applies the raw block cipher (ECB, no padding) with one key, for harnesses that
// need many single-block calls.
class EvpBlock {
 public:
  EvpBlock(std::span<const std::uint8_t> key, aeskit::Direction direction);
  ~EvpBlock();
  EvpBlock(const EvpBlock&) = delete;
  EvpBlock& operator=(const EvpBlock&) = delete;
  void crypt(const std::uint8_t* in, std::uint8_t* out);

 private:
  EVP_CIPHER_CTX* ctx_;
};

}  // namespace aeskit_test
