// src/backend/x86/sha/sha512_avx2.cpp — SHA-512 compression with the message schedule on ymm
// by AVX2 shifts and the rounds in BMI2 scalar code: sha512_xmm.inc (which explains the method).
// CPU features: AVX2, BMI2 (x86/targets.hpp: AESKIT_TARGET_STRING_AVX2SHA512).
// References: FIPS 180-4 §4.1.3, §6.4.2.
#include "backend/x86/targets.hpp"

#define SHA512X_INLINE AESKIT_AVX2SHA512_INLINE
#define SHA512X_TARGET AESKIT_AVX2SHA512_TARGET
#define SHA512X_AVX512 0
#define SHA512X_ENTRY sha512_compress_avx2

#include "backend/x86/sha/sha512_xmm.inc"
