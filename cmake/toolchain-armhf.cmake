# cmake/toolchain-armhf.cmake — cross compiling for 32-bit Arm Linux, hard-float ABI (Debian
# armhf: ARMv7-A, Thumb-2, VFPv3-D16 baseline, no NEON by default) with Debian's
# g++-arm-linux-gnueabihf (scripts/install-deps.sh installs it, and qemu-user to run the
# result: the armhf preset sets CMAKE_CROSSCOMPILING_EMULATOR to
# qemu-arm -L /usr/arm-linux-gnueabihf). No -mfpu flag: the NEON code enables NEON per
# function (src/simd/v128_neon.hpp) and runs only where src/cpu/probe_arm32.cpp finds it.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(CMAKE_CXX_COMPILER arm-linux-gnueabihf-g++)
set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)

# Look for headers and libraries only in the target's sysroot (the host's OpenSSL, libgcrypt
# and GoogleTest are x86 builds), for programs only on the host.
set(CMAKE_FIND_ROOT_PATH /usr/arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
