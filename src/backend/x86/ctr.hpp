// src/backend/x86/ctr.hpp — CTR keystream for every width (xmm AES-NI, ymm/zmm VAES), with the
// three counter forms of the backend contract: 32-bit and 128-bit big-endian (SP 800-38A, GCM) and
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
//
// xmm schedule for long calls (AES-NI, one block per register; CtrKernel::run_whole_groups,
// from kLongFrom blocks, out of line: ctr_long / xctr_long by tail call, run_long in
// siv_tag_ctr). Zen 2 issues two AESENC per cycle at latency
// 4, so 8 blocks in flight exactly fill both pipes and every other vector instruction of the
// loop (counter VPADDD/VPSHUFB, the whitening XOR) can take a pipe slot from an AES round;
// and round-major groups start the next group only when the scheduler reaches it, after the
// last round of the one before. So the whole groups run:
//   - the first group's counter blocks are built in registers (take); the others come from a
//     128-byte stack buffer W_j = T_j ^ k[0] (the whitening done): the second group's are
//     stored whole (fill: 16-byte vector stores, forwarded to the
//     loads), and from the third on only the varying 32-bit word is rewritten on the integer
//     pipes (refill: bswap(c + j) ^ k[0]'s word; LE forms without the bswap; XCTR with S's
//     word folded in): no vector instruction builds a counter. Counter128 rewrites whole
//     blocks (fill) for a group whose low 32 bits wrap and for the group after.
//   - the refill sits after the current group's first round, a whole group before its loads, so the
//     narrow stores have left the store buffer when the 16-byte loads read them.
//   - rotated loop: the last round of group g (load in, XOR k[R], AESENCLAST, store) and the
//     load + first round of group g+1 alternate block by block, so the AES pipes stay fed
//     across the group boundary.
//   The buffer (counter ^ k[0], i.e. k[0] for a public counter) is wiped before return.
//   Measured (Zen 2, TSC ticks per byte, min of 3000, AES-128 / AES-256; aesenc throughput
//   bound 0.207 / 0.290): 16 KiB 0.269 -> 0.225 / 0.361 -> 0.310 (OpenSSL 3.0 0.243 / 0.328
//   incl. its per-call set-up), 1350 B 0.312 -> 0.290 / 0.412 -> 0.385; below 40 blocks the
//   old schedule is kept (at 32 the new one was ~3% slower). Measured as a whole: the share
//   of each of the three changes was not isolated.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backend/x86/rounds.hpp"
#include "base/secure_zero.hpp"

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

// fill_low_byte: take_low_byte's blocks for the xmm schedule (CtrKernel::run_whole_groups):
// the next N counter blocks XORed with round key 0 (k0), stored to dst one block at a time (few
// live registers beside the 8 AES states). Returns false, storing nothing, when the last byte
// would wrap.
template <class V, std::size_t N>
AESKIT_WIDE_INLINE bool fill_low_byte(__m128i t, std::uint8_t* dst, __m128i k0) {
  const auto low = static_cast<std::uint32_t>(_mm_cvtsi128_si32(t)) & 0xffu;
  if (low + N > 256) return false;
  const __m128i step = _mm_setr_epi32(0, 0, 0, 1 << 24);
  __m128i v = reverse_block<V>(t);
#pragma GCC unroll 8
  for (std::size_t j = 0; j < N; ++j) {
    _mm_store_si128(reinterpret_cast<__m128i*>(dst + 16 * j), _mm_xor_si128(v, k0));
    v = _mm_add_epi32(v, step);
  }
  return true;
}

