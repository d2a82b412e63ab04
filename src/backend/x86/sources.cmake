# src/backend/x86/sources.cmake — the x86-64 family: the xmm, ymm and zmm instantiations of
# the width templates, their GHASH/POLYVAL backends (clmul/), SHA and the CBC+SHA stitch
# (sha/). Each width compiles in its own translation units with its own target attributes, so
# no EVEX instruction reaches the xmm/ymm objects (scripts/check-no-evex.sh). Included by
# CMakeLists.txt on x86 (AESKIT_HAVE_X86).
list(APPEND AESKIT_SOURCES
  src/backend/x86/xmm/aes_aesni.cpp
  src/backend/x86/xmm/key_schedule_aesni.cpp
  src/backend/x86/xmm/chains_aesni.cpp
  src/backend/x86/xmm/mac_aesni.cpp
  # One source per mode for every width (the templates in src/backend/x86/), instantiated
  # in each width's own translation units.
  src/backend/x86/xmm/blocks_aesni.cpp
  src/backend/x86/xmm/xts_aesni.cpp
  src/backend/x86/xmm/ocb_aesni.cpp
  src/backend/x86/xmm/ghash_aesni.cpp
  src/backend/x86/xmm/gcm_aesni.cpp
  src/backend/x86/xmm/aegis_aesni.cpp
  src/backend/x86/xmm/aegis_aesni_avx512vl.cpp
  src/backend/x86/ymm/aes_vaes256.cpp
  src/backend/x86/ymm/blocks_vaes256.cpp
  src/backend/x86/ymm/xts_vaes256.cpp
  src/backend/x86/ymm/ocb_vaes256.cpp
  src/backend/x86/ymm/gcm_vaes256.cpp
  src/backend/x86/ymm/aegis_vaes256.cpp
  src/backend/x86/zmm/aes_vaes512.cpp
  src/backend/x86/zmm/blocks_vaes512.cpp
  src/backend/x86/zmm/xts_vaes512.cpp
  src/backend/x86/zmm/ocb_vaes512.cpp
  src/backend/x86/zmm/gcm_vaes512.cpp
  src/backend/x86/zmm/aegis_vaes512.cpp
  src/backend/x86/clmul/ghash_pclmul.cpp
  src/backend/x86/clmul/ghash_vpclmul256.cpp
  src/backend/x86/clmul/ghash_vpclmul512.cpp
  src/backend/x86/clmul/polyval_clmul.cpp
  src/backend/x86/sha/shani.cpp
  src/backend/x86/sha/sha1_shani.cpp
  src/backend/x86/sha/sha256_shani.cpp
  src/backend/x86/sha/sha512x86.cpp
  src/backend/x86/sha/sha512_avx2.cpp
  src/backend/x86/sha/sha512_avx512.cpp
  src/backend/x86/sha/cbc_sha_stitch.cpp
)
# The x86 kernels' functions start on a 64-byte boundary (GCC's default is 16), so a
# kernel's loops sit at the same place in the instruction cache lines whatever else changes
# in its file. Measured on Zen 5: raising vaes256's kLoneUpTo from 1 to 2, which only
# moved code, made AES-256 ECB at 16 blocks 0.48x; with this option it measured 1.03x.
set(aeskit_x86_kernels ${AESKIT_SOURCES})
list(FILTER aeskit_x86_kernels INCLUDE REGEX "^src/backend/x86/(ymm|zmm)/")
set_property(SOURCE ${aeskit_x86_kernels} APPEND PROPERTY COMPILE_OPTIONS "-falign-functions=64")
# The zmm OCB kernels in source order (round-major): GCC's post-allocation scheduler
# staggered their eight AES chains (ocb_vaes512.cpp's header comment).
set_property(SOURCE src/backend/x86/zmm/ocb_vaes512.cpp APPEND PROPERTY COMPILE_OPTIONS
  "$<$<CXX_COMPILER_ID:GNU>:-fno-schedule-insns2>")
