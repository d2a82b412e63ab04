#!/usr/bin/env bash
# provider-long-diff.sh — the long run of the provider's differential tests (issue 39: at least
# 10 million random operation sequences against OpenSSL's default provider), outside CI.
#
#   scripts/provider-long-diff.sh [BUILD_DIR]        (default: build/release)
#
# Runs every differential binary of provider/tests with its sequence count scaled up, with a
# seed of its own (printed; AESKIT_TEST_SEED=... reruns one), and adds up the sequences each
# prints per cipher ("AES-128-GCM  2000 sequences", "AES-128-CCM  8-byte tag: 50 TLS
# sequences"). Fails if any binary fails, reports a failure, or the sum stays under TOTAL.
# CI runs the same binaries with their small default counts (ctest -L provider).
#
# Environment: TOTAL (default 10000000), THREADS (AESKIT_PROVIDER_THREADS for the main
# differential test, default 1). The split: 70 % to the block-mode/GCM test, 22 % to the other
# modes, the rest to the TLS record (GCM, CBC, CBC-HMAC, CCM) and MAC tests. About 4 to 5
# minutes per 10 million on one core of the 2026 EPYC machine.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(cd "${1:-build/release}" && pwd)
tests=$build/provider/tests
provider_dir=$build/provider
total=${TOTAL:-10000000}
export AESKIT_PROVIDER_THREADS=${THREADS:-1}
[ -f "$provider_dir/aeskit.so" ] || { echo "provider-long-diff: no $provider_dir/aeskit.so" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT

sum=0
# run NAME SEQUENCES BINARY ARGS...: one binary, its output kept in $log, its sequences added.
run() {
  local name=$1 count=$2 bin=$3
  shift 3
  local seed=$((0x$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')))
  local start=$SECONDS
  echo "== $name: AESKIT_PROVIDER_SEQUENCES=$count AESKIT_TEST_SEED=$seed"
  if ! AESKIT_PROVIDER_SEQUENCES=$count AESKIT_TEST_SEED=$seed "$tests/$bin" "$provider_dir" "$@" \
      > "$log" 2>&1; then
    tail -30 "$log"
    echo "provider-long-diff: $name FAILED (seed $seed)" >&2
    exit 1
  fi
  grep -q '^0 failures\|, 0 failures$' "$log" || { tail -30 "$log"; echo "provider-long-diff: $name reports failures" >&2; exit 1; }
  local n
  # The count is the number before "sequences" (or before "TLS sequences") on a per-cipher line.
  n=$(awk '/^[A-Z]/ { for (i = 2; i <= NF; ++i) if ($i == "sequences") { j = i - 1; if ($j == "TLS") --j; if ($j ~ /^[0-9]+$/) s += $j; break } } END { print s + 0 }' "$log")
  echo "   $n sequences in $((SECONDS - start)) s: $(tail -1 "$log")"
  sum=$((sum + n))
}

# Per-binary counts from the target: the main test runs 12 ciphers; the modes test's scale
# gives about 22.5 sequences per unit; the TLS tests run 3 or 4 ciphers each, the MAC test 2.
run "block modes and GCM (12 ciphers)" $((total * 70 / 100 / 12)) aeskit_provider_diff_test
run "CFB/OFB/XTS/CCM/OCB/SIV" $((total * 22 / 100 * 10 / 225)) aeskit_provider_modes_test
run "TLS 1.2 GCM records" $((total * 3 / 100 / 4)) aeskit_provider_tls_diff_test gcm
run "TLS CBC records" $((total * 2 / 100 / 4)) aeskit_provider_tls_diff_test cbc
run "TLS CBC-HMAC records" $((total * 1 / 100 / 4)) aeskit_provider_tls_diff_test cbc-hmac
run "TLS 1.2 CCM records" $((total * 1 / 100 / 4)) aeskit_provider_tls_diff_test ccm
run "CMAC and GMAC" $((total * 1 / 100 / 2)) aeskit_provider_mac_diff_test

echo "provider-long-diff: $sum sequences in all, 0 failures ($((SECONDS)) s)"
[ "$sum" -ge "$total" ] || { echo "provider-long-diff: under TOTAL=$total" >&2; exit 1; }