// put_word: the 32-bit word w at p (a counter block's varying word in the xmm schedule's
// buffer; counter ^ round key 0, built on the integer pipes).
inline void put_word(std::uint8_t* p, std::uint32_t w) {
  std::memcpy(p, &w, 4);
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

  // fill (xmm): the next N blocks XORed with k0 at dst (CtrKernel::run_whole_groups).
  template <std::size_t N>
  AESKIT_WIDE_INLINE void fill(std::uint8_t* dst, __m128i k0) {
    if (!fill_low_byte<V, N>(t, dst, k0)) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < N; ++j) {
        const __m128i v = _mm_add_epi32(t, _mm_cvtsi32_si128(static_cast<int>(j)));
        _mm_store_si128(reinterpret_cast<__m128i*>(dst + 16 * j),
                        _mm_xor_si128(reverse_block<V>(v), k0));
      }
    }
    t = _mm_add_epi32(t, _mm_cvtsi32_si128(static_cast<int>(N)));
  }

  // refill (xmm): after a fill, only the last word of each block changes (bytes 0..11 never
  // do): bswap(c + j) ^ k0's last word (kw), on the integer pipes. Returns true: the buffer
  // stays valid for the next refill.
  static constexpr int kWord = 3;
  template <std::size_t N>
  AESKIT_WIDE_INLINE bool refill(std::uint8_t* dst, __m128i, std::uint32_t kw, bool) {
    const auto c = static_cast<std::uint32_t>(_mm_cvtsi128_si32(t));
#pragma GCC unroll 8
    for (std::size_t j = 0; j < N; ++j)
      put_word(dst + 16 * j + 12, __builtin_bswap32(c + static_cast<std::uint32_t>(j)) ^ kw);
    t = _mm_add_epi32(t, _mm_cvtsi32_si128(static_cast<int>(N)));
    return true;
  }
};

// le32_fill / le32_refill (xmm): the little-endian counters' stores for
// CtrKernel::run_whole_groups, shared by CounterLe32 (key = k0) and CounterXctr (key = S ^ k0):
// the N blocks t + j (32-bit word 0) XORed with key at dst, or only their word 0 rewritten
// ((c + j) ^ kw, kw = key's word 0); both return t + N.
template <std::size_t N>
AESKIT_WIDE_INLINE __m128i le32_fill(__m128i t, std::uint8_t* dst, __m128i key) {
  const __m128i one = _mm_cvtsi32_si128(1);
#pragma GCC unroll 8
  for (std::size_t j = 0; j < N; ++j) {
    _mm_store_si128(reinterpret_cast<__m128i*>(dst + 16 * j), _mm_xor_si128(t, key));
    t = _mm_add_epi32(t, one);
  }
  return t;
}

