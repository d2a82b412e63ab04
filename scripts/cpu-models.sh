#!/usr/bin/env bash
# scripts/cpu-models.sh — the x86 CPU-model matrix (issue 17): the Release build's tool and
# tests run under qemu-x86_64 -cpu MODEL for models without each feature tier, so no
# instruction the CPU lacks is ever executed (it would be SIGILL under qemu) and each model
# gets the backend the selection rule promises.
#
# Usage: scripts/cpu-models.sh [BUILD_DIR]   (default build/release; needs qemu-user)
#
# Per model:
#   1. `aeskit cpu`: exits 0, no self-test FAILED, "default backend: <expected>".
#   2. the self-contained tests (tests/cross): known answers and every backend the model can
#      run against portable, every GHASH backend against a bit-serial oracle, simd::V128's
#      contract — on the code paths the model selects.
#   3. the kernel-selection and dispatch tests (aeskit_api_tests): every mode's kernel follows
#      the rule for the features the model reports.
#   4. the known-answer suites (aeskit_block_modes_tests: FIPS-197, SP 800-38A, CAVP, Wycheproof CBC,
#      MCT) restricted to the backends the model has, with zero tests skipped: each of them
#      runs every mode's kernels on published vectors.
#
# What qemu 7.2 (Debian 12) can and cannot show: it emulates AES-NI, PCLMULQDQ, AVX and AVX2,
# not VPCLMULQDQ, SHA-NI, GFNI or AVX-512 (the flags are dropped), so the vaes256/vaes512
# tiers cannot run under it; `-cpu max` advertises VAES (and computes the upper ymm lane of
# VAESENC/VAESDEC wrongly), which is why VAES code is selected only together with VPCLMULQDQ:
# the `max` row proves that such a CPU stays on aesni.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
tool=$build/tools/aeskit/aeskit
# The test binaries wherever tests/ lays them out (tests/<area>/ or flat).
find_test() { find "$build/tests" -type f -perm -u+x -name "$1" 2>/dev/null | head -1; }
api=$(find_test aeskit_api_tests)
kat=$(find_test aeskit_block_modes_tests)
# Its known-answer suites only (the cross-backend and differential sweeps in the same binary
# run natively in the suite; under qemu they took ~50 s per model and prove nothing more
# about which instructions a model reaches).
kat_suites="Fips197 Sp80038a Cavp WycheproofCbc Mct"
# kat_filter BACKEND_PATTERNS: "*/aesni*:*/portable*" -> every KAT suite with each pattern.
kat_filter() {
  local out="" suite pat
  for suite in $kat_suites; do
    for pat in ${1//:/ }; do out+="Backends/$suite.$pat:"; done
  done
  echo "${out%:}"
}
cross=$build/tests/cross
command -v qemu-x86_64 >/dev/null || { echo "cpu-models: qemu-x86_64 is missing (apt-get install qemu-user)" >&2; exit 1; }
[ -x "$tool" ] || { echo "cpu-models: $tool is missing (build the release preset first)" >&2; exit 1; }
export AESKIT_REQUIRE_VECTORS=1
unset AESKIT_DISABLE AESKIT_PREFER_YMM

# model | expected default AES backend | backends it can run (gtest filter) | what it proves
# (qemu64 has no vector unit the library uses: the cross tests are told so and check that
# vperm and the simd GHASH are reported unavailable.)
matrix=(
  "qemu64|portable|*/portable*|SSE2 only: the portable fixsliced AES and portable GHASH, no SSSE3 byte shuffle anywhere"
  "Conroe|vperm|*/vperm*:*/portable*|SSSE3 without AES-NI: vector-permute AES and the simd GHASH"
  "Westmere|aesni|*/aesni*:*/vperm*:*/portable*|AES-NI + PCLMULQDQ without AVX: legacy-SSE AES-NI kernels, pclmul GHASH and the fused 128-bit GCM"
  "SandyBridge|aesni|*/aesni*:*/vperm*:*/portable*|AVX without AVX2: still the 128-bit tier"
  "Haswell|aesni|*/aesni*:*/vperm*:*/portable*|AVX2 without VAES: no ymm AES kernel"
  "max|aesni|*/aesni*:*/vperm*:*/portable*|qemu's widest: VAES advertised without VPCLMULQDQ never reaches a VAES kernel"
)

# Two models at a time (the rows are independent; CI machines have 2 cores): each row's
# verdict goes to its own file, printed in matrix order when all have finished.
jobs_max=${AESKIT_CPU_MODEL_JOBS:-2}
verdicts=$(mktemp -d)
trap 'rm -rf "$verdicts"' EXIT
check_model() {
  local i=$1 model=$2 expected=$3 filter=$4 proves=$5
  local q=(qemu-x86_64 -cpu "$model")
  local problems=() out picked no_vector=0 kout t
  out=$("${q[@]}" "$tool" cpu 2>&1) || problems+=("aeskit cpu exited $?")
  picked=$(sed -n 's/^default backend: //p' <<<"$out")
  [ "$picked" = "$expected" ] || problems+=("picked '$picked'")
  ! grep -q FAILED <<<"$out" || problems+=("a self-test FAILED")
  [ "$expected" = portable ] && no_vector=1
  for t in aeskit_cross_test aeskit_cross_ghash_test aeskit_cross_simd_test; do
    [ -x "$cross/$t" ] || { problems+=("$t not built"); continue; }
    AESKIT_CROSS_EXPECT_NO_VECTOR_UNIT=$no_vector "${q[@]}" "$cross/$t" >/dev/null 2>&1 ||
      problems+=("$t failed")
  done
  [ -n "$api" ] || problems+=("aeskit_api_tests not built")
  [ -n "$kat" ] || problems+=("the known-answer test binary not built")
  if [ -n "$api" ]; then
    "${q[@]}" "$api" --gtest_brief=1 \
      "--gtest_filter=KernelSelection.ThisProcessEveryModeAndKeySize:Dispatch.*" >/dev/null 2>&1 ||
      problems+=("kernel selection tests failed")
  fi
  if [ -n "$kat" ]; then
    kout=$("${q[@]}" "$kat" "--gtest_filter=$(kat_filter "$filter")" 2>&1) || problems+=("known answers failed")
    grep -q '^\[  PASSED  \] [1-9]' <<<"$kout" || problems+=("no known-answer test ran")
    ! grep -q '^\[  SKIPPED \]' <<<"$kout" || problems+=("known-answer tests skipped")
  fi
  if [ ${#problems[@]} -eq 0 ]; then
    printf '%-12s %-9s %-9s ok: %s\n' "$model" "$expected" "$picked" "$proves" >"$verdicts/$i.ok"
  else
    printf '%-12s %-9s %-9s FAILED: %s\n' "$model" "$expected" "$picked" \
      "$(IFS=';'; echo "${problems[*]}")" >"$verdicts/$i.failed"
  fi
}
i=0
for row in "${matrix[@]}"; do
  IFS='|' read -r model expected filter proves <<<"$row"
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  check_model "$i" "$model" "$expected" "$filter" "$proves" &
  i=$((i + 1))
done
wait
printf '%-12s %-9s %-9s %s\n' model expected picked result
fail=0
for ((j = 0; j < i; j++)); do
  if [ -f "$verdicts/$j.ok" ]; then
    cat "$verdicts/$j.ok"
  elif [ -f "$verdicts/$j.failed" ]; then
    cat "$verdicts/$j.failed"
    fail=1
  else
    echo "row $j: no verdict (the check itself failed)"
    fail=1
  fi
done
exit $fail
