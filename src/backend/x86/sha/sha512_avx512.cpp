// src/backend/x86/sha/sha512_avx512.cpp — SHA-512 compression with the message schedule on
// ymm/xmm by AVX-512VL rotates and three-way XORs (VPRORQ, VPTERNLOGQ: half the vector operations
// of the AVX2 form, and fewer registers) and the rounds in BMI2 scalar code: sha512_xmm.inc. CPU
// features: AVX-512 F/VL, AVX2, BMI2 (x86/targets.hpp: AESKIT_TARGET_STRING_AVX512SHA512).
// References: FIPS 180-4 §4.1.3, §6.4.2.
#include "backend/x86/targets.hpp"

#define SHA512X_INLINE AESKIT_AVX512SHA512_INLINE
#define SHA512X_TARGET AESKIT_AVX512SHA512_TARGET
#define SHA512X_AVX512 1
#define SHA512X_ENTRY sha512_compress_avx512

#include "backend/x86/sha/sha512_xmm.inc"
