// src/backend/x86/ctr.hpp — CTR keystream for every VAES width, with the three counter
// forms of the backend contract: 32-bit and 128-bit big-endian (SP 800-38A, GCM) and
// AES-GCM-SIV's 32-bit little-endian counter in the block's first four bytes (RFC 8452 §4);
// and HCTR2's XCTR (the little-endian counter XORed with S: CounterXctr).
//
// CPU features: those of the width's policy (vec256.hpp / vec512.hpp).
// References: NIST SP 800-38A §6.5 and Appendix B; RFC 8452 §4; FIPS-197; HCTR2 (ePrint
// 2021/1441 §3, XCTR).
//
// out_i = in_i ^ E(T_i). A group of n blocks in Y = ceil(n / kBlocks) registers: register j
// lane i holds T_{kBlocks·j + i}.
//   Big-endian counters are kept byte-reversed: reversing the 16 bytes makes T a
//   little-endian 128-bit integer t whose 32-bit element 0 is the block's last four bytes and
//   whose 64-bit elements 0/1 are its low/high halves. base = broadcast(t) + [0 | 1 | ...]
//   (lane_index), register j = reverse_lanes(base + kBlocks·j in every lane), t += n.
//   ctr32: VPADDD on element 0 wraps mod 2^32 and never touches bytes 0..11, exact even when
//          the wrap falls between two lanes or two groups.
//   ctr128: VPADDQ on the low 64-bit element is exact while the low half does not pass
//          2^64 - 1 within the group: checked once per group (lo <= 2^64 - 1 - n, which also
//          covers t + n). Otherwise (at most once per 2^64 blocks) each block is built from
//          scalar halves with the carry added into the high half; ff..ff + 1 wraps to 00..00.
//   ctr32_le: the block in memory already has bytes 0..3 in element 0, little-endian: the
//          same VPADDD without any byte reversal.
//   Both big-endian forms first try the common case: when the block's last byte does not wrap
//   within the group (its value + n <= 256), every counter block is the block as it is in
//   memory with j added to its last byte, a VPADDD of j << 24 on element 3 per lane: no
//   VPSHUFB per register (which competes with the AES rounds for the vector pipes; measured
//   ctr128 0.092 -> see x86/README in ARCHITECTURE.md). One group in 256/n takes the general
//   path above.
// The branches depend on the counter (public: nonce/IV), never on key or data. The XOR with
// the input is folded into the last round key (rounds.hpp).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backend/x86/rounds.hpp"

namespace aeskit::detail::x86 {

// reverse_block: a block's 16 bytes in the opposite order (xmm; used once per call).
template <class V>
AESKIT_WIDE_INLINE __m128i reverse_block(__m128i v) {
  return _mm_shuffle_epi8(v, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
}

// take_low_byte: the group's counter blocks when the block's last byte does not wrap within
// it (its value + blocks <= 256, the same condition for both big-endian forms): the block as
// it is in memory (t byte-reversed back) with kBlocks·j + i added to that byte, i.e. (kBlocks·j
// + i) << 24 added to the last 32-bit element; no per-register byte reversal. Returns false,
// leaving b alone, when the byte would wrap.
template <class V, std::size_t Y>
AESKIT_WIDE_INLINE bool take_low_byte(__m128i t, typename V::reg (&b)[Y], std::size_t blocks) {
  const auto low = static_cast<std::uint32_t>(_mm_cvtsi128_si32(t)) & 0xffu;
  if (low + blocks > 256) return false;
  const typename V::reg step = V::each_lane_dw3(static_cast<int>(V::kBlocks << 24));
  b[0] = V::add32(V::broadcast(reverse_block<V>(t)), V::lane_index_dw3());
#pragma GCC unroll 8
  for (std::size_t j = 1; j < Y; ++j) {
    b[j] = V::add32(b[j - 1], step);
    in_order(b[j]);
  }
  return true;
}

template <class V>
struct Counter32 {
  static constexpr bool kReversed = true;
  __m128i t;  // the next counter block, byte-reversed

  template <std::size_t Y>
  AESKIT_WIDE_INLINE void take(typename V::reg (&b)[Y], std::size_t blocks) {
    if (!take_low_byte<V>(t, b, blocks)) {
      const typename V::reg base = V::add32(V::broadcast(t), V::lane_index32());
#pragma GCC unroll 8
      for (std::size_t j = 0; j < Y; ++j)
        b[j] = V::reverse_lanes(V::add32(base, V::each_lane32(static_cast<int>(V::kBlocks * j))));
    }
    t = _mm_add_epi32(t, _mm_cvtsi32_si128(static_cast<int>(blocks)));
  }
};

template <class V>
struct CounterLe32 {
  static constexpr bool kReversed = false;
  __m128i t;  // the next counter block, as in memory

  template <std::size_t Y>
  AESKIT_WIDE_INLINE void take(typename V::reg (&b)[Y], std::size_t blocks) {
    const typename V::reg base = V::add32(V::broadcast(t), V::lane_index32());
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j)
      b[j] = V::add32(base, V::each_lane32(static_cast<int>(V::kBlocks * j)));
    t = _mm_add_epi32(t, _mm_cvtsi32_si128(static_cast<int>(blocks)));
  }
};

// CounterXctr: HCTR2's XCTR blocks S ^ counter (backend.hpp xctr): CounterLe32's blocks, then
// one XOR with S (secret; in every lane) per register.
template <class V>
struct CounterXctr {
  static constexpr bool kReversed = false;
  __m128i t;          // the next counter block, as in memory
  typename V::reg s;  // S in every lane

