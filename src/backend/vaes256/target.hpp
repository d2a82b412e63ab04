// src/backend/vaes256/target.hpp — the function attribute of the vaes256 backend's entry
// points, for their declarations (kernels.hpp); the definitions get the same string through
// x86/vec256.hpp (both from x86/targets.hpp).
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ — VEX only. Enabled per function,
// not per file, so the library still loads on CPUs without them; kVaes256Backend.supported()
// keeps these functions from being called there. GCC and Clang emit VZEROUPPER on return
// from functions that use ymm registers; the GCM and GHASH entries also call it by hand
// (Vec::finish) after their last wide instruction.
// References: GCC and Clang documentation of __attribute__((target)).
#pragma once

#include "backend/x86/targets.hpp"

#define AESKIT_VAES256_TARGET __attribute__((target(AESKIT_TARGET_STRING_VAES256)))
