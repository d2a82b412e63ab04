// src/backend/x86/ghash.hpp — GHASH and POLYVAL group steps for every x86 carry-less-multiply
// width: kBlocks blocks per register, one reduction per group of up to kGhashPowers blocks, on the
// power tables of x86/clmul/ghash_groups.hpp (Table128, the pclmul layout, for xmm; Table256, the
// vpclmul layout, for ymm and zmm, whose 16 powers the zmm code reads 64 bytes at a time; on
// zmm a full group is 32 blocks, the first 16 taking the vpclmul512 key's high run K_32..K_17),
// and the log-depth builders of per-message POLYVAL keys.
//
// CPU features: those of the width's policy (vec128/vec256/vec512.hpp): PCLMULQDQ or
// VPCLMULQDQ at that width, PCLMULQDQ for the 128-bit reduction (x86/clmul/gf128_clmul.hpp).
// References: NIST SP 800-38D §6.4 (GHASH); RFC 8452 §3 and Appendix A (POLYVAL);
// x86/clmul/gf128_clmul.hpp (reflected representation, Karatsuba products, reduction, tables).
//
// A group of m ≤ kPowers blocks X_1..X_m from state Y is Y' = (Y^X_1)·H^m ^ X_2·H^(m-1) ^ ... ^
// X_m·H: block j takes K_(m-j+1), the table's last m entries in order (powers_for(m)), so
// register j of the group multiplies its kBlocks blocks by the kBlocks consecutive powers at
// powers_for(m) + 16·kBlocks·j, one unaligned load. Each register's product is gf128_clmul's
// Karatsuba step in every lane (3 VPCLMULQDQ); lo/mid/hi accumulate per lane over the group,
// the lanes are XORed together (the sum of the group's products) and reduced once with the
// 128-bit code. The state enters lane 0 of the first register, whose product is added last
// (the others do not wait for it). The last register of a group of m blocks uses masked
// loads (load_n) for data, powers and mids, so nothing past the table or the data is read.
// GHASH byte-reverses each block (reflected form); POLYVAL takes blocks as they are (kReflect
// false; polyval_groups.hpp says why).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/clmul/gf128_clmul.hpp"
#include "backend/x86/clmul/ghash_groups.hpp"
#include "backend/x86/rounds.hpp"

