// tools/aeskit/speed/bound_x86.cpp — the instruction loops of `aeskit speed --bound` on x86:
// AESENC and PCLMULQDQ on xmm (AES-NI, PCLMULQDQ), ymm (VAES/VPCLMULQDQ + AVX2) and zmm
// (VAES/VPCLMULQDQ + AVX-512F), alone and interleaved with each other at the ratio of their
// throughputs, each under its own
// function-level target attribute; the caller (bound.cpp) runs only what cpu_report() says the
// CPU has.
//
// Latency: one chain, each instruction fed by the previous one's result; reciprocal
// throughput: kChains independent chains interleaved (enough to cover a latency of 6 at 2
// per cycle). Time is converted to cycles at the run's clock (speed/clock.hpp).
#include "speed/bound.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace aeskit::cli::speed {
namespace {

constexpr int kChains = 12;
constexpr std::uint64_t kIterations = std::uint64_t{1} << 19;

volatile std::uint64_t g_sink;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// fold512: the low 64 bits of a zmm register (through memory: GCC 12 warns about the
// cast intrinsic's undefined upper half).
__attribute__((target("avx512f"))) inline std::uint64_t fold512(__m512i v) {
  alignas(64) std::uint64_t words[8];
  _mm512_store_si512(words, v);
  return words[0];
}

// One loop per (instruction, width, chains): V the vector type, OP the instruction applied
// to s[j] and the constant k, FOLD the vector folded into the sink.
#define AESKIT_BOUND_LOOP(NAME, TARGET, V, SET1, OP, FOLD)                     \
  template <int K>                                                             \
  __attribute__((target(TARGET))) double NAME() {                              \
    V s[K];                                                                    \
    const V k = SET1(0x2b7e1516);                                              \
    for (int j = 0; j < K; ++j) s[j] = SET1(j + 1);                            \
    const auto t0 = std::chrono::steady_clock::now();                          \
    for (std::uint64_t i = 0; i < kIterations; ++i) {                          \
      _Pragma("GCC unroll 16") for (int j = 0; j < K; ++j) s[j] = OP(s[j], k); \
    }                                                                          \
    const double seconds = seconds_since(t0);                                  \
    std::uint64_t folded = 0;                                                  \
    for (int j = 0; j < K; ++j) folded ^= FOLD(s[j]);                          \
    g_sink = g_sink + folded;                                                  \
    return seconds / static_cast<double>(kIterations * K);                     \
  }

#define AESKIT_FOLD128(v) static_cast<std::uint64_t>(_mm_cvtsi128_si64(v))
#define AESKIT_FOLD256(v) static_cast<std::uint64_t>(_mm256_extract_epi64(v, 0))
#define AESKIT_FOLD512(v) fold512(v)
#define AESKIT_CLMUL128(a, b) _mm_clmulepi64_si128(a, b, 0x00)
#define AESKIT_CLMUL256(a, b) _mm256_clmulepi64_epi128(a, b, 0x00)
#define AESKIT_CLMUL512(a, b) _mm512_clmulepi64_epi128(a, b, 0x00)

AESKIT_BOUND_LOOP(aes128, "aes,sse4.1", __m128i, _mm_set1_epi32, _mm_aesenc_si128, AESKIT_FOLD128)
AESKIT_BOUND_LOOP(aes256, "vaes,avx2", __m256i, _mm256_set1_epi32, _mm256_aesenc_epi128,
                  AESKIT_FOLD256)
AESKIT_BOUND_LOOP(aes512, "vaes,avx512f", __m512i, _mm512_set1_epi32, _mm512_aesenc_epi128,
                  AESKIT_FOLD512)
AESKIT_BOUND_LOOP(clmul128, "pclmul,sse4.1", __m128i, _mm_set1_epi32, AESKIT_CLMUL128,
                  AESKIT_FOLD128)
AESKIT_BOUND_LOOP(clmul256, "vpclmulqdq,avx2", __m256i, _mm256_set1_epi32, AESKIT_CLMUL256,
                  AESKIT_FOLD256)
AESKIT_BOUND_LOOP(clmul512, "vpclmulqdq,avx512f", __m512i, _mm512_set1_epi32, AESKIT_CLMUL512,
                  AESKIT_FOLD512)

// One loop per width running A chains of AESENC and 3 chains of PCLMULQDQ, spread evenly
// through each iteration: time per iteration. A is chosen by the caller so that the two kinds
// of work take about as long alone (GCM's own mix: ~10 rounds per 3 products per block). At
// that mix a core whose multiplier blocks other vector pipes while it runs shows it; a mix of
// one round per product does not (the rounds then fit in the multiplier's shadow).
#define AESKIT_BOUND_MIX_LOOP(NAME, TARGET, V, SET1, AES, CLMUL, FOLD)   \
  template <int A>                                                       \
  __attribute__((target(TARGET))) double NAME() {                        \
    constexpr int C = kMixProducts;                                      \
    V a[A], c[C];                                                        \
    const V k = SET1(0x2b7e1516);                                        \
    for (int j = 0; j < A; ++j) a[j] = SET1(j + 1);                      \
    for (int j = 0; j < C; ++j) c[j] = SET1(j + 77);                     \
    const auto t0 = std::chrono::steady_clock::now();                    \
    for (std::uint64_t i = 0; i < kIterations / 4; ++i) {                \
      _Pragma("GCC unroll 16") for (int j = 0; j < A; ++j) {             \
        a[j] = AES(a[j], k);                                             \
        if (j % (A / C) == 0) c[j / (A / C)] = CLMUL(c[j / (A / C)], k); \
      }                                                                  \
    }                                                                    \
    const double seconds = seconds_since(t0);                            \
    std::uint64_t folded = 0;                                            \
    for (int j = 0; j < A; ++j) folded ^= FOLD(a[j]);                    \
    for (int j = 0; j < C; ++j) folded ^= FOLD(c[j]);                    \
    g_sink = g_sink + folded;                                            \
    return seconds / static_cast<double>(kIterations / 4);               \
  }

constexpr int kMixProducts = 3;

AESKIT_BOUND_MIX_LOOP(mix128, "aes,pclmul,sse4.1", __m128i, _mm_set1_epi32, _mm_aesenc_si128,
                      AESKIT_CLMUL128, AESKIT_FOLD128)
AESKIT_BOUND_MIX_LOOP(mix256, "vaes,vpclmulqdq,avx2", __m256i, _mm256_set1_epi32,
                      _mm256_aesenc_epi128, AESKIT_CLMUL256, AESKIT_FOLD256)
AESKIT_BOUND_MIX_LOOP(mix512, "vaes,vpclmulqdq,avx512f", __m512i, _mm512_set1_epi32,
                      _mm512_aesenc_epi128, AESKIT_CLMUL512, AESKIT_FOLD512)

// mix_at: the loop of `width` with A = 3 * rounds_per_product (3, 6, 9 or 12) AES chains.
template <int A>
double mix_at(unsigned width) {
  if (width == 128) return mix128<A>();
  if (width == 256) return mix256<A>();
  if (width == 512) return mix512<A>();
  return 0;
}

// best_of: the fastest of three runs (an interrupted run is slower, never faster).
template <class F>
double best_of(F f) {
  double best = f();
  for (int i = 0; i < 2; ++i) best = std::min(best, f());
  return best;
}

}  // namespace

