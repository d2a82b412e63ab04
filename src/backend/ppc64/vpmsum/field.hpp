// src/backend/ppc64/vpmsum/field.hpp — POLYVAL's and GCM's field GF(2^128) on POWER8's vpmsumd: the
// natural representation, schoolbook products summed unreduced over a group, the Montgomery
// reduction, and the vpmsum GhashKey layout. Shared by the GHASH backend (ghash_vpmsum.cpp)
// and its native POLYVAL kernel (polyval_vpmsum.cpp).
//
// CPU features: POWER8 vector crypto (vpmsumd; cpu::Feature::vcrypto), little-endian,
// target("cpu=power8") per function.
// References: NIST SP 800-38D §6.3-6.4; RFC 8452 §3 and Appendix A; Power ISA v2.07B §5.11
// (vpmsumd).
//
// Representation. POLYVAL's block, loaded in the register's native order (vec_xl), is a
// 128-bit integer whose bit i is the coefficient of x^i: the natural polynomial, with
// dot(a, b) = a·b·x^-128 mod P, P = x^128 + x^127 + x^126 + x^121 + 1. GHASH runs in the
// same domain through RFC 8452 Appendix A: GHASH(H, X_1..X_n) = ByteReverse(POLYVAL(
// mulX_POLYVAL(ByteReverse(H)), ByteReverse(X_1), ..., ByteReverse(X_n))), and a block loaded
// in big-endian byte order (vec_xl_be, the AES backend's load) *is* ByteReverse(X) as that
// integer. So GHASH costs no extra instruction per block: the byte reversal is the load's
// vperm, and H becomes mulX_POLYVAL(H read big-endian) once per key.
//
// Product. vpmsumd(a, b) = a0·b0 ^ a1·b1 (carry-less, 64x64 → 128 bits, lanes 0 = low).
// With (H0, 0), (H1, H0) and (0, H1) stored per power, a·H is three vpmsumd: lo = a0·H0,
// mid = a0·H1 ^ a1·H0, hi = a1·H1 (no Karatsuba XORs). Over a group the three sums are
// accumulated unreduced: Y_new = dot-sum of (Y ^ X_1)·H^n ^ X_2·H^(n-1) ^ ... ^ X_n·H.
//
// Reduction (one per group): T = hi·x^128 ^ mid·x^64 ^ lo = T3 T2 T1 T0 (64-bit words) times
// x^-128 mod P, 64 bits at a time. P ≡ 1 mod x^64, so adding T0·P clears T0; T0·P = T0 ^
// x^64·(T0·C) ^ T0·x^128 with C = x^57 + x^62 + x^63 (0xC200000000000000), one vpmsumd.
// Twice, with W = (T1, T0) ^ T0·C: result = swap(W) ^ (T2, T3) ^ W0·C.
//
// GhashKey layout: for i = 1..8, the i-th power (dot-power: H^i·x^(-128(i-1))) as (H0, 0),
// (H1, H0), (0, H1) at 48 (i - 1), + 16, + 32 (vec_xst_be: lanes in big-endian order).
// After them (kPairsOffset), the pair forms of the fused AES-GCM kernels (below).
// Constant time: vpmsumd's timing does not depend on its operands; no branch or index on H,
// state or data.
#pragma once

#include <altivec.h>

#include <cstddef>
#include <cstdint>

#include "backend/ghash_backend.hpp"

#if !defined(__powerpc64__) || !defined(__LITTLE_ENDIAN__)
#error "vpmsum: 64-bit little-endian POWER only"
#endif

#define AESKIT_VPMSUM_TARGET __attribute__((target("cpu=power8")))
#define AESKIT_VPMSUM_INLINE __attribute__((target("cpu=power8"), always_inline)) inline

