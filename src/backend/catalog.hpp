// src/backend/catalog.hpp — which backends this build has, per kind, fastest first: the only
// place outside the backend folders that knows the list. CMakeLists.txt compiles the backend
// folders of the target's CPU family and defines AESKIT_HAVE_X86 / AESKIT_HAVE_VPERM /
// AESKIT_HAVE_ARMV8CE / AESKIT_HAVE_POWER8 for them;
// every #if on those macros outside the folders stands here.
//
// Each list ends with nullptr (so a list may be empty on a CPU family); registry.hpp reads it
// without the terminator. Adding a backend: declare its table in its folder's header and add
// its address to the lists it belongs to, in speed order. No CPU features of its own.
#pragma once

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/polyval_kernels.hpp"
#include "backend/portable/ghash_portable.hpp"
#include "backend/portable/portable.hpp"
#include "backend/registry.hpp"
#include "backend/sha_backend.hpp"
#include "backend/sha_stitch.hpp"
#if defined(AESKIT_HAVE_VPERM)
#include "backend/simd_ghash/ghash_simd.hpp"
#include "backend/vperm/vperm.hpp"
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
#include "backend/armv8ce/armv8ce.hpp"
#include "backend/armv8ce_pmull/gcm_armv8ce_pmull.hpp"
#include "backend/armv8ce_sha/cbc_sha_stitch.hpp"
#include "backend/armv8sha/armv8sha.hpp"
#include "backend/pmull/ghash_pmull.hpp"
#include "backend/pmull/polyval_pmull.hpp"
#endif
#if defined(AESKIT_HAVE_POWER8)
#include "backend/power8/power8.hpp"
#include "backend/power8_vpmsum/gcm_power8_vpmsum.hpp"
#include "backend/power8sha/power8sha.hpp"
#include "backend/vpmsum/ghash_vpmsum.hpp"
#include "backend/vpmsum/polyval_vpmsum.hpp"
#endif
#if defined(AESKIT_HAVE_X86)
#include "backend/aesni/aesni.hpp"
#include "backend/aesni_shani/cbc_sha_stitch.hpp"
#include "backend/clmul/ghash_clmul.hpp"
#include "backend/clmul/polyval_clmul.hpp"
#include "backend/sha512x86/sha512x86.hpp"
#include "backend/shani/shani.hpp"
#include "backend/vaes256/vaes256.hpp"
#include "backend/vaes512/vaes512.hpp"
#endif

