// src/aead/aegis.hpp — the AEGIS family (draft-irtf-cfrg-aegis-aead) as an AeadScheme: the
// factory algorithms.cpp lists for "AEGIS-128L", "AEGIS-128X2", "AEGIS-128X4", "AEGIS-256",
// "AEGIS-256X2" and "AEGIS-256X4".
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aeskit/aead.hpp"

namespace aeskit::detail {

// is_aegis_256: AEGIS-256, -256X2 or -256X4 (256-bit nonces: random ones are safe).
bool is_aegis_256(const AeadAlgorithm& algorithm) noexcept;  // algorithms.cpp

// make_aegis_scheme: key and tag lengths were checked against the descriptor by AeadKey;
// `aes_backend` selects the kernels as an AES backend name would (empty: the best one).
Result<std::unique_ptr<AeadScheme>> make_aegis_scheme(const AeadAlgorithm& algorithm,
                                                      std::span<const std::uint8_t> key,
                                                      std::size_t tag_length,
                                                      std::string_view aes_backend);

}  // namespace aeskit::detail
