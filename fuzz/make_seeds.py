#!/usr/bin/env python3
"""make_seeds.py: seed corpora for the fuzz targets, written at run time (nothing committed).

Reads the shared Wycheproof vectors (--vectors, or AESKIT_VECTORS_DIR in the environment)
and writes one file per seed into OUT/<target>/, laid out as each target's header comment
describes. The AEAD targets pick algorithms by index into aeskit::aead::algorithms(); that
order comes from running the aead_open fuzz target with AESKIT_FUZZ_LIST_AEADS=1 (--lister).
Missing vector files are skipped; a few synthetic seeds are always written.
"""
import argparse
import hashlib
import json
import os
import struct
import subprocess
import sys
import zlib

PER_FILE = 40        # seeds taken from each vector file per target
CHUNKED_SHORT_CT = 56 + 1100 + 16  # fuzz/chunked.cpp kShortCiphertext
MAX_SEED = 4096      # bytes, except the chunked target
MAX_CHUNKED = 34000     # the chunked target's -max_len (fuzz/CMakeLists.txt)


def load(vectors, name):
    path = os.path.join(vectors, "wycheproof", name)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        doc = json.load(f)
    out = []
    for group in doc["testGroups"]:
        for test in group["tests"]:
            out.append((group, test))
    return out


def pick(items, n=PER_FILE):
    """Every k-th item so that valid and invalid cases of all sizes are represented."""
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


class Writer:
    def __init__(self, out):
        self.out = out
        self.count = {}

    def add(self, target, data, limit=MAX_SEED):
        if len(data) > limit:
            return
        d = os.path.join(self.out, target)
        os.makedirs(d, exist_ok=True)
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
        self.count[target] = self.count.get(target, 0) + 1


def aead_list(lister):
    env = dict(os.environ, AESKIT_FUZZ_LIST_AEADS="1")
    text = subprocess.run([lister], env=env, check=True, capture_output=True, text=True).stdout
    algs = []
    for line in text.splitlines():
        name, key, nmin, nmax, tags = line.split()
        algs.append({"name": name, "key": int(key), "nmin": int(nmin), "nmax": int(nmax),
                     "tags": [int(t) for t in tags.split(",")]})
    return algs


def aead_seeds(w, vectors, algs):
    index = {a["name"]: i for i, a in enumerate(algs)}
    files = [("aes_gcm_test.json", "AES-{}-GCM", False),
             ("aes_ccm_test.json", "AES-{}-CCM", False),
             ("aes_eax_test.json", "AES-{}-EAX", False),
             ("aes_gcm_siv_test.json", "AES-{}-GCM-SIV", False),
             ("aead_aes_siv_cmac_test.json", "AES-{}-SIV", True)]
    for fname, pattern, tag_first in files:
        for group, t in pick(load(vectors, fname)):
            key, iv, aad = (bytes.fromhex(t[k]) for k in ("key", "iv", "aad"))
            msg, ct, tag = (bytes.fromhex(t[k]) for k in ("msg", "ct", "tag"))
            bits = len(key) * 8 // (2 if tag_first else 1)
            name = pattern.format(bits)
            if name not in index:
                continue
            a = algs[index[name]]
            if len(tag) not in a["tags"] or len(key) != a["key"] or len(aad) >= 1024:
                continue
            sealed = tag + ct if tag_first else ct + tag
            # aead_open: [alg][tag index][flags][nonce length][AD length] key nonce AD sealed
            if len(iv) < 256:
                w.add("aead_open", bytes([index[name], a["tags"].index(len(tag)), 0, len(iv)])
                      + struct.pack(">H", len(aad)) + key + iv + aad + sealed)
            # aead_roundtrip: [alg][tag index][nonce byte][AD length][flip][flags] key nonce AD
            #                 [plaintext length] plaintext
            hi = min(a["nmax"], a["nmin"] + 40)
            if a["nmin"] <= len(iv) <= hi:
                w.add("aead_roundtrip", bytes([index[name], a["tags"].index(len(tag)),
                                               len(iv) - a["nmin"]])
                      + struct.pack(">HIB", len(aad), len(msg) * 8 + 3, 0) + key + iv + aad
                      + struct.pack(">H", len(msg)) + msg)
    # A seed for every algorithm: zero key, recommended-length nonce, short AD and plaintext.
    for i, a in enumerate(algs):
        record = "-CBC-SHA" in a["name"]
        nlen = a["nmax"] if record else min(a["nmax"], max(a["nmin"], 12))
        adlen = 11 if record else 5
        pt = bytes(range(37))
        w.add("aead_roundtrip", bytes([i, len(a["tags"]) - 1,
                                       1 if record else nlen - a["nmin"]])
              + struct.pack(">HIB", adlen, 77, 0) + bytes(a["key"]) + bytes(nlen)
              + bytes(adlen) + struct.pack(">H", len(pt)) + pt)
        w.add("aead_open", bytes([i, len(a["tags"]) - 1, 0, nlen]) + struct.pack(">H", adlen)
              + bytes(a["key"]) + bytes(nlen) + bytes(adlen) + bytes(48))


