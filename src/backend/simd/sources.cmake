# src/backend/simd/sources.cmake — the backends over simd::V128 (SSSE3 on x86, NEON on AArch64
# and ARMv7, AltiVec/VSX on ppc64le): vector-permute AES and AEGIS, the simd GHASH. Included
# by CMakeLists.txt on those CPU families (AESKIT_HAVE_VPERM).
list(APPEND AESKIT_SOURCES
  src/backend/simd/aes_vperm.cpp
  src/backend/simd/key_schedule_vperm.cpp
  src/backend/simd/blocks_vperm.cpp
  src/backend/simd/modes_vperm.cpp
  src/backend/simd/aegis_vperm.cpp
  src/backend/simd/ghash_simd.cpp
)
