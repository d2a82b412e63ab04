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

// make_cbc_hmac_scheme_for<mac, implicit_iv>: make_cbc_hmac_scheme with the AeadSchemeFactory
// signature, the factory of each CBC-HMAC descriptor in the table of algorithms.cpp.
template <HashAlgorithm kMac, bool kImplicitIv>
Result<std::unique_ptr<AeadScheme>> make_cbc_hmac_scheme_for(const AeadAlgorithm& algorithm,
                                                             std::span<const std::uint8_t> key,
                                                             std::size_t tag_length,
                                                             std::string_view aes_backend) {
  return make_cbc_hmac_scheme(algorithm, key, tag_length, aes_backend, kMac, kImplicitIv);
}

Result<std::unique_ptr<AeadScheme>> make_ctr_hmac_scheme(const AeadAlgorithm& algorithm,
                                                         std::span<const std::uint8_t> key,
                                                         std::size_t tag_length,
                                                         std::string_view aes_backend);

}  // namespace aeskit::detail