  template <std::size_t Y>
  AESKIT_WIDE_INLINE void take(typename V::reg (&b)[Y], std::size_t blocks) {
    const typename V::reg base = V::add32(V::broadcast(t), V::lane_index32());
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j)
      b[j] = V::x(V::add32(base, V::each_lane32(static_cast<int>(V::kBlocks * j))), s);
    t = _mm_add_epi32(t, _mm_cvtsi32_si128(static_cast<int>(blocks)));
  }
};

template <class V>
struct Counter128 {
  static constexpr bool kReversed = true;
  __m128i t;  // the next counter block, byte-reversed: a little-endian 128-bit integer

  template <std::size_t Y>
  AESKIT_WIDE_INLINE void take(typename V::reg (&b)[Y], std::size_t blocks) {
    const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(t));
    if (take_low_byte<V>(t, b, blocks)) {  // the group's blocks differ in the last byte only
      // The next counter may still carry (last byte + blocks == 256) up to the high half.
      t = lo <= UINT64_MAX - blocks
              ? _mm_add_epi64(t, _mm_cvtsi64_si128(static_cast<long long>(blocks)))
              : plus(lo, static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(t, t))),
                     blocks);
      return;
    }
    if (lo <= UINT64_MAX - blocks) {  // no carry into the high half in this group
      const typename V::reg base = V::add64(V::broadcast(t), V::lane_index64());
#pragma GCC unroll 8
      for (std::size_t j = 0; j < Y; ++j) {
        const auto step = static_cast<long long>(V::kBlocks * j);
        b[j] = V::reverse_lanes(V::add64(base, V::each_lane64(step)));
      }
      t = _mm_add_epi64(t, _mm_cvtsi64_si128(static_cast<long long>(blocks)));
      return;
    }
    const auto hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(t, t)));
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j) {
      __m128i lanes[V::kBlocks];
      for (std::size_t i = 0; i < V::kBlocks; ++i) lanes[i] = plus(lo, hi, V::kBlocks * j + i);
      b[j] = V::reverse_lanes(V::from_blocks(lanes));
    }
    t = plus(lo, hi, blocks);
  }

  // plus: (hi:lo) + n as a little-endian vector.
  AESKIT_WIDE_INLINE static __m128i plus(std::uint64_t lo, std::uint64_t hi, std::uint64_t n) {
    const std::uint64_t sum_lo = lo + n;
    const std::uint64_t sum_hi = hi + (sum_lo < lo ? 1u : 0u);
    return _mm_set_epi64x(static_cast<long long>(sum_hi), static_cast<long long>(sum_lo));
  }
};