double aes_round_cycles(unsigned width, bool independent, double mhz) {
  double seconds = 0;
  if (width == 128) seconds = best_of(independent ? aes128<kChains> : aes128<1>);
  if (width == 256) seconds = best_of(independent ? aes256<kChains> : aes256<1>);
  if (width == 512) seconds = best_of(independent ? aes512<kChains> : aes512<1>);
  return seconds * mhz * 1e6;
}

double aes_clmul_mix_cycles(unsigned width, unsigned rounds_per_product, double mhz) {
  double seconds = 0;
  if (rounds_per_product <= 1) seconds = best_of([&] { return mix_at<3>(width); });
  if (rounds_per_product == 2) seconds = best_of([&] { return mix_at<6>(width); });
  if (rounds_per_product == 3) seconds = best_of([&] { return mix_at<9>(width); });
  if (rounds_per_product >= 4) seconds = best_of([&] { return mix_at<12>(width); });
  return seconds * mhz * 1e6;
}

double clmul_cycles(unsigned width, bool independent, double mhz) {
  double seconds = 0;
  if (width == 128) seconds = best_of(independent ? clmul128<kChains> : clmul128<1>);
  if (width == 256) seconds = best_of(independent ? clmul256<kChains> : clmul256<1>);
  if (width == 512) seconds = best_of(independent ? clmul512<kChains> : clmul512<1>);
  return seconds * mhz * 1e6;
}

}  // namespace aeskit::cli::speed
#endif
