#!/usr/bin/env bash
# Installs the build tree given as $1 into a temporary prefix, builds tests/package against it
# with find_package(aeskit), and runs the static and shared consumers.
set -euo pipefail
build_dir=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" >/dev/null
# First ciphertext byte of AES-128-CBC, zero key and IV, plaintext 01 then 19 zero bytes
# (checked with openssl enc).
expected=47
static_out=$("$work/build/app_static")
shared_out=$(LD_LIBRARY_PATH="$work/prefix/lib:$work/prefix/lib64" "$work/build/app_shared")
echo "static: $static_out shared: $shared_out expected: $expected"
[ "$static_out" = "$expected" ] && [ "$shared_out" = "$expected" ]
