// src/backend/armv8ce/counter.hpp — the counter blocks of CTR (32-bit and 128-bit
// big-endian, SP 800-38A Appendix B) and of AES-GCM-SIV (32-bit little-endian in bytes 0..3,
// RFC 8452 §4) for the armv8ce kernels.
//
// CPU features: AArch64 (NEON, baseline). References: backend/backend.hpp (ctr32_be,
// ctr32_le, ctr128_be). Counters are public (IVs and nonces): kept as integers and inserted
// into the block one lane at a time.
#pragma once

#include <cstdint>

#include "backend/armv8ce/rounds.hpp"

namespace aeskit::detail::armv8ce {

// Counter forms; CounterState::at(i) is the block for the counter plus i.
enum class Counter { be32, le32, be128 };

template <Counter C>
struct CounterState {
  block base;        // the counter block as given (the bytes no form changes)
  std::uint64_t lo;  // be32/le32: the 32-bit counter; be128: the low 64 bits
  std::uint64_t hi;  // be128: the high 64 bits

  AESKIT_ARMV8CE_INLINE explicit CounterState(const std::uint8_t c[16])
      : base(load(c)), lo(0), hi(0) {
    const uint32x4_t w = vreinterpretq_u32_u8(base);
    const uint64x2_t d = vreinterpretq_u64_u8(base);
    if constexpr (C == Counter::be32) lo = __builtin_bswap32(vgetq_lane_u32(w, 3));
    if constexpr (C == Counter::le32) lo = vgetq_lane_u32(w, 0);
    if constexpr (C == Counter::be128) {
      hi = __builtin_bswap64(vgetq_lane_u64(d, 0));
      lo = __builtin_bswap64(vgetq_lane_u64(d, 1));
    }
  }
  // at: the block for the counter plus i (mod 2^32, or mod 2^128 for be128).
  AESKIT_ARMV8CE_INLINE block at(std::uint64_t i) const {
    if constexpr (C == Counter::be32) {
      const auto v = static_cast<std::uint32_t>(lo + i);
      return vreinterpretq_u8_u32(
          vsetq_lane_u32(__builtin_bswap32(v), vreinterpretq_u32_u8(base), 3));
    } else if constexpr (C == Counter::le32) {
      const auto v = static_cast<std::uint32_t>(lo + i);
      return vreinterpretq_u8_u32(vsetq_lane_u32(v, vreinterpretq_u32_u8(base), 0));
    } else {
      const std::uint64_t l = lo + i;
      const std::uint64_t h = hi + (l < lo ? 1 : 0);  // public counter: a branch is fine
      return vreinterpretq_u8_u64(
          vcombine_u64(vcreate_u64(__builtin_bswap64(h)), vcreate_u64(__builtin_bswap64(l))));
    }
  }
};

}  // namespace aeskit::detail::armv8ce
