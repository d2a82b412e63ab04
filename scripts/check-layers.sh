#!/usr/bin/env bash
# scripts/check-layers.sh — fails when a file under src/ includes a header of a higher layer.
#
# The layer order is written once in docs/ARCHITECTURE.md ("Layers"); this is its machine
# form. A folder may include headers of its own folder and of any folder on a lower line; a
# folder's rank is the number in front of it. Public headers (include/aeskit/) are the
# vocabulary every layer may use (types, error codes); they include no src/ header.
# Usage: scripts/check-layers.sh   (from anywhere; exit status 1 and one line per violation)
set -euo pipefail
cd "$(dirname "$0")/.."

python3 - <<'PY'
import os, re, sys

RANK = {
    "aeskit": 0,   # include/aeskit: public vocabulary (types, Errc); no src/ includes
    "base": 1,     # src/base: byte order, blocks, wiping, constant-time compare, declassify
    "cpu": 2,      # src/cpu: probing and AESKIT_DISABLE, the only CPUID/XGETBV/HWCAP reader
    "simd": 2,     # src/simd: the 128-bit vector class over SSSE3/NEON/AltiVec
    "backend": 3,  # src/backend: AES, GHASH, POLYVAL, SHA, fused-GCM contracts and kernels
    "core": 4,     # src/core: AesKey (a schedule bound to its backend), status strings
    "modes": 5,    # src/modes: block-cipher modes over the backend contract; kernel report
    "hash": 5,     # src/hash: SHA-1/2 and HMAC over the SHA backends
    "mac": 6,      # src/mac: CMAC, GMAC-free MACs, key wrap helpers over modes
    "aead": 7,     # src/aead: every AEAD family over modes, hash and mac
    "chunked": 8,  # src/chunked: c2sp.org chunked encryption over the AEAD layer (AeadKey, GCM plans)
    "capi": 9,     # src/capi: the C API (include/aeskit/aeskit.h) over the public C++ API
}

bad = []
for root, _, files in os.walk("src"):
    for f in files:
        if not f.endswith((".cpp", ".hpp", ".inc", ".h")):
            continue
        path = os.path.join(root, f)
        layer = path.split(os.sep)[1]
        if layer not in RANK:
            bad.append(f"{path}: folder src/{layer} has no layer (add it to docs/ARCHITECTURE.md and here)")
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                target = m.group(1).split("/")[0]
                if target not in RANK:
                    continue  # a same-folder relative include
                if RANK[target] > RANK[layer]:
                    bad.append(f"{path}:{n}: {layer} (layer {RANK[layer]}) includes "
                               f"{m.group(1)} ({target}, layer {RANK[target]})")
for root, _, files in os.walk("include/aeskit"):
    for f in files:
        path = os.path.join(root, f)
        with open(path, encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if m and not m.group(1).startswith("aeskit/"):
                    bad.append(f"{path}:{n}: a public header includes {m.group(1)}")
if bad:
    print("check-layers: includes that point up:")
    print("\n".join(bad))
    sys.exit(1)
print("check-layers: every include under src/ points down or sideways")
PY
