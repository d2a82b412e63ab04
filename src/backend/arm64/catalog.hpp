// src/backend/arm64/catalog.hpp — what the AArch64 family offers (select/catalog.hpp), fastest
// first within each kind: AES on the Crypto Extensions (armv8ce) with its AEGIS kernels,
// GHASH, POLYVAL and fused GCM on PMULL (arm64/pmull), the SHA compressors and the CBC+SHA
// stitch (arm64/sha).
//
// CPU features: each entry's own (its supported() predicate, from AT_HWCAP).
#pragma once

#include <tuple>

#include "backend/arm64/armv8ce.hpp"
#include "backend/arm64/pmull/gcm_armv8ce_pmull.hpp"
#include "backend/arm64/pmull/ghash_pmull.hpp"
#include "backend/arm64/pmull/polyval_pmull.hpp"
#include "backend/arm64/sha/armv8sha.hpp"
#include "backend/arm64/sha/cbc_sha_stitch.hpp"

namespace aeskit::detail::arm64_catalog {

inline constexpr std::tuple kOffers{
    &kArmv8ceBackend,        &kAegisArmv8ce,  // AESE/AESMC, 1 block a register
    &kGhashPmullBackend,     &kPolyvalPmull,      &kGcmFusedArmv8cePmull,  // PMULL
    &kShaArmv8Sha1,          &kShaArmv8Sha256,    &kShaArmv8Sha512,
    &kCbcShaStitchArmv8Wide, &kCbcShaStitchArmv8,  // the first the CPU supports wins
};

}  // namespace aeskit::detail::arm64_catalog
