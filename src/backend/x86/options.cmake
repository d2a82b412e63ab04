# src/backend/x86/options.cmake — per-file compile options of the x86-64 family (included by
# CMakeLists.txt's aeskit_backend_folder after the folder's sources). Every width compiles in
# its own translation units with its own target attributes, so no EVEX instruction reaches
# the xmm/ymm objects (scripts/check-no-evex.sh); no option here changes a target.
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
# The fuzz-only build (the fuzz preset) keeps AddressSanitizer and the fuzzer's coverage on
# every file, but leaves UndefinedBehaviorSanitizer off in the x86 kernels: UBSan combined
# with ASan and coverage made the vector-intrinsic files compile about 8x slower
# (blocks_vaes256.cpp at -O1: over 120 s of CPU with all three, 15 s with ASan and coverage,
# 41 s with UBSan and coverage), which kept fuzzing out of CI. The asan preset (CI: the suite
# and the fuzz targets) still runs them under UBSan, but without its two checks that cost the
# most to compile there and find the least in straight-line intrinsic code: pointer-overflow
# (the kernels' `in + 16 * i`, bounded by the caller's length) and function (the type check
# of indirect calls, which these files do not make; callers in other files skip the check for
# a callee without the signature prologue). blocks_vaes256.cpp at -O1 with ASan + UBSan, clang
# 14, Zen 5: 80 s of CPU with every check, 16 s without these two, 11 s with ASan alone. In
# CI's ASan stage the kernels were 1,730 of 3,360 CPU-seconds of build and gcm_vaes512.cpp
# alone 505 s of the critical path (2026-12-07). Every other UBSan check (shift, signed
# overflow, alignment, bounds, null, ...) still runs on them.
# ASan's checks in these files are calls (__asan_load16, ...), not inline compare-and-branch
# sequences: the inline form splits every vector load and store of a fully unrolled kernel
# into its own basic block, and clang 14 at -O1 spent most of the file's time on those
# functions. gcm_vaes512.cpp alone, ASan + UBSan, Zen 5 (2026-12-07): 241 s inline, 75 s as
# calls (UBSan alone 31 s, ASan's stack instrumentation 10% of it). The same accesses are
# checked either way; the kernels only run slower under ASan.
set(aeskit_x86_sanitized_kernels ${AESKIT_SOURCES})
list(FILTER aeskit_x86_sanitized_kernels INCLUDE REGEX "^src/backend/x86/")
if(AESKIT_SANITIZE AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set_property(SOURCE ${aeskit_x86_sanitized_kernels} APPEND PROPERTY COMPILE_OPTIONS
    -mllvm -asan-instrumentation-with-call-threshold=0)  # the only -mllvm: not de-duplicated
endif()
if(AESKIT_FUZZ AND NOT AESKIT_BUILD_TESTS)
  set_property(SOURCE ${aeskit_x86_sanitized_kernels} APPEND PROPERTY COMPILE_OPTIONS
    "-fno-sanitize=undefined")
elseif(AESKIT_SANITIZE)
  set_property(SOURCE ${aeskit_x86_sanitized_kernels} APPEND PROPERTY COMPILE_OPTIONS
    "$<$<CXX_COMPILER_ID:Clang>:-fno-sanitize=pointer-overflow,function>"
    "$<$<CXX_COMPILER_ID:GNU>:-fno-sanitize=pointer-overflow>")
endif()
