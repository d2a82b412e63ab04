// src/backend/avx2sha512/avx2sha512.hpp — SHA-512 compression on x86-64 with the message
// schedule in AVX2 registers and the rounds in BMI2 scalar code (rorx).
// CPU features: AVX2, BMI2 (x86/targets.hpp: AESKIT_TARGET_STRING_AVX2SHA512).
// Contract: src/backend/sha_backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aeskit/hash.hpp"
#include "backend/sha_backend.hpp"

namespace aeskit::detail {

void sha512_compress_avx2(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;

extern const ShaCompressor kShaAvx2Sha512;

}  // namespace aeskit::detail
