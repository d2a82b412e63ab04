#!/usr/bin/env bash
# tests/cross/cli_emulated.sh — the `aeskit` tool of a cross build, run under its emulator
# (CTest passes CMAKE_CROSSCOMPILING_EMULATOR): what `aeskit cpu` reports and a seal/open
# round trip. Used by the aarch64 preset (qemu-aarch64, whose default CPU has FEAT_AES,
# FEAT_PMULL, FEAT_SHA1/SHA256/SHA512 and FEAT_SHA3) and the ppc64le preset (QEMU_CPU=power8
# and power9: the vector crypto instructions).
#
# Usage: cli_emulated.sh TOOL EXPECT_BACKEND EXPECT_GCM EXPECT_SHA1 EXPECT_SHA256 EXPECT_SHA512
#                        [EMULATOR ARGS...]
#   EXPECT_BACKEND  the backend every "kernels:" line (block modes and AEADs) must name
#   EXPECT_GCM      text both AES-128-GCM and AES-256-GCM lines must contain (e.g. the fused
#                   kernel's name), or "-" for no check
#   EXPECT_SHA*     the compressor the "hash compressors:" section must name per hash
# AESKIT_DISABLE is passed through from the environment (CTest sets it per entry).
# Then `aeskit keygen`, `aeskit seal` of 200,000 bytes (several Cobblestone chunks), `aeskit
# open` with the same settings and again with every crypto feature disabled (portable and
# vperm code must read what the hardware kernels wrote; AESKIT_CLI_FEATURES_OFF names them,
# the Arm ones by default), and a one-bit forgery of a 1000-byte file refused.
set -euo pipefail
tool=$1 backend=$2 gcm=$3 sha1=$4 sha256=$5 sha512=$6
shift 6
emu=("$@")
fail() {
  echo "cli_emulated: $*" >&2
  exit 1
}

out=$("${emu[@]}" "$tool" cpu) || fail "aeskit cpu exited $?"
printf '%s\n' "$out"
! grep -q FAILED <<<"$out" || fail "a self-test FAILED"
grep -qx "default backend: $backend" <<<"$out" || fail "default backend is not $backend"

# The "kernels:" section: every indented line's third field is "<backend>:...".
kernels=$(awk '/^kernels:/{in_=1; next} in_ && !/^  /{exit} in_' <<<"$out")
[ "$(wc -l <<<"$kernels")" -ge 60 ] || fail "too few kernel lines"
bad=$(awk -v b="$backend:" 'index($3, b) != 1' <<<"$kernels")
[ -z "$bad" ] || fail "lines not on $backend:"$'\n'"$bad"
if [ "$gcm" != "-" ]; then
  gcm_lines=$(grep -E '^  AES-(128|256)-GCM ' <<<"$kernels")
  [ "$(wc -l <<<"$gcm_lines")" -eq 4 ] || fail "expected 4 AES-GCM lines"
  bad=$(grep -vF -- "$gcm" <<<"$gcm_lines" || true)
  [ -z "$bad" ] || fail "AES-GCM lines without '$gcm':"$'\n'"$bad"
fi

# The "hash compressors:" section.
hashes=$(awk '/^hash compressors:/{in_=1; next} in_ && !/^  /{exit} in_' <<<"$out")
for pair in "SHA-1 $sha1" "SHA-256 $sha256" "SHA-512 $sha512"; do
  set -- $pair
  grep -qE "^  $1 +$2\$" <<<"$hashes" || fail "$1 does not run on $2"
done

# With the AES and SHA instructions, the TLS CBC-HMAC AEADs run the stitched CBC+SHA kernels.
if [ "$backend" = armv8ce ] && [ "$sha256" = armv8sha256 ]; then
  tls_lines=$(grep -E '^  AES-(128|256)-CBC-SHA' <<<"$kernels")
  [ -n "$tls_lines" ] || fail "no TLS CBC-HMAC lines"
  bad=$(grep -vF -- "stitched armv8ce+sha2" <<<"$tls_lines" || true)
  [ -z "$bad" ] || fail "TLS CBC-HMAC lines not stitched:"$'\n'"$bad"
fi

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
head -c 200000 /dev/urandom >"$dir/plain"
"${emu[@]}" "$tool" keygen -o "$dir/key" || fail "keygen failed"
"${emu[@]}" "$tool" seal -k "$dir/key" -o "$dir/sealed" "$dir/plain" || fail "seal failed"
"${emu[@]}" "$tool" open -k "$dir/key" -o "$dir/opened" "$dir/sealed" || fail "open failed"
cmp -s "$dir/plain" "$dir/opened" || fail "open did not give back the plaintext"
off=${AESKIT_CLI_FEATURES_OFF:-aes,pmull,sha1,sha2,sha512,sha3}
AESKIT_DISABLE=$off "${emu[@]}" "$tool" open -k "$dir/key" -o "$dir/opened2" "$dir/sealed" ||
  fail "open with $off disabled failed"
cmp -s "$dir/plain" "$dir/opened2" || fail "open with $off disabled differs"
# A small file with one bit flipped in its middle: open must refuse and leave no output file.
head -c 1000 /dev/urandom >"$dir/small"
"${emu[@]}" "$tool" seal -k "$dir/key" -o "$dir/forged" "$dir/small" || fail "seal failed"
byte=$(od -An -tu1 -j500 -N1 "$dir/forged" | tr -d ' ')
printf "\\$(printf '%03o' $((byte ^ 1)))" | dd of="$dir/forged" bs=1 seek=500 conv=notrunc status=none
if "${emu[@]}" "$tool" open -k "$dir/key" -o "$dir/opened3" "$dir/forged" 2>/dev/null; then
  fail "open accepted a forged file"
fi
[ ! -e "$dir/opened3" ] || fail "a refused open left an output file"
echo "cli_emulated: ok ($backend)"
