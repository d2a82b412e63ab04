#!/usr/bin/env bash
# Installs (as root, with apt-get) what building and testing aeskit needs, if missing.
set -euo pipefail
packages=(cmake ninja-build g++ clang clang-format libssl-dev libgcrypt20-dev libgtest-dev
          nlohmann-json3-dev valgrind zlib1g-dev
          libxml2-utils librsvg2-bin  # aeskit speed --plot's test: xmllint, rsvg-convert
          g++-aarch64-linux-gnu qemu-user  # the aarch64 preset: cross compiler + qemu-aarch64
          g++-arm-linux-gnueabihf g++-powerpc64le-linux-gnu  # armhf, ppc64le presets
          g++-s390x-linux-gnu  # s390x preset (big-endian)
          pandoc pkgconf dpkg-dev file  # packaging: man page, .pc check, dpkg-shlibdeps
          debhelper lintian  # the Debian packages: dpkg-buildpackage with dh, lintian
          libargon2-dev  # aeskit seal -p / open -p: Argon2id (the reference implementation)
          nginx curl)  # the OpenSSL provider's real-TLS test: nginx serves, curl (OpenSSL 3) fetches
# Intel ipsec-mb, an `aeskit speed --compare` peer (loaded at run time; x86-64 only in Debian).
if [ "$(dpkg --print-architecture)" = amd64 ]; then packages+=(libipsec-mb-dev); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
fi
