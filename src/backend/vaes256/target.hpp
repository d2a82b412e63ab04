// src/backend/vaes256/target.hpp — the function attributes every vaes256 backend function carries.
//
// CPU features: AVX2, AES-NI, VAES (VEX-encoded VAESENC on ymm), and PCLMULQDQ/VPCLMULQDQ for
// the kernels that multiply in GF(2^128) (XTS tweaks, fused GCM). Enabled per function, not per
// file, so the library still loads on CPUs without them; kVaes256Backend.supported() keeps these
// functions from being called there. GCC and Clang emit vzeroupper on return from functions
// that touch ymm registers, so following SSE code pays no transition penalty.
// References: GCC and Clang documentation of __attribute__((target)).
#pragma once

#define AESKIT_VAES256_TARGET __attribute__((target("avx2,aes,vaes,pclmul,vpclmulqdq")))
#define AESKIT_VAES256_INLINE \
  __attribute__((target("avx2,aes,vaes,pclmul,vpclmulqdq"), always_inline)) inline
