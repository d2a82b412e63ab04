// tests/aead_ccm_support.hpp — helpers for the AES-CCM and key-wrap tests: the CCM algorithm per
// key size, and the references: OpenSSL (EVP aes-*-ccm, id-aes*-wrap, id-aes*-wrap-pad) and
// libgcrypt (GCRY_CIPHER_MODE_CCM, GCRY_CIPHER_MODE_AESWRAP, with GCRY_CIPHER_EXTENDED for
// KWP). No vectors here.
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

// Key-wrap references (default IVs). pad: KWP. nullopt when the library refuses.
// gcrypt_unwrap with pad returns the padded plaintext (wrapped.size() - 8 bytes).
std::optional<Bytes> openssl_wrap(const Bytes& kek, const Bytes& pt, bool pad);
std::optional<Bytes> openssl_unwrap(const Bytes& kek, const Bytes& wrapped, bool pad);
std::optional<Bytes> gcrypt_wrap(const Bytes& kek, const Bytes& pt, bool pad);
std::optional<Bytes> gcrypt_unwrap(const Bytes& kek, const Bytes& wrapped, bool pad);

}  // namespace aeskit_test::ccm
