# src/backend/ppc64/sources.cmake — the ppc64le family: AES on the POWER8 vector crypto
# instructions (POWER8 and POWER9 builds), GHASH/POLYVAL/fused GCM on vpmsumd (vpmsum/), SHA
# (sha/). Function-level target("cpu=power8"), selected from AT_HWCAP2's vector-crypto bit at
# run time, beside the AltiVec backends of simd/. Included by CMakeLists.txt on ppc64le
# (AESKIT_HAVE_POWER8).
list(APPEND AESKIT_SOURCES
  src/backend/ppc64/aes_power8.cpp
  src/backend/ppc64/key_schedule_power8.cpp
  src/backend/ppc64/blocks_power8.cpp
  src/backend/ppc64/modes_power8.cpp
  src/backend/ppc64/aes_power9.cpp
  src/backend/ppc64/aegis_power8.cpp
  src/backend/ppc64/aegis_power9.cpp
  src/backend/ppc64/vpmsum/ghash_vpmsum.cpp
  src/backend/ppc64/vpmsum/polyval_vpmsum.cpp
  src/backend/ppc64/vpmsum/gcm_power8_vpmsum.cpp
  src/backend/ppc64/vpmsum/gcm_power9_vpmsum.cpp
  src/backend/ppc64/sha/sha_power8.cpp
)
# The fused GCM loop fits the 32 VMX registers only in source order: GCC's pre-allocation
# scheduler hoists the data and table loads to the top of the group and then spills
# (docs/POWER8.md, "GCM").
# APPEND: keep options set on these files elsewhere (a plain set_source_files_properties
# would overwrite them).
set_property(SOURCE src/backend/ppc64/vpmsum/gcm_power8_vpmsum.cpp
  src/backend/ppc64/vpmsum/gcm_power9_vpmsum.cpp
  APPEND PROPERTY COMPILE_OPTIONS "$<$<CXX_COMPILER_ID:GNU>:-fno-schedule-insns>")
