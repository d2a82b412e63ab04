# cmake/toolchain-ppc64le.cmake — cross compiling for 64-bit little-endian POWER Linux (Debian
# ppc64el: POWER8 baseline, so AltiVec and VSX are always enabled) with Debian's
# g++-powerpc64le-linux-gnu (scripts/install-deps.sh installs it, and qemu-user to run the
# result: the ppc64le preset sets CMAKE_CROSSCOMPILING_EMULATOR to
# qemu-ppc64le -L /usr/powerpc64le-linux-gnu).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ppc64le)
set(CMAKE_CXX_COMPILER powerpc64le-linux-gnu-g++)
set(CMAKE_C_COMPILER powerpc64le-linux-gnu-gcc)

# Look for headers and libraries only in the target's sysroot (the host's OpenSSL, libgcrypt
# and GoogleTest are x86 builds), for programs only on the host.
set(CMAKE_FIND_ROOT_PATH /usr/powerpc64le-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
