// src/backend/avx2sha512/sha512_avx2.cpp — SHA-512 compression (FIPS 180-4 §6.4.2) with the
// message schedule of the NEXT block computed in xmm registers while the scalar rounds of the
// current block run.
//
// CPU features: AVX2 (VEX-encoded SSE/SSSE3 on xmm: shifts, PSHUFB, PALIGNR), BMI2 (RORX for the
// Σ functions: non-destructive rotates, no MOV copies). References: FIPS 180-4 §4.1.3, §6.4.2.
//
// Why this shape. The portable compressor computes each W_t in the same integer pipes as the
// rounds, and the rounds' two dependency chains (e and a, ~5 cycles each per round) are what
// bound it. Moving the schedule to the vector unit only helps if it overlaps the rounds: a
// schedule computed first and then consumed (even in ymm) is a 32-step serial chain (each pair
// W_t, W_t+1 needs σ1 of the previous pair) that the out-of-order window cannot overlap with
// 80 rounds of ~20 scalar operations each, so it simply adds its latency. Here the schedule
// for block n+1 is written out in program order between the rounds of block n (one step every
// two rounds), so both units run at once; the rounds read K_t + W_t prepared in memory.
//
// Schedule (two words per xmm, x[j] = W_{2j}, W_{2j+1} in a ring of 8): for t = 16 + 2s,
//   x[s] += σ0(alignr(x[s+1], x[s])) + alignr(x[s+5], x[s+4]) + σ1(x[s+7])      (indices mod 8)
// gives W_t and W_t+1 in one step: lane 0 sees W_{t-15}, W_{t-7}, W_{t-2}; lane 1 W_{t-14},
// W_{t-6}, W_{t-1}. σ0(x) = ROTR1 ^ ROTR8 ^ SHR7, σ1(x) = ROTR19 ^ ROTR61 ^ SHR6 by shifts.
// Rounds: T1 = h + (K_t + W_t) + Ch(e,f,g) + Σ1(e), Ch = ((f ^ g) & e) ^ g;
//         Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)) where b ^ c is the previous round's a ^ b.
// Only shifts, rotates, logic and additions: constant-time. Lengths only are branched on.
#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>

#include "backend/avx2sha512/avx2sha512.hpp"
#include "backend/sha_constants.hpp"
#include "backend/x86/targets.hpp"

namespace aeskit::detail {
namespace {

using u64 = std::uint64_t;

AESKIT_AVX2SHA512_INLINE __m128i ror(__m128i x, int n) {
  return _mm_or_si128(_mm_srli_epi64(x, n), _mm_slli_epi64(x, 64 - n));
}

AESKIT_AVX2SHA512_INLINE __m128i small_sigma0(__m128i x) {
  return _mm_xor_si128(_mm_xor_si128(ror(x, 1), ror(x, 8)), _mm_srli_epi64(x, 7));
}

AESKIT_AVX2SHA512_INLINE __m128i small_sigma1(__m128i x) {
  return _mm_xor_si128(_mm_xor_si128(ror(x, 19), ror(x, 61)), _mm_srli_epi64(x, 6));
}

// Scheduler: the ring of 16 words of the block being scheduled and where its K + W go.
struct Scheduler {
  __m128i x[8];
  const std::uint8_t* in;
  u64* wk;
};

// unit u (0..39) of a block's schedule: u < 8 loads W_2u, W_2u+1; then step s = u - 8.
AESKIT_AVX2SHA512_INLINE void unit(Scheduler& s, int u) {
  const __m128i swap = _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
  __m128i w;
  int t;
  if (u < 8) {
    w = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s.in + 16 * u)), swap);
    s.x[u] = w;
    t = 2 * u;
  } else {
    const int j = (u - 8) & 7;
    const __m128i w15 = _mm_alignr_epi8(s.x[(j + 1) & 7], s.x[j], 8);
    const __m128i w7 = _mm_alignr_epi8(s.x[(j + 5) & 7], s.x[(j + 4) & 7], 8);
    w = _mm_add_epi64(_mm_add_epi64(s.x[j], w7),
                      _mm_add_epi64(small_sigma0(w15), small_sigma1(s.x[(j + 7) & 7])));
    s.x[j] = w;
    t = 16 + 2 * (u - 8);
  }
  const __m128i k = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kSha512K + t));
  _mm_store_si128(reinterpret_cast<__m128i*>(s.wk + t), _mm_add_epi64(w, k));
}

