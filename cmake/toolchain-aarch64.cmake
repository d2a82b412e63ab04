# cmake/toolchain-aarch64.cmake — cross compiling for 64-bit Arm Linux with Debian's
# g++-aarch64-linux-gnu (scripts/install-deps.sh installs it, and qemu-user to run the result:
# the aarch64 preset sets CMAKE_CROSSCOMPILING_EMULATOR to qemu-aarch64 -L /usr/aarch64-linux-gnu).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)

# Look for headers and libraries only in the target's sysroot (the host's OpenSSL, libgcrypt
# and GoogleTest are x86 builds), for programs only on the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
