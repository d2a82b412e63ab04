// src/backend/simd/core_vperm.hpp — the vector-permute AES rounds over simd::V128: N blocks
// encrypted or decrypted side by side (N independent dependency chains for the pipeline).
//
// CPU features: whatever simd::V128 needs (SSSE3 on x86, NEON on AArch64); every function
// here carries AESKIT_SIMD_TARGET.
// References: M. Hamburg, "Accelerating AES with Vector Permute Instructions", CHES 2009
// (the technique); FIPS-197 (AES). Constants: tables_vperm.hpp, derived by derive_tables.py.
//
// The math.
// 1. Field isomorphism. AES works in F = GF(2)[x]/(x^8+x^4+x^3+x+1). Let G = GF(2)[u]/(u^4+u+1)
//    (a nibble holds the coefficients of u^0..u^3) and T = G[t]/(t^2 + L t + L) with L = u
//    (0x2): t^2 + L t + L has no root in G, so T is a field with 256 elements, and a byte
//    (i << 4) | k stands for i t + k. phi: F -> T sends x to beta, a root of the AES polynomial
//    in T; it is a field isomorphism and GF(2)-linear, so phi(byte) = P_lo[low nibble] ^
//    P_hi[high nibble] — two 16-entry tables, i.e. two byte shuffles.
// 2. Inversion in T. For x = i t + k the conjugate is x' = i (t + L) + k and the norm is
//    N = x x' = L i^2 + L i k + k^2 in G, so x^-1 = x'/N = (i t + (L i + k)) / N =: hi' t + lo'.
//    With j = i ^ k and only inversions in G (one 16-entry table each):
//        io = 1/(1/i + L/k) + j  =  i k/(k + L i) + i + k  =  N/(k + L i)       = 1/lo'
//        jo = 1/(1/j + L/k) + i  =  N/(k + L j)  (N is unchanged by i -> j)     = 1/((1+L) lo' +
//        L^2 hi')
//    so x^-1 = C1 (1/io) + C2 (1/jo) for two constants C1, C2 of T: a GF(2)-linear function of
//    1/io and 1/jo. The output tables therefore hold Out[n] = M(C1/n), M(C2/n) for whatever
//    linear map M the round needs next (basis change back, the S-box affine map, a MixColumns
//    coefficient), and S-box + basis change + coefficient cost two shuffles.
//    Zeros: "1/0" is the byte 0x80, which the shuffle turns into 0 when used as an index
//    (simd::V128 contract). Following the cases (k = 0, i = 0, j = 0, k = L i, x = 0) through
//    the formulas gives exactly the right io/jo (0x80|n meaning "infinite", whose output
//    entry is M(C/inf) = 0); derive_tables.py checks the whole circuit on all 256 bytes.
//    Every index stays in 0..15 or 0x80..0x8F, inside the shuffle's contract.
// 3. Rounds. Encryption keeps the state in T between rounds. One middle round:
//        x  = ShiftRows(x)                              (a byte shuffle; commutes with SubBytes)
//        io, jo from x (above); u = phi(A(x^-1)), w = phi(2 A(x^-1))   (four shuffles)
//        x  = MixColumns(u) ^ K_r,  MixColumns(u) = w ^ R(w ^ u ^ R(u ^ R(u)))
//    where A is the linear part of the S-box's affine map and R rotates each column by one
//    byte (out[4c+r] = in[4c+(r+1)%4]). The S-box constant 0x63 passes MixColumns unchanged
//    (the coefficients 2^3^1^1 sum to 1), so K_r = phi(rk_r) ^ phi(0x63). The first round key
//    is phi(rk_0); the last round's tables give A(x^-1) in the AES basis and its key is
//    rk_Nr ^ 0x63. Decryption (the equivalent inverse cipher, FIPS-197 §5.3.5) keeps the
//    state in psi = phi o A^-1, since InvSubBytes(a) = inv(A^-1(a) ^ A^-1(0x63)); its rounds
//    compute InvShiftRows, the inversion and four tables pairs psi(m * inv) for the
//    InvMixColumns coefficients m = 0e, 0b, 0d, 09, combined Horner-style with R:
//        x = e ^ R(b ^ R(d ^ R(n9))) ^ K'_r,   K'_r = psi(InvMixColumns(rk_r)) ^ phi(A^-1(0x63)).
// 4. Constant time. A byte shuffle looks every index up in a register, with the same
//    instruction and latency for any index values: there is no memory access whose address
//    depends on the key or the data (the tables are loaded whole, by public addresses), and
//    no branch except on the public round count and block count.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/simd/tables_vperm.hpp"
#include "simd/v128.hpp"

