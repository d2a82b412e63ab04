// src/backend/x86/ymm/vaes256.hpp — the VAES backend on 256-bit registers (x86-64 with AVX2,
// AES-NI and VAES): two blocks per ymm register, several registers interleaved.
#pragma once

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"

namespace aeskit::detail {
extern const AesBackend kVaes256Backend;
extern const GcmFusedKernels
    kGcmFusedVaes256Vpclmul256;           // fused AES-GCM with VPCLMULQDQ on ymm (gcm_vaes256.cpp)
extern const AegisKernels kAegisVaes256;  // AEGIS X2/X4 on ymm (aegis_vaes256.cpp)
}  // namespace aeskit::detail
