// src/backend/x86/sha/sha512x86.hpp — SHA-512 compression on x86-64 with the message schedule
// in ymm/xmm registers (two blocks per ymm step) interleaved with BMI2 scalar rounds
// (sha512_xmm.inc), in two forms:
//   avx512sha512  σ0/σ1 by AVX-512VL VPRORQ + VPTERNLOGQ; CPU features: AVX-512 F/VL, AVX2, BMI2
//   avx2sha512    σ0/σ1 by AVX2 shifts;                   CPU features: AVX2, BMI2
// (x86/targets.hpp). Contract: src/backend/sha_backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aeskit/hash.hpp"
#include "backend/sha_backend.hpp"

namespace aeskit::detail {

void sha512_compress_avx2(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;
void sha512_compress_avx512(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;

extern const ShaCompressor kShaAvx512Sha512;
extern const ShaCompressor kShaAvx2Sha512;

}  // namespace aeskit::detail