AESKIT_AVX2SHA512_INLINE u64 big_sigma0(u64 x) {
  return std::rotr(x, 28) ^ std::rotr(x, 34) ^ std::rotr(x, 39);
}
AESKIT_AVX2SHA512_INLINE u64 big_sigma1(u64 x) {
  return std::rotr(x, 14) ^ std::rotr(x, 18) ^ std::rotr(x, 41);
}

// round with the roles a..h given by the caller; bc carries b ^ c in and a ^ b out.
AESKIT_AVX2SHA512_INLINE void round(u64 a, u64 b, u64& d, u64 e, u64 f, u64 g, u64& h, u64 wk,
                                    u64& bc) {
  const u64 x = h + wk + (((f ^ g) & e) ^ g);
  const u64 s1 = big_sigma1(e);
  const u64 ab = a ^ b;
  const u64 maj = b ^ (ab & bc);
  bc = ab;
  d = (d + x) + s1;
  h = (x + s1) + (big_sigma0(a) + maj);
}

// block: the 80 rounds of one block from wk (K + W prepared). With kSelf, the block's own
// schedule (`self`, units 0..7 done) is finished on the way, steps 0..31 over rounds 0..63
// (step s gives W_16+2s, which round 16 + 2s reads: 16 rounds of slack); with kNext, the next
// block's whole schedule (`next`) is interleaved, one unit every two rounds.
template <bool kSelf, bool kNext>
AESKIT_AVX2SHA512_INLINE void block(u64* st, const u64* wk, Scheduler& self, Scheduler& next) {
  u64 a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
  u64 bc = b ^ c;
#pragma GCC unroll 10
  for (int r = 0; r < 80; r += 8) {
    const int u = r / 2;
    round(a, b, d, e, f, g, h, wk[r + 0], bc);
    round(h, a, c, d, e, f, g, wk[r + 1], bc);
    if constexpr (kSelf)
      if (r < 64) unit(self, 8 + u);
    if constexpr (kNext) unit(next, u);
    round(g, h, b, c, d, e, f, wk[r + 2], bc);
    round(f, g, a, b, c, d, e, wk[r + 3], bc);
    if constexpr (kSelf)
      if (r < 64) unit(self, 9 + u);
    if constexpr (kNext) unit(next, u + 1);
    round(e, f, h, a, b, c, d, wk[r + 4], bc);
    round(d, e, g, h, a, b, c, wk[r + 5], bc);
    if constexpr (kSelf)
      if (r < 64) unit(self, 10 + u);
    if constexpr (kNext) unit(next, u + 2);
    round(c, d, f, g, h, a, b, wk[r + 6], bc);
    round(b, c, e, f, g, h, a, wk[r + 7], bc);
    if constexpr (kSelf)
      if (r < 64) unit(self, 11 + u);
    if constexpr (kNext) unit(next, u + 3);
  }
  st[0] += a;
  st[1] += b;
  st[2] += c;
  st[3] += d;
  st[4] += e;
  st[5] += f;
  st[6] += g;
  st[7] += h;
}

}  // namespace

AESKIT_AVX2SHA512_TARGET void sha512_compress_avx2(HashWords& hw, const std::uint8_t* data,
                                                   std::size_t blocks) noexcept {
  if (blocks == 0) return;
  alignas(16) u64 wk[2][80];
  u64 st[8];
  for (int i = 0; i < 8; ++i) st[i] = hw.w64[i];
  // The first block schedules itself alongside its rounds (a schedule computed before them
  // would add its serial latency to every one-block call); each block then prepares the next.
  Scheduler first{{}, data, wk[0]}, next{{}, data + 128, wk[1]};
#pragma GCC unroll 8
  for (int u = 0; u < 8; ++u) unit(first, u);
  if (blocks == 1) {
    block<true, false>(st, wk[0], first, next);
  } else {
    block<true, true>(st, wk[0], first, next);
    std::size_t n = 1;
    for (; n + 1 < blocks; ++n) {
      next.in = data + 128 * (n + 1);
      next.wk = wk[(n + 1) & 1];
      block<false, true>(st, wk[n & 1], first, next);
    }
    block<false, false>(st, wk[n & 1], first, next);
  }
  for (int i = 0; i < 8; ++i) hw.w64[i] = st[i];
  // Like the other compressors, the stack copy of the schedule is not wiped here (for HMAC's
  // padded-key block it is key-derived).
}

}  // namespace aeskit::detail
