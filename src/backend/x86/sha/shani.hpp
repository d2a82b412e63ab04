// src/backend/x86/sha/shani.hpp — SHA-1 and SHA-256 compression on the x86 SHA extensions.
// CPU features: SHA, SSSE3, SSE4.1 (see x86/targets.hpp). Contract: src/backend/sha_backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aeskit/hash.hpp"
#include "backend/sha_backend.hpp"

namespace aeskit::detail {

void sha1_compress_shani(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;
void sha256_compress_shani(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;

extern const ShaCompressor kShaNi;

}  // namespace aeskit::detail
