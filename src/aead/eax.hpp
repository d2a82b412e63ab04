// src/aead/eax.hpp — AES-EAX (Bellare, Rogaway, Wagner, "The EAX Mode of Operation", FSE
// 2004) as an AeadScheme: the factory algorithms.cpp lists for "AES-128-EAX",
// "AES-192-EAX" and "AES-256-EAX".
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aeskit/aead.hpp"

namespace aeskit::detail {

// make_eax_scheme: key and tag lengths were checked against the descriptor by AeadKey.
Result<std::unique_ptr<AeadScheme>> make_eax_scheme(const AeadAlgorithm& algorithm,
                                                    std::span<const std::uint8_t> key,
                                                    std::size_t tag_length,
                                                    std::string_view aes_backend);

}  // namespace aeskit::detail