template <std::size_t N>
AESKIT_WIDE_INLINE __m128i le32_refill(__m128i t, std::uint8_t* dst, std::uint32_t kw) {
  const auto c = static_cast<std::uint32_t>(_mm_cvtsi128_si32(t));
#pragma GCC unroll 8
  for (std::size_t j = 0; j < N; ++j)
    put_word(dst + 16 * j, (c + static_cast<std::uint32_t>(j)) ^ kw);
  return _mm_add_epi32(t, _mm_cvtsi32_si128(static_cast<int>(N)));
}

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

  // fill (xmm): the next N blocks XORed with k0 at dst (CtrKernel::run_whole_groups).
  template <std::size_t N>
  AESKIT_WIDE_INLINE void fill(std::uint8_t* dst, __m128i k0) {
    t = le32_fill<N>(t, dst, k0);
  }

  // refill (xmm): only word 0 changes: (c + j) ^ k0's word 0 (kw).
  static constexpr int kWord = 0;
  template <std::size_t N>
  AESKIT_WIDE_INLINE bool refill(std::uint8_t* dst, __m128i, std::uint32_t kw, bool) {
    t = le32_refill<N>(t, dst, kw);
    return true;
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

  // fill (xmm): the next N blocks XORed with k0 at dst (CtrKernel::run_whole_groups); S and
  // k0 in one register.
  template <std::size_t N>
  AESKIT_WIDE_INLINE void fill(std::uint8_t* dst, __m128i k0) {
    t = le32_fill<N>(t, dst, _mm_xor_si128(s, k0));
  }

  // refill (xmm): only word 0 changes: (c + j) ^ (S ^ k0)'s word 0 (kw: the caller passes
  // word 0 of k0, S's is XORed here).
  static constexpr int kWord = 0;
  template <std::size_t N>
  AESKIT_WIDE_INLINE bool refill(std::uint8_t* dst, __m128i, std::uint32_t kw, bool) {
    t = le32_refill<N>(t, dst, kw ^ static_cast<std::uint32_t>(_mm_cvtsi128_si32(s)));
    return true;
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

  // fill (xmm): the next N blocks XORed with k0 at dst (CtrKernel::run_whole_groups), on
  // take's three paths.
  template <std::size_t N>
  AESKIT_WIDE_INLINE void fill(std::uint8_t* dst, __m128i k0) {
    const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(t));
    const bool no_carry = lo <= UINT64_MAX - N;
    if (fill_low_byte<V, N>(t, dst, k0)) {
    } else if (no_carry) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < N; ++j) {
        const __m128i v = _mm_add_epi64(t, _mm_cvtsi64_si128(static_cast<long long>(j)));
        _mm_store_si128(reinterpret_cast<__m128i*>(dst + 16 * j),
                        _mm_xor_si128(reverse_block<V>(v), k0));
      }
    } else {
      const auto hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(t, t)));
      for (std::size_t j = 0; j < N; ++j)
        _mm_store_si128(reinterpret_cast<__m128i*>(dst + 16 * j),
                        _mm_xor_si128(reverse_block<V>(plus(lo, hi, j)), k0));
    }
    t = no_carry
            ? _mm_add_epi64(t, _mm_cvtsi64_si128(static_cast<long long>(N)))
            : plus(lo, static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(t, t))), N);
  }

  // refill (xmm): as Counter32's while the buffer's bytes 0..11 hold this group's high 96
  // bits (`fresh`) and the low 32 bits do not wrap within the group; otherwise (once per 2^32
  // blocks) a whole fill. Returns whether the next group keeps the same high 96 bits.
  static constexpr int kWord = 3;
  template <std::size_t N>
  AESKIT_WIDE_INLINE bool refill(std::uint8_t* dst, __m128i k0, std::uint32_t kw, bool fresh) {
    const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(t));
    const std::uint64_t c = lo & 0xffffffffu;
    if (fresh && c + N <= 0x100000000u) {
      const auto c32 = static_cast<std::uint32_t>(c);
#pragma GCC unroll 8
      for (std::size_t j = 0; j < N; ++j)
        put_word(dst + 16 * j + 12, __builtin_bswap32(c32 + static_cast<std::uint32_t>(j)) ^ kw);
      t = lo <= UINT64_MAX - N
              ? _mm_add_epi64(t, _mm_cvtsi64_si128(static_cast<long long>(N)))
              : plus(lo, static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(t, t))),
                     N);
    } else {
      fill<N>(dst, k0);
    }
    return c + N < 0x100000000u;
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

  // run_whole_groups (xmm only): the whole groups of `blocks`, software-pipelined: each
  // group's 8 counter blocks, already XORed with k0, are loaded from a stack buffer that the
  // previous group filled between its first and second round. Returns the blocks left (< 8).
  AESKIT_WIDE_INLINE std::size_t run_whole_groups(std::size_t blocks) {
    constexpr std::size_t G = V::kRegs;
    static_assert(V::kBlocks == 1, "the xmm schedule");
    alignas(16) std::uint8_t area[16 * G];
    std::uint8_t* next = opaque(area);  // stays memory: not 8 loop-carried registers
    const typename V::reg k0 = round_keys[0];
    const auto kw =
        static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_shuffle_epi32(k0, Counter::kWord * 0x55)));
    // The first group's blocks in registers (take), then round 1.
    typename V::reg b[G];
    counter.template take<G>(b, G);
    const typename V::reg k1 = round_keys[1];
