// src/backend/arm64/armv8ce.hpp — the ARMv8 Crypto Extensions AES backend (AArch64:
// AESE/AESD/AESMC/AESIMC).
#pragma once

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"

namespace aeskit::detail {
extern const AesBackend kArmv8ceBackend;
extern const AegisKernels kAegisArmv8ce;  // AEGIS, one block per register (aegis_armv8ce.cpp)
}  // namespace aeskit::detail
