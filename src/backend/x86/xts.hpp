// src/backend/x86/xts.hpp — XTS whole-block kernels (encrypt and decrypt) for every
// VAES width: kBlocks tweaks per register, kRegs registers in flight.
//
// CPU features: those of the width's policy (vec128.hpp / vec256.hpp / vec512.hpp): shifts
// and XORs on the tweaks, AES rounds.
// References: IEEE 1619-2018 §5.2 (multiplication by α), §5.3.1/§5.4.1 (one block);
// FIPS-197; backend/backend.hpp (the xts_* contract).
//
// Per block j: out_j = E(in_j ^ T_j) ^ T_j (D for decryption), T_{j+1} = T_j·α. Register
// t[i] holds the tweaks of the group's blocks kB·i .. kB·i + kB - 1 (kB = V::kBlocks).
//
// Tweak arithmetic. A tweak loaded as it is is a little-endian 128-bit integer hi:lo per
// lane. Multiplying by x^k (0 < k <= 57) modulo x^128 + x^7 + x^2 + x + 1:
//     c     = PSRLQ(t, 64-k)                 = [lo >> (64-k), hi >> (64-k)] per lane
//     shift = PSLLQ(t, k) ^ PSLLDQ(c, 8)     = (hi:lo) << k, bits past 127 dropped
//     h     = PSRLDQ(c, 8)                   = hi >> (64-k), the k bits shifted out
//     fold  = h ^ h << 1 ^ h << 2 ^ h << 7   = h·(x^7+x^2+x+1), i.e. h·x^128 reduced: degree
//             < k + 7 <= 64, so it stays in the low qword and needs no second reduction
//     t·x^k = shift ^ fold.
// Every lane steps at once. The first register comes from T by single steps, [T | T·α | ... |
// T·α^(kB-1)], and the others are that register times α^(kB·i), all independent. After a full
// group of kRegs·kB blocks every register is multiplied by α^(kRegs·kB) (16 or 32 blocks: a
// whole number of bytes, mul_x_bytes; kRegs independent steps, not a serial chain); with one
// block per register (xmm) the 8 tweaks of the next group are instead a chain of 5-instruction
// α steps (mul_alpha), fewer vector operations beside the AES rounds. Shifts, adds and XORs
// only (no carry-less multiply, so the 128-bit instantiation needs no PCLMULQDQ): constant
// time.
//
// The tweak XOR on the way out is folded into the last round key: VAESENCLAST(x, k[R] ^ t) =
// last_round(x) ^ k[R] ^ t (and VAESDECLAST alike). in == out is safe: each block is read
// before its own store.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "backend/x86/rounds.hpp"

namespace aeskit::detail::x86 {

// fold: h·(x^7 + x^2 + x + 1) for h of fewer than 58 bits in each lane's low qword.
template <class V>
AESKIT_WIDE_INLINE typename V::reg fold(typename V::reg h) {
  return V::x(V::x(h, V::template shl64<1>(h)),
              V::x(V::template shl64<2>(h), V::template shl64<7>(h)));
}

// mul_x: each lane's tweak times x^K (see the header).
template <class V, int K>
AESKIT_WIDE_INLINE typename V::reg mul_x(typename V::reg t) {
  static_assert(K > 0 && K <= 57);
  const typename V::reg c = V::template shr64<64 - K>(t);
  const typename V::reg shift = V::x(V::template shl64<K>(t), V::template shl_bytes<8>(c));
  return V::x(shift, fold<V>(V::template shr_bytes<8>(c)));
}

// mul_x_bytes: each lane's tweak times x^(8N), N whole bytes: the top N bytes h shift out
// (PSRLDQ brings them to the bottom) and come back as fold(h) (degree < 8N + 7 <= 64 for
// N <= 7), the rest moves up N bytes. Five shifts and four XORs: the group step.
template <class V, int N>
AESKIT_WIDE_INLINE typename V::reg mul_x_bytes(typename V::reg t) {
  static_assert(N > 0 && N <= 7);
  return V::x(V::template shl_bytes<N>(t), fold<V>(V::template shr_bytes<16 - N>(t)));
}

// mul_alpha: one tweak times α on an xmm register, with 32-bit lanes only: PADDD shifts every
// lane left by one; PSRAD 31 makes all-ones the lanes whose top bit fell out; PSHUFD 0x93
// moves each mask one lane up (lane 0 gets lane 3's, bit 127); AND [0x87, 1, 1, 1] turns the
// masks into the carries (1 into lanes 1..3, the reduction 0x87 into lane 0); XOR adds them.
// Five instructions: the single-block-per-register width steps its tweaks in this chain.
template <class V>
AESKIT_WIDE_INLINE __m128i mul_alpha(__m128i t) {
  const __m128i carries =
      _mm_and_si128(_mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x93), _mm_setr_epi32(0x87, 1, 1, 1));
  return _mm_xor_si128(_mm_add_epi32(t, t), carries);
}

