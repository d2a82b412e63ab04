// src/backend/x86/targets.hpp — the target strings of the three x86 AES widths, written once:
// every function of a width (its entry points' declarations in aesni/kernels.hpp,
// vaes256/kernels.hpp, vaes512/kernels.hpp, and the definitions compiled through vec128.hpp /
// vec256.hpp / vec512.hpp) carries exactly this string. GCC treats declarations of one C++
// function with different target attributes as separate versions, so the strings must not
// drift apart.
//
// CPU features: 128: AES-NI, PCLMULQDQ, SSSE3 — legacy SSE encodings (no AVX), so no
// VZEROUPPER is ever needed; only the fused GCM and GHASH code executes PCLMULQDQ, behind the
// pclmul GHASH backend's predicate. 256: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only:
// no AVX-512, so the code runs on AVX2-only CPUs). 512: the same plus AVX-512 F/BW/DQ/VL
// (cpu::Feature::avx512).
// References: GCC/Clang documentation of __attribute__((target)).
#pragma once

#define AESKIT_TARGET_STRING_AESNI "aes,pclmul,ssse3"
#define AESKIT_TARGET_STRING_VAES256 "avx2,aes,vaes,pclmul,vpclmulqdq"
#define AESKIT_TARGET_STRING_VAES512 "avx512f,avx512bw,avx512dq,avx512vl,aes,vaes,pclmul,vpclmulqdq"