namespace aeskit::detail::vperm {

using simd::V128;

// Byte permutations (index vectors for V128::shuffle), state byte 4c + r = row r, column c.
inline constexpr std::uint8_t kShiftRows[16] = {0, 5,  10, 15, 4,  9, 14, 3,
                                                8, 13, 2,  7,  12, 1, 6,  11};
inline constexpr std::uint8_t kInvShiftRows[16] = {0, 13, 10, 7,  4,  1, 14, 11,
                                                   8, 5,  2,  15, 12, 9, 6,  3};
inline constexpr std::uint8_t kRotColumn[16] = {1, 2,  3,  0, 5,  6,  7,  4,
                                                9, 10, 11, 8, 13, 14, 15, 12};

AESKIT_SIMD_INLINE V128 table(const std::uint8_t (&t)[16]) {
  return V128::load(t);
}

// linear_map: M(x) for a GF(2)-linear byte map M given as low-/high-nibble tables.
AESKIT_SIMD_INLINE V128 linear_map(V128 x, V128 lo_table, V128 hi_table) {
  const V128 mask = V128::splat8(0x0F);
  return V128::shuffle(lo_table, x & mask) ^
         V128::shuffle(hi_table, V128::shr32<4>(V128::and_not(x, mask)));
}

// invert: the nibble pair (io, jo) of section 2 for every byte of x (x in T).
struct Inverted {
  V128 io, jo;
};
AESKIT_SIMD_INLINE Inverted invert(V128 x) {
  const V128 mask = V128::splat8(0x0F);
  const V128 inv = table(tables::kInv);
  const V128 k = x & mask;
  const V128 i = V128::shr32<4>(V128::and_not(x, mask));
  const V128 j = i ^ k;
  const V128 l_over_k = V128::shuffle(table(tables::kLDiv), k);
  const V128 iak = V128::shuffle(inv, i) ^ l_over_k;
  const V128 jak = V128::shuffle(inv, j) ^ l_over_k;
  return {V128::shuffle(inv, iak) ^ j, V128::shuffle(inv, jak) ^ i};
}

AESKIT_SIMD_INLINE V128 output(const Inverted& v, const std::uint8_t (&t1)[16],
                               const std::uint8_t (&t2)[16]) {
  return V128::shuffle(table(t1), v.io) ^ V128::shuffle(table(t2), v.jo);
}

// Round-key schedule as the kernels read it: rounds + 1 vectors, in the order they are used.
AESKIT_SIMD_INLINE V128 round_key(const std::uint8_t* keys, unsigned r) {
  return V128::load(keys + 16 * r);
}

// encrypt_n: x[] holds N plaintext blocks (AES bytes) on entry, ciphertext on return.
template <std::size_t N>
AESKIT_SIMD_INLINE void encrypt_n(const std::uint8_t* keys, unsigned rounds, V128 (&x)[N]) {
  const V128 in_lo = table(tables::kEncInLo), in_hi = table(tables::kEncInHi);
  const V128 sr = table(kShiftRows), rot = table(kRotColumn);
  V128 k = round_key(keys, 0);
  for (std::size_t b = 0; b < N; ++b) x[b] = linear_map(x[b], in_lo, in_hi) ^ k;
  for (unsigned r = 1; r < rounds; ++r) {
    k = round_key(keys, r);
    for (std::size_t b = 0; b < N; ++b) {
      const Inverted v = invert(V128::shuffle(x[b], sr));
      const V128 u = output(v, tables::kEncU1, tables::kEncU2);
      const V128 w = output(v, tables::kEncW1, tables::kEncW2);
      const V128 g = u ^ V128::shuffle(u, rot);
      const V128 h = w ^ u ^ V128::shuffle(g, rot);
      x[b] = w ^ V128::shuffle(h, rot) ^ k;
    }
  }
  k = round_key(keys, rounds);
  for (std::size_t b = 0; b < N; ++b) {
    const Inverted v = invert(V128::shuffle(x[b], sr));
    x[b] = output(v, tables::kEncLast1, tables::kEncLast2) ^ k;
  }
}

// decrypt_n: x[] holds N ciphertext blocks on entry, plaintext on return (decryption schedule).
template <std::size_t N>
AESKIT_SIMD_INLINE void decrypt_n(const std::uint8_t* keys, unsigned rounds, V128 (&x)[N]) {
  const V128 in_lo = table(tables::kDecInLo), in_hi = table(tables::kDecInHi);
  const V128 isr = table(kInvShiftRows), rot = table(kRotColumn);
  V128 k = round_key(keys, 0);
  for (std::size_t b = 0; b < N; ++b) x[b] = linear_map(x[b], in_lo, in_hi) ^ k;
  for (unsigned r = 1; r < rounds; ++r) {
    k = round_key(keys, r);
    for (std::size_t b = 0; b < N; ++b) {
      const Inverted v = invert(V128::shuffle(x[b], isr));
      V128 acc = output(v, tables::kDec09_1, tables::kDec09_2);
      acc = output(v, tables::kDec0D_1, tables::kDec0D_2) ^ V128::shuffle(acc, rot);
      acc = output(v, tables::kDec0B_1, tables::kDec0B_2) ^ V128::shuffle(acc, rot);
      x[b] = output(v, tables::kDec0E_1, tables::kDec0E_2) ^ V128::shuffle(acc, rot) ^ k;
    }
  }
  k = round_key(keys, rounds);
  for (std::size_t b = 0; b < N; ++b) {
    const Inverted v = invert(V128::shuffle(x[b], isr));
    x[b] = output(v, tables::kDecLast1, tables::kDecLast2) ^ k;
  }
}

// sub_bytes: the AES S-box on every byte (AES basis in and out), for the key schedule.
AESKIT_SIMD_INLINE V128 sub_bytes(V128 x) {
  const Inverted v = invert(linear_map(x, table(tables::kEncInLo), table(tables::kEncInHi)));
  return output(v, tables::kEncLast1, tables::kEncLast2) ^ V128::splat8(0x63);
}

}  // namespace aeskit::detail::vperm
