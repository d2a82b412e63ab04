// src/backend/x86/blocks.hpp — independent-block (ECB-style) encryption and decryption
// for every VAES width: kRegs registers of kBlocks blocks per group.
//
// CPU features: those of the width's policy (vec256.hpp / vec512.hpp).
// References: FIPS-197 §5.1, §5.3.5; rounds.hpp for the round and group structure.
//
// out_i = E(in_i) (or D(in_i)). Register j of a group holds blocks kBlocks·j .. kBlocks·j +
// kBlocks - 1; the last register of the tail group holds 1..kBlocks (load_n/store_n). Each
// group is loaded completely before any of it is stored, so in == out works.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/x86/rounds.hpp"

namespace aeskit::detail::x86 {

template <class V, Dir D, unsigned R>
struct BlocksKernel {
  Keys<V, R> round_keys;  // streamed; run() gets these or held ones (run_groups)
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y, class K>
  AESKIT_WIDE_INLINE void run(std::size_t blocks, const K& keys) {
    const std::size_t m = last_count<V, Y>(blocks);
    typename V::reg b[Y];
    load_regs<V>(b, in, m);
    cipher<V, D>(keys, b);
    store_regs<V>(out, b, m);
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

template <class V, Dir D>
AESKIT_WIDE_INLINE void blocks(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                               std::size_t count) {
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    BlocksKernel<V, D, R> kernel{keys_of<V, R>(rk), in, out};
    run_groups<V>(kernel, count);
  });
}

}  // namespace aeskit::detail::x86
