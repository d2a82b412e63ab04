#!/usr/bin/env bash
# scripts/ct-timing.sh — the dudect-style timing smoke test (tests/ct/dudect_timing.cpp), run
# by hand, not in CI (a shared CI machine is too noisy for statistics): fixed vs random
# secrets, Welch's t, for the one-block AES, GCM open and TLS CBC-HMAC open paths.
# Usage: scripts/ct-timing.sh [measurements per target, default 1000000]
# Builds the library (build/release, the release preset) and the tool with g++ -O2; set
# AESKIT_DISABLE to time another backend. Method and a run's figures: docs/SECURITY.md.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/release/build.ninja ] || cmake --preset release >/dev/null
cmake --build build/release --target aeskit_static -j2 >/dev/null
out=build/release/aeskit_dudect
c++ -std=c++20 -O2 -Iinclude -Ibuild/release/include tests/ct/dudect_timing.cpp \
  build/release/libaeskit.a -o "$out"
"$out" "${1:-1000000}"
