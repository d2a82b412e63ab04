// src/backend/arm64/counter.hpp — the counter blocks of CTR (32-bit and 128-bit
// big-endian, SP 800-38A Appendix B) and of AES-GCM-SIV (32-bit little-endian in bytes 0..3,
// RFC 8452 §4) for the armv8ce kernels.
//
// CPU features: AArch64 (NEON, baseline). References: backend/backend.hpp (ctr32_be,
// ctr32_le, ctr128_be). Counters are public (IVs and nonces).
//
// be32 keeps the block with every 32-bit word byte-reversed (REV32), so the counter word is
// a little-endian lane: each block costs one vector ADD of (0, 0, 0, i) — which wraps mod
// 2^32 without a carry, as inc32 must — and one REV32 back; while the last byte does not wrap
// within a group, a ByteRun adds i to that byte of the block as it is (no REV32). le32 adds
// (i, 0, 0, 0) to the
// block itself. be128 (mac_ctr's 128-bit counter; the ctr128_be entry runs be32 up to each
// 2^32 wrap instead) keeps the counter as two 64-bit integers with a carry and builds each
// block from them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/arm64/rounds.hpp"

namespace aeskit::detail::armv8ce {

// kCounterSteps.v[lane][i]: the vector with i in 32-bit lane `lane` (3 for be32, 0 for le32)
// and 0 elsewhere, i = 0..kGroup. Defined in aes_armv8ce.cpp, out of this header on purpose:
// loaded at the start of a kernel, the steps are values the compiler cannot fold, so a group
// costs one ADD per block from registers (with literal constants GCC reloads each one from
// memory inside the loop, or folds a chain of +1 into them).
struct CounterSteps {
  std::uint32_t v[4][kGroup + 1][4];
};
extern const CounterSteps kCounterSteps;
// kByteSteps.v[i]: i in byte 15 (the block's last byte, as it is in memory), i = 0..kGroup/2.
struct ByteSteps {
  std::uint8_t v[kGroup / 2 + 1][16];
};
extern const ByteSteps kByteSteps;

inline namespace AESKIT_ARMV8CE_NS {

enum class Counter { be32, le32, be128 };

// CounterGen: next() returns the current counter block and advances by one; current() is
// the block next() would return (what the caller stores back).
template <Counter C>
struct CounterGen;

// LaneCounter: a 32-bit counter in lane L of a vector, the other lanes fixed. A group of 8 is
// base + 0..4 and (base + 4) + 1..4, the next base: four step registers, one ADD per block.
// Shorter groups (the last one) add their steps to the base.
template <unsigned L>
struct LaneCounter {
  uint32x4_t base;
  uint32x4_t step[kGroup / 2 + 1];  // steps 0..4
  AESKIT_ARMV8CE_INLINE explicit LaneCounter(uint32x4_t b) : base(b) {
#pragma GCC unroll 5
    for (std::size_t i = 0; i <= kGroup / 2; ++i) step[i] = vld1q_u32(kCounterSteps.v[L][i]);
  }
  template <std::size_t Y>
  AESKIT_ARMV8CE_INLINE void take(uint32x4_t (&v)[Y]) {
    v[0] = base;
#pragma GCC unroll 8
    for (std::size_t i = 1; i < Y; ++i)
      v[i] = i <= kGroup / 2 ? vaddq_u32(base, step[i])
                             : vaddq_u32(v[kGroup / 2], step[i - kGroup / 2]);
    base =
        Y <= kGroup / 2 ? vaddq_u32(base, step[Y]) : vaddq_u32(v[kGroup / 2], step[Y - kGroup / 2]);
  }
};

template <>
struct CounterGen<Counter::be32> {
  LaneCounter<3> c;  // REV32 of the block: the counter in lane 3 as an integer
  AESKIT_ARMV8CE_INLINE explicit CounterGen(const std::uint8_t b[16])
      : c(vreinterpretq_u32_u8(vrev32q_u8(load(b)))) {}
  AESKIT_ARMV8CE_INLINE block current() const { return vrev32q_u8(vreinterpretq_u8_u32(c.base)); }
  // take: the next Y counter blocks (one ADD and one REV32 each).
  template <std::size_t Y>
  AESKIT_ARMV8CE_INLINE void take(block (&b)[Y]) {
    uint32x4_t v[Y];
    c.take(v);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) b[i] = vrev32q_u8(vreinterpretq_u8_u32(v[i]));
  }
  // groups_before_wrap: whole groups whose blocks' last byte stays ≤ 255 (a ByteRun of them
  // is exact): (256 - last byte) / kGroup.
  AESKIT_ARMV8CE_INLINE std::size_t groups_before_wrap() const {
    return (256 - (vgetq_lane_u32(c.base, 3) & 0xff)) / kGroup;
  }
  // advance: the counter n blocks on (after a ByteRun of n blocks), mod 2^32 as inc32.
  AESKIT_ARMV8CE_INLINE void advance(std::size_t n) {
    c.base = vaddq_u32(c.base, vsetq_lane_u32(static_cast<std::uint32_t>(n), vdupq_n_u32(0), 3));
  }
};

// ByteRun: be32 counter blocks while the block's last byte does not wrap (the caller checks:
// CounterGen<be32>::groups_before_wrap): block i of a group is the block as it is in memory
// with i added to byte 15, one ADD per block and no REV32 (a quarter fewer counter
// instructions than the general be32 path; one run covers up to 256 blocks). Four step
// registers, as LaneCounter: base + 0..4, then (base + 4) + 1..4, the next base.
struct ByteRun {
  uint8x16_t base;
  uint8x16_t step[kGroup / 2 + 1];
  AESKIT_ARMV8CE_INLINE explicit ByteRun(block b) : base(b) {
#pragma GCC unroll 5
    for (std::size_t i = 0; i <= kGroup / 2; ++i) step[i] = vld1q_u8(kByteSteps.v[i]);
  }
  AESKIT_ARMV8CE_INLINE void take(block (&b)[kGroup]) {
    b[0] = base;
#pragma GCC unroll 8
    for (std::size_t i = 1; i < kGroup; ++i)
      b[i] =
          i <= kGroup / 2 ? vaddq_u8(base, step[i]) : vaddq_u8(b[kGroup / 2], step[i - kGroup / 2]);
    base = vaddq_u8(b[kGroup / 2], step[kGroup / 2]);
  }
};

template <>
struct CounterGen<Counter::le32> {
  LaneCounter<0> c;
  AESKIT_ARMV8CE_INLINE explicit CounterGen(const std::uint8_t b[16])
      : c(vreinterpretq_u32_u8(load(b))) {}
  AESKIT_ARMV8CE_INLINE block current() const { return vreinterpretq_u8_u32(c.base); }
  template <std::size_t Y>
  AESKIT_ARMV8CE_INLINE void take(block (&b)[Y]) {
    uint32x4_t v[Y];
    c.take(v);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) b[i] = vreinterpretq_u8_u32(v[i]);
  }
};

