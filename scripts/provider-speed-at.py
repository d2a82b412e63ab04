#!/usr/bin/env python3
"""provider-speed-at.py — `openssl speed -evp` at one size through the aeskit provider and
OpenSSL's default provider, alternating (default, aeskit, default, aeskit, ...), the best of
REPS one-second runs of each kept, and the ratio aeskit / default printed. For the per-item
tables of docs/openssl-provider.md ("every item at 16 bytes in one run"); scripts/
provider-speed.sh is the full table over OpenSSL's sizes with the proof-counter check.

    scripts/provider-speed-at.py PROVIDER_DIR REPS SIZE CASE...
    CASE: a cipher ("aes-128-xts") or a cipher and openssl speed flags ("aes-128-xts:-decrypt")

PROVIDER_DIR holds aeskit.so (build/release/provider). Figures are openssl speed's KB/s
(user CPU time); run it with nothing else on the machine."""
import subprocess
import sys


def run(provider_dir, cipher, size, extra, aeskit):
    cmd = ["openssl", "speed"]
    if aeskit:
        cmd += ["-provider-path", provider_dir, "-provider", "aeskit", "-provider", "default",
                "-propquery", "provider=aeskit"]
    cmd += ["-seconds", "1", "-bytes", size] + extra + ["-evp", cipher]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False).stdout
    for line in out.splitlines():
        if line.lower().startswith(cipher.lower()):
            return float(line.split()[-1].rstrip("k"))
    sys.exit(f"provider-speed-at: no figure for {' '.join(cmd)}")


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    provider_dir, reps, size = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    print(f"{'case':28s} {'default':>12s} {'aeskit':>12s} {'ratio':>6s}   (KB/s, best of {reps})")
    for case in sys.argv[4:]:
        cipher, _, flags = case.partition(":")
        extra = flags.split() if flags else []
        best = [0.0, 0.0]
        for _ in range(reps):
            for i in (0, 1):
                best[i] = max(best[i], run(provider_dir, cipher, size, extra, i == 1))
        print(f"{case:28s} {best[0]:12.0f} {best[1]:12.0f} {best[1] / best[0]:6.3f}", flush=True)


if __name__ == "__main__":
    main()