#pragma GCC unroll 8
    for (std::size_t j = 0; j < G; ++j) b[j] = V::enc(V::x(b[j], k0), k1);
    bool filled = false;  // has the buffer whole blocks (bytes 0..11 of the next group)?
    bool fresh = false;   // Counter128's refill: are they the next group's high 96 bits?
    for (;;) {
      blocks -= G;
      const bool more = blocks >= G;
      if (more) {
        if (filled) {
          fresh = counter.template refill<G>(next, k0, kw, fresh);
        } else {  // the second group: whole blocks (16-byte stores, forwarded to its loads)
          const auto c = static_cast<std::uint32_t>(_mm_cvtsi128_si32(counter.t));
          fresh = std::uint64_t{c} + G < 0x100000000u;
          counter.template fill<G>(next, k0);
          filled = true;
        }
      }
#pragma GCC unroll 16
      for (unsigned r = 2; r < R; ++r) {
        const typename V::reg k = round_keys[r];
#pragma GCC unroll 8
        for (std::size_t i = 0; i < G; ++i) b[i] = V::enc(b[i], k);
      }
      if (!more) {
        last_round_xor_data<V>(b, round_keys[R], in, out, 1);
        in += 16 * G;
        out += 16 * G;
        break;
      }
      // This group's last round and the next group's first, block by block (rotated loop).
      const typename V::reg kl = round_keys[R];
      const typename V::reg k1n = round_keys[1];
#pragma GCC unroll 8
      for (std::size_t j = 0; j < G; ++j) {
        V::store(out + 16 * j, V::enc_last(b[j], V::x(kl, V::load(in + 16 * j))));
        b[j] = V::enc(_mm_load_si128(reinterpret_cast<const __m128i*>(next + 16 * j)), k1n);
      }
      in += 16 * G;
      out += 16 * G;
    }
    secure_zero(area, sizeof area);  // counter ^ k0 with a public counter is k0
    return blocks;
  }
};

// kLongFrom: calls of at least this many blocks take CtrKernel::run_whole_groups (xmm) for
// their whole groups. Below it the buffer's set-up and wipe cost about what the schedule
// saves (measured: 32 blocks ~3% slower than the plain groups, 40 even, 48 and up faster).
inline constexpr std::size_t kLongFrom = 40;

// run_long: run_whole_groups out of line, so that the short calls' code (run_groups inlined
// into ctr) keeps its registers: inlined, GCC gave every call a stack frame and the short
// calls ran 3-14% slower. The arguments are scalars and vectors (the counter: one xmm
// register for the three 32/128-bit forms), not the kernel struct: passed and returned in
// memory, it cost ~75 cycles a call (512 bytes 30% slower). Returns the counter after the
// whole groups (blocks - blocks % kRegs of them).
template <class V, class C, unsigned R>
[[gnu::noinline]] AESKIT_WIDE_TARGET C run_long(Keys<V, R> keys, C counter, const std::uint8_t* in,
                                                std::uint8_t* out, std::size_t blocks) {
  CtrKernel<V, C, R> kernel{keys, counter, in, out};
  kernel.run_whole_groups(blocks);
  return kernel.counter;
}

// run_ctr: the kernel over `blocks`: on xmm a long call's whole groups first (run_long;
// siv_tag_ctr, whose tag chain comes first, so it cannot tail-call as ctr does).
template <class V, class Counter, unsigned R>
AESKIT_WIDE_INLINE void run_ctr(CtrKernel<V, Counter, R>& kernel, std::size_t blocks) {
  if constexpr (V::kBlocks == 1) {
    if (blocks >= kLongFrom) {
      kernel.counter = run_long(kernel.round_keys, kernel.counter, kernel.in, kernel.out, blocks);
      const std::size_t whole = blocks - blocks % V::kRegs;
      kernel.in += 16 * whole;
      kernel.out += 16 * whole;
      blocks -= whole;
    }
  }
  run_groups<V>(kernel, blocks);
}

