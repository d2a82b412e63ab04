#!/bin/sh
# openssl_cli_test.sh — the aeskit provider through the openssl command: `openssl list`
# shows its ciphers, and `openssl enc` through it (-propquery provider=aeskit, aeskit alone, and the
# openssl.cnf of docs/openssl-provider.md)
# gives the default provider's bytes and round-trips; AESKIT_PROVIDER_STATS lines count them. Usage: openssl_cli_test.sh <openssl> <dir of aeskit.so>
set -eu
openssl=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$openssl" list -cipher-algorithms -provider-path "$dir" -provider aeskit > "$tmp/list"
for mode in ECB CBC CTR GCM CFB CFB1 CFB8 OFB CCM SIV; do
  for bits in 128 192 256; do
    grep -iE "aes-$bits-$mode( |,|}).*@ aeskit" "$tmp/list" > /dev/null || fail "openssl list lacks AES-$bits-$mode @ aeskit"
  done
done
for bits in 128 256; do
  grep -i "aes-$bits-xts.* @ aeskit" "$tmp/list" > /dev/null || fail "openssl list lacks AES-$bits-XTS @ aeskit"
done
for c in AES-128-CBC-HMAC-SHA1 AES-256-CBC-HMAC-SHA1 AES-128-CBC-HMAC-SHA256 AES-256-CBC-HMAC-SHA256; do
  grep -i "$c @ aeskit" "$tmp/list" > /dev/null || fail "openssl list lacks $c @ aeskit"
done
[ "$(grep -c '@ aeskit' "$tmp/list")" -eq 41 ] || fail "expected 41 ciphers @ aeskit"
"$openssl" list -mac-algorithms -provider-path "$dir" -provider aeskit > "$tmp/macs"
grep "CMAC @ aeskit" "$tmp/macs" > /dev/null || fail "openssl list lacks CMAC @ aeskit"
grep "GMAC.* @ aeskit" "$tmp/macs" > /dev/null || fail "openssl list lacks GMAC @ aeskit"

head -c 100000 /dev/urandom > "$tmp/plain"
key=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
iv=f0e0d0c0b0a090807060504030201000
ours="-provider-path $dir -provider aeskit -provider default -propquery provider=aeskit"
for c in aes-128-cbc aes-256-cbc aes-192-ecb aes-256-ctr aes-128-cfb aes-192-cfb8 aes-256-cfb1 aes-256-ofb; do
  k=$key
  case $c in aes-128-*) k=$(echo $key | cut -c1-32) ;; aes-192-*) k=$(echo $key | cut -c1-48) ;; esac
  ivarg="-iv $iv"
  case $c in *-ecb) ivarg= ;; esac
  # shellcheck disable=SC2086
  "$openssl" enc -$c -K $k $ivarg $ours -in "$tmp/plain" -out "$tmp/ours.$c"
  # shellcheck disable=SC2086
  "$openssl" enc -$c -K $k $ivarg -in "$tmp/plain" -out "$tmp/default.$c"
  cmp -s "$tmp/ours.$c" "$tmp/default.$c" || fail "$c: aeskit and default ciphertexts differ"
  # shellcheck disable=SC2086
  "$openssl" enc -d -$c -K $k $ivarg $ours -in "$tmp/ours.$c" -out "$tmp/back.$c"
  cmp -s "$tmp/back.$c" "$tmp/plain" || fail "$c: round trip through aeskit differs"
done
# The proof counters seen from outside the process (AESKIT_PROVIDER_STATS): one line per
# process at teardown, exact byte counts per algorithm and direction; unset, nothing written.
stats=$tmp/stats
k=$(echo $key | cut -c1-64)
# shellcheck disable=SC2086
AESKIT_PROVIDER_STATS=$stats "$openssl" enc -aes-256-ctr -K $k -iv $iv $ours -in "$tmp/plain" -out "$tmp/s.ctr"
# shellcheck disable=SC2086
AESKIT_PROVIDER_STATS=$stats "$openssl" enc -d -aes-256-ctr -K $k -iv $iv $ours -in "$tmp/s.ctr" -out "$tmp/s.back"
# shellcheck disable=SC2086
env -u AESKIT_PROVIDER_STATS "$openssl" enc -aes-256-ctr -K $k -iv $iv $ours -in "$tmp/plain" -out "$tmp/s.ctr2"
cmp -s "$tmp/s.back" "$tmp/plain" || fail "aes-256-ctr round trip (stats run) differs"
[ "$(wc -l < "$stats")" -eq 2 ] || fail "expected 2 stats lines, got: $(cat "$stats")"
sed -n 1p "$stats" | grep -Eq '^aeskit-stats pid=[0-9]+ AES-256-CTR\.sealed=100000$' ||
  fail "stats line of the encryption: $(sed -n 1p "$stats")"
sed -n 2p "$stats" | grep -Eq '^aeskit-stats pid=[0-9]+ AES-256-CTR\.opened=100000$' ||
  fail "stats line of the decryption: $(sed -n 2p "$stats")"

# With aeskit as the only provider the work cannot go elsewhere: same bytes again, and a
# cipher it does not have (ARIA) is unknown.
only="-provider-path $dir -provider aeskit"
k=$(echo $key | cut -c1-32)
# shellcheck disable=SC2086
"$openssl" enc -aes-128-cbc -K $k -iv $iv $only -in "$tmp/plain" -out "$tmp/only"
# shellcheck disable=SC2086
"$openssl" enc -aes-128-cbc -K $k -iv $iv -in "$tmp/plain" -out "$tmp/only.default"
cmp -s "$tmp/only" "$tmp/only.default" || fail "aes-128-cbc with aeskit alone differs from default"
# shellcheck disable=SC2086
if "$openssl" enc -aria-128-cbc -K $k -iv $iv $only -in "$tmp/plain" -out "$tmp/aria" 2> /dev/null; then
  fail "aria-128-cbc worked with aeskit alone: is another provider answering?"
fi
# The openssl.cnf snippet of docs/openssl-provider.md: aeskit preferred for every fetch.
cat > "$tmp/openssl.cnf" <<CNF
openssl_conf = openssl_init

[openssl_init]
providers = provider_sect
alg_section = algorithm_sect

[provider_sect]
default = default_sect
aeskit = aeskit_sect

[default_sect]
activate = 1

[aeskit_sect]
module = $dir/aeskit.so
activate = 1

[algorithm_sect]
default_properties = ?provider=aeskit
CNF
OPENSSL_CONF="$tmp/openssl.cnf" "$openssl" list -providers > "$tmp/providers"
grep -q "name: aeskit" "$tmp/providers" || fail "openssl.cnf did not load aeskit"
# shellcheck disable=SC2086
OPENSSL_CONF="$tmp/openssl.cnf" "$openssl" enc -aes-128-cbc -K $k -iv $iv -in "$tmp/plain" -out "$tmp/cnf"
cmp -s "$tmp/cnf" "$tmp/only.default" || fail "aes-128-cbc through openssl.cnf differs from default"
echo "openssl list and enc through the aeskit provider: ok"
