#!/usr/bin/env bash
# fuzz.sh TARGET|all SECONDS [libFuzzer options...]
# Builds the fuzz preset's target(s) if needed (one job: -j1), writes the seed corpora from
# the shared vectors if they are missing, and runs TARGET (or each target in turn, for
# SECONDS each) over its corpus. New corpus inputs stay in build/fuzz/fuzz/work/<target>/,
# crashes in build/fuzz/fuzz/artifacts/. Targets: see fuzz/CMakeLists.txt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/fuzz
if [ $# -lt 2 ]; then
  echo "usage: $0 TARGET|all SECONDS [libFuzzer options...]" >&2
  exit 2
fi
target=$1 secs=$2
shift 2
targets=$(sed -n 's/^set(AESKIT_FUZZ_TARGETS \(.*\))$/\1/p' "$root/fuzz/CMakeLists.txt")
if [ "$target" = all ]; then
  run=$targets
elif [[ " $targets " == *" $target "* ]]; then
  run=$target
else
  echo "unknown target '$target'; targets: $targets" >&2
  exit 2
fi
[ -f "$build/CMakeCache.txt" ] || cmake --preset fuzz -S "$root"
build_targets=fuzz_aead_open
for t in $run; do build_targets="$build_targets fuzz_$t"; done
# shellcheck disable=SC2086
cmake --build "$build" -j1 --target $build_targets
if [ ! -d "$build/fuzz/seeds" ]; then
  python3 "$root/fuzz/make_seeds.py" --out "$build/fuzz/seeds" --lister "$build/fuzz/fuzz_aead_open" \
    --vectors "${AESKIT_VECTORS_DIR:-$root/../shared/vectors}"
fi
status=0
for t in $run; do
  extra=()
  [ "$t" = chunked ] && extra+=(-max_len=34000)
  echo "== $t: $secs s"
  "$root/fuzz/run.sh" "$build/fuzz/fuzz_$t" "$t" "$root" "$build" "$secs" "${extra[@]}" "$@" ||
    status=1
done
exit $status