namespace aeskit::detail::x86 {

// TableOf<V>: the GHASH key layout a width reads (pclmul's 8 powers for xmm, the vpclmul
// layout's 16 for ymm and zmm): at most that many blocks per reduction.
template <class V>
using TableOf = clmul::PowerTable<V::kGhashPowers>;

template <class V>
struct Product {
  typename V::reg lo, mid, hi;
};

template <class V>
AESKIT_WIDE_INLINE Product<V> zero_product() {
  return {V::zero(), V::zero(), V::zero()};
}

// multiply_into: p += a·k per lane, with k_mid = halves_xor(k) (3 VPCLMULQDQ).
template <class V>
AESKIT_WIDE_INLINE void multiply_into(Product<V>& p, typename V::reg a, typename V::reg k,
                                      typename V::reg k_mid) {
  p.lo = V::x(p.lo, V::template clmul<0x00>(a, k));
  p.hi = V::x(p.hi, V::template clmul<0x11>(a, k));
  p.mid = V::x(p.mid, V::template clmul<0x00>(V::x(a, V::swap_halves(a)), k_mid));
  in_order(p.lo);  // accumulate as we go: 3 live sums, not a tree of every product
  in_order(p.hi);
  in_order(p.mid);
}

// fold_lanes: the sum of every lane's products, as one 128-bit Karatsuba triple.
template <class V>
AESKIT_WIDE_INLINE clmul::Product fold_lanes(const Product<V>& p) {
  return {V::lanes_xor(p.lo), V::lanes_xor(p.mid), V::lanes_xor(p.hi)};
}

// load_data: n blocks (1..kBlocks) at p, byte-reversed per block for GHASH.
template <class V, bool kReflect>
AESKIT_WIDE_INLINE typename V::reg load_data(const std::uint8_t* p, std::size_t n) {
  const typename V::reg v = V::load_n(p, n);
  if constexpr (kReflect)
    return V::reverse_lanes(v);
  else
    return v;
}

// absorb: m (1..TableOf<V>::kPowers) blocks at data into y (register form), one reduction.
template <class V, bool kReflect>
AESKIT_WIDE_INLINE __m128i absorb(__m128i y, const std::uint8_t* data, const std::uint8_t* table,
                                  std::size_t m) {
  using Table = TableOf<V>;
  constexpr std::size_t kB = V::kBlocks;
  constexpr std::size_t kStride = 16 * kB;
  const std::uint8_t* powers = table + Table::powers_for(m);
  const std::size_t regs = (m + kB - 1) / kB;
  Product<V> acc = zero_product<V>();
#pragma GCC unroll 8
  for (std::size_t j = 1; j < regs; ++j) {
    const std::size_t n = j + 1 == regs ? m - kB * j : kB;
    multiply_into<V>(acc, load_data<V, kReflect>(data + kStride * j, n),
                     V::load_n(powers + kStride * j, n),
                     V::load_n(powers + Table::kMidOffset + kStride * j, n));
  }
  const std::size_t n0 = regs == 1 ? m : kB;
  const typename V::reg first = V::x(load_data<V, kReflect>(data, n0), V::low_only(y));
  multiply_into<V>(acc, first, V::load_n(powers, n0), V::load_n(powers + Table::kMidOffset, n0));
  return clmul::reduce(fold_lanes<V>(acc));
}

// fold_group: the unreduced sum of one full group (kPowers blocks at data) times K_kPowers ..
// K_1, without the state.
template <class V, bool kReflect>
AESKIT_WIDE_INLINE clmul::Product fold_group(const std::uint8_t* data, const std::uint8_t* table) {
  using Table = TableOf<V>;
  constexpr std::size_t kStride = 16 * V::kBlocks;
  Product<V> acc = zero_product<V>();
#pragma GCC unroll 8
  for (std::size_t j = 0; j < Table::kPowers / V::kBlocks; ++j)
    multiply_into<V>(acc, load_data<V, kReflect>(data + kStride * j, V::kBlocks),
                     V::load(table + kStride * j),
                     V::load(table + Table::kMidOffset + kStride * j));
  return fold_lanes<V>(acc);
}

// absorb_pair: 32 blocks (two 16-block halves A and B) into y with a POLYVAL key whose high
// run holds only K_32 (polyval_clmul.cpp builds it per message): y' = reduce(B +
// reduce(A)·H^16 + y·H^32). 34 carry-less multiplies per 32 blocks against absorb_full's 26,
// but the per-message table needs one power more instead of sixteen.
template <class V, bool kReflect>
AESKIT_WIDE_INLINE __m128i absorb_pair(__m128i y, const std::uint8_t* data,
                                       const std::uint8_t* table) {
  static_assert(TableOf<V>::kPowers == 16);
  clmul::Product total = fold_group<V, kReflect>(data + 256, table);
  const __m128i a = clmul::reduce(fold_group<V, kReflect>(data, table));
  clmul::multiply_into(total, a, clmul::load(table), clmul::load(table + TableOf<V>::kMidOffset));
  clmul::multiply_into(total, y, clmul::load(table + clmul::kK32Offset),
                       clmul::load(table + clmul::kK32MidOffset));
  return clmul::reduce(total);
}

// kSplitTable<V>: whether this width's full group (kGcmRegs registers, 32 blocks on zmm)
// reads the vpclmul512 key's high run K_32..K_17 as well as the 16-power table.
template <class V>
inline constexpr bool kSplitTable = V::kBlocks == 4;

// kFullGroup<V>: blocks per full group = per reduction in the full-group steps.
template <class V>
inline constexpr std::size_t kFullGroup = kSplitTable<V> ? 32 : TableOf<V>::kPowers;

// group_powers: where register j (0..kFullGroup/kBlocks - 1) of a full group finds its
// kBlocks powers (K_(n-kBlocks·j) .. K_(n-kBlocks·j-kBlocks+1)); their halves_xor are
// TableOf<V>::kMidOffset bytes on, in both runs of the split table.
template <class V>
constexpr std::size_t group_powers(std::size_t j) {
  constexpr std::size_t kStride = 16 * V::kBlocks;
  if constexpr (kSplitTable<V>) {
    constexpr std::size_t kHighRegs = 16 / V::kBlocks;
    return j < kHighRegs ? clmul::kHighOffset + kStride * j : kStride * (j - kHighRegs);
  } else {
    return kStride * j;
  }
}

// absorb_full: one full group (kFullGroup blocks) into y, one reduction; y enters lane 0 of
// register 0, whose product is added last (the other registers do not wait for y).
template <class V, bool kReflect>
AESKIT_WIDE_INLINE __m128i absorb_full(__m128i y, const std::uint8_t* data,
                                       const std::uint8_t* table) {
  constexpr std::size_t kStride = 16 * V::kBlocks;
  constexpr std::size_t kMid = TableOf<V>::kMidOffset;
  Product<V> acc = zero_product<V>();
#pragma GCC unroll 8
  for (std::size_t j = 1; j < kFullGroup<V> / V::kBlocks; ++j)
    multiply_into<V>(acc, load_data<V, kReflect>(data + kStride * j, V::kBlocks),
                     V::load(table + group_powers<V>(j)),
                     V::load(table + kMid + group_powers<V>(j)));
  const typename V::reg first = V::x(load_data<V, kReflect>(data, V::kBlocks), V::low_only(y));
  multiply_into<V>(acc, first, V::load(table + group_powers<V>(0)),
                   V::load(table + kMid + group_powers<V>(0)));
  return clmul::reduce(fold_lanes<V>(acc));
}

// absorb_split: m (17..31) blocks into y with one reduction on the split table: X_1..X_h (h =
// m - 16) take K_m..K_17 (the high run from position 16 - h), X_(h+1)..X_m take K_16..K_1
// (the whole low table). A message's tail then costs one reduction, not two.
template <class V, bool kReflect>
AESKIT_WIDE_INLINE __m128i absorb_split(__m128i y, const std::uint8_t* data,
                                        const std::uint8_t* table, std::size_t m) {
  static_assert(kSplitTable<V>);
  constexpr std::size_t kB = V::kBlocks;
  constexpr std::size_t kStride = 16 * kB;
  constexpr std::size_t kMid = TableOf<V>::kMidOffset;
  const std::size_t h = m - 16;
  Product<V> acc = zero_product<V>();
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 16 / kB; ++j)
    multiply_into<V>(acc, load_data<V, kReflect>(data + 16 * h + kStride * j, kB),
                     V::load(table + kStride * j), V::load(table + kMid + kStride * j));
  const std::uint8_t* powers = table + clmul::kHighOffset + 16 * (16 - h);
  const std::size_t regs = (h + kB - 1) / kB;
#pragma GCC unroll 4
  for (std::size_t j = 1; j < regs; ++j) {
    const std::size_t n = j + 1 == regs ? h - kB * j : kB;
    multiply_into<V>(acc, load_data<V, kReflect>(data + kStride * j, n),
                     V::load_n(powers + kStride * j, n), V::load_n(powers + kMid + kStride * j, n));
  }
  const std::size_t n0 = regs == 1 ? h : kB;
  const typename V::reg first = V::x(load_data<V, kReflect>(data, n0), V::low_only(y));
  multiply_into<V>(acc, first, V::load_n(powers, n0), V::load_n(powers + kMid, n0));
  return clmul::reduce(fold_lanes<V>(acc));
}

