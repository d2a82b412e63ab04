// src/backend/x86/catalog.hpp — what the x86 family offers (select/catalog.hpp), fastest first
// within each kind: the zmm, ymm and xmm instantiations (x86/zmm, ymm, xmm) with their AEGIS
// tables, GHASH and POLYVAL backends (x86/clmul) and fused GCM (x86/gcm.hpp at three widths),
// the SHA compressors and the CBC+SHA stitch (x86/sha).
//
// CPU features: each entry's own (its supported() predicate; x86/supported.hpp).
#pragma once

#include <tuple>

#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/clmul/polyval_clmul.hpp"
#include "backend/x86/sha/cbc_sha_stitch.hpp"
#include "backend/x86/sha/sha512x86.hpp"
#include "backend/x86/sha/shani.hpp"
#include "backend/x86/xmm/aesni.hpp"
#include "backend/x86/ymm/vaes256.hpp"
#include "backend/x86/zmm/vaes512.hpp"

namespace aeskit::detail::x86_catalog {

inline constexpr std::tuple kOffers{
    // zmm
    &kVaes512Backend,
    &kAegisVaes512,
    &kGhashVpclmul512Backend,
    &kPolyvalVpclmul512,
    &kGcmFusedVaes512Vpclmul512,
    // ymm
    &kVaes256Backend,
    &kAegisVaes256,
    &kGhashVpclmul256Backend,
    &kPolyvalVpclmul256,
    &kGcmFusedVaes256Vpclmul256,
    // xmm; AEGIS-128L/256 with VPTERNLOG first, where AVX-512 is present
    &kAesniBackend,
    &kAegisAesniAvx512vl,
    &kAegisAesni,
    &kGhashPclmulBackend,
    &kPolyvalPclmul,
    &kGcmFusedAesniPclmul,
    // SHA: SHA-1/SHA-256 on SHA-NI, SHA-512 on AVX-512 then AVX2; CBC + SHA-NI stitched
    &kShaNi,
    &kShaAvx512Sha512,
    &kShaAvx2Sha512,
    &kCbcShaStitchAesniShani,
};

}  // namespace aeskit::detail::x86_catalog
