// src/backend/aesni/ctr_le_aesni.cpp — CTR with AES-GCM-SIV's counter (RFC 8452 §4): the
// first 4 bytes of the counter block are a little-endian 32-bit integer, incremented mod 2^32
// per block; bytes 4..15 stay fixed. 8 blocks interleaved. Also gcm_siv_tag_ctr: the tag
// from the POLYVAL result and the first group of CTR blocks, the tag and counter kept in
// registers between them (the vaes256 backend uses it too).
//
// CPU features: AES-NI, SSSE3 (same target as the rest of the backend; SSE2 PADDD).
// References: RFC 8452 §4 (tag, counter blocks, the little-endian increment), FIPS-197.
//
// Math: loaded into an xmm register as it sits in memory, the block's bytes 0..3 are 32-bit
// lane 0 as a little-endian integer. So T_{t+i} = PADDD(T_t, [i, 0, 0, 0]): the add wraps mod
// 2^32 and leaves lanes 1..3 (bytes 4..15) alone — exactly the RFC's increment, with no
// byte swap at all. out_i = in_i ^ E(T_i); the XOR is folded into the last round key
// (rounds.hpp). Nothing branches on the counter, key or data; only on the block count.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backend/aesni/interleave.hpp"
#include "backend/aesni/kernels.hpp"
#include "backend/aesni/rounds.hpp"
#include "backend/aesni/target.hpp"

namespace aeskit::detail::aesni {
namespace {

template <unsigned R>
struct CtrLeKernel {
  Schedule<R> keys;
  __m128i counter;  // the next counter block, as in memory
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t N>
  AESKIT_AESNI_INLINE void run() {
    __m128i b[N];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i)
      b[i] = _mm_add_epi32(counter, _mm_cvtsi32_si128(static_cast<int>(i)));
    counter = _mm_add_epi32(counter, _mm_cvtsi32_si128(static_cast<int>(N)));
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

template <unsigned R>
AESKIT_AESNI_TARGET void ctr_le(const RoundKeys& rk, std::uint8_t counter[16],
                                const std::uint8_t* in, std::uint8_t* out,
                                std::size_t blocks) noexcept {
  CtrLeKernel<R> kernel{load_schedule<R>(rk), load_block(counter), in, out};
  run_interleaved(kernel, blocks);
  store_block(counter, kernel.counter);
}

// tag_ctr<R>: tag = E(S'), counter = tag | bit 127, then one CTR group of up to
// kInterleave blocks (the caller's ctr32_le continues from `counter`).
template <unsigned R>
AESKIT_AESNI_TARGET std::size_t tag_ctr(const RoundKeys& rk, const std::uint8_t s[16],
                                        const std::uint8_t nonce[12], std::uint8_t tag[16],
                                        std::uint8_t counter[16], const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks) {
  std::int32_t tail;  // nonce bytes 8..11: nothing is read past the nonce
  std::memcpy(&tail, nonce + 8, 4);
  const __m128i n = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(nonce)),
                                       _mm_cvtsi32_si128(tail));  // N || 0^32
  const __m128i clear_top = _mm_set_epi32(0x7fffffff, -1, -1, -1);
  const __m128i s_prime = _mm_and_si128(_mm_xor_si128(load_block(s), n), clear_top);
  const __m128i t = cipher_one<Dir::encrypt, R>(rk, s_prime, _mm_setzero_si128());
  store_block(tag, t);
  const __m128i top = _mm_set_epi32(static_cast<int>(0x80000000u), 0, 0, 0);
  const std::size_t group = blocks < kInterleave ? blocks : kInterleave;
  CtrLeKernel<R> kernel{load_schedule<R>(rk), _mm_or_si128(t, top), in, out};
  run_group<kInterleave>(kernel, group);
  store_block(counter, kernel.counter);
  return group;
}

}  // namespace

// The message-encryption key is AES-128 or AES-256 (RFC 8452 §4).
AESKIT_AESNI_TARGET std::size_t gcm_siv_tag_ctr(const RoundKeys& enc, const std::uint8_t s[16],
                                                const std::uint8_t nonce[12], std::uint8_t tag[16],
                                                std::uint8_t counter[16], const std::uint8_t* in,
                                                std::uint8_t* out, std::size_t blocks) noexcept {
  if (enc.rounds == 10) return tag_ctr<10>(enc, s, nonce, tag, counter, in, out, blocks);
  return tag_ctr<14>(enc, s, nonce, tag, counter, in, out, blocks);
}

AESKIT_AESNI_TARGET std::size_t ctr32_le(const RoundKeys& enc, std::uint8_t counter[16],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t blocks) noexcept {
  if (enc.rounds == 10)
    ctr_le<10>(enc, counter, in, out, blocks);
  else if (enc.rounds == 12)
    ctr_le<12>(enc, counter, in, out, blocks);
  else
    ctr_le<14>(enc, counter, in, out, blocks);
  return blocks;
}

}  // namespace aeskit::detail::aesni
