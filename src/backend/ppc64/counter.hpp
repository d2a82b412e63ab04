// src/backend/ppc64/counter.hpp — the counter blocks of CTR (32-bit and 128-bit big-endian,
// SP 800-38A Appendix B) and of AES-GCM-SIV (32-bit little-endian in bytes 0..3, RFC 8452 §4)
// for the power8 kernels.
//
// CPU features: POWER8 (vadduwm, vadduqm, vperm). References: backend/backend.hpp (ctr32_be,
// ctr32_le, ctr128_be); rounds.hpp (byte order). Counters are public (IVs and nonces).
//
// With the block in big-endian byte order (rounds.hpp) the register is the 128-bit big-endian
// counter as an unsigned __int128: be128 adds 1 with vadduqm, carries included. In the native
// order (load_le) bytes 0..15 are a 128-bit little-endian integer: le128 adds 1 there and
// reverses each block (one vperm) for the cipher. be32 adds (1, 0, 0, 0) with vadduwm to the
// rightmost 32-bit lane (bytes 12..15, big-endian), which wraps mod 2^32 without a carry.
// One add per block; the group's counters are a chain of adds by one, which runs beside the
// previous group's rounds.
//
// The 32-bit counters (CTR32, GCM's inc32, GCM-SIV's) run on the 128-bit adds (ctr32_runs):
// until the low 32 bits wrap the two agree, and the wrap, a public event at most once per
// 2^32 blocks, splits the call. (GCC turns a chain of vadduwm by a constant into adds of
// i·(1, 0, 0, 0) constants it then spills and reloads in the loop; vadduqm chains stay as
// written: 2 instructions fewer per block.)
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/ppc64/rounds.hpp"
#include "base/byte_order.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {  // rounds.hpp: p8 or p9

enum class Counter { be32, le128, be128 };

// CounterGen: take() writes the next Y counter blocks (big-endian byte order, ready for the
// rounds) and advances; save() stores the next counter block back in memory.
template <Counter C>
struct CounterGen {
  block base;  // the next counter block, in the order the add works in
  block one;
  AESKIT_POWER8_INLINE explicit CounterGen(const std::uint8_t b[16]) {
    if constexpr (C == Counter::le128) {
      base = load_le(b);
    } else {
      base = load(b);
    }
    if constexpr (C != Counter::be32)
      one = reinterpret_cast<block>(u128{1});
    else
      one = reinterpret_cast<block>(u32x4{1, 0, 0, 0});
  }
  AESKIT_POWER8_INLINE block add1(block v) const {
    if constexpr (C != Counter::be32)
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
      b[i] = C == Counter::le128 ? reverse(base) : base;
      base = add1(base);
    }
  }
  AESKIT_POWER8_INLINE void save(std::uint8_t b[16]) const {
    if constexpr (C == Counter::le128)
      store_le(b, base);
    else
      store(b, base);
  }
};

// ctr_finish: out_i = in_i ^ b_i's last round for the Y blocks (the data folded into
// vcipherlast's key operand, rounds.hpp); every input is loaded before the first store, so
// in == out works. The CTR groups here and the fused GCM loop (power8_vpmsum) end with it.
template <unsigned R, std::size_t Y>
AESKIT_POWER8_INLINE void ctr_finish(const Keys<R>& keys, block (&b)[Y], const Offsets& off,
                                     const std::uint8_t* in, std::uint8_t* out) {
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i)
    b[i] = round_last(Dir::encrypt, b[i], x(keys.k[R], load(in, off.o[i])));
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) store(out, b[i], off.o[i]);
}

// ctr_group: Y = 1..8 blocks of CTR, out = in ^ E(the next Y counter blocks of gen).
template <unsigned R, std::size_t Y, Counter C>
AESKIT_POWER8_INLINE void ctr_group(const Keys<R>& keys, CounterGen<C>& gen, const Offsets& off,
                                    const std::uint8_t* in, std::uint8_t* out) {
  block b[Y];
  gen.take(b);
  rounds<Dir::encrypt, R>(keys, b);
  ctr_finish<R>(keys, b, off, in, out);
}

// ctr32_runs: run(n) for runs of n blocks on the 128-bit counter generator (be128, or le128
// when kLittle) such that the low 32-bit word (bytes 12..15 big-endian, or bytes 0..3
// little-endian) does not wrap inside a run; after a run that ends at the wrap, the counter is
// set back to the words above with the low word 0 (inc32 carries nowhere).
template <bool kLittle, class F>
AESKIT_POWER8_INLINE void ctr32_runs(std::uint8_t counter[16], std::size_t blocks, F&& run) {
  const std::size_t word = kLittle ? 0 : 12;
  while (blocks != 0) {
    const std::uint32_t low = kLittle ? load_le32(counter) : load_be32(counter + 12);
    const std::uint64_t room = (std::uint64_t{1} << 32) - low;  // blocks until the wrap
    const std::size_t n = blocks < room ? blocks : static_cast<std::size_t>(room);
    std::uint8_t above[16];
    for (std::size_t i = 0; i < 16; ++i) above[i] = counter[i];
    run(n);
    if (n == room) {
      for (std::size_t i = 0; i < 16; ++i) counter[i] = above[i];
      for (std::size_t i = word; i < word + 4; ++i) counter[i] = 0;
    }
    blocks -= n;
  }
}

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8
