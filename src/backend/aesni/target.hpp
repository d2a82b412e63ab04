// src/backend/aesni/target.hpp — the function attributes every AES-NI backend function carries.
//
// CPU features: AES-NI, PCLMULQDQ and SSSE3 (SSE2 comes with x86-64), from x86/targets.hpp,
// the same string the 128-bit instantiations of the x86 kernels get (x86/vec128.hpp). They are
// enabled per function, not per file (no -maes), so the library still loads and runs on x86-64
// CPUs without them; the backend's supported() predicate keeps these functions from being
// called there (PCLMULQDQ runs only in the GCM/GHASH code, behind the pclmul GHASH backend's
// predicate). No AVX: the legacy SSE encodings are used, so no vzeroupper is ever needed.
// References: GCC and Clang documentation of __attribute__((target)).
#pragma once

#include "backend/x86/targets.hpp"

// For the backend's out-of-line functions (entry points and per-key-size kernels).
#define AESKIT_AESNI_TARGET __attribute__((target(AESKIT_TARGET_STRING_AESNI)))

// For the small helpers: forced inline so round keys and blocks stay in registers across them.
#define AESKIT_AESNI_INLINE \
  __attribute__((target(AESKIT_TARGET_STRING_AESNI), always_inline)) inline