template <class V, Dir D, unsigned R>
struct XtsKernel {
  using reg = typename V::reg;
  static constexpr std::size_t kB = V::kBlocks;
  static constexpr bool kStreamKeys = true;  // never held (rounds.hpp holds_keys)
  Keys<V, R> round_keys;                     // streamed
  reg t[V::kRegs];  // tweaks of the next group; t[0]'s lane 0 is the next tweak
  const std::uint8_t* in;
  std::uint8_t* out;

  // spread: t[i] = t[0]·α^(kB·i) for the registers a call of `regs` registers uses (a short
  // message does not pay for all kRegs; a public count).
  template <std::size_t... I>
  AESKIT_WIDE_INLINE void spread(std::size_t regs, std::index_sequence<I...>) {
    ((I + 1 < regs ? (t[I + 1] = mul_x<V, static_cast<int>(kB * (I + 1))>(t[0]), 0) : 0), ...);
  }

  AESKIT_WIDE_INLINE void start(__m128i tweak, std::size_t blocks) {
    __m128i lanes[kB];
    lanes[0] = tweak;
    for (std::size_t i = 1; i < kB; ++i) lanes[i] = mul_alpha<V>(lanes[i - 1]);
    t[0] = V::from_blocks(lanes);
    const std::size_t regs = (blocks + kB) / kB;  // the registers holding T_0 .. T_blocks
    spread(regs < V::kRegs ? regs : V::kRegs, std::make_index_sequence<V::kRegs - 1>());
  }

  template <std::size_t Y, class K>
  AESKIT_WIDE_INLINE void run(std::size_t blocks, const K& keys) {
    constexpr std::size_t kStride = 16 * kB;
    const std::size_t m = last_count<V, Y>(blocks);
    reg b[Y];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i)
      b[i] = V::x(V::load_n(in + kStride * i, i + 1 == Y ? m : kB), t[i]);
    all_but_last_round<V, D>(keys, b);
    const reg last = keys[R];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i)
      V::store_n(out + kStride * i, aes_last_round<V, D>(b[i], V::x(last, t[i])),
                 i + 1 == Y ? m : kB);
    if (m != kB) {
      t[0] = V::low_only(V::lane(t[Y - 1], m));  // T_blocks: lane m of the last register
    } else if constexpr (Y < V::kRegs) {
      t[0] = t[Y];                   // T_blocks: lane 0 of the next register
    } else if constexpr (kB == 1) {  // one tweak per register: the α chain
      t[0] = V::from_blocks({mul_alpha<V>(V::low_lane(t[V::kRegs - 1]))});
#pragma GCC unroll 8
      for (std::size_t i = 1; i < V::kRegs; ++i)
        t[i] = V::from_blocks({mul_alpha<V>(V::low_lane(t[i - 1]))});
    } else {
      static_assert(kB * V::kRegs % 8 == 0);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < V::kRegs; ++i)
        t[i] = mul_x_bytes<V, static_cast<int>(kB * V::kRegs / 8)>(t[i]);
    }
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

template <class V, Dir D>
AESKIT_WIDE_INLINE void xts(const RoundKeys& rk, std::uint8_t tweak[16], const std::uint8_t* in,
                            std::uint8_t* out, std::size_t blocks) {
  __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(tweak));
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    XtsKernel<V, D, R> kernel{keys_of<V, R>(rk), {}, in, out};
    kernel.start(next, blocks);
    run_groups<V>(kernel, blocks);
    next = V::low_lane(kernel.t[0]);
  });
  _mm_storeu_si128(reinterpret_cast<__m128i*>(tweak), next);
}

}  // namespace aeskit::detail::x86
