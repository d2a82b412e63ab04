#!/usr/bin/env bash
# tests/cli/speed_plot.sh — `aeskit speed --plot` and `--plot-scaling`: each SVG is well-formed
# XML (xmllint), renders (rsvg-convert to PNG) and holds what it must: one panel per item
# measured at two sizes or more, a line per implementation, the bound dashed with --bound;
# the scaling plot a panel per multi-thread family with memcpy dashed. A plot request with
# nothing to plot fails with a message. Needs xmllint and rsvg-convert (install-deps.sh).
# Usage: speed_plot.sh AESKIT
set -euo pipefail
tool=$1
fail() {
  echo "speed_plot: $*" >&2
  exit 1
}
command -v xmllint >/dev/null || fail "xmllint missing (scripts/install-deps.sh installs it)"
command -v rsvg-convert >/dev/null || fail "rsvg-convert missing (scripts/install-deps.sh)"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

env -u AESKIT_DISABLE "$tool" speed --seconds 0.01 --sizes 16,1350,16384 --bound \
  --filter "AES-128-GCM seal" --filter "AES-256-CTR encrypt" --filter "Cobblestone-128 seal" \
  --filter "memcpy" --plot "$dir/t.svg" --plot-scaling "$dir/s.svg" >"$dir/out" 2>&1 ||
  fail "aeskit speed failed: $(cat "$dir/out")"
for f in t s; do
  xmllint --noout "$dir/$f.svg" || fail "$f.svg is not well-formed"
  rsvg-convert -o "$dir/$f.png" "$dir/$f.svg" || fail "$f.svg does not render"
  [ "$(head -c 8 "$dir/$f.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    fail "$f.png is not a PNG"
done
svg=$(cat "$dir/t.svg")
for title in "AES-128-GCM seal" "AES-256-CTR encrypt"; do
  grep -q ">$title</text>" <<<"$svg" || fail "no panel for $title"
done
# Two panels, each with aeskit + the peers built in + the bound (dashed): polylines >= 2 * 2.
[ "$(grep -c '<polyline' <<<"$svg")" -ge 4 ] || fail "too few lines in the throughput plot"
grep -q 'stroke-dasharray' <<<"$svg" || fail "no dashed bound line with --bound"
grep -q '>bound (--bound)</text>' <<<"$svg" || fail "no bound in the legend"
grep -q ">aeskit</text>" <<<"$svg" || fail "no aeskit line"
scaling=$(cat "$dir/s.svg")
if [ "$(nproc)" -ge 2 ]; then
  grep -q ">Cobblestone-128 seal (aeskit)</text>" <<<"$scaling" || fail "no scaling panel"
  grep -q ">memcpy " <<<"$scaling" || fail "no memcpy line in the scaling plot"
fi

# Nothing to plot: one size only.
if env -u AESKIT_DISABLE "$tool" speed --seconds 0.01 --sizes 16 --compare none \
  --filter "AES-128-CTR encrypt" --plot "$dir/none.svg" >"$dir/out2" 2>&1; then
  fail "a plot with nothing in it succeeded"
fi
grep -q "nothing to plot" "$dir/out2" || fail "no message for an empty plot"
echo "speed_plot: ok"