// split_powers: n (1..kBlocks) lanes holding K_p, K_(p-1), .., K_(p-n+1) (p <= 32, p-n+1 >= 1)
// of the split table whose low run (K_16..K_1) starts at `low` and high run (K_32..K_17) at
// `high` (pass both + kMidOffset for the halves_xor). A register whose powers cross K_17/K_16
// takes its first a = p - 16 lanes from the high run and the rest from the start of the low
// run (V::load_n then V::shift_in_n: no read outside the table).
template <class V>
AESKIT_WIDE_INLINE typename V::reg split_powers(const std::uint8_t* low, const std::uint8_t* high,
                                                std::size_t p, std::size_t n) {
  if (p <= 16) return V::load_n(low + 16 * (16 - p), n);
  const std::size_t a = p - 16;  // lanes on the high run
  const typename V::reg upper = V::load_n(high + 16 * (32 - p), a < n ? a : n);
  if (a >= n) return upper;
  return V::shift_in_n(upper, low, a, n);
}

// split_unreduced: m data blocks and y on the split table, times K_(m+e)..K_(e+1), folded but
// not reduced (17 <= m + e <= 32, 1 <= e <= 3): the caller adds e more products (K_e..K_1)
// and reduces once. Register j holds X_(kB·j+1).. at data + 64·j, where the caller's stores
// of those blocks were (each load forwarded from one store), and its powers from split_powers.
// GCM seal's message tail of 15..31 whole blocks, its padded partial block and its lengths
// block then cost one reduction where they took two (gcm.hpp message).
template <class V, bool kReflect>
AESKIT_WIDE_INLINE clmul::Product split_unreduced(__m128i y, const std::uint8_t* data,
                                                  const std::uint8_t* table, std::size_t m,
                                                  std::size_t e) {
  static_assert(kSplitTable<V>);
  constexpr std::size_t kB = V::kBlocks;
  constexpr std::size_t kStride = 16 * kB;
  constexpr std::size_t kMid = TableOf<V>::kMidOffset;
  const std::uint8_t* high = table + clmul::kHighOffset;
  const std::size_t t = m + e;
  const std::size_t regs = (m + kB - 1) / kB;
  Product<V> acc = zero_product<V>();
#pragma GCC unroll 8
  for (std::size_t j = 1; j < 32 / kB; ++j) {
    if (j >= regs) break;
    const std::size_t n = j + 1 == regs ? m - kB * j : kB;
    multiply_into<V>(acc, load_data<V, kReflect>(data + kStride * j, n),
                     split_powers<V>(table, high, t - kB * j, n),
                     split_powers<V>(table + kMid, high + kMid, t - kB * j, n));
  }
  const std::size_t n0 = regs == 1 ? m : kB;
  const typename V::reg first = V::x(load_data<V, kReflect>(data, n0), V::low_only(y));
  multiply_into<V>(acc, first, split_powers<V>(table, high, t, n0),
                   split_powers<V>(table + kMid, high + kMid, t, n0));
  return fold_lanes<V>(acc);
}