namespace aeskit::detail {

// AES backends. best_backend() takes the first one the CPU supports; the portable backend
// supports every CPU and stays last, so the search always ends.
inline constexpr const AesBackend* kAesBackendList[] = {
#if defined(AESKIT_HAVE_X86)
    &kVaes512Backend,  &kVaes256Backend, &kAesniBackend,
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    &kArmv8ceBackend,  // AArch64 with the Crypto Extensions
#endif
#if defined(AESKIT_HAVE_POWER8)
    &kPower9Backend,  // the same on POWER9 (Power ISA 3.0 loads and stores)
    &kPower8Backend,  // ppc64le with the POWER8 vector crypto instructions
#endif
#if defined(AESKIT_HAVE_VPERM)
    &kVpermBackend,  // SSSE3 on x86, NEON on AArch64 and ARMv7, AltiVec on ppc64le
#endif
    &kPortableBackend, nullptr,
};

// GHASH backends; portable last, as for AES.
inline constexpr const GhashBackend* kGhashBackendList[] = {
#if defined(AESKIT_HAVE_X86)
    &kGhashVpclmul512Backend, &kGhashVpclmul256Backend,
    &kGhashPclmulBackend,
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    &kGhashPmullBackend,  // AArch64 PMULL
#endif
#if defined(AESKIT_HAVE_POWER8)
    &kGhashVpmsumBackend,  // POWER8+ vpmsumd
#endif
#if defined(AESKIT_HAVE_VPERM)
    &kGhashSimdBackend,  // the simd::V128 backends: no carry-less multiply needed
#endif
    &kGhashPortableBackend,   nullptr,
};

// Native POLYVAL kernels, each for one GHASH backend (PolyvalKernel::ghash). A GHASH backend
// without one runs POLYVAL through the RFC 8452 Appendix A mapping (src/aead/polyval.cpp).
inline constexpr const PolyvalKernel* kPolyvalKernelList[] = {
#if defined(AESKIT_HAVE_X86)
    &kPolyvalVpclmul512,
    &kPolyvalVpclmul256,
    &kPolyvalPclmul,
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    &kPolyvalPmull,
#endif
#if defined(AESKIT_HAVE_POWER8)
    &kPolyvalVpmsum,
#endif
    nullptr,
};

// Fused AES-CTR + GHASH kernels, each for one (AES, GHASH) backend pair (x86/gcm.hpp at three
// widths: vaes512/gcm_vaes512.cpp, vaes256/gcm_vaes256.cpp, aesni/gcm_aesni.cpp; AArch64:
// armv8ce_pmull/gcm_armv8ce_pmull.cpp; ppc64le: power8_vpmsum/gcm_power8_vpmsum.cpp, built for
// the power9 and the power8 backend).
inline constexpr const GcmFusedKernels* kGcmFusedList[] = {
#if defined(AESKIT_HAVE_X86)
    &kGcmFusedVaes512Vpclmul512,
    &kGcmFusedVaes256Vpclmul256,
    &kGcmFusedAesniPclmul,
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    &kGcmFusedArmv8cePmull,
#endif
#if defined(AESKIT_HAVE_POWER8)
    &kGcmFusedPower9Vpmsum,
    &kGcmFusedPower8Vpmsum,
#endif
    nullptr,
};

// SHA compressors (SHA-1/256/512 compression functions); portable last.
inline constexpr const ShaCompressor* kShaCompressorList[] = {
#if defined(AESKIT_HAVE_X86)
    &kShaNi,            // SHA-1/SHA-256
    &kShaAvx512Sha512,  // SHA-512
    &kShaAvx2Sha512,    // SHA-512
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    &kShaArmv8Sha1,    &kShaArmv8Sha256, &kShaArmv8Sha512,
#endif
#if defined(AESKIT_HAVE_POWER8)
    &kShaPower8,  // SHA-256/SHA-512 on vshasigma (SHA-1: portable)
#endif
    &kShaPortable,     nullptr,
};

// Stitched AES-CBC + SHA kernels, each reading the schedules of the AES backends it names.
inline constexpr const CbcShaStitch* kCbcShaStitchList[] = {
#if defined(AESKIT_HAVE_X86)
    &kCbcShaStitchAesniShani,
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    &kCbcShaStitchArmv8Wide,
    &kCbcShaStitchArmv8,  // the first the CPU supports wins
#endif
    nullptr,
};

// AEGIS kernel tables, widest first: a family/degree the key's backend's table lacks is taken
// from the next (narrower) table whose backend is usable, else from the portable kernels
// (backend/select/select.cpp: select_aegis_kernel).
inline constexpr const AegisKernels* kAegisKernelList[] = {
#if defined(AESKIT_HAVE_X86)
    &kAegisVaes512,
    &kAegisVaes256,
    &kAegisAesniAvx512vl,  // 128L/256 on xmm with VPTERNLOG, where AVX-512 is present
    &kAegisAesni,
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    &kAegisArmv8ce,  // AArch64 AESE/AESMC, one block per register
#endif
#if defined(AESKIT_HAVE_POWER8)
    &kAegisPower9,
    &kAegisPower8,  // vcipher (POWER9 build, then POWER8)
#endif
#if defined(AESKIT_HAVE_VPERM)
    &kAegisVperm,  // SSSE3 / NEON / AltiVec byte shuffles
#endif
    nullptr,
};

// The lists as registries (registry.hpp): what registries.cpp, select/select.cpp and the
// self-tests walk.
inline constexpr Registry<AesBackend> kAesBackends{kAesBackendList};
inline constexpr Registry<GhashBackend> kGhashBackends{kGhashBackendList};
inline constexpr Registry<PolyvalKernel> kPolyvalKernels{kPolyvalKernelList};
inline constexpr Registry<GcmFusedKernels> kGcmFusedKernels{kGcmFusedList};
inline constexpr Registry<ShaCompressor> kShaCompressors{kShaCompressorList};
inline constexpr Registry<CbcShaStitch> kCbcShaStitches{kCbcShaStitchList};
inline constexpr Registry<AegisKernels> kAegisKernelTables{kAegisKernelList};

}  // namespace aeskit::detail
