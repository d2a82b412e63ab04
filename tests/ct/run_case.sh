#!/usr/bin/env bash
# tests/ct/run_case.sh — runs constant-time audit cases under valgrind memcheck and judges them.
#   run_case.sh <valgrind> <aeskit_ct_audit> clean <case>...
#   run_case.sh <valgrind> <aeskit_ct_audit> branch|index <control case>
# clean:  the cases run in one process (one valgrind start-up and one self-test of the library,
#         which were most of a lone case's 2-8 s); each must print "ok <case>" and memcheck
#         must report nothing (its report names the stack, hence the case).
# branch: memcheck must report a conditional jump on undefined (secret) data.
# index:  memcheck must report an address computed from undefined (secret) data.
# The last two are the controls that prove the audit can see a leak.
set -uo pipefail
valgrind=$1 exe=$2 expect=$3
shift 3
name="$*"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# VAES is not emulated by valgrind: keep the library off it whatever the CPUID says.
AESKIT_DISABLE=vaes,avx512 "$valgrind" --tool=memcheck --error-exitcode=42 --track-origins=yes \
  --num-callers=30 "$exe" "$@" >"$log" 2>&1
rc=$?
cat "$log"
branch_msg='Conditional jump or move depends on uninitialised value'
index_msg='Use of uninitialised value of size'
case $expect in
  clean)
    if [ $rc -ne 0 ]; then
      echo "CT AUDIT FAILED: $name exited $rc (42 = memcheck saw a secret-dependent branch or index)"
      exit 1
    fi
    for one in "$@"; do
      grep -q "^ok $one:" "$log" || { echo "CT AUDIT FAILED: $one did not report its checks"; exit 1; }
    done
    ;;
  branch | index)
    msg=$branch_msg
    [ "$expect" = index ] && msg=$index_msg
    if [ $rc -ne 42 ] || ! grep -q "$msg" "$log"; then
      echo "CT AUDIT CONTROL FAILED: $name should have been reported ('$msg'), rc=$rc"
      exit 1
    fi
    echo "control $name reported as expected"
    ;;
  *) echo "unknown expectation $expect"; exit 2 ;;
esac