// HighPowers: what a key's high run holds at a split-table width: all of K_32..K_17 (GHASH
// keys, built once per key), or for POLYVAL keys (built per message in GCM-SIV, for at most
// n blocks per update call) all of it when n ≥ clmul::kPolyvalFullRunFrom and only K_32
// otherwise: an update of that many blocks may use the whole run (by_length).
enum class HighPowers { all, by_length };

// absorb_blocks: any number of blocks, one reduction per full group (32 blocks on zmm with
// absorb_full or absorb_pair, per the key's high run), then per table size.
template <class V, bool kReflect, HighPowers kHigh = HighPowers::all>
AESKIT_WIDE_INLINE __m128i absorb_blocks(__m128i y, const std::uint8_t* data,
                                         const std::uint8_t* table, std::size_t blocks) {
  constexpr std::size_t kGroup = TableOf<V>::kPowers;
  if constexpr (kSplitTable<V>) {
    const bool full_run = kHigh == HighPowers::all || blocks >= clmul::kPolyvalFullRunFrom;
    for (; blocks >= 2 * kGroup; blocks -= 2 * kGroup, data += 32 * kGroup) {
      if (full_run)
        y = absorb_full<V, kReflect>(y, data, table);
      else
        y = absorb_pair<V, kReflect>(y, data, table);
    }
  }
  if constexpr (kSplitTable<V> && kHigh == HighPowers::all) {
    if (blocks > kGroup) return absorb_split<V, kReflect>(y, data, table, blocks);
  }
  for (; blocks >= kGroup; blocks -= kGroup, data += 16 * kGroup)
    y = absorb<V, kReflect>(y, data, table, kGroup);
  if (blocks > 0) y = absorb<V, kReflect>(y, data, table, blocks);
  return y;
}

// reduce_lanes: clmul::reduce in every lane (each lane's Karatsuba triple reduced on its own).
template <class V>
AESKIT_WIDE_INLINE typename V::reg reduce_lanes(const Product<V>& p) {
  const typename V::reg c =
      V::broadcast(_mm_set_epi64x(0, static_cast<long long>(0xC200000000000000)));
  const typename V::reg mid = V::x3(p.mid, p.lo, p.hi);
  const typename V::reg lo = V::x(p.lo, V::template shl_bytes<8>(mid));
  const typename V::reg hi = V::x(p.hi, V::template shr_bytes<8>(mid));
  const typename V::reg m = V::x(V::swap_halves(lo), V::template clmul<0x00>(lo, c));
  return V::x3(hi, V::swap_halves(m), V::template clmul<0x00>(m, c));
}

