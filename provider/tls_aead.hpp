// tls_aead.hpp — what the TLS 1.2 AEAD record paths of the aeskit provider share (AES-GCM,
// RFC 5288, in gcm_tls.cpp; AES-CCM, RFC 6655, in ccm_cipher.cpp), as OpenSSL's default
// provider offers them to libssl: the 13-byte tls1-aad whose length field is rewritten to the
// plaintext length, and one record sealed or opened in place, explicit nonce || payload ||
// tag, the tag checked before any plaintext is released. No CPU feature of its own.
// References: EVP_EncryptInit(3) (EVP_CTRL_AEAD_TLS1_AAD), provider-cipher(7), RFC 5246 6.2.3.3.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aeskit/aead.hpp"

namespace aeskit_provider::tls_aead {

inline constexpr std::size_t kAadLen = 13;
inline constexpr std::size_t kFixedIvLen = 4;
inline constexpr std::size_t kExplicitIvLen = 8;

// tls1-aad: copies the `len`-byte AAD into `buf` (at least 13 bytes) and rewrites its length
// field from the record's to the plaintext's (less the explicit nonce and, when decrypting,
// the tag). False for a length other than 13 or a record too short; `buf` then holds the
// AAD as given, as OpenSSL leaves it.
bool set_aad(unsigned char* buf, const unsigned char* aad, std::size_t len, bool enc,
             std::size_t taglen);

// Seals (enc) or opens the record `rec` of `len` bytes in place: explicit nonce (left as it
// is) || payload || `taglen`-byte tag, under `nonce` and `aad`. `len` must be at least
// kExplicitIvLen + taglen. *written: the record length (seal) or the payload length (open).
// A failed open zeroes the payload.
bool seal_or_open(const aeskit::AeadKey& key, bool enc, std::span<const std::uint8_t> nonce,
                  std::span<const std::uint8_t> aad, unsigned char* rec, std::size_t len,
                  std::size_t taglen, std::size_t* written);

}  // namespace aeskit_provider::tls_aead
