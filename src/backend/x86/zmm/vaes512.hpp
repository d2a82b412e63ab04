// src/backend/x86/zmm/vaes512.hpp — the VAES backend on 512-bit registers (x86-64 with
// AVX-512 F/BW/DQ/VL, AES-NI, VAES and VPCLMULQDQ): four blocks per zmm register, eight
// registers interleaved.
#pragma once

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"

namespace aeskit::detail {
extern const AesBackend kVaes512Backend;
extern const GcmFusedKernels
    kGcmFusedVaes512Vpclmul512;           // fused AES-GCM with VPCLMULQDQ on zmm (gcm_vaes512.cpp)
extern const AegisKernels kAegisVaes512;  // AEGIS X4 on zmm (aegis_vaes512.cpp)
}  // namespace aeskit::detail
