#!/usr/bin/env python3
# src/backend/simd/derive_tables.py — derives every constant of the vperm backend
# (tables_vperm.hpp) from first principles and checks the nibble-inversion circuit on all
# 256 bytes. Run: python3 src/backend/simd/derive_tables.py > src/backend/simd/tables_vperm.hpp
# and then clang-format -i on that file.
#
# Fields:   GF(2^8)_AES = GF(2)[x]/(x^8+x^4+x^3+x+1)          (FIPS-197 §4)
#           GF(16)      = GF(2)[u]/(u^4+u+1), a nibble holds the coefficients of u^0..u^3
#           tower T     = GF(16)[t]/(t^2 + L t + L), byte (i << 4) | k holds i*t + k
# L is the first GF(16) constant for which t^2 + L t + L has no root in GF(16).
# phi: GF(2^8)_AES -> T is the field isomorphism x -> beta, beta the first root (in byte order)
# of x^8+x^4+x^3+x+1 in T; it is GF(2)-linear, so it is applied to a byte as two 16-entry
# lookups (low nibble, high nibble) xored together.
import sys

def gf16_mul(a, b):
    r = 0
    for bit in range(4):
        if (b >> bit) & 1:
            r ^= a << bit
    for bit in (6, 5, 4):
        if (r >> bit) & 1:
            r ^= 0b10011 << (bit - 4)
    return r

def gf16_inv(a):
    return next(b for b in range(1, 16) if gf16_mul(a, b) == 1) if a else 0

L = next(l for l in range(1, 16)
         if all(gf16_mul(t, t) ^ gf16_mul(l, t) ^ l for t in range(16)))

def t_mul(a, b):  # tower multiplication, t^2 = L t + L
    ai, ak, bi, bk = a >> 4, a & 15, b >> 4, b & 15
    ii = gf16_mul(ai, bi)
    hi = gf16_mul(ai, bk) ^ gf16_mul(ak, bi) ^ gf16_mul(L, ii)
    lo = gf16_mul(ak, bk) ^ gf16_mul(L, ii)
    return (hi << 4) | lo

def aes_mul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = ((a << 1) ^ (0x11B if a & 0x80 else 0)) & 0x1FF
        b >>= 1
    return r

def t_pow(a, n):
    r = 1
    for _ in range(n):
        r = t_mul(r, a)
    return r

def aes_poly_at(b):
    v = 0
    for e in (8, 4, 3, 1, 0):
        v ^= t_pow(b, e)
    return v

beta = next(b for b in range(2, 256) if aes_poly_at(b) == 0)
powers = [t_pow(beta, e) for e in range(8)]

def phi(a):
    r = 0
    for e in range(8):
        if (a >> e) & 1:
            r ^= powers[e]
    return r

phi_inv_map = {phi(a): a for a in range(256)}
assert len(phi_inv_map) == 256
for a in range(256):  # phi is a ring isomorphism
    for b in (3, 0x53, 0xCA, a):
        assert phi(aes_mul(a, b)) == t_mul(phi(a), phi(b))

def phi_inv(v):
    return phi_inv_map[v]

def rotl8(b, n):
    return ((b << n) | (b >> (8 - n))) & 0xFF

def affine_lin(b):  # FIPS-197 (5.1) without the 0x63 constant
    return b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^ rotl8(b, 4)

affine_lin_inv_map = {affine_lin(b): b for b in range(256)}

def affine_lin_inv(b):
    return affine_lin_inv_map[b]

def aes_inv(a):
    return next(b for b in range(1, 256) if aes_mul(a, b) == 1) if a else 0

SBOX = [affine_lin(aes_inv(a)) ^ 0x63 for a in range(256)]
assert SBOX[0x00] == 0x63 and SBOX[0x53] == 0xED  # FIPS-197 Figure 7

def psi(a):  # the decryption basis: phi after the inverse of the affine map's linear part
    return phi(affine_lin_inv(a))

# Inversion in T of x = i*t + k. N = x * conj(x) = L i^2 + L i k + k^2 (the norm, in GF(16)),
# x^-1 = (i t + (L i + k)) / N. With j = i ^ k:
#   io = 1/(1/i + L/k) + j = N / (k + L i)          = 1 / lo'
#   jo = 1/(1/j + L/k) + i = N / (k + L i + L k)    = 1 / ((1+L) lo' + L^2 hi')
# where x^-1 = hi' t + lo'. So x^-1 = C1 * (1/io) + C2 * (1/jo) with constants C1, C2 in T;
# the output tables hold M(C1 * (1/n)) and M(C2 * (1/n)) for the linear map M a round needs.
INF = 0x80  # "1/0": an index with the high bit set, which the byte shuffle maps to 0
INV = [gf16_inv(n) if n else INF for n in range(16)]
LDIV = [gf16_mul(L, gf16_inv(n)) if n else INF for n in range(16)]
L2inv = gf16_inv(gf16_mul(L, L))
C1 = (gf16_mul(1 ^ L, L2inv) << 4) | 1
C2 = L2inv << 4

def shuffle(table, idx):  # the SIMD class's byte-shuffle contract, one byte
    if idx & 0x80:
        return 0
    assert idx < 16, "index outside the shuffle contract"
    return table[idx]

def out_tables(m):
    return ([m(t_mul(C1, gf16_inv(n))) for n in range(16)],
            [m(t_mul(C2, gf16_inv(n))) for n in range(16)])