template <class V, class Counter, unsigned R>
struct CtrKernel {
  Keys<V, R> round_keys;  // streamed; run() gets these or held ones (run_groups)
  Counter counter;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y, class K>
  AESKIT_WIDE_INLINE void run(std::size_t blocks, const K& keys) {
    typename V::reg b[Y];
    counter.template take<Y>(b, blocks);
    all_but_last_round<V, Dir::encrypt>(keys, b);
    last_round_xor_data<V>(b, keys[R], in, out, last_count<V, Y>(blocks));  // E(T) ^ in
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

// ctr: Counter is Counter32<V>, Counter128<V> or CounterLe32<V>; counter advanced.
template <class V, template <class> class Counter>
AESKIT_WIDE_INLINE void ctr(const RoundKeys& rk, std::uint8_t counter[16], const std::uint8_t* in,
                            std::uint8_t* out, std::size_t blocks) {
  using C = Counter<V>;
  __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counter));
  if constexpr (C::kReversed) t = reverse_block<V>(t);
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    CtrKernel<V, C, R> kernel{keys_of<V, R>(rk), C{t}, in, out};
    run_groups<V>(kernel, blocks);
    t = kernel.counter.t;
  });
  if constexpr (C::kReversed) t = reverse_block<V>(t);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(counter), t);
}

// xctr: the xctr entry (backend.hpp; HCTR2's XCTR): CTR over CounterXctr, `counter` advanced.
template <class V>
AESKIT_WIDE_INLINE void xctr(const RoundKeys& rk, const std::uint8_t s[16],
                             std::uint8_t counter[16], const std::uint8_t* in, std::uint8_t* out,
                             std::size_t blocks) {
  using C = CounterXctr<V>;
  __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counter));
  const typename V::reg sv = V::broadcast(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s)));
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    CtrKernel<V, C, R> kernel{keys_of<V, R>(rk), C{t, sv}, in, out};
    run_groups<V>(kernel, blocks);
    t = kernel.counter.t;
  });
  _mm_storeu_si128(reinterpret_cast<__m128i*>(counter), t);
}

// siv_tag_ctr: the gcm_siv_tag_ctr entry (backend.hpp, RFC 8452 §4): tag = E(S') for S' =
// (S ^ (N || 0^32)) with bit 127 cleared, one block on the 128-bit AES instructions; then CTR
// from tag | bit 127 over all `blocks` at this width, the tag and counter handed on in
// registers (a short message is bound by this chain's latency; a longer one pays one call's
// set-up instead of two; a one-block message stays on 128-bit instructions). Returns blocks;
// `counter` is left at the next counter block.
template <class V>
AESKIT_WIDE_INLINE std::size_t siv_tag_ctr(const RoundKeys& enc, const std::uint8_t s[16],
                                           const std::uint8_t nonce[12], std::uint8_t tag[16],
                                           std::uint8_t counter[16], const std::uint8_t* in,
                                           std::uint8_t* out, std::size_t blocks) {
  std::int32_t tail;  // nonce bytes 8..11: nothing is read past the nonce
  std::memcpy(&tail, nonce + 8, 4);
  const __m128i n = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(nonce)),
                                       _mm_cvtsi32_si128(tail));  // N || 0^32
  const __m128i clear_top = _mm_set_epi32(0x7fffffff, -1, -1, -1);
  const __m128i s_prime = _mm_and_si128(
      _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s)), n), clear_top);
  const __m128i top = _mm_set_epi32(static_cast<int>(0x80000000u), 0, 0, 0);
  const auto key = [&](unsigned r) AESKIT_WIDE_LAMBDA {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(enc.bytes + 16 * r));
  };
  with_rounds(enc.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    const auto encrypt = [&](__m128i x) AESKIT_WIDE_LAMBDA {
      x = _mm_xor_si128(x, key(0));
#pragma GCC unroll 14
      for (unsigned r = 1; r < R; ++r) x = _mm_aesenc_si128(x, key(r));
      return _mm_aesenclast_si128(x, key(R));
    };
    const __m128i t = encrypt(s_prime);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(tag), t);
    __m128i c = _mm_or_si128(t, top);
    if (blocks <= 1) {  // a one-block message: the 128-bit chain alone, no wide set-up
      if (blocks == 1) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_xor_si128(x, encrypt(c)));
        c = _mm_add_epi32(c, _mm_cvtsi32_si128(1));
      }
    } else {
      CtrKernel<V, CounterLe32<V>, R> kernel{keys_of<V, R>(enc), {c}, in, out};
      run_groups<V>(kernel, blocks);
      c = kernel.counter.t;
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(counter), c);
  });
  return blocks;
}

}  // namespace aeskit::detail::x86
