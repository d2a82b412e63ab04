// src/backend/x86/xmm/aesni.hpp — the AES-NI backend (x86-64 with AES-NI and SSSE3).
#pragma once

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"

namespace aeskit::detail {
extern const AesBackend kAesniBackend;
extern const GcmFusedKernels kGcmFusedAesniPclmul;  // fused AES-GCM with PCLMULQDQ (gcm_aesni.cpp)
extern const AegisKernels kAegisAesni;              // AEGIS on xmm (aegis_aesni.cpp)
extern const AegisKernels kAegisAesniAvx512vl;      // AEGIS on xmm, EVEX (aegis_aesni_avx512vl.cpp)
}  // namespace aeskit::detail
