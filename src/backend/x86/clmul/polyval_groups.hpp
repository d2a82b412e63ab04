// src/backend/x86/clmul/polyval_groups.hpp — the short-message power tables of POLYVAL on every
// clmul key layout. The POLYVAL group step is x86/ghash.hpp with kReflect false (no byte
// reversal); the math below says why that is all that differs from GHASH.
//
// CPU features: PCLMULQDQ + SSSE3 (write_low_powers).
// References: RFC 8452 §3 and Appendix A; gf128_clmul.hpp (representation, products,
// reduction) and ghash_groups.hpp (power tables, group order).
//
// Math: gf128_clmul.hpp works on a GCM block's reflected integer, i.e. the block's 16 bytes
// reversed. By RFC 8452 Appendix A a POLYVAL block X enters GHASH as ByteReverse(X), whose
// reflected integer is ByteReverse(ByteReverse(X)) = X as loaded; likewise the POLYVAL state
// S is the GHASH state ByteReverse(S), so S is its register form as loaded, and the result is
// stored without a shuffle. With the table built from h' = mulX_GHASH(ByteReverse(H)) (by the
// GHASH backend's own init) the products, aggregation and reduction are unchanged.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/clmul/gf128_clmul.hpp"
#include "backend/x86/clmul/ghash_groups.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::clmul {

// write_low_powers: the n (1..Table::kPowers) lowest entries of Table's layout for the
// POLYVAL key H (16 bytes, POLYVAL order), each where the full table has it: K_i at
// powers_for(i) and its halves_xor kMidOffset bytes on, for i = 1..n (K_(i+1) = K_i·K_1
// reduced: n - 1 multiplications, none wasted). A group of m ≤ n blocks reads only K_m..K_1
// (powers_for(m) onwards), so these entries serve every update of at most n blocks. Nothing
// else of the table is written.
// K_1 straight from H: the GHASH backends' init would take h' = mulX_GHASH(ByteReverse(H))
// (Appendix A), i.e. the GCM field element ByteReverse(H)·x, and store K_1 = h'·x^-1 =
// ByteReverse(H) in register form, which is ByteReverse(ByteReverse(H)) = H as loaded. So
// the mulX and the x^-1 cancel, and K_1 is one unaligned load of H.
template <class Table>
AESKIT_PCLMUL_INLINE void write_low_powers(const std::uint8_t h[16], std::uint8_t* table,
                                           std::size_t n) {
  const __m128i k1 = load(h);
  const __m128i k1_mid = halves_xor(k1);
  __m128i k = k1;
  for (std::size_t i = 1;; ++i) {
    std::uint8_t* at = table + Table::powers_for(i);
    store(at, k);
    store(at + Table::kMidOffset, halves_xor(k));
    if (i == n) break;  // n is public (from message lengths)
    k = reduce(product(k, k1, k1_mid));
  }
}

// hash_short_le: POLYVAL(H, X_1..X_m) from the zero state (m ≥ 1) with K_1 = H and
// K_2 = K_1·K_1 in registers: an odd first block alone (Y = X_1·H), then pairs
// Y' = (Y ^ X_j)·H^2 ^ X_(j+1)·H with one reduction each. Only K_2 is a serial multiplication
// (and it runs beside the first block's), so a 3-block input (GCM-SIV: AD, one data block,
// lengths) is two multiply-reduce steps deep, where write_low_powers + absorb is four with a
// store and reload between.
AESKIT_PCLMUL_INLINE __m128i hash_short_le(const std::uint8_t h[16], const std::uint8_t* data,
                                           std::size_t m) {
  const __m128i k1 = load(h);
  const __m128i k1_mid = halves_xor(k1);
  __m128i y = _mm_setzero_si128();
  std::size_t j = 0;
  if (m % 2 != 0) {  // m is public
    y = reduce(product(load(data), k1, k1_mid));
    j = 1;
  }
  if (j == m) return y;
  const __m128i k2 = reduce(product(k1, k1, k1_mid));
  const __m128i k2_mid = halves_xor(k2);
  for (; j < m; j += 2) {
    Product acc = product(_mm_xor_si128(y, load(data + 16 * j)), k2, k2_mid);
    multiply_into(acc, load(data + 16 * (j + 1)), k1, k1_mid);
    y = reduce(acc);
  }
  return y;
}

// wipe_low_powers: zeroes what write_low_powers<Table>(..., n) wrote (two runs of 16·n bytes).
template <class Table>
inline void wipe_low_powers(std::uint8_t* table, std::size_t n) noexcept {
  secure_zero(table + Table::powers_for(n), 16 * n);
  secure_zero(table + Table::kMidOffset + Table::powers_for(n), 16 * n);
}

}  // namespace aeskit::detail::clmul
