#!/usr/bin/env bash
# scripts/bench-chunked.sh — the Cobblestone figures of issue 8's "Done when", side by side:
#   AES-128-GCM seal at 16 KiB (the per-core crypto reference),
#   memcpy of SIZE bytes on 1 and on all threads (the memory-copy ceilings),
#   the whole-buffer API sealing SIZE bytes in memory on 1 and on all threads
#     (aeskit speed items "Cobblestone-128 seal (N thread[s])" and "memcpy copy (...)"),
#   `aeskit seal` of a SIZE-byte file in SHM_DIR on 1 and on all threads, next to `cat` of the
#     same file (the file-copy ceiling: the same reads and fresh tmpfs pages, no crypto) and
#     to `aeskit seal` of it to /dev/null, with the peak RSS of every aeskit run,
#   `aeskit open` of the sealed file to /dev/null, with its peak RSS,
#   the tmpfs write ceiling: dd of SIZE bytes from /dev/zero into a fresh file in SHM_DIR (the
#     page allocation and copy that any file written there pays, with nothing read), against
#     which the CLI seal figures are also given.
# Every figure is the best of REPEAT runs (the machine is shared: the load average is printed
# before and after). Needs: a built aeskit (Release), jq, GNU time (/usr/bin/time), SIZE bytes
# of memory twice over plus SIZE twice in SHM_DIR.
#
# usage: scripts/bench-chunked.sh [AESKIT_BINARY]   (default: build/release/tools/aeskit/aeskit)
# environment: SIZE (default 1073741824), REPEAT (3), SECONDS_PER (1, per speed measurement),
#              SHM_DIR (/dev/shm)
set -euo pipefail

AESKIT=${1:-build/release/tools/aeskit/aeskit}
SIZE=${SIZE:-1073741824}
REPEAT=${REPEAT:-3}
SECONDS_PER=${SECONDS_PER:-1}
SHM_DIR=${SHM_DIR:-/dev/shm}
THREADS=$(nproc)
TIME=/usr/bin/time

for tool in jq "$TIME" "$AESKIT"; do
  command -v "$tool" >/dev/null || { echo "bench-chunked: $tool not found" >&2; exit 2; }
done

