// src/backend/armv8ce/counter.hpp — the counter blocks of CTR (32-bit and 128-bit
// big-endian, SP 800-38A Appendix B) and of AES-GCM-SIV (32-bit little-endian in bytes 0..3,
// RFC 8452 §4) for the armv8ce kernels.
//
// CPU features: AArch64 (NEON, baseline). References: backend/backend.hpp (ctr32_be,
// ctr32_le, ctr128_be). Counters are public (IVs and nonces).
//
// be32 keeps the block with every 32-bit word byte-reversed (REV32), so the counter word is
// a little-endian lane: each block costs one vector ADD of (0, 0, 0, 1) — which wraps mod
// 2^32 without a carry, as inc32 must — and one REV32 back. le32 adds (1, 0, 0, 0) to the
// block itself. be128 (rare: CTR with a 128-bit counter) keeps the counter as two 64-bit
// integers with a carry and builds each block from them.
#pragma once

#include <cstdint>

#include "backend/armv8ce/rounds.hpp"

namespace aeskit::detail::armv8ce {

enum class Counter { be32, le32, be128 };

// CounterGen: next() returns the current counter block and advances by one; current() is
// the block next() would return (what the caller stores back).
template <Counter C>
struct CounterGen;

template <>
struct CounterGen<Counter::be32> {
  uint32x4_t word_reversed;  // REV32 of the block: the counter in lane 3 as an integer
  uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
  AESKIT_ARMV8CE_INLINE explicit CounterGen(const std::uint8_t c[16])
      : word_reversed(vreinterpretq_u32_u8(vrev32q_u8(load(c)))) {}
  AESKIT_ARMV8CE_INLINE block current() const {
    return vrev32q_u8(vreinterpretq_u8_u32(word_reversed));
  }
  AESKIT_ARMV8CE_INLINE block next() {
    const block b = current();
    word_reversed = vaddq_u32(word_reversed, one);
    // Keep the chain of single increments: without this the compiler rewrites it as adds of
    // constants 2..8 loaded from memory in every iteration (two instructions more each).
    __asm__("" : "+w"(word_reversed));
    return b;
  }
};

template <>
struct CounterGen<Counter::le32> {
  uint32x4_t value;
  uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 0);
  AESKIT_ARMV8CE_INLINE explicit CounterGen(const std::uint8_t c[16])
      : value(vreinterpretq_u32_u8(load(c))) {}
  AESKIT_ARMV8CE_INLINE block current() const { return vreinterpretq_u8_u32(value); }
  AESKIT_ARMV8CE_INLINE block next() {
    const block b = current();
    value = vaddq_u32(value, one);
    __asm__("" : "+w"(value));  // as in be32
    return b;
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
    lo += 1;
    hi += lo == 0 ? 1 : 0;  // public counter: a branch is fine
    return b;
  }
};

}  // namespace aeskit::detail::armv8ce