// ctr_body: ctr's work; kLong: the whole groups on the xmm long-call schedule first.
template <class V, template <class> class Counter, bool kLong>
AESKIT_WIDE_INLINE void ctr_body(const RoundKeys& rk, std::uint8_t counter[16],
                                 const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  using C = Counter<V>;
  __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counter));
  if constexpr (C::kReversed) t = reverse_block<V>(t);
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    CtrKernel<V, C, R> kernel{keys_of<V, R>(rk), C{t}, in, out};
    if constexpr (kLong) blocks = kernel.run_whole_groups(blocks);
    run_groups<V>(kernel, blocks);
    t = kernel.counter.t;
  });
  if constexpr (C::kReversed) t = reverse_block<V>(t);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(counter), t);
}

// ctr_long: a long xmm call, out of line and reached by a tail call, so the short calls'
// code stays a leaf without a stack frame (with a call inside, GCC saved callee-saved
// registers on every call: 1-2% at 128-496 bytes).
template <class V, template <class> class Counter>
[[gnu::noinline]] AESKIT_WIDE_TARGET void ctr_long(const RoundKeys& rk, std::uint8_t counter[16],
                                                   const std::uint8_t* in, std::uint8_t* out,
                                                   std::size_t blocks) {
  ctr_body<V, Counter, true>(rk, counter, in, out, blocks);
}

// ctr: Counter is Counter32<V>, Counter128<V> or CounterLe32<V>; counter advanced.
template <class V, template <class> class Counter>
AESKIT_WIDE_INLINE void ctr(const RoundKeys& rk, std::uint8_t counter[16], const std::uint8_t* in,
                            std::uint8_t* out, std::size_t blocks) {
  if constexpr (V::kBlocks == 1) {
    if (blocks >= kLongFrom) return ctr_long<V, Counter>(rk, counter, in, out, blocks);
  }
  ctr_body<V, Counter, false>(rk, counter, in, out, blocks);
}

// xctr_body / xctr_long / xctr: the xctr entry (backend.hpp; HCTR2's XCTR): CTR over
// CounterXctr, `counter` advanced; long xmm calls as in ctr.
template <class V, bool kLong>
AESKIT_WIDE_INLINE void xctr_body(const RoundKeys& rk, const std::uint8_t s[16],
                                  std::uint8_t counter[16], const std::uint8_t* in,
                                  std::uint8_t* out, std::size_t blocks) {
  using C = CounterXctr<V>;
  __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counter));
  const typename V::reg sv = V::broadcast(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s)));
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    CtrKernel<V, C, R> kernel{keys_of<V, R>(rk), C{t, sv}, in, out};
    if constexpr (kLong) blocks = kernel.run_whole_groups(blocks);
    run_groups<V>(kernel, blocks);
    t = kernel.counter.t;
  });
  _mm_storeu_si128(reinterpret_cast<__m128i*>(counter), t);
}

template <class V>
[[gnu::noinline]] AESKIT_WIDE_TARGET void xctr_long(const RoundKeys& rk, const std::uint8_t s[16],
                                                    std::uint8_t counter[16],
                                                    const std::uint8_t* in, std::uint8_t* out,
                                                    std::size_t blocks) {
  xctr_body<V, true>(rk, s, counter, in, out, blocks);
}

template <class V>
AESKIT_WIDE_INLINE void xctr(const RoundKeys& rk, const std::uint8_t s[16],
                             std::uint8_t counter[16], const std::uint8_t* in, std::uint8_t* out,
                             std::size_t blocks) {
  if constexpr (V::kBlocks == 1) {
    if (blocks >= kLongFrom) return xctr_long<V>(rk, s, counter, in, out, blocks);
  }
  xctr_body<V, false>(rk, s, counter, in, out, blocks);
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
      run_ctr<V>(kernel, blocks);
      c = kernel.counter.t;
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(counter), c);
  });
  return blocks;
}

}  // namespace aeskit::detail::x86
