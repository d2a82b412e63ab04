// src/backend/arm64/catalog.hpp — what the AArch64 family offers (family_catalog.hpp), fastest
// first in each list: AES on the Crypto Extensions (armv8ce, with its AEGIS kernels), GHASH,
// POLYVAL and fused GCM on PMULL (arm64/pmull), the SHA compressors and the CBC+SHA stitch
// (arm64/sha).
//
// CPU features: each entry's own (its supported() predicate, from AT_HWCAP).
#pragma once

#include "backend/arm64/armv8ce.hpp"
#include "backend/arm64/pmull/gcm_armv8ce_pmull.hpp"
#include "backend/arm64/pmull/ghash_pmull.hpp"
#include "backend/arm64/pmull/polyval_pmull.hpp"
#include "backend/arm64/sha/armv8sha.hpp"
#include "backend/arm64/sha/cbc_sha_stitch.hpp"
#include "backend/family_catalog.hpp"

namespace aeskit::detail::arm64_catalog {

inline constexpr const AesBackend* kAes[] = {&kArmv8ceBackend};
inline constexpr const GhashBackend* kGhash[] = {&kGhashPmullBackend};
inline constexpr const PolyvalKernel* kPolyval[] = {&kPolyvalPmull};
inline constexpr const GcmFusedKernels* kGcmFused[] = {&kGcmFusedArmv8cePmull};
inline constexpr const ShaCompressor* kSha[] = {&kShaArmv8Sha1, &kShaArmv8Sha256, &kShaArmv8Sha512};
inline constexpr const CbcShaStitch* kCbcShaStitch[] = {
    &kCbcShaStitchArmv8Wide,
    &kCbcShaStitchArmv8,  // the first the CPU supports wins
};
inline constexpr const AegisKernels* kAegis[] = {&kAegisArmv8ce};  // AESE/AESMC, 1 block/register

}  // namespace aeskit::detail::arm64_catalog

namespace aeskit::detail {

inline constexpr FamilyCatalog kArm64Catalog{
    .aes = arm64_catalog::kAes,
    .ghash = arm64_catalog::kGhash,
    .polyval = arm64_catalog::kPolyval,
    .gcm_fused = arm64_catalog::kGcmFused,
    .sha = arm64_catalog::kSha,
    .cbc_sha_stitch = arm64_catalog::kCbcShaStitch,
    .aegis = arm64_catalog::kAegis,
};

}  // namespace aeskit::detail
