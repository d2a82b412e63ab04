#!/usr/bin/env bash
# Fails if any x86 code outside the 512-bit tier contains an EVEX-encoded (AVX-512)
# instruction. The x86 kernels are one source for every width (src/backend/x86/); each width
# is compiled in its own translation units with its own target, and a template or inline
# function that leaked the zmm target into the xmm/ymm code would crash every CPU without
# AVX-512 (Zen 3, most laptops) while passing every test on an AVX-512 machine.
#
#   scripts/check-no-evex.sh objects DIR   every object file under DIR (a CMake build's
#                                          aeskit_objects.dir), except those compiled from
#                                          src/backend/x86/zmm/, x86/clmul/*vpclmul512*,
#                                          x86/sha/*avx512* (the AVX-512 SHA-512 compressor)
#                                          and x86/xmm/*avx512vl* (AEGIS with VPTERNLOG on xmm)
#   scripts/check-no-evex.sh binary FILE   a linked binary or library (an LTO build, where
#                                          the objects hold no machine code): every function
#                                          whose name does not belong to the 512-bit tier
#                                          (vaes512 / vpclmul512 / sha512_compress_avx512 /
#                                          aesni_avx512vl in its demangled name)
#
# EVEX is recognised by its first byte, 0x62, after any legacy prefixes (in 64-bit mode 0x62
# is nothing else), or by an operand only EVEX can name (zmm, mask registers, xmm16-31).
set -euo pipefail
mode=${1:?usage: check-no-evex.sh objects DIR | binary FILE}
target=${2:?usage: check-no-evex.sh objects DIR | binary FILE}

# evex_lines: the EVEX instructions in objdump's output on stdin, one "function: insn" each;
# functions matching $2 (a regex, may be empty) are skipped.
evex_lines() {
  awk -v skip="$1" '
    /^[0-9a-f]+ <.*>:$/ { fn = $0; skipping = (skip != "" && fn ~ skip); next }
    skipping { next }
    {
      n = split($0, f, "\t")
      if (n < 3) next                      # no mnemonic on this line
      split(f[2], bytes, " ")
      i = 1
      while (bytes[i] ~ /^(26|2e|36|3e|64|65|66|67|f0|f2|f3)$/) i++
      if (bytes[i] == "62" || f[3] ~ /%zmm|%k[0-7]|%[xy]mm(1[6-9]|2[0-9]|3[01])/) print fn " " f[3]
    }'
}

found=0
case "$mode" in
  objects)
    count=0
    while IFS= read -r -d '' obj; do
      case "$obj" in
        */backend/x86/zmm/* | *vpclmul512* | */backend/x86/sha/*avx512* | */backend/x86/xmm/*avx512vl*) continue ;;
      esac
      count=$((count + 1))
      hits=$(objdump -d --insn-width=16 "$obj" | evex_lines "" | sed -n 1,5p)
      if [ -n "$hits" ]; then
        echo "EVEX instruction in $obj:"
        echo "$hits"
        found=1
      fi
    done < <(find "$target" -name '*.o' -print0)
    [ "$count" -gt 0 ] || { echo "no object files under $target" >&2; exit 1; }
    [ "$found" -eq 0 ] && echo "check-no-evex: $count objects outside the 512-bit tier, no EVEX instruction"
    ;;
  binary)
    hits=$(objdump -d -C --insn-width=16 "$target" | evex_lines 'vaes512|vpclmul512|sha512_compress_avx512|aesni_avx512vl' | sed -n 1,20p)
    if [ -n "$hits" ]; then
      echo "EVEX instruction outside the 512-bit tier in $target:"
      echo "$hits"
      found=1
    fi
    # The 512-bit tier itself must be there (else the check proves nothing).
    objdump -d -C "$target" | grep 'vaes512' > /dev/null || { echo "no vaes512 code in $target" >&2; exit 1; }
    [ "$found" -eq 0 ] && echo "check-no-evex: $target has EVEX code only in the 512-bit tier"
    ;;
  *)
    echo "usage: check-no-evex.sh objects DIR | binary FILE" >&2
    exit 2
    ;;
esac
exit "$found"
