// src/backend/aesni/ctr_aesni.cpp — CTR keystream with a 32-bit or a full 128-bit big-endian
// counter for the AES-NI backend, 8 blocks interleaved.
//
// CPU features: AES-NI, SSSE3 (PSHUFB), SSE2 (PADDD/PADDQ, MOVQ).
// References: NIST SP 800-38A §6.5 and Appendix B (CTR, counter increment); FIPS-197.
//
// out_i = in_i ^ E(T_i), T_{i+1} = T_i + 1. The counter block is big-endian, so it is kept
// byte-reversed in a register: reversing all 16 bytes turns it into a little-endian 128-bit
// integer whose 32-bit lane 0 is the block's last four bytes and whose 64-bit lanes 0/1 are
// its low/high halves. Then T_{t+i} is one vector add and one PSHUFB back, and the 8 counter
// blocks of a group are independent of each other.
//   ctr32:  add i to lane 0 with PADDD: wraps mod 2^32 and never touches bytes 0..11.
//   ctr128: add i to the low 64-bit lane with PADDQ, which is exact as long as the low half
//           does not pass 2^64 - 1 within the group (checked once per group: lo <= 2^64-1-N,
//           which also covers the counter left for the next group). Otherwise (at most once
//           per 2^64 blocks, or when a caller starts near it) every block is built from
//           scalar halves with the carry added to the high half; ff..ff + 1 wraps to 00..00.
// The XOR with the input is folded into the last round key (see rounds.hpp).
// The branch depends on the counter value only, which is public (nonce/IV), never on key or
// data.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/aesni/interleave.hpp"
#include "backend/aesni/kernels.hpp"
#include "backend/aesni/rounds.hpp"
#include "backend/aesni/target.hpp"

namespace aeskit::detail::aesni {
namespace {

// Counter32: the last 4 bytes count mod 2^32.
struct Counter32 {
  __m128i le;  // the counter block byte-reversed

  template <std::size_t N>
  AESKIT_AESNI_INLINE void take(__m128i (&b)[N]) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i)
      b[i] = reverse_bytes(_mm_add_epi32(le, _mm_cvtsi32_si128(static_cast<int>(i))));
    le = _mm_add_epi32(le, _mm_cvtsi32_si128(static_cast<int>(N)));
  }
};

// Counter128: all 16 bytes count mod 2^128.
struct Counter128 {
  __m128i le;  // the counter block byte-reversed: a little-endian 128-bit integer

  template <std::size_t N>
  AESKIT_AESNI_INLINE void take(__m128i (&b)[N]) {
    const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(le));
    if (lo <= UINT64_MAX - N) {  // no carry into the high half in this group
#pragma GCC unroll 8
      for (std::size_t i = 0; i < N; ++i)
        b[i] = reverse_bytes(_mm_add_epi64(le, _mm_cvtsi64_si128(static_cast<long long>(i))));
      le = _mm_add_epi64(le, _mm_cvtsi64_si128(static_cast<long long>(N)));
      return;
    }
    const auto hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(le, le)));
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) b[i] = reverse_bytes(plus(lo, hi, i));
    le = plus(lo, hi, N);
  }

  // plus: (hi:lo) + n as a little-endian vector.
  AESKIT_AESNI_INLINE static __m128i plus(std::uint64_t lo, std::uint64_t hi, std::uint64_t n) {
    const std::uint64_t sum_lo = lo + n;
    const std::uint64_t sum_hi = hi + (sum_lo < lo ? 1u : 0u);
    return _mm_set_epi64x(static_cast<long long>(sum_hi), static_cast<long long>(sum_lo));
  }
};

template <class Counter, unsigned R>
struct CtrKernel {
  Schedule<R> keys;
  Counter counter;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t N>
  AESKIT_AESNI_INLINE void run() {
    __m128i b[N];
    counter.take(b);
    all_but_last_round<Dir::encrypt>(keys, b);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) {
      const __m128i last = _mm_xor_si128(keys.k[R], load_block(in + 16 * i));
      store_block(out + 16 * i, _mm_aesenclast_si128(b[i], last));  // E(T_i) ^ in_i
    }
    in += 16 * N;
    out += 16 * N;
  }
};

template <class Counter, unsigned R>
AESKIT_AESNI_TARGET void ctr(const RoundKeys& rk, std::uint8_t counter[16], const std::uint8_t* in,
                             std::uint8_t* out, std::size_t blocks) noexcept {
  CtrKernel<Counter, R> kernel{load_schedule<R>(rk), Counter{reverse_bytes(load_block(counter))},
                               in, out};
  run_interleaved(kernel, blocks);
  store_block(counter, reverse_bytes(kernel.counter.le));
}

// ctr_one: a lone block (rounds.hpp, cipher_one): out = in ^ E(T), T advanced by one.
template <class Counter, unsigned R>
AESKIT_AESNI_TARGET void ctr_one(const RoundKeys& rk, std::uint8_t counter[16],
                                 const std::uint8_t* in, std::uint8_t* out) noexcept {
  Counter c{reverse_bytes(load_block(counter))};
  __m128i t[1];
  c.take(t);
  store_block(out, cipher_one<Dir::encrypt, R>(rk, t[0], load_block(in)));
  store_block(counter, reverse_bytes(c.le));
}

template <class Counter>
AESKIT_AESNI_TARGET std::size_t ctr_any(const RoundKeys& rk, std::uint8_t counter[16],
                                        const std::uint8_t* in, std::uint8_t* out,
                                        std::size_t blocks) noexcept {
  if (blocks == 1) {  // a public count
    if (rk.rounds == 10)
      ctr_one<Counter, 10>(rk, counter, in, out);
    else if (rk.rounds == 12)
      ctr_one<Counter, 12>(rk, counter, in, out);
    else
      ctr_one<Counter, 14>(rk, counter, in, out);
    return 1;
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

AESKIT_AESNI_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t blocks) noexcept {
  return ctr_any<Counter32>(enc, counter, in, out, blocks);
}

AESKIT_AESNI_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) noexcept {
  return ctr_any<Counter128>(enc, counter, in, out, blocks);
}

}  // namespace aeskit::detail::aesni
