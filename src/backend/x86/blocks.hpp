// src/backend/x86/blocks.hpp — independent-block (ECB-style) encryption and decryption
// for every VAES width: kRegs registers of kBlocks blocks per group.
//
// CPU features: those of the width's policy (vec256.hpp / vec512.hpp).
// References: FIPS-197 §5.1, §5.3.5; rounds.hpp for the round and group structure.
//
// out_i = E(in_i) (or D(in_i)). Register j of a group holds blocks kBlocks·j .. kBlocks·j +
// kBlocks - 1; the last register of the tail group holds 1..kBlocks (load_n/store_n). Each
// group is loaded completely before any of it is stored, so in == out works. GatherKernel:
// the same with each block loaded from its own pointer (QUIC header protection).
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

// GatherKernel: ECB of blocks that lie anywhere (backend.hpp ecb_gather): register j's lane l
// is loaded straight from in[kBlocks·j + l] (one 16-byte load per block, the lanes joined by
// from_blocks: ymm one insert, zmm three), so no copy of the blocks is stored and reloaded.
// Lanes past the last block are zero (computed and discarded; never loaded). The output is
// contiguous (store_regs). Round keys and group structure as BlocksKernel.
template <class V, unsigned R>
struct GatherKernel {
  Keys<V, R> round_keys;
  const std::uint8_t* const* in;
  std::uint8_t* out;

  template <std::size_t Y, class K>
  AESKIT_WIDE_INLINE void run(std::size_t blocks, const K& keys) {
    const std::size_t m = last_count<V, Y>(blocks);
    typename V::reg b[Y];
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j) {
      __m128i lanes[V::kBlocks];
#pragma GCC unroll 4
      for (std::size_t l = 0; l < V::kBlocks; ++l) {
        const bool present = j + 1 < Y || l < m;  // counts only: public
        lanes[l] = present
                       ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(in[V::kBlocks * j + l]))
                       : _mm_setzero_si128();
      }
      b[j] = V::from_blocks(lanes);
    }
    cipher<V, Dir::encrypt>(keys, b);
    store_regs<V>(out, b, m);
    in += blocks;
    out += 16 * blocks;
  }
};

template <class V>
AESKIT_WIDE_INLINE void gather_blocks(const RoundKeys& rk, const std::uint8_t* const* in,
                                      std::uint8_t* out, std::size_t count) {
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    GatherKernel<V, R> kernel{keys_of<V, R>(rk), in, out};
    run_groups<V>(kernel, count);
  });
}

}  // namespace aeskit::detail::x86
