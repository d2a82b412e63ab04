// src/backend/x86/catalog.hpp — what the x86 family offers (family_catalog.hpp), fastest first
// in each list: the zmm, ymm and xmm instantiations (x86/zmm, x86/ymm, x86/xmm) with their
// GHASH and POLYVAL backends (x86/clmul), fused GCM at every width, the SHA compressors and
// the CBC+SHA stitch (x86/sha).
//
// CPU features: each entry's own (its supported() predicate; x86/supported.hpp).
#pragma once

#include "backend/family_catalog.hpp"
#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/clmul/polyval_clmul.hpp"
#include "backend/x86/sha/cbc_sha_stitch.hpp"
#include "backend/x86/sha/sha512x86.hpp"
#include "backend/x86/sha/shani.hpp"
#include "backend/x86/xmm/aesni.hpp"
#include "backend/x86/ymm/vaes256.hpp"
#include "backend/x86/zmm/vaes512.hpp"

namespace aeskit::detail::x86_catalog {

inline constexpr const AesBackend* kAes[] = {&kVaes512Backend, &kVaes256Backend, &kAesniBackend};
inline constexpr const GhashBackend* kGhash[] = {&kGhashVpclmul512Backend, &kGhashVpclmul256Backend,
                                                 &kGhashPclmulBackend};
inline constexpr const PolyvalKernel* kPolyval[] = {&kPolyvalVpclmul512, &kPolyvalVpclmul256,
                                                    &kPolyvalPclmul};
// x86/gcm.hpp at three widths: zmm/gcm_vaes512.cpp, ymm/gcm_vaes256.cpp, xmm/gcm_aesni.cpp.
inline constexpr const GcmFusedKernels* kGcmFused[] = {
    &kGcmFusedVaes512Vpclmul512, &kGcmFusedVaes256Vpclmul256, &kGcmFusedAesniPclmul};
inline constexpr const ShaCompressor* kSha[] = {
    &kShaNi,            // SHA-1/SHA-256
    &kShaAvx512Sha512,  // SHA-512
    &kShaAvx2Sha512,    // SHA-512
};
inline constexpr const CbcShaStitch* kCbcShaStitch[] = {&kCbcShaStitchAesniShani};
inline constexpr const AegisKernels* kAegis[] = {
    &kAegisVaes512,
    &kAegisVaes256,
    &kAegisAesniAvx512vl,  // 128L/256 on xmm with VPTERNLOG, where AVX-512 is present
    &kAegisAesni,
};

}  // namespace aeskit::detail::x86_catalog

namespace aeskit::detail {

inline constexpr FamilyCatalog kX86Catalog{
    .aes = x86_catalog::kAes,
    .ghash = x86_catalog::kGhash,
    .polyval = x86_catalog::kPolyval,
    .gcm_fused = x86_catalog::kGcmFused,
    .sha = x86_catalog::kSha,
    .cbc_sha_stitch = x86_catalog::kCbcShaStitch,
    .aegis = x86_catalog::kAegis,
};

}  // namespace aeskit::detail
