# cmake/toolchain-s390x.cmake — cross compiling for IBM Z Linux (s390x, big-endian) with
# Debian's g++-s390x-linux-gnu (scripts/install-deps.sh installs it, and qemu-user to run the
# result: the s390x preset sets CMAKE_CROSSCOMPILING_EMULATOR to qemu-s390x -L
# /usr/s390x-linux-gnu). The one big-endian target: aeskit has no s390x backend (the portable
# code and portable GHASH run), so its tests/cross run proves every byte-order helper and the
# portable code on a big-endian machine.
set(AESKIT_CROSS_TRIPLE s390x-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR s390x)
include(${CMAKE_CURRENT_LIST_DIR}/cross-linux.cmake)
