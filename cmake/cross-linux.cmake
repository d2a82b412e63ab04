# cmake/cross-linux.cmake — what every cross toolchain file here shares: a Linux target whose
# Debian cross compiler is <triple>-g++ / <triple>-gcc with its sysroot in /usr/<triple>.
# Headers and libraries are looked for only in that sysroot (the host's OpenSSL, libgcrypt and
# GoogleTest are x86 builds), programs only on the host.
# Usage: set(AESKIT_CROSS_TRIPLE ...) and set(CMAKE_SYSTEM_PROCESSOR ...), then include() this.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_CXX_COMPILER ${AESKIT_CROSS_TRIPLE}-g++)
set(CMAKE_C_COMPILER ${AESKIT_CROSS_TRIPLE}-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/${AESKIT_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
