#!/usr/bin/env bash
# check-exports.sh — the shared library exports exactly the public API, nothing more or less.
#
#   scripts/check-exports.sh [--update] [BUILD_DIR | LIBRARY]   (default: build/release)
#
# Reads the dynamic symbol table (nm -D --defined-only; the library is built with hidden
# visibility, and only declarations marked AESKIT_API / AESKIT_C_API are exported) and checks:
#   - C symbols (aeskit_*, unmangled): every one is declared with AESKIT_C_API in a C header
#     include/aeskit/*.h, and every function so declared is exported. No list to maintain.
#   - C++ symbols: demangled (c++filt) and compared with the committed list
#     tests/package/exported-symbols.txt; an export missing from the list (an accidental
#     export, e.g. a helper that lost its hidden visibility) or a listed symbol that is no
#     longer exported (a removed or inlined API function) fails, showing the difference.
#   - Every exported symbol names something in aeskit (aeskit:: or aeskit_): anything else
#     (a std:: or compiler-support symbol leaking out) fails, also in --update mode.
# --update rewrites the list from the library (after a deliberate API change; review the diff).
# The list is that of the x86-64 g++ Release build (the release preset), which CI checks.
set -euo pipefail
cd "$(dirname "$0")/.."

update=0
if [ "${1:-}" = "--update" ]; then
  update=1
  shift
fi
target=${1:-build/release}
if [ -d "$target" ]; then
  lib=$(find "$target" -maxdepth 1 -name 'libaeskit.so.*' -type f | head -n1)
else
  lib=$target
fi
if [ -z "$lib" ] || [ ! -f "$lib" ]; then
  echo "check-exports: no libaeskit.so.* in '$target' (build the aeskit_shared target)" >&2
  exit 2
fi
list=tests/package/exported-symbols.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Defined dynamic symbols, one name per line (the @VERSION suffix, if any, dropped).
nm -D --defined-only --format=posix "$lib" | awk '{print $1}' | sed 's/@.*//' | LC_ALL=C sort -u >"$work/all"
grep -E '^aeskit_[A-Za-z0-9_]*$' "$work/all" >"$work/c_exported" || true
grep -vE '^aeskit_[A-Za-z0-9_]*$' "$work/all" | c++filt | LC_ALL=C sort -u >"$work/cxx_exported" || true

status=0

# Anything not in aeskit is never right.
if grep -v 'aeskit::' "$work/cxx_exported" >"$work/foreign"; then
  echo "check-exports: FAIL: exported symbols outside aeskit:: / aeskit_ (hide them):" >&2
  sed 's/^/  /' "$work/foreign" >&2
  status=1
fi

# The C API: functions declared with AESKIT_C_API in the C headers. The header is flattened to
# one line so a declaration may span lines; the name is the identifier before the '('.
: >"$work/c_declared"
for h in include/aeskit/*.h; do
  [ -f "$h" ] || continue
  tr '\n' ' ' <"$h" | sed 's:/\*[^*]*\*\+\([^/*][^*]*\*\+\)*/::g' |
    grep -oE 'AESKIT_C_API[^;(){}#]*\(' | grep -oE '[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\($' |
    tr -d '( \t' | grep -E '^aeskit_' >>"$work/c_declared" || true
done
LC_ALL=C sort -u -o "$work/c_declared" "$work/c_declared"
if ! diff -u --label 'declared with AESKIT_C_API' --label 'exported aeskit_*' \
       "$work/c_declared" "$work/c_exported" >"$work/c_diff"; then
  echo "check-exports: FAIL: C API exports differ from the AESKIT_C_API declarations" \
       "(+ exported but not declared, - declared but not exported):" >&2
  cat "$work/c_diff" >&2
  status=1
fi

if [ $update = 1 ]; then
  {
    echo "# C++ symbols exported by libaeskit.so (demangled), x86-64 g++ Release build."
    echo "# Checked by scripts/check-exports.sh; regenerate with scripts/check-exports.sh --update"
    echo "# after a deliberate API change and review the diff. C API symbols (aeskit_*) are not"
    echo "# listed: they are checked against the AESKIT_C_API declarations in include/aeskit/*.h."
    cat "$work/cxx_exported"
  } >"$list"
  echo "check-exports: wrote $list ($(wc -l <"$work/cxx_exported") C++ symbols;" \
       "$(wc -l <"$work/c_exported") C symbols checked against the headers)"
  exit $status
fi

if [ ! -f "$list" ]; then
  echo "check-exports: FAIL: $list is missing (scripts/check-exports.sh --update)" >&2
  exit 1
fi
grep -v '^#' "$list" | LC_ALL=C sort -u >"$work/cxx_expected"
if ! diff -u --label "$list" --label "exported by $lib" "$work/cxx_expected" "$work/cxx_exported" \
       >"$work/cxx_diff"; then
  echo "check-exports: FAIL: C++ exports differ from $list (+ exported but not listed: an" \
       "accidental export, or a new API to add with --update; - listed but not exported):" >&2
  cat "$work/cxx_diff" >&2
  status=1
fi
if [ $status = 0 ]; then
  echo "check-exports: OK: $(wc -l <"$work/cxx_exported") C++ symbols as listed," \
       "$(wc -l <"$work/c_exported") C symbols as declared ($lib)"
fi
exit $status
