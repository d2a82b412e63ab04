# cmake/toolchain-ppc64le.cmake — cross compiling for 64-bit little-endian POWER Linux (Debian
# ppc64el: POWER8 baseline, so AltiVec and VSX are always enabled) with Debian's
# g++-powerpc64le-linux-gnu (scripts/install-deps.sh installs it, and qemu-user to run the
# result: the ppc64le preset sets CMAKE_CROSSCOMPILING_EMULATOR to
# qemu-ppc64le -L /usr/powerpc64le-linux-gnu).
set(AESKIT_CROSS_TRIPLE powerpc64le-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR ppc64le)
include(${CMAKE_CURRENT_LIST_DIR}/cross-linux.cmake)
