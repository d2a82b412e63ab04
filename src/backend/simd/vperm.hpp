// src/backend/simd/vperm.hpp — the vector-permute backend (SSSE3 on x86, NEON on AArch64).
#pragma once

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"

namespace aeskit::detail {
extern const AesBackend kVpermBackend;
extern const AegisKernels kAegisVperm;  // AEGIS on the vector-permute round (aegis_vperm.cpp)
}  // namespace aeskit::detail
