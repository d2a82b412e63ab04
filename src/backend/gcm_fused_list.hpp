// src/backend/gcm_fused_list.hpp — the fused AES-CTR + GHASH kernels compiled into this build,
// fastest first, for src/aead/gcm_fused.cpp to match against a key's backends.
//
// Like registry.cpp and ghash_registry.cpp, AESKIT_HAVE_X86 (set by CMakeLists.txt) decides
// which backend folders exist; the AEAD layer only sees this list and never names an
// instruction set. The kernels are defined in their backend folders:
//   vaes512/gcm_vaes512.cpp          VAES + VPCLMULQDQ on zmm, 16 blocks per iteration
//   vaes256/gcm_vaes256.cpp          VAES + VPCLMULQDQ on ymm, 16 blocks per iteration
//   aesni/gcm_aesni.cpp              AES-NI + PCLMULQDQ, 8 blocks per iteration
// (all three are one source, x86/gcm.hpp, at three widths).
#pragma once

#include "backend/gcm_fused_kernels.hpp"

namespace aeskit::detail {

#if defined(AESKIT_HAVE_X86)
extern const GcmFusedKernels kGcmFusedVaes512Vpclmul512;
extern const GcmFusedKernels kGcmFusedVaes256Vpclmul256;
extern const GcmFusedKernels kGcmFusedAesniPclmul;
#endif

// Fastest first; the trailing nullptr keeps the array non-empty on every CPU family.
inline constexpr const GcmFusedKernels* kGcmFusedList[] = {
#if defined(AESKIT_HAVE_X86)
    &kGcmFusedVaes512Vpclmul512,
    &kGcmFusedVaes256Vpclmul256,
    &kGcmFusedAesniPclmul,
#endif
    nullptr,
};

}  // namespace aeskit::detail
