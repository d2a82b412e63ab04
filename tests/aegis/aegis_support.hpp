// tests/aegis/aegis_support.hpp — helpers of the AEGIS tests: the six variants by name, and
// seal/open through AeadKey with a chosen tag length and backend. No vectors here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "aeskit/aead.hpp"
#include "support/hex.hpp"

namespace aeskit_test::aegis {

inline constexpr std::string_view kVariants[] = {"AEGIS-128L", "AEGIS-128X2", "AEGIS-128X4",
                                                 "AEGIS-256",  "AEGIS-256X2", "AEGIS-256X4"};

const aeskit::AeadAlgorithm& algorithm(std::string_view name);

// make: a key (ASSERT-fails the calling test through the empty optional when it cannot).
std::optional<aeskit::AeadKey> make(std::string_view name, const Bytes& key, std::size_t tag_len,
                                    std::string_view backend = {});

// seal: ciphertext || tag.
Bytes seal(const aeskit::AeadKey& k, const Bytes& nonce, const Bytes& ad, const Bytes& pt);
// open: the plaintext, or nullopt when open fails (then the output was checked to be zero).
std::optional<Bytes> open(const aeskit::AeadKey& k, const Bytes& nonce, const Bytes& ad,
                          const Bytes& sealed);

}  // namespace aeskit_test::aegis
