// src/backend/x86/targets.hpp — every x86 function attribute, written once: the target strings
// of the three AES widths and of the GHASH, SHA-NI and CBC+SHA stitch code, and the
// AESKIT_*_TARGET (out-of-line functions) / AESKIT_*_INLINE (forced-inline helpers, so keys and
// blocks stay in registers across them) macros built from them. Every function of a width
// (its entry points' declarations in x86/xmm/kernels.hpp, x86/ymm/kernels.hpp,
// x86/zmm/kernels.hpp, and the definitions compiled through vec128.hpp / vec256.hpp /
// vec512.hpp) carries exactly its string: GCC treats declarations of one C++ function with
// different target attributes as separate versions, so the strings must not drift apart.
//
// The features are enabled per function, never per file (no -maes, -mavx2, ...), so the library
// loads and runs on every x86-64 CPU; each backend's supported() predicate (x86/supported.hpp)
// keeps its functions from being called where the CPU lacks them.
//
// CPU features:
//   AESNI   AES-NI, PCLMULQDQ, SSSE3 — legacy SSE encodings (no AVX), so no VZEROUPPER is
//           ever needed; only the fused GCM and GHASH code executes PCLMULQDQ, behind the
//           pclmul GHASH backend's predicate.
//   VAES256 AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only: no AVX-512, so the code runs
//           on AVX2-only CPUs). The compilers emit VZEROUPPER on return from functions that
//           use ymm; the GCM and GHASH entries also call it by hand (Vec::finish).
//   VAES512 the same plus AVX-512 F/BW/DQ/VL (cpu::Feature::avx512); VZEROUPPER as above.
//   PCLMUL  PCLMULQDQ + SSSE3 (x86/clmul/gf128_clmul.hpp: the GHASH/POLYVAL set-up).
//   SHANI   the SHA extensions (SHA1RNDS4, SHA1NEXTE, SHA1MSG1/2, SHA256RNDS2, SHA256MSG1/2),
//           SSSE3 (PSHUFB) and SSE4.1 (PBLENDW); legacy SSE encodings.
//   STITCH  AES-NI with the SHANI set (x86/sha/cbc_sha_stitch.cpp).
//   AVX2SHA512 AVX2 and BMI2 (x86/sha/sha512x86.cpp: SHA-512 schedule on xmm, RORX rounds; VEX
//   only). AVX512SHA512 the same plus AVX-512 F/VL (VPRORQ, VPTERNLOGQ on xmm; EVEX).
//   AESNI_AVX512VL AES-NI with AVX-512 F/BW/DQ/VL, no VAES (x86/xmm/aegis_aesni_avx512vl.cpp:
//          VPTERNLOGQ on xmm beside VEX AESENC).
// References: GCC and Clang documentation of __attribute__((target)); Intel, "Intel SHA
// Extensions" (Gulley et al., 2013).
#pragma once

#define AESKIT_TARGET_STRING_AESNI "aes,pclmul,ssse3"
#define AESKIT_TARGET_STRING_VAES256 "avx2,aes,vaes,pclmul,vpclmulqdq"
#define AESKIT_TARGET_STRING_VAES512 "avx512f,avx512bw,avx512dq,avx512vl,aes,vaes,pclmul,vpclmulqdq"
#define AESKIT_TARGET_STRING_PCLMUL "pclmul,ssse3"
#define AESKIT_TARGET_STRING_SHANI "sha,sse4.1,ssse3"
#define AESKIT_TARGET_STRING_STITCH "aes,sha,sse4.1,ssse3"
#define AESKIT_TARGET_STRING_AVX2SHA512 "avx2,bmi2"
#define AESKIT_TARGET_STRING_AVX512SHA512 "avx512f,avx512vl,avx2,bmi2"
#define AESKIT_TARGET_STRING_AESNI_AVX512VL "avx512f,avx512bw,avx512dq,avx512vl,aes,ssse3"

#define AESKIT_X86_TARGET(STRING) __attribute__((target(STRING)))
#define AESKIT_X86_INLINE(STRING) __attribute__((target(STRING), always_inline)) inline

#define AESKIT_AESNI_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_AESNI)
#define AESKIT_AESNI_INLINE AESKIT_X86_INLINE(AESKIT_TARGET_STRING_AESNI)
#define AESKIT_VAES256_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_VAES256)
#define AESKIT_VAES512_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_VAES512)
#define AESKIT_PCLMUL_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_PCLMUL)
#define AESKIT_PCLMUL_INLINE AESKIT_X86_INLINE(AESKIT_TARGET_STRING_PCLMUL)
#define AESKIT_SHANI_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_SHANI)
#define AESKIT_SHANI_INLINE AESKIT_X86_INLINE(AESKIT_TARGET_STRING_SHANI)
#define AESKIT_STITCH_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_STITCH)
#define AESKIT_STITCH_INLINE AESKIT_X86_INLINE(AESKIT_TARGET_STRING_STITCH)
#define AESKIT_AVX2SHA512_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_AVX2SHA512)
#define AESKIT_AVX2SHA512_INLINE AESKIT_X86_INLINE(AESKIT_TARGET_STRING_AVX2SHA512)
#define AESKIT_AVX512SHA512_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_AVX512SHA512)
#define AESKIT_AVX512SHA512_INLINE AESKIT_X86_INLINE(AESKIT_TARGET_STRING_AVX512SHA512)
