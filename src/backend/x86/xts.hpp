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
// whole number of bytes, mul_x_bytes: one carry-less multiply per register; kRegs independent
// steps, not a serial chain). Shifts, adds, XORs and (wide widths only) carry-less multiplies:
// constant time; the 128-bit instantiation needs no PCLMULQDQ.
//
// xmm (one block per register) whole groups: groups_x1. There the vector arithmetic on the
// tweaks was the bottleneck: AES runs on two of Zen 2's four FP pipes and every tweak
// instruction competes for them (and for scheduler entries). Measured on Zen 2 at 16 KiB
// (TSC ticks per byte, best of 2000 calls; OpenSSL 3.0 0.29 / 0.40):
//     next group's tweaks                          AES-128   AES-256
//     chain of 8 mul_alpha after the rounds         0.358     0.464   (the old schedule)
//     8 independent mul_x_bytes<1> after them       0.396     0.489
//     closing keys on the stack, α chain first      0.514     0.547
//     general-purpose registers, a group ahead      0.312     0.366   (groups_x1)
// groups_x1 computes T·α with 64-bit shifts on (hi:lo) in general-purpose registers
//     carry = (int64)hi >> 63;  hi = hi << 1 | lo >> 63;  lo = lo << 1 ^ (carry & 0x87)
// (an arithmetic-shift mask, no branch: constant time), stores T ^ k[0] for the next group
// (two 8-byte stores per block) into one half of a double buffer while the AES rounds of this
// group read the other half with 16-byte loads (a group later: no store-forwarding stall on
// the critical path). Per block the vector side is then: load in, XOR (T ^ k[0]) from memory,
// R-1 AESENC, the closing key (T ^ k[0]) ^ (k[0] ^ k[R]), AESENCLAST, store. The AES-round
// bound on that machine (8 independent AESENC chains, `aeskit speed --bound` alike) is 0.21
// (AES-128) and 0.29 (AES-256) ticks per byte; what remains is most likely issue width (~30
// instructions per block: 10-14 AES, ~13 scalar, ~7 loads/XORs/stores; no performance
// counters in the VM to confirm), since 6, 10 and 12
// blocks per group measured the same or slower than 8. groups_x1 runs only in calls of
// kXtsLongFrom = 64 blocks (1 KiB) or more, out of line (xts_long, a tail call); shorter
// calls, the leftover blocks (< 8) and all wider widths use the register schedule above.
// With groups_x1 inline for every length, 256- and 512-byte calls were 15% and 5% slower
// (the first group waits for its tweaks: scalar stores read back by 16-byte loads, not
// forwarded; and one group more is filled and wiped); computing the first group's tweaks in
// vector registers instead was slower still. Measured on Zen 2 against the register schedule
// (interleaved, best of 3, `aeskit speed`): 1350 B 1.02-1.14x, 4 KiB 1.09-1.22x, 16 KiB
// 1.15x (AES-128) and 1.25x (AES-256); 64-512 B within 3% (code placement).
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
#include "base/secure_zero.hpp"

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

// mul_x_bytes: each lane's tweak times x^(8N), N whole bytes, the group step of the wide
// widths: the rest moves up N bytes (PSLLDQ) and the top N bytes h, brought to the bottom by
// PSRLDQ, come back as h·x^128 mod P = h·(x^7 + x^2 + x + 1), one carry-less multiply by 0x87
// (degree < 8N + 8 <= 64 for N <= 7: one qword, no second reduction). Four instructions
// (two byte shifts, PCLMULQDQ, XOR) where the shift form (fold) takes nine, five of them
// shifts: on Zen 5 the group step's shifts compete with VAESENC for its two pipes, and at
// 16 KiB the shift form ran the zmm loop at 0.112 cycles/byte, this one at 0.097-0.101 (AES
// bound 0.077; ymm 0.23 -> 0.20, bound 0.156). Half the registers on each form measured 8%
// slower than all on this one: the shifts, not the multiplier, are what the AES rounds feel.
// The constant 0x87 is loaded from memory: built from an immediate (MOV to a callee-saved
// register, VPBROADCASTQ) it cost the zmm kernel a stack frame and 128-byte calls 7%.
// The vaes256/vaes512 targets and predicates include (V)PCLMULQDQ; the xmm schedule steps its
// tweaks without it (mul_alpha, groups_x1).
template <class V, int N>
AESKIT_WIDE_INLINE typename V::reg mul_x_bytes(typename V::reg t) {
  static_assert(N > 0 && N <= 7);
  static_assert(V::kBlocks > 1, "the xmm backend does not require PCLMULQDQ");
  const typename V::reg poly = V::broadcast(_mm_set_epi64x(0, 0x87));  // a constant load
  return V::x(V::template shl_bytes<N>(t),
              V::template clmul<0x00>(V::template shr_bytes<16 - N>(t), poly));
}

