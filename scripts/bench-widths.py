#!/usr/bin/env python3
"""Before/after and width comparison for the x86 kernels (issue 16), as aeskit speed runs.

Runs each configuration (a binary and an AESKIT_DISABLE setting) over a curated item set,
interleaved round by round (A, B, C, A, B, C, ...), ROUNDS times, and keeps each item's best
MB/s. Prints one table: the items as rows, the configurations as columns, then the ratios
asked for. Take the figures when nothing else runs on the machine.

usage: bench-widths.py [--rounds N] [--seconds S] [--sizes LIST] NAME=BINARY[:DISABLE] ...
  e.g. before=base/aeskit:avx512 ymm=build/aeskit:avx512 zmm=build/aeskit
       (":avx512" sets AESKIT_DISABLE=avx512 for that column; ratios are column / first)
"""
import argparse
import json
import os
import subprocess
import sys

ITEMS = [
    "AES-128-CTR encrypt", "AES-256-CTR encrypt", "AES-128-ECB encrypt", "AES-256-ECB encrypt",
    "AES-128-CFB decrypt", "AES-256-CFB decrypt", "AES-128-CBC decrypt", "AES-256-CBC decrypt",
    "AES-128-XTS encrypt", "AES-128-XTS decrypt", "AES-256-XTS encrypt", "AES-256-XTS decrypt",
    "AES-128-OCB seal", "AES-128-OCB open", "AES-256-OCB seal", "AES-256-OCB open",
    "AES-128-GCM seal", "AES-128-GCM open", "AES-256-GCM seal", "AES-256-GCM open",
    "AES-128-GCM-SIV seal", "AES-128-GCM-SIV open", "AES-256-GCM-SIV seal",
    "AES-256-GCM-SIV open", "AES-128-CCM seal", "AES-128-CCM open",
]


def run(binary, disable, sizes, seconds, items):
    env = dict(os.environ)
    env.pop("AESKIT_DISABLE", None)
    if disable:
        env["AESKIT_DISABLE"] = disable
    cmd = [binary, "speed", "--compare", "none", "--seconds", str(seconds), "--sizes", sizes,
           "--json", "-"]
    for item in items:
        cmd += ["--filter", item]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    results = {}
    for r in json.loads(out):
        key = (f'{r["algorithm"]} {r["op"]}', r["bytes"])
        if key[0] in items:
            results[key] = r["mb_per_sec"]
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=0.2)
    ap.add_argument("--sizes", default="16,1350,16384")
    ap.add_argument("--items", default="", help="comma-separated subset of the item names")
    ap.add_argument("configs", nargs="+")
    args = ap.parse_args()
    items = [i for i in args.items.split(",") if i] or ITEMS
    configs = []
    for c in args.configs:
        name, _, spec = c.partition("=")
        binary, _, disable = spec.partition(":")
        configs.append((name, binary, disable))
    best = {name: {} for name, _, _ in configs}
    for _ in range(args.rounds):
        for name, binary, disable in configs:
            for key, v in run(binary, disable, args.sizes, args.seconds, items).items():
                best[name][key] = max(best[name].get(key, 0.0), v)
    keys = sorted(best[configs[0][0]].keys(), key=lambda k: (items.index(k[0]), k[1]))
    names = [n for n, _, _ in configs]
    head = f'{"item":28} {"bytes":>6} ' + " ".join(f"{n:>10}" for n in names)
    head += " " + " ".join(f"{n + '/' + names[0]:>14}" for n in names[1:])
    print(head)
    for k in keys:
        vals = [best[n].get(k, 0.0) for n in names]
        line = f"{k[0]:28} {k[1]:6d} " + " ".join(f"{v:10.0f}" for v in vals)
        line += " " + " ".join(f"{(v / vals[0] if vals[0] else 0):14.2f}" for v in vals[1:])
        print(line)


if __name__ == "__main__":
    sys.exit(main())
