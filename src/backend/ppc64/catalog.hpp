// src/backend/ppc64/catalog.hpp — what the ppc64le family offers (select/catalog.hpp), fastest
// first within each kind: AES on the POWER8 vector crypto instructions, built for POWER9 (ISA
// 3.0 loads and stores) and POWER8, with their AEGIS kernels and fused GCM; GHASH and POLYVAL
// on vpmsumd (ppc64/vpmsum); the SHA-256/SHA-512 compressor (ppc64/sha; SHA-1 stays portable).
//
// CPU features: each entry's own (its supported() predicate, from AT_HWCAP2).
#pragma once

#include <tuple>

#include "backend/ppc64/power8.hpp"
#include "backend/ppc64/sha/power8sha.hpp"
#include "backend/ppc64/vpmsum/gcm_power8_vpmsum.hpp"
#include "backend/ppc64/vpmsum/ghash_vpmsum.hpp"
#include "backend/ppc64/vpmsum/polyval_vpmsum.hpp"

namespace aeskit::detail::ppc64_catalog {

inline constexpr std::tuple kOffers{
    &kPower9Backend,      &kAegisPower9,   &kGcmFusedPower9Vpmsum,  // POWER9
    &kPower8Backend,      &kAegisPower8,   &kGcmFusedPower8Vpmsum,  // POWER8
    &kGhashVpmsumBackend, &kPolyvalVpmsum, &kShaPower8,
};

}  // namespace aeskit::detail::ppc64_catalog