// mul_alpha: one tweak times α on an xmm register, with 32-bit lanes only: PADDD shifts every
// lane left by one; PSRAD 31 makes all-ones the lanes whose top bit fell out; PSHUFD 0x93
// moves each mask one lane up (lane 0 gets lane 3's, bit 127); AND [0x87, 1, 1, 1] turns the
// masks into the carries (1 into lanes 1..3, the reduction 0x87 into lane 0); XOR adds them.
// Five instructions: the first register's lanes (start) and the one-block path (xts_lone).
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

  // ---- xmm whole groups (kB == 1): tweaks on the integer side (see the header) ----

  // kX1: blocks per whole xmm group. 6, 8, 10 and 12 measured within 2% of each other at
  // 16 KiB on Zen 2 (AES-128; 12 and 6 were 5% slower for AES-256, 12 slower at 512 bytes).
  static constexpr std::size_t kX1 = 8;

  // step_alpha: (hi:lo)·α on general-purpose registers: the bit shifted out of bit 127
  // becomes an all-ones mask by an arithmetic shift (no branch, no flag-dependent select).
  AESKIT_WIDE_INLINE static void step_alpha(std::uint64_t& lo, std::uint64_t& hi) {
    const std::uint64_t carry = static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) >> 63);
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ (carry & 0x87);
  }

  // fill_x1: the next kX1 tweaks, each XOR k[0], into buf (two qwords per block, the order
  // of a little-endian 128-bit load); (lo, hi) moves on by kX1 steps.
  AESKIT_WIDE_INLINE static void fill_x1(std::uint64_t* buf, std::uint64_t& lo, std::uint64_t& hi,
                                         std::uint64_t k0lo, std::uint64_t k0hi) {
#pragma GCC unroll 16
    for (std::size_t i = 0; i < kX1; ++i) {
      std::uint64_t a = lo ^ k0lo, b = hi ^ k0hi;
      // Two scalar stores: without the barrier GCC may build each pair into an xmm register
      // (MOVQ, PUNPCKLQDQ, PXOR, MOVUPS), which puts the work back on the vector pipes
      // (measured 1.7x slower).
      AESKIT_REGISTER_BARRIER("+r", a);
      AESKIT_REGISTER_BARRIER("+r", b);
      buf[2 * i] = a;
      buf[2 * i + 1] = b;
      step_alpha(lo, hi);
    }
  }

  // groups_x1: the whole groups of an xmm call; returns the blocks left over (< kX1), with
  // t[0] their first tweak. The tweaks of group g+1 are computed (fill_x1) into one half of
  // a double buffer while group g's AES rounds read the other half; a block costs its AES
  // rounds, two vector XORs (in ^ (T ^ k[0]); the closing key (T ^ k[0]) ^ (k[0] ^ k[R])) and
  // two loads of its tweak. The buffers hold T ^ k[0] (secret) and are wiped before return.
  AESKIT_WIDE_INLINE std::size_t groups_x1(std::size_t blocks) {
    static_assert(kX1 <= V::kRegs, "the leftover must stay under a whole register group");
    if (blocks < kX1) return blocks;
    std::uint64_t k0[2], lo, hi;
    __builtin_memcpy(k0, round_keys.k, 16);
    __builtin_memcpy(&lo, &t[0], 8);
    __builtin_memcpy(&hi, reinterpret_cast<const std::uint8_t*>(&t[0]) + 8, 8);
    alignas(16) std::uint64_t bufs[2][2 * kX1];
    // opaque: the vector loads read what the scalar stores wrote (not forwarded as values).
    std::uint64_t* cur = opaque(bufs[0]);
    std::uint64_t* nxt = opaque(bufs[1]);
    fill_x1(cur, lo, hi, k0[0], k0[1]);
    const reg k0r = round_keys[0];
    const reg k0_kr = V::x(k0r, round_keys[R]);
    for (; blocks >= kX1; blocks -= kX1) {
      fill_x1(nxt, lo, hi, k0[0], k0[1]);
      const __m128i* tk = reinterpret_cast<const __m128i*>(opaque(cur));
      reg b[kX1];
#pragma GCC unroll 16
      for (std::size_t i = 0; i < kX1; ++i)
        b[i] = V::x(V::load(in + 16 * i), _mm_load_si128(tk + i));
#pragma GCC unroll 16
      for (unsigned r = 1; r < R; ++r) {
        const reg k = round_keys[r];
#pragma GCC unroll 16
        for (std::size_t i = 0; i < kX1; ++i) b[i] = aes_round<V, D>(b[i], k);
      }
#pragma GCC unroll 16
      for (std::size_t i = 0; i < kX1; ++i)
        V::store(out + 16 * i, aes_last_round<V, D>(b[i], V::x(k0_kr, _mm_load_si128(tk + i))));
      in += 16 * kX1;
      out += 16 * kX1;
      std::uint64_t* const done = cur;
      cur = nxt;
      nxt = done;
    }
    t[0] = V::x(_mm_load_si128(reinterpret_cast<const __m128i*>(opaque(cur))), k0r);
    secure_zero(bufs, sizeof bufs);
    return blocks;
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
    } else if constexpr (kB == 1) {  // short xmm calls (not xts_long): the α chain
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

// xts_body: the whole call; kLong (xmm only) runs the whole groups in groups_x1 first.
template <class V, Dir D, bool kLong>
AESKIT_WIDE_INLINE void xts_body(const RoundKeys& rk, std::uint8_t tweak[16],
                                 const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(tweak));
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    XtsKernel<V, D, R> kernel{keys_of<V, R>(rk), {}, in, out};
    std::size_t rest = blocks;
    if constexpr (kLong) {
      kernel.t[0] = next;
      rest = kernel.groups_x1(blocks);
    }
    if (rest > 0 || !kLong) {
      kernel.start(kLong ? V::low_lane(kernel.t[0]) : next, rest);
      run_groups<V>(kernel, rest);
    }
    next = V::low_lane(kernel.t[0]);
  });
  _mm_storeu_si128(reinterpret_cast<__m128i*>(tweak), next);
}

