// src/backend/ppc64/catalog.hpp — what the ppc64le family offers (family_catalog.hpp), fastest
// first in each list: AES on the POWER8 vector crypto instructions, built for POWER9 and
// POWER8 (with their AEGIS kernels), GHASH, POLYVAL and fused GCM on vpmsumd (ppc64/vpmsum)
// and the SHA-256/SHA-512 compressor (ppc64/sha; SHA-1 stays portable).
//
// CPU features: each entry's own (its supported() predicate, from AT_HWCAP2).
#pragma once

#include "backend/family_catalog.hpp"
#include "backend/ppc64/power8.hpp"
#include "backend/ppc64/sha/power8sha.hpp"
#include "backend/ppc64/vpmsum/gcm_power8_vpmsum.hpp"
#include "backend/ppc64/vpmsum/ghash_vpmsum.hpp"
#include "backend/ppc64/vpmsum/polyval_vpmsum.hpp"

namespace aeskit::detail::ppc64_catalog {

inline constexpr const AesBackend* kAes[] = {
    &kPower9Backend,  // Power ISA 3.0 loads and stores
    &kPower8Backend,
};
inline constexpr const GhashBackend* kGhash[] = {&kGhashVpmsumBackend};
inline constexpr const PolyvalKernel* kPolyval[] = {&kPolyvalVpmsum};
inline constexpr const GcmFusedKernels* kGcmFused[] = {&kGcmFusedPower9Vpmsum,
                                                       &kGcmFusedPower8Vpmsum};
inline constexpr const ShaCompressor* kSha[] = {&kShaPower8};
inline constexpr const AegisKernels* kAegis[] = {&kAegisPower9, &kAegisPower8};

}  // namespace aeskit::detail::ppc64_catalog

namespace aeskit::detail {

inline constexpr FamilyCatalog kPpc64Catalog{
    .aes = ppc64_catalog::kAes,
    .ghash = ppc64_catalog::kGhash,
    .polyval = ppc64_catalog::kPolyval,
    .gcm_fused = ppc64_catalog::kGcmFused,
    .sha = ppc64_catalog::kSha,
    .aegis = ppc64_catalog::kAegis,
};

}  // namespace aeskit::detail
