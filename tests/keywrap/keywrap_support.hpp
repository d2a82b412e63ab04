// tests/keywrap/keywrap_support.hpp — the key-wrap references: OpenSSL (id-aes*-wrap,
// id-aes*-wrap-pad) and libgcrypt (GCRY_CIPHER_MODE_AESWRAP, with GCRY_CIPHER_EXTENDED for
// KWP). No vectors here.
#pragma once

#include <optional>

#include "support/hex.hpp"

namespace aeskit_test::keywrap {

// Key-wrap references (default IVs). pad: KWP. nullopt when the library refuses.
// gcrypt_unwrap with pad returns the padded plaintext (wrapped.size() - 8 bytes).
std::optional<Bytes> openssl_wrap(const Bytes& kek, const Bytes& pt, bool pad);
std::optional<Bytes> openssl_unwrap(const Bytes& kek, const Bytes& wrapped, bool pad);
std::optional<Bytes> gcrypt_wrap(const Bytes& kek, const Bytes& pt, bool pad);
std::optional<Bytes> gcrypt_unwrap(const Bytes& kek, const Bytes& wrapped, bool pad);

}  // namespace aeskit_test::keywrap
