// tools/aeskit/speed/bound_arm.cpp — the instruction loops of `aeskit speed --bound` on
// AArch64: the AES round as the fused pair AESE + AESMC, and PMULL (64x64), both 128-bit,
// under target("+crypto"); run only when cpu_report() has `aes` / `pmull`. Other
// architectures have no loops here (the bound is then not available).
#include "speed/bound.hpp"

#if defined(__aarch64__)
#include <arm_neon.h>

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace aeskit::cli::speed {
namespace {

constexpr int kChains = 12;
constexpr std::uint64_t kIterations = std::uint64_t{1} << 19;

volatile std::uint64_t g_sink;

template <int K>
__attribute__((target("+crypto"))) double aes_pairs() {
  uint8x16_t s[K];
  const uint8x16_t k = vdupq_n_u8(0x2b);
  for (int j = 0; j < K; ++j) s[j] = vdupq_n_u8(static_cast<std::uint8_t>(j + 1));
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < kIterations; ++i) {
#pragma GCC unroll 16
    for (int j = 0; j < K; ++j) s[j] = vaesmcq_u8(vaeseq_u8(s[j], k));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::uint64_t folded = 0;
  for (int j = 0; j < K; ++j) folded ^= vgetq_lane_u64(vreinterpretq_u64_u8(s[j]), 0);
  g_sink = g_sink + folded;
  return seconds / static_cast<double>(kIterations * K);
}

template <int K>
__attribute__((target("+crypto"))) double pmulls() {
  poly64_t s[K];
  for (int j = 0; j < K; ++j) s[j] = static_cast<poly64_t>(j + 1);
  const poly64_t k = 0x2b7e151628aed2a6ull;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < kIterations; ++i) {
#pragma GCC unroll 16
    for (int j = 0; j < K; ++j)
      s[j] = static_cast<poly64_t>(vgetq_lane_u64(vreinterpretq_u64_p128(vmull_p64(s[j], k)), 0));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::uint64_t folded = 0;
  for (int j = 0; j < K; ++j) folded ^= static_cast<std::uint64_t>(s[j]);
  g_sink = g_sink + folded;
  return seconds / static_cast<double>(kIterations * K);
}

template <class F>
double best_of(F f) {
  double best = f();
  for (int i = 0; i < 2; ++i) best = std::min(best, f());
  return best;
}

}  // namespace

double aes_round_cycles(unsigned width, bool independent, double mhz) {
  if (width != 128) return 0;
  return best_of(independent ? aes_pairs<kChains> : aes_pairs<1>) * mhz * 1e6;
}

// The PMULL chain includes the move of the product's low half back to a 64-bit operand: its
// latency figure is an upper bound.
double clmul_cycles(unsigned width, bool independent, double mhz) {
  if (width != 128) return 0;
  return best_of(independent ? pmulls<kChains> : pmulls<1>) * mhz * 1e6;
}

}  // namespace aeskit::cli::speed
#elif !defined(__x86_64__)
namespace aeskit::cli::speed {
double aes_round_cycles(unsigned, bool, double) {
  return 0;
}
double clmul_cycles(unsigned, bool, double) {
  return 0;
}
}  // namespace aeskit::cli::speed
#endif

#if !defined(__x86_64__)
namespace aeskit::cli::speed {
// No interleaved loop outside x86 yet: the model then treats the units as independent.
double aes_clmul_mix_cycles(unsigned, unsigned, double) {
  return 0;
}
}  // namespace aeskit::cli::speed
#endif
