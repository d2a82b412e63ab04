// src/backend/simd/catalog.hpp — what the simd folder offers (select/catalog.hpp), on every CPU
// with a simd::V128 (SSSE3 on x86, NEON on AArch64 and ARMv7, AltiVec on ppc64le): in the
// joined lists after the CPU families' own instructions and before portable.
//
// CPU features: those of simd::V128 (checked by each entry's supported()).
#pragma once

#include <tuple>

#include "backend/simd/ghash_simd.hpp"
#include "backend/simd/vperm.hpp"

namespace aeskit::detail::simd_catalog {

inline constexpr std::tuple kOffers{
    &kVpermBackend,      // AES: vector-permute (byte shuffles)
    &kAegisVperm,        // AEGIS on the vector-permute round
    &kGhashSimdBackend,  // GHASH: no carry-less multiply needed
};

}  // namespace aeskit::detail::simd_catalog