// write_low_powers_wide: clmul::write_low_powers (polyval_groups.hpp) for TableOf<V> — K_1..K_n
// (n ≤ kPowers) and their halves_xor at their places — in log depth: K_1..K_kBlocks first
// (K_2 = K_1², K_3 = K_2·K_1 beside K_4 = K_2²), then each step multiplies every register
// built so far by the broadcast highest power: [K_1..K_c]·K_c = [K_(c+1)..K_2c], all
// independent. 16 powers are 4 (ymm) or 3 (zmm) multiply-reduce steps deep instead of 15, for
// the same number of products: the per-message POLYVAL key of GCM-SIV was 40% of a 1350-byte
// seal. k1 is K_1 in register form.
template <class V>
AESKIT_WIDE_INLINE void write_low_powers_wide(__m128i k1, std::uint8_t* table, std::size_t n) {
  using Table = TableOf<V>;
  constexpr std::size_t kB = V::kBlocks;
  constexpr std::size_t kRegsMax = Table::kPowers / kB;
  __m128i first[kB];
  first[0] = k1;
  if constexpr (kB >= 2) first[1] = clmul::multiply(k1, k1);
  if constexpr (kB >= 4) {
    first[2] = clmul::multiply(first[1], k1);
    first[3] = clmul::multiply(first[1], first[1]);
  }
  typename V::reg a[kRegsMax];
  a[0] = V::from_blocks(first);
  std::size_t have = 1;  // registers built: K_1..K_(kB·have)
#pragma GCC unroll 4
  for (std::size_t step = 1; step < kRegsMax; step *= 2) {
    if (kB * have >= n) break;  // n is public (message lengths)
    const typename V::reg top = V::broadcast(V::lane(a[step - 1], kB - 1));
    const typename V::reg top_mid = V::x(top, V::swap_halves(top));
#pragma GCC unroll 8
    for (std::size_t i = 0; i < kRegsMax / 2; ++i) {
      if (i >= step || step + i >= kRegsMax) break;
      Product<V> p = zero_product<V>();
      multiply_into<V>(p, a[i], top, top_mid);
      a[step + i] = reduce_lanes<V>(p);
    }
    have = 2 * step;
  }
#pragma GCC unroll 16
  for (std::size_t j = 0; j < kRegsMax; ++j) {
    if (j >= have) break;
#pragma GCC unroll 4
    for (std::size_t l = 0; l < kB; ++l) {
      const std::size_t i = kB * j + l + 1;
      if (i > n) break;
      const __m128i k = V::lane(a[j], l);
      clmul::store(table + Table::powers_for(i), k);
      clmul::store(table + Table::powers_for(i) + Table::kMidOffset, clmul::halves_xor(k));
    }
  }
}

// write_high_run: the split table's high run K_32..K_17 (and halves_xor) from its low table:
// the register at low position p holds K_(16-p)..K_(13-p), and times K_16 it is
// K_(32-p)..K_(29-p), the high run's entries at the same position (4 independent products).
template <class V>
AESKIT_WIDE_INLINE void write_high_run(std::uint8_t* table) {
  static_assert(kSplitTable<V>);
  constexpr std::size_t kStride = 16 * V::kBlocks;
  const typename V::reg k16 = V::broadcast_load(table);  // K_16 leads the low table
  const typename V::reg k16_mid = V::x(k16, V::swap_halves(k16));
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 16 / V::kBlocks; ++j) {
    Product<V> p = zero_product<V>();
    multiply_into<V>(p, V::load(table + kStride * j), k16, k16_mid);
    const typename V::reg k = reduce_lanes<V>(p);
    V::store(table + clmul::kHighOffset + kStride * j, k);
    V::store(table + clmul::kHighMidOffset + kStride * j, V::x(k, V::swap_halves(k)));
  }
}

// update: every whole block of data into the state (GCM order for GHASH, POLYVAL order for
// POLYVAL), one reduction per table size.
template <class V, bool kReflect, HighPowers kHigh>
AESKIT_WIDE_INLINE void update(const std::uint8_t* table, std::uint8_t state[16],
                               const std::uint8_t* data, std::size_t blocks) {
  __m128i y = kReflect ? clmul::load_block(state) : clmul::load(state);
  y = absorb_blocks<V, kReflect, kHigh>(y, data, table, blocks);
  if constexpr (kReflect)
    clmul::store_block(state, y);
  else
    clmul::store(state, y);
}

}  // namespace aeskit::detail::x86