template <>
struct CounterGen<Counter::be128> {
  std::uint64_t hi, lo;
  AESKIT_ARMV8CE_INLINE explicit CounterGen(const std::uint8_t c[16]) {
    const uint64x2_t d = vreinterpretq_u64_u8(load(c));
    hi = __builtin_bswap64(vgetq_lane_u64(d, 0));
    lo = __builtin_bswap64(vgetq_lane_u64(d, 1));
  }
  AESKIT_ARMV8CE_INLINE block current() const {
    return vreinterpretq_u8_u64(
        vcombine_u64(vcreate_u64(__builtin_bswap64(hi)), vcreate_u64(__builtin_bswap64(lo))));
  }
  AESKIT_ARMV8CE_INLINE block next() {
    const block b = current();
    // The carry without a branch: EAX's counter N' = OMAC_K(N) is secret. The low half's top
    // bit falls from 1 to 0 only when it wraps.
    const std::uint64_t before = lo;
    lo = before + 1;
    hi += (before & ~lo) >> 63;
    return b;
  }
  template <std::size_t Y>
  AESKIT_ARMV8CE_INLINE void take(block (&b)[Y]) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) b[i] = next();
  }
};

}  // namespace AESKIT_ARMV8CE_NS
}  // namespace aeskit::detail::armv8ce
