// src/backend/power8/counter.hpp — the counter blocks of CTR (32-bit and 128-bit big-endian,
// SP 800-38A Appendix B) and of AES-GCM-SIV (32-bit little-endian in bytes 0..3, RFC 8452 §4)
// for the power8 kernels.
//
// CPU features: POWER8 (vadduwm, vadduqm, vperm). References: backend/backend.hpp (ctr32_be,
// ctr32_le, ctr128_be); rounds.hpp (byte order). Counters are public (IVs and nonces).
//
// With the block in big-endian byte order (rounds.hpp), bytes 12..15 are the register's
// rightmost 32-bit lane (element 0 in GCC's little-endian numbering) read as a big-endian
// integer: be32 adds (1, 0, 0, 0) with vadduwm, which wraps mod 2^32 without a carry, as inc32
// must; be128 adds 1 to the whole register as an unsigned __int128 (vadduqm), the 128-bit
// big-endian counter with its carries. le32 keeps the block in the native order, where bytes
// 0..3 are element 0 as a little-endian integer, adds there and reverses each block (one
// vperm) for the cipher. One add per block; the group's counters are a chain of adds by one,
// which runs beside the previous group's rounds.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/power8/rounds.hpp"

namespace aeskit::detail::power8 {

enum class Counter { be32, le32, be128 };

// CounterGen: take() writes the next Y counter blocks (big-endian byte order, ready for the
// rounds) and advances; save() stores the next counter block back in memory.
template <Counter C>
struct CounterGen {
  block base;  // the next counter block, in the order the add works in
  block one;
  AESKIT_POWER8_INLINE explicit CounterGen(const std::uint8_t b[16]) {
    if constexpr (C == Counter::le32) {
      base = load_le(b);
    } else {
      base = load(b);
    }
    if constexpr (C == Counter::be128)
      one = reinterpret_cast<block>(u128{1});
    else
      one = reinterpret_cast<block>(u32x4{1, 0, 0, 0});
  }
  AESKIT_POWER8_INLINE block add1(block v) const {
    if constexpr (C == Counter::be128)
      return reinterpret_cast<block>(
          vec_add(reinterpret_cast<u128>(v), reinterpret_cast<u128>(one)));
    else
      return reinterpret_cast<block>(
          vec_add(reinterpret_cast<u32x4>(v), reinterpret_cast<u32x4>(one)));
  }
  template <std::size_t Y>
  AESKIT_POWER8_INLINE void take(block (&b)[Y]) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) {
      b[i] = C == Counter::le32 ? reverse(base) : base;
      base = add1(base);
    }
  }
  AESKIT_POWER8_INLINE void save(std::uint8_t b[16]) const {
    if constexpr (C == Counter::le32)
      store_le(b, base);
    else
      store(b, base);
  }
};

}  // namespace aeskit::detail::power8