namespace aeskit::detail::vpmsum {

constexpr std::size_t kPowers = 8;  // blocks per reduction

using u8x16 = __vector unsigned char;
using u64x2 = __vector unsigned long long;

// GHASH blocks (big-endian load: ByteReverse(X) as the integer) and POLYVAL blocks (native).
AESKIT_VPMSUM_INLINE u64x2 load_ghash(const std::uint8_t* p) {
  return reinterpret_cast<u64x2>(vec_xl_be(0, const_cast<unsigned char*>(p)));
}
AESKIT_VPMSUM_INLINE void store_ghash(std::uint8_t* p, u64x2 v) {
  vec_xst_be(reinterpret_cast<u8x16>(v), 0, p);
}
AESKIT_VPMSUM_INLINE u64x2 load_polyval(const std::uint8_t* p) {
  return reinterpret_cast<u64x2>(vec_xl(0, const_cast<unsigned char*>(p)));
}
AESKIT_VPMSUM_INLINE void store_polyval(std::uint8_t* p, u64x2 v) {
  vec_xst(reinterpret_cast<u8x16>(v), 0, p);
}

AESKIT_VPMSUM_INLINE u64x2 pmsum(u64x2 a, u64x2 b) {
  return __builtin_crypto_vpmsumd(a, b);
}
AESKIT_VPMSUM_INLINE u64x2 x(u64x2 a, u64x2 b) {
  return vec_xor(a, b);
}
// Lane moves (vec_perm in element order: lane 0 = bytes 0..7).
AESKIT_VPMSUM_INLINE u64x2 swap(u64x2 a) {  // (a1, a0)
  const u8x16 m = {8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7};
  return reinterpret_cast<u64x2>(
      vec_perm(reinterpret_cast<u8x16>(a), reinterpret_cast<u8x16>(a), m));
}
AESKIT_VPMSUM_INLINE u64x2 low_only(u64x2 a) {  // (a0, 0)
  return u64x2{a[0], 0};
}
AESKIT_VPMSUM_INLINE u64x2 high_only(u64x2 a) {  // (0, a1)
  return u64x2{0, a[1]};
}
AESKIT_VPMSUM_INLINE u64x2 to_high(u64x2 a) {  // (0, a0): a·x^64 within the low 128 bits
  return u64x2{0, a[0]};
}
AESKIT_VPMSUM_INLINE u64x2 to_low(u64x2 a) {  // (a1, 0): a·x^-64, the part above
  return u64x2{a[1], 0};
}

// Sums: the unreduced lo, mid and hi of a group.
struct Sums {
  u64x2 lo, mid, hi;
};

// Power: the three stored forms of one power of H.
struct Power {
  u64x2 l, m, h;
};

AESKIT_VPMSUM_INLINE void accumulate(Sums& s, u64x2 a, const Power& p) {
  s.lo = x(s.lo, pmsum(a, p.l));
  s.mid = x(s.mid, pmsum(a, p.m));
  s.hi = x(s.hi, pmsum(a, p.h));
}

// reduce: (lo ^ mid·x^64 ^ hi·x^128)·x^-128 mod P (see the header).
AESKIT_VPMSUM_INLINE u64x2 reduce(const Sums& s) {
  const u64x2 c = {0xC200000000000000ull, 0};
  const u64x2 low = x(s.lo, to_high(s.mid));    // T0, T1
  const u64x2 high = x(s.hi, to_low(s.mid));    // T2, T3
  const u64x2 w = x(swap(low), pmsum(low, c));  // (T1, T0) ^ T0·C
  return x(x(swap(w), high), pmsum(w, c));
}

AESKIT_VPMSUM_INLINE Power make_power(u64x2 h) {
  return Power{low_only(h), swap(h), high_only(h)};
}

AESKIT_VPMSUM_INLINE u64x2 dot(u64x2 a, u64x2 b) {
  Sums s{};
  s.lo = s.mid = s.hi = u64x2{0, 0};
  accumulate(s, a, make_power(b));
  return reduce(s);
}

// The table is stored and loaded with the big-endian element order forms (vec_xst_be /
// vec_xl_be on 64-bit lanes: one stxvd2x / lxvd2x on POWER8, where the native-order forms
// add an xxswapd each); a store and a load of the same form give the value back.
AESKIT_VPMSUM_INLINE Power load_power(const GhashKey& key, std::size_t i) {  // i = 1..8
  auto* p =
      reinterpret_cast<unsigned long long*>(const_cast<std::uint8_t*>(key.bytes)) + 6 * (i - 1);
  return Power{vec_xl_be(0, p), vec_xl_be(16, p), vec_xl_be(32, p)};
}
AESKIT_VPMSUM_INLINE void store_power(GhashKey& key, std::size_t i, u64x2 h) {
  const Power p = make_power(h);
  auto* q = reinterpret_cast<unsigned long long*>(key.bytes) + 6 * (i - 1);
  vec_xst_be(p.l, 0, q);
  vec_xst_be(p.m, 16, q);
  vec_xst_be(p.h, 32, q);
}

// Pair forms, read by the fused AES-GCM kernels (ppc64/vpmsum/gcm_power8_vpmsum.cpp) and
// stored by the GHASH backend's init after the powers: for j = 1..4 (powers H^(2j) and
// H^(2j-1)), lo = (H^(2j)_0, H^(2j-1)_0) at kPairsOffset + 32 (j - 1) and hi = (H^(2j)_1,
// H^(2j-1)_1) at + 16. Two blocks a (with H^(2j)) and c (with H^(2j-1)) regrouped by word,
// A0 = (a0, c0) and A1 = (a1, c1), then give both blocks' products in four vpmsumd:
// lo += A0·lo, hi += A1·hi, mid += A0·hi ^ A1·lo (vpmsumd sums its two lanes' products).
inline constexpr std::size_t kPairsOffset = 48 * kPowers;
inline constexpr std::size_t kPairs = kPowers / 2;
static_assert(kPairsOffset + 32 * kPairs <= GhashKey::kBytes);

AESKIT_VPMSUM_INLINE void store_pairs(GhashKey& key) {
  auto* q = reinterpret_cast<unsigned long long*>(key.bytes + kPairsOffset);
  for (std::size_t j = 1; j <= kPairs; ++j, q += 4) {
    const Power a = load_power(key, 2 * j);
    const Power c = load_power(key, 2 * j - 1);
    vec_xst_be(u64x2{a.l[0], c.l[0]}, 0, q);
    vec_xst_be(u64x2{a.h[1], c.h[1]}, 16, q);
  }
}

// load_pair: the lo and hi pair forms of H^(2j), H^(2j-1), j = 1..4.
AESKIT_VPMSUM_INLINE Power load_pair(const GhashKey& key, std::size_t j) {
  auto* p =
      reinterpret_cast<unsigned long long*>(const_cast<std::uint8_t*>(key.bytes + kPairsOffset)) +
      4 * (j - 1);
  return Power{vec_xl_be(0, p), u64x2{0, 0}, vec_xl_be(16, p)};
}

// accumulate_pair: blocks a (with H^(2j)) and c (with H^(2j-1)) through the pair forms.
AESKIT_VPMSUM_INLINE void accumulate_pair(Sums& s, u64x2 a, u64x2 c, const Power& pair) {
  const u64x2 a0 = vec_mergeh(a, c);  // (a0, c0)
  const u64x2 a1 = vec_mergel(a, c);  // (a1, c1)
  s.lo = x(s.lo, pmsum(a0, pair.l));
  s.hi = x(s.hi, pmsum(a1, pair.h));
  s.mid = x(s.mid, x(pmsum(a0, pair.h), pmsum(a1, pair.l)));
}

// init_table: H^1..H^n (dot powers) from h in the POLYVAL domain.
AESKIT_VPMSUM_INLINE void init_table(u64x2 h, GhashKey& key, std::size_t n) {
  u64x2 p = h;
  for (std::size_t i = 1; i <= n; ++i) {
    if (i > 1) p = dot(p, h);
    store_power(key, i, p);
  }
}

// absorb: n (1..8) blocks with the powers H^n..H^1 and one reduction; y enters with block 1.
// kPolyval: the blocks are POLYVAL's (native load), else GCM's (big-endian load).
template <bool kPolyval>
AESKIT_VPMSUM_INLINE u64x2 absorb(const GhashKey& key, u64x2 y, const std::uint8_t* data,
                                  std::size_t n) {
  Sums s;
  s.lo = s.mid = s.hi = u64x2{0, 0};
  for (std::size_t j = 0; j < n; ++j) {
    u64x2 v = kPolyval ? load_polyval(data + 16 * j) : load_ghash(data + 16 * j);
    if (j == 0) v = x(v, y);
    accumulate(s, v, load_power(key, n - j));
  }
  return reduce(s);
}

// update: the whole-group loop (8 blocks per reduction) and the tail.
template <bool kPolyval>
AESKIT_VPMSUM_INLINE u64x2 update(const GhashKey& key, u64x2 y, const std::uint8_t* data,
                                  std::size_t blocks) {
  for (; blocks >= kPowers; blocks -= kPowers, data += 16 * kPowers)
    y = absorb<kPolyval>(key, y, data, kPowers);
  if (blocks != 0) y = absorb<kPolyval>(key, y, data, blocks);
  return y;
}

}  // namespace aeskit::detail::vpmsum
