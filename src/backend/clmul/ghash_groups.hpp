// src/backend/clmul/ghash_groups.hpp — the GhashKey layouts of the pclmul and vpclmul256
// GHASH backends, and their "absorb a group of blocks" steps, shared by those backends and by
// the fused AES-GCM kernels that read the same GhashKey (aesni/gcm_fused_aesni.cpp,
// vaes256/gcm_fused_vaes256.cpp).
//
// CPU features: PCLMULQDQ + SSSE3 (absorb128); AVX2 + VPCLMULQDQ + PCLMULQDQ (the 256-bit
// helpers and absorb256). Enabled per function; callers gate them with supported().
// References: NIST SP 800-38D §6.4 (GHASH); gf128_clmul.hpp (representation, Karatsuba
// products, reduction, power tables); Intel SDM, VPCLMULQDQ (per-128-bit-lane PCLMULQDQ).
//
// Layouts (GhashKey bytes, written by write_powers in gf128_clmul.hpp):
//   pclmul:     K_8 .. K_1 (16 bytes each, register form, K_i = H^i·x^-1), then their
//               Karatsuba halves_xor in the same order: 256 bytes.
//   vpclmul256: K_16 .. K_1, then their halves_xor: all 512 bytes.
// A group of m ≤ n blocks X_1..X_m from state Y is Y' = (Y^X_1)·H^m ^ X_2·H^(m-1) ^ ... ^
// X_m·H: block j takes K_(m-j+1), i.e. the table's last m entries in order, which start at
// byte 16·(n - m) (powers_for).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/gf128_clmul.hpp"

#define AESKIT_VPCLMUL_TARGET __attribute__((target("avx2,pclmul,vpclmulqdq")))
#define AESKIT_VPCLMUL_INLINE \
  __attribute__((target("avx2,pclmul,vpclmulqdq"), always_inline)) inline

namespace aeskit::detail::clmul {

// Powers in each backend's table (= blocks per reduction of its update loop).
inline constexpr std::size_t kPclmulPowers = 8;
inline constexpr std::size_t kVpclmul256Powers = 16;

// Table128 / Table256 name one backend's layout: n powers, their halves_xor 16·n bytes later.
template <std::size_t N>
struct PowerTable {
  static constexpr std::size_t kPowers = N;
  static constexpr std::size_t kMidOffset = 16 * N;
  // powers_for: where the K_m..K_1 run for a group of m (1..N) blocks starts.
  static constexpr std::size_t powers_for(std::size_t m) { return 16 * (N - m); }
};
using Table128 = PowerTable<kPclmulPowers>;
using Table256 = PowerTable<kVpclmul256Powers>;

// ---- 128-bit ------------------------------------------------------------------------------

// absorb_product128: the unreduced sum for m (1..8) blocks at data with y XORed into the
// first, using the powers at `powers` (the K_m..K_1 run of a table with mids kMid bytes on).
// The state-dependent first block's product is added last (the others do not wait for y).
template <std::size_t kMid>
AESKIT_PCLMUL_INLINE Product absorb_product128(__m128i y, const std::uint8_t* data,
                                               const std::uint8_t* powers, std::size_t m) {
  Product acc = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
#pragma GCC unroll 8
  for (std::size_t j = 1; j < m; ++j)
    multiply_into(acc, load_block(data + 16 * j), load(powers + 16 * j),
                  load(powers + kMid + 16 * j));
  const __m128i first = _mm_xor_si128(y, load_block(data));
  add(acc, product(first, load(powers), load(powers + kMid)));
  return acc;
}

// absorb128: m (1..8) blocks into y with the pclmul table.
AESKIT_PCLMUL_INLINE __m128i absorb128(__m128i y, const std::uint8_t* data,
                                       const std::uint8_t* table, std::size_t m) {
  return reduce(
      absorb_product128<Table128::kMidOffset>(y, data, table + Table128::powers_for(m), m));
}

// ---- 256-bit ------------------------------------------------------------------------------

struct Product256 {
  __m256i lo, mid, hi;
};

AESKIT_VPCLMUL_INLINE __m256i load256(const std::uint8_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

AESKIT_VPCLMUL_INLINE __m256i byte_reverse_mask256() {
  return _mm256_broadcastsi128_si256(byte_reverse_mask());
}

// load_pair: two GCM blocks, each as its reflected integer.
AESKIT_VPCLMUL_INLINE __m256i load_pair(const std::uint8_t* p) {
  return _mm256_shuffle_epi8(load256(p), byte_reverse_mask256());
}

AESKIT_VPCLMUL_INLINE __m256i halves_xor2(__m256i v) {
  return _mm256_xor_si256(v, _mm256_shuffle_epi32(v, 0x4E));
}

AESKIT_VPCLMUL_INLINE Product256 zero_product256() {
  return {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
}

// multiply_into2: gf128_clmul.hpp's Karatsuba product in each lane, accumulated.
AESKIT_VPCLMUL_INLINE void multiply_into2(Product256& p, __m256i a, __m256i k, __m256i k_mid) {
  p.lo = _mm256_xor_si256(p.lo, _mm256_clmulepi64_epi128(a, k, 0x00));
  p.hi = _mm256_xor_si256(p.hi, _mm256_clmulepi64_epi128(a, k, 0x11));
  p.mid = _mm256_xor_si256(p.mid, _mm256_clmulepi64_epi128(halves_xor2(a), k_mid, 0x00));
}

AESKIT_VPCLMUL_INLINE __m128i lanes_sum(__m256i v) {
  return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

// fold_lanes: the two lanes' sums added (the sum of every product of the group).
AESKIT_VPCLMUL_INLINE Product fold_lanes(const Product256& p) {
  return {lanes_sum(p.lo), lanes_sum(p.mid), lanes_sum(p.hi)};
}

// absorb_product256: the unreduced sum for m (1..16) blocks at data with y XORed into the
// first, using the K_m..K_1 run at `powers` of the vpclmul256 table (mids kMidOffset on).
AESKIT_VPCLMUL_INLINE Product absorb_product256(__m128i y, const std::uint8_t* data,
                                                const std::uint8_t* powers, std::size_t m) {
  constexpr std::size_t kMid = Table256::kMidOffset;
  const std::size_t pairs = m / 2;
  if (pairs == 0)  // m == 1 (m is a public length)
    return product(_mm_xor_si128(y, load_block(data)), load(powers), load(powers + kMid));
  Product256 acc = zero_product256();
#pragma GCC unroll 8
  for (std::size_t j = 1; j < pairs; ++j)
    multiply_into2(acc, load_pair(data + 32 * j), load256(powers + 32 * j),
                   load256(powers + kMid + 32 * j));
  const __m256i first = _mm256_xor_si256(load_pair(data), _mm256_zextsi128_si256(y));
  multiply_into2(acc, first, load256(powers), load256(powers + kMid));
  Product sum = fold_lanes(acc);
  if (m % 2 != 0)
    multiply_into(sum, load_block(data + 32 * pairs), load(powers + 32 * pairs),
                  load(powers + kMid + 32 * pairs));
  return sum;
}

// absorb256: m (1..16) blocks into y with the vpclmul256 table.
AESKIT_VPCLMUL_INLINE __m128i absorb256(__m128i y, const std::uint8_t* data,
                                        const std::uint8_t* table, std::size_t m) {
  return reduce(absorb_product256(y, data, table + Table256::powers_for(m), m));
}

}  // namespace aeskit::detail::clmul
