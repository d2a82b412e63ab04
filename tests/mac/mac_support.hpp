// tests/mac/mac_support.hpp — reference implementations for the CMAC, EAX and SIV tests:
// libgcrypt (GCRY_MAC_CMAC_AES, GCRY_CIPHER_MODE_EAX, GCRY_CIPHER_MODE_SIV) and OpenSSL
// (EVP_MAC "CMAC", EVP "AES-*-SIV"). No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "support/hex.hpp"

namespace aeskit_test::macref {

// Full 16-byte CMAC.
Bytes gcrypt_cmac(const Bytes& key, const Bytes& msg);
Bytes openssl_cmac(const Bytes& key, const Bytes& msg);

// EAX seal: ciphertext || tag (tag_len bytes).
Bytes gcrypt_eax_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                      std::size_t tag_len);
// EAX open of ciphertext || tag: the plaintext, or nullopt when libgcrypt rejects it.
std::optional<Bytes> gcrypt_eax_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                     const Bytes& sealed, std::size_t tag_len);

// SIV seal over AD components (and, if `nonce` is set, the nonce as the last component):
// V || C (RFC 5297 §7).
Bytes gcrypt_siv_seal(const Bytes& key, const std::vector<Bytes>& ad,
                      const std::optional<Bytes>& nonce, const Bytes& pt);
std::optional<Bytes> gcrypt_siv_open(const Bytes& key, const std::vector<Bytes>& ad,
                                     const std::optional<Bytes>& nonce, const Bytes& sealed);
Bytes openssl_siv_seal(const Bytes& key, const std::vector<Bytes>& ad, const Bytes& pt);
std::optional<Bytes> openssl_siv_open(const Bytes& key, const std::vector<Bytes>& ad,
                                      const Bytes& sealed);

}  // namespace aeskit_test::macref