def modes_seeds(w, vectors):
    for group, t in pick(load(vectors, "aes_cbc_pkcs5_test.json")):
        key, iv, msg, ct = (bytes.fromhex(t[k]) for k in ("key", "iv", "msg", "ct"))
        if len(key) not in (16, 24, 32) or len(iv) != 16:
            continue
        sel = (len(key) - 16) // 8
        w.add("modes", bytes([1, sel, 3]) + key + iv + struct.pack(">H", len(ct)) + ct)
        w.add("modes", bytes([1, sel, 2]) + key + iv + struct.pack(">H", len(msg)) + msg)
    for mode in range(7):
        for sel in range(3):
            iv = b"" if mode == 0 else bytes([0xff] * 16)
            w.add("modes", bytes([mode, sel, mode & 1]) + bytes(range(16 + 8 * sel)) + iv +
                  struct.pack(">H", 100) + bytes(100) + bytes([7, 33, 0, 60]))


def xts_seeds(w, vectors):
    for group, t in pick(load(vectors, "aes_xts_test.json")):
        key, iv, msg, ct = (bytes.fromhex(t[k]) for k in ("key", "iv", "msg", "ct"))
        iv = iv + bytes(16 - len(iv)) if len(iv) <= 16 else iv  # an 8-byte sector number
        if len(key) not in (32, 48, 64) or len(iv) != 16:
            continue
        sel = (len(key) - 32) // 16
        w.add("xts", bytes([sel, 0, 16]) + bytes(8) + key + iv + msg)
        w.add("xts", bytes([sel, 1, 0]) + bytes([0xff] * 8) + key + iv + ct)


def hctr2_seeds(w):
    # [key selector][flags][tweak length][bit position, 2 bytes] key, tweak, message: every
    # key size, both directions, tweaks of 0/1/16/32 bytes, messages of 15..64 and 1000 bytes.
    for sel in range(3):
        for flags in (0, 1):
            for tlen, mlen in ((0, 15), (0, 16), (1, 17), (16, 31), (32, 32), (32, 64), (17, 1000)):
                key = bytes((i * 7 + sel) & 0xff for i in range(16 + 8 * sel))
                w.add("hctr2", bytes([sel, flags, tlen]) + struct.pack(">H", 8 * mlen - 1) + key +
                      bytes(range(tlen)) + bytes((i * 13) & 0xff for i in range(mlen)))


def keywrap_seeds(w, vectors):
    for fname, pad in (("aes_wrap_test.json", 0), ("aes_kwp_test.json", 1)):
        for group, t in pick(load(vectors, fname)):
            key, ct = bytes.fromhex(t["key"]), bytes.fromhex(t["ct"])
            if len(key) not in (16, 24, 32):
                continue
            flags = pad | ((len(key) - 16) // 8) << 1
            w.add("keywrap", bytes([flags]) + struct.pack(">H", 5) + key + ct)


def tls_seeds(w):
    # No vectors: one arbitrary record per suite and length class (the target's model and
    # its seal-and-compare path take it from there).
    for suite, key_len in enumerate((36, 52, 48, 52, 68, 64)):
        for rec_len in (32, 48, 64, 160, 400):
            w.add("tls_record", bytes([suite, 1, 11]) + bytes(range(key_len)) + bytes(11) +
                  bytes(16) + bytes((i * 7) & 0xff for i in range(rec_len)))


def chunked_seeds(w, vectors):
    for suite, fname in ((0, "c2sp_chunked_encryption_aes_128_gcm_test.json"),
                         (1, "c2sp_chunked_encryption_aes_256_gcm_test.json")):
        for group, t in load(vectors, fname):
            key, ctx = bytes.fromhex(t["key"]), bytes.fromhex(t["ctx"])
            if len(key) != (16, 32)[suite] or len(ctx) >= 64:
                continue
            ct = zlib.decompress(bytes.fromhex(t["ct"]))
            # flags bit 3: a long input (the target cuts short ones to a 1,100-byte chunk);
            # a long ciphertext also goes in as a short one (its header and first bytes).
            head = bytes([suite, 0, len(ctx)]) + struct.pack(">I", t["tcId"]) + key + ctx
            if len(ct) > CHUNKED_SHORT_CT:
                w.add("chunked", bytes([suite, 8]) + head[2:] + ct, MAX_CHUNKED)
            w.add("chunked", head + ct[:CHUNKED_SHORT_CT], MAX_CHUNKED)
        # Sealed here by the target: lengths around the chunk boundaries, with and without
        # a flipped byte, a cut end or trailing bytes.
        for n, flags, muts in ((0, 1, 0), (7, 1, 0), (16384, 1, 0), (16385, 1, 1),
                               (40000, 1, 0), (20000, 3, 0), (100, 5, 0), (32768, 1, 1)):
            if n >= 1100:
                flags |= 8  # long: the target keeps short plaintexts under 1,100 bytes
            body = bytes([suite, flags, 3]) + struct.pack(">I", n * 31 + 1) + \
                bytes(range(1, 1 + (16, 32)[suite])) + b"ctx" + bytes(range(24)) + \
                struct.pack(">BH", n >> 16, n & 0xffff) + bytes([muts])
            body += struct.pack(">IB", 16500, 0x40) * muts + struct.pack(">H", 17) + b"extra"
            w.add("chunked", body)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--vectors", default=os.environ.get("AESKIT_VECTORS_DIR", ""))
    ap.add_argument("--lister", required=True, help="the fuzz_aead_open binary")
    args = ap.parse_args()
    vectors = os.environ.get("AESKIT_VECTORS_DIR") or args.vectors
    w = Writer(args.out)
    aead_seeds(w, vectors, aead_list(args.lister))
    modes_seeds(w, vectors)
    xts_seeds(w, vectors)
    hctr2_seeds(w)
    keywrap_seeds(w, vectors)
    tls_seeds(w)
    chunked_seeds(w, vectors)
    for target in sorted(w.count):
        print(f"{target}: {w.count[target]} seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
