#!/usr/bin/env bash
# run.sh BINARY NAME SOURCE_DIR BUILD_DIR SECONDS [libFuzzer options...]
# Runs one fuzz target for SECONDS over its working corpus (BUILD_DIR/fuzz/work/NAME, where
# new inputs go), the generated seeds (BUILD_DIR/fuzz/seeds/NAME) and the committed
# regression inputs (SOURCE_DIR/fuzz/corpus/NAME). Crashes go to BUILD_DIR/fuzz/artifacts/.
set -euo pipefail
bin=$1 name=$2 src=$3 build=$4 secs=$5
shift 5
work=$build/fuzz/work/$name
seeds=$build/fuzz/seeds/$name
regressions=$src/fuzz/corpus/$name
mkdir -p "$work" "$build/fuzz/artifacts"
dirs=("$work")
[ -d "$seeds" ] && dirs+=("$seeds")
[ -d "$regressions" ] && dirs+=("$regressions")
exec "$bin" -max_total_time="$secs" -timeout=30 -rss_limit_mb=2560 -print_final_stats=1 \
  -artifact_prefix="$build/fuzz/artifacts/$name-" "$@" "${dirs[@]}"
