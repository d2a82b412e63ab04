#!/usr/bin/env bash
# tests/ct/run_msan.sh — runs the MemorySanitizer constant-time check (the ctmsan build of
# ct_audit.cpp) and judges it.
#   run_msan.sh <aeskit_ct_audit> cases    every case, natively, under each width setting
#   run_msan.sh <aeskit_ct_audit> planted  the planted leaks must be reported at their lines
# cases: under AESKIT_DISABLE="" every case runs (the per-backend ones report "not run" where
# the CPU lacks the backend: never counted as passed); under each narrower setting the
# best_* cases run again (what a caller gets there), unless the setting selects the same
# code as one already run. MSan reports exit 42 and fail the run with their location.
# planted: control_index, control_branch, control_division, control_simd (a branch on a
# secret after two AES-NI rounds) and control_carry (a branch on a PKCS#7 verdict that depends
# on the secret only through a borrow: base/ct_mask.hpp) must each stop with an MSan report
# whose first frame is ct_audit.cpp at the line marked "planted: <kind>".
set -uo pipefail
exe=$1 what=$2
src=$(dirname "$0")/ct_audit.cpp
export MSAN_OPTIONS=${MSAN_OPTIONS:-exitcode=42:halt_on_error=1:print_stats=0}
# zmm where the CPU has it, even on the models that prefer ymm (the avx512 setting is ymm).
export AESKIT_PREFER_YMM=0
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

case $what in
  planted)
    bad=0
    for kind in index branch division simd carry; do
      line=$(grep -n "// planted: $kind\$" "$src" | cut -d: -f1)
      "$exe" "control_$kind" >"$logs/$kind" 2>&1
      rc=$?
      where=$(grep -m1 -E '^ +#0 ' "$logs/$kind" | grep -oE 'ct_audit\.cpp:[0-9]+' || true)
      if [ $rc -eq 42 ] && grep -q 'WARNING: MemorySanitizer: use-of-uninitialized-value' \
          "$logs/$kind" && [ "$where" = "ct_audit.cpp:$line" ]; then
        echo "planted $kind leak reported at $where, as it must be"
      else
        echo "PLANTED LEAK NOT CAUGHT: $kind (rc=$rc, expected ct_audit.cpp:$line, got '${where:-nothing}')"
        cat "$logs/$kind"
        bad=1
      fi
    done
    exit $bad
    ;;
  cases) ;;
  *) echo "usage: $0 <aeskit_ct_audit> cases|planted"; exit 2 ;;
esac

# One case: prints "<status> <setting> <case> <detail>"; the log is kept for failures.
run_one() {
  local setting=$1 name=$2 log
  log="$logs/$(echo "$setting" | tr ',' '_')__$name"
  AESKIT_DISABLE=$setting "$exe" "$name" >"$log" 2>&1
  case $? in
    0) echo "pass [$setting] $(tail -n1 "$log")" ;;
    3) echo "notrun [$setting] $(tail -n1 "$log")" ;;
    *) echo "FAIL [$setting] $name"; sed 's/^/    /' "$log" ;;
  esac
}
export -f run_one
export exe logs

mapfile -t all < <("$exe" --list | grep -v '^control_')
mapfile -t best < <(printf '%s\n' "${all[@]}" | grep '^best_')
# x86 width settings, widest first: zmm, ymm, xmm (AES-NI/PCLMULQDQ/SHA-NI), xmm without
# SHA-NI (the AVX2 SHA-512 compressor, portable SHA-1/256), SSSE3 vperm + simd GHASH,
# portable (also what a non-x86 build does with "all").
settings=("" "avx512" "vaes,avx512" "vaes,avx512,sha" "aesni,pclmul,sha" "all")
declare -A seen
results=$logs/results
: >"$results"
for s in "${settings[@]}"; do
  width=$(AESKIT_DISABLE=$s "$exe" --width)
  if [ -n "${seen[$width]:-}" ]; then
    echo "AESKIT_DISABLE='$s': $width — the same code as AESKIT_DISABLE=${seen[$width]}, not run again"
    continue
  fi
  seen[$width]="'$s'"
  echo "AESKIT_DISABLE='$s': $width"
  if [ -z "$s" ]; then list=("${all[@]}"); else list=("${best[@]}"); fi
  printf '%s\n' "${list[@]}" | xargs -P 2 -I{} bash -c 'run_one "$0" "$1"' "$s" {} | tee -a "$results" |
    grep -v '^pass ' || true
done
passed=$(grep -c '^pass ' "$results")
notrun=$(grep -c '^notrun ' "$results")
failed=$(grep -c '^FAIL ' "$results")
checks=$(grep '^pass ' "$results" | grep -oE '[0-9]+ checks' | awk '{s += $1} END {print s + 0}')
echo "ctmsan: $passed case runs passed ($checks checks), $failed failed, $notrun not run"
for w in vaes512 vaes256 aesni vperm portable; do
  if grep -q "^pass \[[^]]*\] ok [a-z_]*_$w[:_]" "$results"; then
    echo "  $w: checked"
  elif grep -q "^notrun \[[^]]*\] not run [a-z_]*_$w[:_ ]" "$results"; then
    echo "  $w: not run: CPU lacks $( [ $w = vaes512 ] && echo 'VAES/AVX-512' || echo 'VAES')"
  fi
done
# The SHA compressors, each its own case (sha_<name>): checked, or not run (never passed).
for c in $(printf '%s\n' "${all[@]}" | grep '^sha_'); do
  if grep -q "^pass \[[^]]*\] ok $c:" "$results"; then
    echo "  SHA compressor ${c#sha_}: checked"
  elif grep -q "^notrun \[[^]]*\] not run $c:" "$results"; then
    echo "  SHA compressor ${c#sha_}: not run: the CPU lacks it"
  fi
done
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
