// src/backend/ppc64/power8.hpp — the POWER8 in-core crypto AES backend (ppc64le: vcipher,
// vcipherlast, vncipher, vncipherlast).
#pragma once

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"

namespace aeskit::detail {
extern const AesBackend kPower8Backend;
extern const AesBackend kPower9Backend;  // the same kernels built for POWER9 (aes_power9.cpp)
extern const AegisKernels kAegisPower8;  // AEGIS on vcipher (aegis_power8.cpp)
extern const AegisKernels kAegisPower9;  // the same built for POWER9 (aegis_power9.cpp)
}  // namespace aeskit::detail
