# src/backend/arm64/sources.cmake — the AArch64 family: AES on the Crypto Extensions (base and
# EOR3 builds), GHASH/POLYVAL/fused GCM on PMULL (pmull/), SHA and the CBC+SHA stitch (sha/).
# Function-level target("+crypto") and the like, selected from AT_HWCAP at run time, beside
# the NEON backends of simd/. Included by CMakeLists.txt on AArch64 (AESKIT_HAVE_ARMV8CE).
list(APPEND AESKIT_SOURCES
  src/backend/arm64/aes_armv8ce.cpp
  src/backend/arm64/key_schedule_armv8ce.cpp
  src/backend/arm64/blocks_armv8ce.cpp
  src/backend/arm64/ecb_cbc_armv8ce.cpp
  src/backend/arm64/modes_armv8ce.cpp
  src/backend/arm64/blocks_armv8ce_eor3.cpp
  src/backend/arm64/modes_armv8ce_eor3.cpp
  src/backend/arm64/aegis_armv8ce.cpp
  src/backend/arm64/pmull/ghash_pmull.cpp
  src/backend/arm64/pmull/polyval_pmull.cpp
  src/backend/arm64/pmull/gcm_armv8ce_pmull.cpp
  src/backend/arm64/pmull/gcm_armv8ce_pmull_eor3.cpp
  src/backend/arm64/sha/sha_armv8.cpp
  src/backend/arm64/sha/cbc_sha_stitch.cpp
)
# ECB and the base build's CBC decryption: GCC's pre-allocation scheduler costs them 1.5
# and 1.1 instructions per block in register copies (the file's header comment).
set_property(SOURCE src/backend/arm64/ecb_cbc_armv8ce.cpp APPEND PROPERTY COMPILE_OPTIONS
  "$<$<CXX_COMPILER_ID:GNU>:-fno-schedule-insns>")
