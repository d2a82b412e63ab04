# cmake/toolchain-armhf.cmake — cross compiling for 32-bit Arm Linux, hard-float ABI (Debian
# armhf: ARMv7-A, Thumb-2, VFPv3-D16 baseline, no NEON by default) with Debian's
# g++-arm-linux-gnueabihf (scripts/install-deps.sh installs it, and qemu-user to run the
# result: the armhf preset sets CMAKE_CROSSCOMPILING_EMULATOR to
# qemu-arm -L /usr/arm-linux-gnueabihf). No -mfpu flag: the NEON code enables NEON per
# function (src/simd/v128_neon.hpp) and runs only where src/cpu/probe_auxv.cpp finds it.
set(AESKIT_CROSS_TRIPLE arm-linux-gnueabihf)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
include(${CMAKE_CURRENT_LIST_DIR}/cross-linux.cmake)
