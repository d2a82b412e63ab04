// src/backend/vaes256/ctr_vaes256.cpp — CTR keystream with a 32-bit or a full 128-bit
// big-endian counter for the vaes256 backend: 16 counter blocks in 8 ymm registers per group.
//
// CPU features: AVX2 (VPADDD/VPADDQ/VPSHUFB ymm), AES-NI, VAES.
// References: NIST SP 800-38A §6.5 and Appendix B (CTR, counter increment); FIPS-197.
//
// out_i = in_i ^ E(T_i), T_{i+1} = T_i + 1 (mod 2^32 on the last 4 bytes, or mod 2^128 on the
// whole block). The counter block T is big-endian, so it is kept byte-reversed: reversing the
// 16 bytes makes it a little-endian 128-bit integer t whose 32-bit element 0 is the block's
// last four bytes and whose 64-bit elements 0/1 are its low/high halves. For a group of n
// blocks (n = 16, or the 1..15 of the tail) in Y = ceil(n/2) registers:
//     base = [t | t + 1]                      (two lanes of one ymm)
//     register j = reverse_lanes(base + [2j | 2j]) = [T_{2j} | T_{2j+1}],   j = 0..Y-1
//     t += n
// VPSHUFB ymm permutes within each 128-bit lane, so one instruction reverses both blocks.
//   ctr32:  the adds are VPADDD on element 0 of each lane: they wrap mod 2^32 and never touch
//           bytes 0..11 (the wrap is exact even when it falls between the two lanes of a
//           register, or at a group boundary; T = ..ff ff ff ff gives ..00 00 00 00 next).
//   ctr128: the adds are VPADDQ on the low 64-bit element of each lane, exact as long as the
//           low half does not pass 2^64 - 1 within the group: checked once per group as
//           lo <= 2^64 - 1 - n (which also covers t + n, the counter left for the next group,
//           and every lane value t + i, i < n). Otherwise (at most once per 2^64 blocks, or
//           when a caller starts near it) each block is built from scalar halves with the carry
//           added into the high half, and ff..ff + 1 wraps to 00..00.
// The branch depends on the counter value only, which is public (nonce/IV), never on key or
// data. The XOR with the input is folded into the last round key (rounds_vaes256.hpp).
// A one-block call goes to the AES-NI backend's code (same schedule and counter arithmetic).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "backend/aesni/kernels.hpp"
#include "backend/vaes256/groups_vaes256.hpp"
#include "backend/vaes256/kernels.hpp"
#include "backend/vaes256/rounds_vaes256.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {
namespace {

// Counter32: the last 4 bytes count mod 2^32.
struct Counter32 {
  __m128i t;  // the next counter block, byte-reversed

  template <std::size_t Y>
  AESKIT_VAES256_INLINE void take(__m256i (&b)[Y], std::size_t blocks) {
    const __m256i base =
        _mm256_add_epi32(_mm256_broadcastsi128_si256(t), _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j) {
      const int step = static_cast<int>(2 * j);
      b[j] = reverse_lanes(_mm256_add_epi32(base, _mm256_setr_epi32(step, 0, 0, 0, step, 0, 0, 0)));
    }
    t = _mm_add_epi32(t, _mm_cvtsi32_si128(static_cast<int>(blocks)));
  }
};

// Counter128: all 16 bytes count mod 2^128.
struct Counter128 {
  __m128i t;  // the next counter block, byte-reversed: a little-endian 128-bit integer

  template <std::size_t Y>
  AESKIT_VAES256_INLINE void take(__m256i (&b)[Y], std::size_t blocks) {
    const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(t));
    if (lo <= UINT64_MAX - blocks) {  // no carry into the high half in this group
      const __m256i base =
          _mm256_add_epi64(_mm256_broadcastsi128_si256(t), _mm256_setr_epi64x(0, 0, 1, 0));
#pragma GCC unroll 8
      for (std::size_t j = 0; j < Y; ++j) {
        const auto step = static_cast<long long>(2 * j);
        b[j] = reverse_lanes(_mm256_add_epi64(base, _mm256_setr_epi64x(step, 0, step, 0)));
      }
      t = _mm_add_epi64(t, _mm_cvtsi64_si128(static_cast<long long>(blocks)));
      return;
    }
    const auto hi = static_cast<std::uint64_t>(_mm_extract_epi64(t, 1));
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j)
      b[j] = reverse_lanes(make_pair(plus(lo, hi, 2 * j), plus(lo, hi, 2 * j + 1)));
    t = plus(lo, hi, blocks);
  }

  // plus: (hi:lo) + n as a little-endian vector.
  AESKIT_VAES256_INLINE static __m128i plus(std::uint64_t lo, std::uint64_t hi, std::uint64_t n) {
    const std::uint64_t sum_lo = lo + n;
    const std::uint64_t sum_hi = hi + (sum_lo < lo ? 1u : 0u);
    return _mm_set_epi64x(static_cast<long long>(sum_hi), static_cast<long long>(sum_lo));
  }
};

template <class Counter, unsigned R>
struct CtrKernel {
  Keys<R> keys;
  Counter counter;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y>
  AESKIT_VAES256_INLINE void run(std::size_t blocks) {
    const bool odd = (blocks & 1) != 0;
    __m256i b[Y];
    counter.template take<Y>(b, blocks);
    all_but_last_round<Dir::encrypt>(keys, b);
    const __m256i k = keys[R];
#pragma GCC unroll 8
    for (std::size_t j = 0; j + 1 < Y; ++j) {
      const __m256i last = _mm256_xor_si256(k, load_pair(in + 32 * j));
      store_pair(out + 32 * j, aes_last_round<Dir::encrypt>(b[j], last));  // E(T) ^ in
    }
    const std::size_t j = Y - 1;
    const __m256i last = _mm256_xor_si256(k, load_pair_or_low(in + 32 * j, odd));
    store_pair_or_low(out + 32 * j, aes_last_round<Dir::encrypt>(b[j], last), odd);
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

template <class Counter, unsigned R>
AESKIT_VAES256_TARGET void ctr(const RoundKeys& rk, std::uint8_t counter[16],
                               const std::uint8_t* in, std::uint8_t* out,
                               std::size_t blocks) noexcept {
  CtrKernel<Counter, R> kernel{keys_of<R>(rk), Counter{reverse_block(load_block(counter))}, in,
                               out};
  run_groups(kernel, blocks);
  store_block(counter, reverse_block(kernel.counter.t));
}

template <class Counter>
AESKIT_VAES256_TARGET std::size_t ctr_any(const RoundKeys& rk, std::uint8_t counter[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) noexcept {
  if (blocks == 1) {  // a single block: the 128-bit code (as in blocks_vaes256.cpp)
    if constexpr (std::is_same_v<Counter, Counter32>)
      return aesni::ctr32_be(rk, counter, in, out, blocks);
    else
      return aesni::ctr128_be(rk, counter, in, out, blocks);
  }
  if (rk.rounds == 10)
    ctr<Counter, 10>(rk, counter, in, out, blocks);
  else if (rk.rounds == 12)
    ctr<Counter, 12>(rk, counter, in, out, blocks);
  else
    ctr<Counter, 14>(rk, counter, in, out, blocks);
  return blocks;
}

}  // namespace

AESKIT_VAES256_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept {
  return ctr_any<Counter32>(enc, counter, in, out, blocks);
}

AESKIT_VAES256_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept {
  return ctr_any<Counter128>(enc, counter, in, out, blocks);
}

}  // namespace aeskit::detail::vaes256
