// src/backend/vaes/targets.hpp — the target strings of the two VAES widths, written once:
// every function of a width (its kernels' declarations in vaes256/kernels.hpp and
// vaes512/kernels.hpp, and the definitions compiled through vec256.hpp / vec512.hpp) carries
// exactly this string. GCC treats declarations of one C++ function with different target
// attributes as separate versions, so the strings must not drift apart.
//
// CPU features: 256: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only: no AVX-512, so the
// code runs on AVX2-only CPUs). 512: the same plus AVX-512 F/BW/DQ/VL (cpu::Feature::avx512).
// References: GCC/Clang documentation of __attribute__((target)).
#pragma once

#define AESKIT_TARGET_STRING_VAES256 "avx2,aes,vaes,pclmul,vpclmulqdq"
#define AESKIT_TARGET_STRING_VAES512 "avx512f,avx512bw,avx512dq,avx512vl,aes,vaes,pclmul,vpclmulqdq"
