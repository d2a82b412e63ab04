// src/aead/cbc_hmac.hpp — the TLS AEADs over HMAC as AeadSchemes: AES-CBC-HMAC with
// BoringSSL's TLS record semantics (cbc_hmac.cpp) and AES-CTR-HMAC-SHA256 (ctr_hmac.cpp).
// The factories algorithms.cpp lists for "AES-128-CBC-SHA1", ..., "AES-128-CTR-HMAC-SHA256".
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aeskit/aead.hpp"
#include "aeskit/hash.hpp"

namespace aeskit::detail {

// The TLS AD: seq_num (8) || type (1) || version (2); the scheme appends the length (2).
inline constexpr std::size_t kTlsAdLength = 11;

// make_cbc_hmac_scheme: `mac` is the HMAC hash (sha1 or sha256); `implicit_iv` the TLS 1.0
// form whose key ends with the first record's IV.
Result<std::unique_ptr<AeadScheme>> make_cbc_hmac_scheme(const AeadAlgorithm& algorithm,
                                                         std::span<const std::uint8_t> key,
                                                         std::size_t tag_length,
                                                         std::string_view aes_backend,
                                                         HashAlgorithm mac, bool implicit_iv);

// The factories of the algorithm table (the AeadSchemeFactory signature).
Result<std::unique_ptr<AeadScheme>> make_cbc_sha1_tls_scheme(const AeadAlgorithm&,
                                                             std::span<const std::uint8_t>,
                                                             std::size_t, std::string_view);
Result<std::unique_ptr<AeadScheme>> make_cbc_sha1_tls_implicit_scheme(const AeadAlgorithm&,
                                                                      std::span<const std::uint8_t>,
                                                                      std::size_t,
                                                                      std::string_view);
Result<std::unique_ptr<AeadScheme>> make_cbc_sha256_tls_scheme(const AeadAlgorithm&,
                                                               std::span<const std::uint8_t>,
                                                               std::size_t, std::string_view);
Result<std::unique_ptr<AeadScheme>> make_cbc_sha256_tls_implicit_scheme(
    const AeadAlgorithm&, std::span<const std::uint8_t>, std::size_t, std::string_view);

Result<std::unique_ptr<AeadScheme>> make_ctr_hmac_scheme(const AeadAlgorithm& algorithm,
                                                         std::span<const std::uint8_t> key,
                                                         std::size_t tag_length,
                                                         std::string_view aes_backend);

}  // namespace aeskit::detail
