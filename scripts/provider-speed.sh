#!/usr/bin/env bash
# provider-speed.sh — `openssl speed` through the aeskit provider against OpenSSL's default
# provider, in the same run and interleaved (default, aeskit, default, aeskit, ... for each
# case), printed side by side with the ratio aeskit / default.
#
#   scripts/provider-speed.sh [BUILD_DIR]        (default: build/release; needs its provider/aeskit.so)
#
# Cases: -evp encrypt and -decrypt for each cipher of CIPHERS, and -aead (the TLS-like
# sequence: init with IV, 13 bytes of AAD, payload, final; OpenSSL's own sizes 2, 31, 136,
# 1024, 8192, 16384) for each GCM, CCM and OCB cipher, encrypting and decrypting (a decrypting
# -aead run fails every tag on purpose, as openssl speed does: the work is still done). For
# AEAD ciphers OpenSSL 3.0's -evp without -aead runs the same per-message sequence without
# the AAD (init with key and IV, payload, final), not a stream of updates.
#
# The provider options must come before -evp: openssl speed (3.0) fetches the -evp cipher
# while it parses that option, with the provider and -propquery given so far; placed after
# it, they are loaded but the cipher was already fetched from the default provider. Each aeskit
# run writes AESKIT_PROVIDER_STATS and the script fails unless aeskit sealed (or opened) bytes
# of that very cipher, so a run that silently used the default provider cannot pass.
#
# Environment: SPEED_SECONDS (per size, default 1), ROUNDS (default 1: the best of ROUNDS
# interleaved pairs is kept), CIPHERS (default "aes-128-gcm aes-256-gcm aes-128-ctr
# aes-256-ctr aes-128-cbc aes-256-cbc"), AEAD (default 1: also the -aead cases), OPENSSL
# (default: openssl). Figures are bytes/s of user CPU time (openssl speed's default), so other
# load on the machine changes them less than wall time would, but it still does: the script
# prints the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(cd "${1:-build/release}" && pwd)
provider_dir=$build/provider
[ -f "$provider_dir/aeskit.so" ] || { echo "provider-speed: no $provider_dir/aeskit.so (build the aeskit_provider target)" >&2; exit 1; }
openssl=${OPENSSL:-openssl}
seconds=${SPEED_SECONDS:-1}
rounds=${ROUNDS:-1}
read -r -a ciphers <<<"${CIPHERS:-aes-128-gcm aes-256-gcm aes-128-ctr aes-256-ctr aes-128-cbc aes-256-cbc}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run PROVIDER CIPHER FLAGS...: one openssl speed -mr run; prints "size rate" lines (bytes/s).
run() {
  local which=$1 cipher=$2 stats=$work/stats
  shift 2
  local -a prov
  if [ "$which" = aeskit ]; then
    prov=(-provider-path "$provider_dir" -provider aeskit -provider default -propquery provider=aeskit)
  else
    prov=(-provider default -propquery provider=default)
  fi
  rm -f "$stats"
  AESKIT_PROVIDER_STATS=$stats "$openssl" speed -mr -seconds "$seconds" "$@" "${prov[@]}" \
    -evp "$cipher" >"$work/out" 2>&1 || { cat "$work/out" >&2; echo "provider-speed: openssl speed failed" >&2; exit 1; }
  if [ "$which" = aeskit ]; then
    local name dir=sealed
    name=$(tr '[:lower:]' '[:upper:]' <<<"$cipher")
    [[ " $* " == *" -decrypt "* ]] && dir=opened
    grep -Eq " $name\.$dir=[1-9]" "$stats" 2>/dev/null ||
      { echo "provider-speed: $cipher $*: aeskit's counters show no $name.$dir (stats: $(cat "$stats" 2>/dev/null))" >&2; exit 1; }
  elif [ -s "$stats" ]; then
    echo "provider-speed: the default-provider run loaded aeskit" >&2
    exit 1
  fi
  # +H:size:size:... and +F:n:NAME:rate:rate:...
  awk -F: '/^\+H:/ { for (i = 2; i <= NF; i++) size[i - 1] = $i; n = NF - 1 }
           /^\+F:/ { for (i = 4; i <= NF; i++) print size[i - 3], $i }' "$work/out"
}

# best FILE...: per size, the highest rate over the files.
best() {
  awk '{ if (!($1 in r) || $2 > r[$1]) r[$1] = $2; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
       END { for (i = 1; i <= n; i++) print order[i], r[order[i]] }' "$@"
}

echo "openssl speed: $("$openssl" version) on $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "aeskit provider: $provider_dir/aeskit.so; $seconds s per size, best of $rounds interleaved round(s)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
cases=()
for c in "${ciphers[@]}"; do
  cases+=("$c|" "$c|-decrypt")
done
if [ "${AEAD:-1}" = 1 ]; then
  for c in "${ciphers[@]}"; do
    case $c in *-gcm | *-ccm | *-ocb) cases+=("$c|-aead" "$c|-aead -decrypt") ;; esac
  done
fi
printf '\n%-28s %8s %12s %12s %7s\n' "case" "bytes" "default MB/s" "aeskit MB/s" "ratio"
for entry in "${cases[@]}"; do
  cipher=${entry%%|*}
  read -r -a flags <<<"${entry#*|}"
  for ((r = 1; r <= rounds; r++)); do
    run default "$cipher" "${flags[@]}" >"$work/default.$r"
    run aeskit "$cipher" "${flags[@]}" >"$work/aeskit.$r"
  done
  best "$work"/default.* >"$work/default"
  best "$work"/aeskit.* >"$work/aeskit"
  rm -f "$work"/default.* "$work"/aeskit.*
  label="$cipher${flags[*]:+ ${flags[*]}}"
  paste -d' ' "$work/default" "$work/aeskit" | while read -r size d _ a; do
    awk -v l="$label" -v s="$size" -v d="$d" -v a="$a" \
      'BEGIN { printf "%-28s %8d %12.1f %12.1f %6.2fx\n", l, s, d / 1e6, a / 1e6, (d > 0 ? a / d : 0) }'
  done
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