// xts_long: a long xmm call, out of line and reached by a tail call, so the short calls keep
// the register schedule's code as it was (inlining groups_x1 beside it made 256-512-byte
// calls 5-20% slower on Zen 2: code layout and register allocation).
template <class V, Dir D>
[[gnu::noinline]] AESKIT_WIDE_TARGET void xts_long(const RoundKeys& rk, std::uint8_t tweak[16],
                                                   const std::uint8_t* in, std::uint8_t* out,
                                                   std::size_t blocks) {
  xts_body<V, D, true>(rk, tweak, in, out, blocks);
}

// kXtsLongFrom: the xmm calls from this many blocks take groups_x1 (below it the register
// schedule measured faster: 256 and 512 bytes lost 15% and 5% with groups_x1).
inline constexpr std::size_t kXtsLongFrom = 64;

template <class V, Dir D>
AESKIT_WIDE_INLINE void xts(const RoundKeys& rk, std::uint8_t tweak[16], const std::uint8_t* in,
                            std::uint8_t* out, std::size_t blocks) {
  if constexpr (V::kBlocks == 1) {
    if (blocks >= kXtsLongFrom) return xts_long<V, D>(rk, tweak, in, out, blocks);
  }
  xts_body<V, D, false>(rk, tweak, in, out, blocks);
}

}  // namespace aeskit::detail::x86
