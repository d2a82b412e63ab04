// tests/ccm/aead_ccm_support.hpp — helpers for the AES-CCM tests: the CCM algorithm per key
// size, and the references OpenSSL (EVP aes-*-ccm) and libgcrypt (GCRY_CIPHER_MODE_CCM).
// No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "aeskit/aeskit.hpp"
#include "support/hex.hpp"

namespace aeskit_test::ccm {

const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len);

// CCM references: seal returns ciphertext || tag; open the plaintext or nullopt (rejected).
Bytes openssl_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                   std::size_t tag_len);
std::optional<Bytes> openssl_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                  const Bytes& ct_and_tag, std::size_t tag_len);
Bytes gcrypt_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                  std::size_t tag_len);
std::optional<Bytes> gcrypt_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                 const Bytes& ct_and_tag, std::size_t tag_len);

}  // namespace aeskit_test::ccm