work=$(mktemp -d "$SHM_DIR/aeskit-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
export AESKIT_BENCH_KEY=000102030405060708090a0b0c0d0e0f
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $THREADS threads; SIZE=$SIZE;" \
  "best of $REPEAT"

# speed_runs NAME ARGS...: REPEAT `aeskit speed --json` runs into $work/NAME.N.json.
speed_runs() {
  local name=$1
  shift
  for r in $(seq "$REPEAT"); do
    "$AESKIT" speed --compare none --seconds "$SECONDS_PER" "$@" --json - \
      >"$work/$name.$r.json" 2>/dev/null
  done
}
# best NAME ALGORITHM OP BYTES: the best mb_per_sec of that record over the runs of NAME.
best() {
  jq -s -r --arg a "$2" --arg o "$3" --argjson b "$4" \
    '[.[][] | select(.algorithm == $a and .op == $o and .bytes == $b) | .mb_per_sec] | max' \
    "$work/$1".*.json
}

# best_run CMD...: runs CMD REPEAT times (output files removed between runs); prints
# "wall_MB/s cpu_MB/s maxrss_KiB": SIZE bytes over the best wall time, over the best user +
# system CPU time (what the run cost, whatever else the machine did), and the largest RSS.
best_run() {
  local best_t=999999 best_c=999999 rss=0 line
  for _ in $(seq "$REPEAT"); do
    rm -f "$work/out"
    line=$("$TIME" -f "%e %U %S %M" "$@" 2>&1 >/dev/null | tail -1)
    read -r best_t best_c rss < <(echo "$best_t $best_c $rss $line" |
      awk '{c = $5 + $6; print ($4 < $1 ? $4 : $1), (c < $2 ? c : $2), ($7 > $3 ? $7 : $3)}')
  done
  echo "$SIZE $best_t $best_c $rss" |
    awk '{printf "%.1f %.1f %d\n", $1 / ($2 > 0 ? $2 : 0.01) / 1e6, $1 / ($3 > 0 ? $3 : 0.01) / 1e6, $4}'
}

ratio() { echo "$1 $2" | awk '{printf "%.2f", ($2 > 0) ? $1 / $2 : 0}'; }

many="($THREADS threads)"
speed_runs gcm --filter "AES-128-GCM seal" --sizes 16384
speed_runs wb --filter "Cobblestone-128 seal" --filter memcpy --sizes "$SIZE"
gcm=$(best gcm AES-128-GCM seal 16384)
mem1=$(best wb memcpy "copy (1 thread)" "$SIZE")
memN=$(best wb memcpy "copy $many" "$SIZE")
wb1=$(best wb Cobblestone-128 "seal (1 thread)" "$SIZE")
wbN=$(best wb Cobblestone-128 "seal $many" "$SIZE")

read -r shm_mbs _ < <(best_run dd if=/dev/zero of="$work/out" bs=1M count="$SIZE" \
  iflag=count_bytes status=none)
head -c "$SIZE" /dev/zero >"$work/in"
read -r cat_mbs cat_cpu _ < <(best_run sh -c "cat '$work/in' > '$work/out'")
read -r cli1 cli1_cpu rss1 < <(best_run "$AESKIT" seal -q -e AESKIT_BENCH_KEY -t 1 -o "$work/out" "$work/in")
read -r cliN cliN_cpu rssN < <(best_run "$AESKIT" seal -q -e AESKIT_BENCH_KEY -t "$THREADS" \
  -o "$work/out" "$work/in")
read -r null1 null1_cpu _ < <(best_run sh -c "'$AESKIT' seal -q -e AESKIT_BENCH_KEY -t 1 '$work/in' >/dev/null")
"$AESKIT" seal -q -e AESKIT_BENCH_KEY -o "$work/sealed" "$work/in"
rm -f "$work/in"
read -r open1 open1_cpu orss1 < <(best_run sh -c "'$AESKIT' open -q -e AESKIT_BENCH_KEY -t 1 '$work/sealed' >/dev/null")
read -r openN openN_cpu orssN < <(best_run sh -c "'$AESKIT' open -q -e AESKIT_BENCH_KEY -t $THREADS '$work/sealed' >/dev/null")

echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-46s %9s   %s\n' "figure (MB/s of plaintext, best of $REPEAT)" "MB/s" "ratios"
printf '%-46s %9s\n' "AES-128-GCM seal, 16 KiB, 1 thread" "$gcm"
printf '%-46s %9s\n' "memcpy $SIZE B, 1 thread" "$mem1"
printf '%-46s %9s   %s\n' "memcpy $SIZE B, $THREADS threads" "$memN" "$(ratio "$memN" "$mem1")x 1 thread"
printf '%-46s %9s   %s\n' "whole-buffer seal $SIZE B, 1 thread" "$wb1" \
  "$(ratio "$wb1" "$gcm") of GCM 16 KiB, $(ratio "$wb1" "$mem1") of memcpy (need >= 0.80 of either)"
printf '%-46s %9s   %s\n' "whole-buffer seal $SIZE B, $THREADS threads" "$wbN" \
  "$(ratio "$wbN" "$wb1")x 1 thread (need >= 1.70), $(ratio "$wbN" "$memN") of memcpy $many"
echo "file runs: MB/s over wall time, then [MB/s over user+system CPU time]"
printf '%-46s %9s\n' "dd /dev/zero > $SHM_DIR file (tmpfs write ceiling)" "$shm_mbs"
printf '%-46s %9s   [%s]\n' "cat file > $SHM_DIR file (copy ceiling)" "$cat_mbs" "$cat_cpu"
printf '%-46s %9s   [%s] %s\n' "aeskit seal file -> $SHM_DIR, 1 thread" "$cli1" "$cli1_cpu" \
  "$(ratio "$cli1" "$wb1") of whole-buffer 1 thread (need >= 0.50), $(ratio "$cli1" "$cat_mbs") of cat, $(ratio "$cli1" "$shm_mbs") of tmpfs write"
printf '%-46s %9s   [%s] %s\n' "aeskit seal file -> $SHM_DIR, $THREADS threads" "$cliN" \
  "$cliN_cpu" "$(ratio "$cliN" "$wbN") of whole-buffer $many, $(ratio "$cliN" "$cat_mbs") of cat, $(ratio "$cliN" "$shm_mbs") of tmpfs write"
printf '%-46s %9s   [%s]\n' "aeskit seal file -> /dev/null, 1 thread" "$null1" "$null1_cpu"
printf '%-46s %9s   [%s]\n' "aeskit open file -> /dev/null, 1 thread" "$open1" "$open1_cpu"
printf '%-46s %9s   [%s]\n' "aeskit open file -> /dev/null, $THREADS threads" "$openN" "$openN_cpu"
echo "peak RSS (KiB): seal -t 1 $rss1, seal -t $THREADS $rssN, open -t 1 $orss1," \
  "open -t $THREADS $orssN"
