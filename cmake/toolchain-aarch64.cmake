# cmake/toolchain-aarch64.cmake — cross compiling for 64-bit Arm Linux with Debian's
# g++-aarch64-linux-gnu (scripts/install-deps.sh installs it, and qemu-user to run the result:
# the aarch64 preset sets CMAKE_CROSSCOMPILING_EMULATOR to qemu-aarch64 -L /usr/aarch64-linux-gnu).
set(AESKIT_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/cross-linux.cmake)
