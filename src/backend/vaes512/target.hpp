// src/backend/vaes512/target.hpp — the function attribute of the vaes512 backend's entry
// points, for their declarations (kernels.hpp); the definitions get the same string through
// x86/vec512.hpp (both from x86/targets.hpp).
//
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ. Enabled per function,
// not per file, so the library still loads on CPUs without them; kVaes512Backend.supported()
// keeps these functions from being called there. Every entry that uses zmm registers ends
// with VZEROUPPER (the compilers insert it; the GCM and GHASH entries also call it by hand).
// References: GCC and Clang documentation of __attribute__((target)).
#pragma once

#include "backend/x86/targets.hpp"

#define AESKIT_VAES512_TARGET __attribute__((target(AESKIT_TARGET_STRING_VAES512)))