def invert_circuit(x, o1, o2):  # what the vector code does, one byte
    k, i = x & 15, x >> 4
    j = i ^ k
    a = shuffle(LDIV, k)
    iak = shuffle(INV, i) ^ a
    jak = shuffle(INV, j) ^ a
    io = shuffle(INV, iak) ^ j
    jo = shuffle(INV, jak) ^ i
    return shuffle(o1, io) ^ shuffle(o2, jo)

def lin_tables(f):
    return [f(n) for n in range(16)], [f(n << 4) for n in range(16)]

# Encryption: state in T; middle rounds output phi(S) and phi(2 S) (without 0x63), the last
# round outputs the AES byte (without 0x63).
ENC_IN = lin_tables(phi)
ENC_U = out_tables(lambda v: phi(affine_lin(phi_inv(v))))
ENC_W = out_tables(lambda v: phi(aes_mul(2, affine_lin(phi_inv(v)))))
ENC_LAST = out_tables(lambda v: affine_lin(phi_inv(v)))
# Decryption: state in psi-basis; the inversion input is psi(a) ^ DEC_CONST (folded into the
# keys); middle rounds output psi(m * InvS) for the InvMixColumns coefficients m.
DEC_CONST = phi(affine_lin_inv(0x63))
DEC_IN = lin_tables(psi)
DEC_M = {m: out_tables(lambda v, m=m: psi(aes_mul(m, phi_inv(v)))) for m in (0x0E, 0x0B, 0x0D, 0x09)}
DEC_LAST = out_tables(phi_inv)
ENC_CONST = phi(0x63)

def lin(tables, a):
    return tables[0][a & 15] ^ tables[1][a >> 4]

for a in range(256):
    x = lin(ENC_IN, a)
    assert invert_circuit(x, *ENC_LAST) ^ 0x63 == SBOX[a]
    assert invert_circuit(x, *ENC_U) ^ ENC_CONST == phi(SBOX[a])
    assert invert_circuit(x, *ENC_W) == phi(aes_mul(2, SBOX[a] ^ 0x63))
    s = SBOX[a]
    y = lin(DEC_IN, s) ^ DEC_CONST
    assert invert_circuit(y, *DEC_LAST) == a
    for m, t in DEC_M.items():
        assert invert_circuit(y, *t) == psi(aes_mul(m, a))

def arr(name, values, comment):
    body = ", ".join(f"0x{v:02X}" for v in values)
    return f"// {comment}\ninline constexpr std::uint8_t {name}[16] = {{{body}}};\n"

out = sys.stdout
out.write(f"""// src/backend/simd/tables_vperm.hpp — the vperm backend's 16-entry tables, GENERATED by
// derive_tables.py (same folder; it derives them and checks the circuit on all 256 bytes).
// Do not edit by hand. See core_vperm.hpp for the math.
//   GF(16) = GF(2)[u]/(u^4+u+1); tower T = GF(16)[t]/(t^2 + L t + L), L = 0x{L:X};
//   phi(x) = beta = 0x{beta:02X} in T (phi(0x63) = 0x{ENC_CONST:02X}; decryption constant 0x{DEC_CONST:02X}).
#pragma once

#include <cstdint>

namespace aeskit::detail::vperm::tables {{

inline constexpr std::uint8_t kEncConst = 0x{ENC_CONST:02X};  // phi(0x63)
inline constexpr std::uint8_t kDecConst = 0x{DEC_CONST:02X};  // phi(A^-1(0x63))
""")
out.write(arr("kInv", INV, "1/n in GF(16); 1/0 = 0x80 (an index the shuffle maps to 0)"))
out.write(arr("kLDiv", LDIV, "L/n in GF(16); L/0 = 0x80"))
out.write(arr("kEncInLo", ENC_IN[0], "phi(n), n a low nibble (AES basis -> tower)"))
out.write(arr("kEncInHi", ENC_IN[1], "phi(n << 4)"))
out.write(arr("kEncU1", ENC_U[0], "phi(A(C1/n)): S-box output in T, io term"))
out.write(arr("kEncU2", ENC_U[1], "phi(A(C2/n)): jo term"))
out.write(arr("kEncW1", ENC_W[0], "phi(2 A(C1/n)): twice the S-box output in T, io term"))
out.write(arr("kEncW2", ENC_W[1], "phi(2 A(C2/n)): jo term"))
out.write(arr("kEncLast1", ENC_LAST[0], "A(C1/n) in the AES basis (last round), io term"))
out.write(arr("kEncLast2", ENC_LAST[1], "A(C2/n): jo term"))
out.write(arr("kDecInLo", DEC_IN[0], "psi(n) = phi(A^-1(n)), n a low nibble"))
out.write(arr("kDecInHi", DEC_IN[1], "psi(n << 4)"))
for m, t in DEC_M.items():
    out.write(arr(f"kDec{m:02X}_1", t[0], f"psi(0x{m:02X} * phi^-1(C1/n)): io term"))
    out.write(arr(f"kDec{m:02X}_2", t[1], f"psi(0x{m:02X} * phi^-1(C2/n)): jo term"))
out.write(arr("kDecLast1", DEC_LAST[0], "phi^-1(C1/n) in the AES basis (last round), io term"))
out.write(arr("kDecLast2", DEC_LAST[1], "phi^-1(C2/n): jo term"))
out.write("\n}  // namespace aeskit::detail::vperm::tables\n")
