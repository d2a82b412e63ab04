// src/backend/simd/catalog.hpp — what the simd folder offers (family_catalog.hpp): vector-permute
// AES and its AEGIS kernels, and the simd GHASH, on every CPU with a simd::V128 (SSSE3 on x86,
// NEON on AArch64 and ARMv7, AltiVec on ppc64le). In every joined list they come after the
// CPU families' own instructions and before portable.
//
// CPU features: those of simd::V128 (checked by the backends' supported()).
#pragma once

#include "backend/family_catalog.hpp"
#include "backend/simd/ghash_simd.hpp"
#include "backend/simd/vperm.hpp"

namespace aeskit::detail::simd_catalog {

inline constexpr const AesBackend* kAes[] = {&kVpermBackend};
inline constexpr const GhashBackend* kGhash[] = {&kGhashSimdBackend};  // no multiplier needed
inline constexpr const AegisKernels* kAegis[] = {&kAegisVperm};

}  // namespace aeskit::detail::simd_catalog

namespace aeskit::detail {

inline constexpr FamilyCatalog kSimdCatalog{
    .aes = simd_catalog::kAes, .ghash = simd_catalog::kGhash, .aegis = simd_catalog::kAegis};

}  // namespace aeskit::detail
