// src/aead/siv_scheme.hpp — AES-SIV in the nonce-based AEAD form (RFC 5297 §3, §6: the AD
// string and the nonce as S2V's two components) as an AeadScheme with tag_first() (V || C).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aeskit/aead.hpp"

namespace aeskit::detail {

// make_siv_scheme: the factory algorithms.cpp lists for "AES-128-SIV" (32-byte key),
// "AES-192-SIV" (48) and "AES-256-SIV" (64); the tag is V (16 bytes).
Result<std::unique_ptr<AeadScheme>> make_siv_scheme(const AeadAlgorithm& algorithm,
                                                    std::span<const std::uint8_t> key,
                                                    std::size_t tag_length,
                                                    std::string_view aes_backend);

}  // namespace aeskit::detail
