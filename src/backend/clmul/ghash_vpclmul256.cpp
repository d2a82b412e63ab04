// src/backend/clmul/ghash_vpclmul256.cpp — GHASH with 256-bit VPCLMULQDQ: two blocks per
// register, 16 blocks per reduction.
//
// CPU features: AVX2, VPCLMULQDQ (VEX, ymm), PCLMULQDQ (the xmm tail and the reduction),
// enabled per function. The entry function ends with VZEROUPPER so callers' SSE code does
// not pay the AVX/SSE transition penalty.
// References: NIST SP 800-38D §6.4 (GHASH); Intel SDM, VPCLMULQDQ (each 128-bit lane does
// its own PCLMULQDQ with the same immediate); gf128_clmul.hpp (representation, reduction,
// power table).
//
// A group of m ≤ 16 blocks from state Y is Y' = (Y^X_1)·H^m ^ X_2·H^(m-1) ^ ... ^ X_m·H.
// The key holds K_16..K_1 (K_i = H^i·x^-1), so one unaligned 32-byte load at K_(m-2j) gives
// the pair of powers for blocks 2j+1, 2j+2; VPSHUFB reverses the bytes of both blocks of a
// data register at once (it works per 128-bit lane). Each ymm product runs the Karatsuba
// step of gf128_clmul.hpp in both lanes (3 VPCLMULQDQ per 2 blocks; VPSHUFD forms a0^a1 per
// lane); lo/mid/hi accumulate per lane over the group, the two lanes are XORed together (the
// sum of all the group's products) and reduced once with the 128-bit code. The state enters
// lane 0 of the first register, and that register's product is added last (the others do
// not depend on the state). A group with m odd ends with one block done in an xmm register.
//
// Key layout (GhashKey bytes, all 512): K_16, K_15, ..., K_1, 16 bytes each, in register
// form, then their Karatsuba halves_xor in the same order (gf128_clmul.hpp write_powers).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/gf128_clmul.hpp"
#include "backend/clmul/ghash_clmul.hpp"

#define AESKIT_VPCLMUL_TARGET __attribute__((target("avx2,pclmul,vpclmulqdq")))
#define AESKIT_VPCLMUL_INLINE \
  __attribute__((target("avx2,pclmul,vpclmulqdq"), always_inline)) inline

namespace aeskit::detail {
namespace {

constexpr std::size_t kGroup = 16;
static_assert(32 * kGroup <= GhashKey::kBytes);

// The halves_xor of the entry at table offset o is at o + kMidOffset.
constexpr std::size_t kMidOffset = 16 * kGroup;

struct Product256 {
  __m256i lo, mid, hi;
};

AESKIT_VPCLMUL_INLINE __m256i load256(const std::uint8_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// load_pair: two GCM blocks, each as its reflected integer.
AESKIT_VPCLMUL_INLINE __m256i load_pair(const std::uint8_t* p) {
  const __m256i reverse = _mm256_broadcastsi128_si256(clmul::byte_reverse_mask());
  return _mm256_shuffle_epi8(load256(p), reverse);
}

AESKIT_VPCLMUL_INLINE __m256i halves_xor2(__m256i v) {
  return _mm256_xor_si256(v, _mm256_shuffle_epi32(v, 0x4E));
}

// product2 / multiply_into2: gf128_clmul.hpp's Karatsuba product in each lane.
AESKIT_VPCLMUL_INLINE Product256 product2(__m256i a, __m256i k, __m256i k_mid) {
  return {_mm256_clmulepi64_epi128(a, k, 0x00),
          _mm256_clmulepi64_epi128(halves_xor2(a), k_mid, 0x00),
          _mm256_clmulepi64_epi128(a, k, 0x11)};
}

AESKIT_VPCLMUL_INLINE void multiply_into2(Product256& p, __m256i a, __m256i k, __m256i k_mid) {
  p.lo = _mm256_xor_si256(p.lo, _mm256_clmulepi64_epi128(a, k, 0x00));
  p.hi = _mm256_xor_si256(p.hi, _mm256_clmulepi64_epi128(a, k, 0x11));
  p.mid = _mm256_xor_si256(p.mid, _mm256_clmulepi64_epi128(halves_xor2(a), k_mid, 0x00));
}

AESKIT_VPCLMUL_INLINE __m128i lanes_sum(__m256i v) {
  return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

// absorb: m (1..kGroup) blocks into y, with powers = the K_m..K_1 part of the table.
AESKIT_VPCLMUL_INLINE __m128i absorb(__m128i y, const std::uint8_t* data,
                                     const std::uint8_t* powers, std::size_t m) {
  const std::size_t pairs = m / 2;
  if (pairs == 0)  // m == 1 (m is a public length)
    return clmul::reduce(clmul::product(_mm_xor_si128(y, clmul::load_block(data)),
                                        clmul::load(powers), clmul::load(powers + kMidOffset)));

  Product256 acc = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
#pragma GCC unroll 8
  for (std::size_t j = 1; j < pairs; ++j)
    multiply_into2(acc, load_pair(data + 32 * j), load256(powers + 32 * j),
                   load256(powers + kMidOffset + 32 * j));
  const __m256i first = _mm256_xor_si256(load_pair(data), _mm256_zextsi128_si256(y));
  const Product256 p = product2(first, load256(powers), load256(powers + kMidOffset));
  acc.lo = _mm256_xor_si256(acc.lo, p.lo);
  acc.mid = _mm256_xor_si256(acc.mid, p.mid);
  acc.hi = _mm256_xor_si256(acc.hi, p.hi);

  clmul::Product sum = {lanes_sum(acc.lo), lanes_sum(acc.mid), lanes_sum(acc.hi)};
  if (m % 2 != 0)
    clmul::multiply_into(sum, clmul::load_block(data + 32 * pairs),
                         clmul::load(powers + 32 * pairs),
                         clmul::load(powers + kMidOffset + 32 * pairs));
  return clmul::reduce(sum);
}

AESKIT_VPCLMUL_TARGET void vpclmul256_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  clmul::write_powers(h, key.bytes, kGroup);
}

AESKIT_VPCLMUL_TARGET void vpclmul256_update(const GhashKey& key, std::uint8_t state[16],
                                             const std::uint8_t* data,
                                             std::size_t blocks) noexcept {
  __m128i y = clmul::load_block(state);
  for (; blocks >= kGroup; blocks -= kGroup, data += 16 * kGroup)
    y = absorb(y, data, key.bytes, kGroup);
  if (blocks > 0) y = absorb(y, data, key.bytes + 16 * (kGroup - blocks), blocks);
  clmul::store_block(state, y);
  _mm256_zeroupper();
}

bool vpclmul256_supported(const cpu::FeatureSet& features) {
  return features.has(cpu::Feature::vpclmul) && features.has(cpu::Feature::avx2) &&
         features.has(cpu::Feature::pclmul);
}

}  // namespace

const GhashBackend kGhashVpclmul256Backend = {
    .name = "vpclmul256",
    .description = "VPCLMULQDQ + AVX2, 256-bit (2 blocks per register), 16 blocks per reduction",
    .supported = vpclmul256_supported,
    .init = vpclmul256_init,
    .update = vpclmul256_update,
};

}  // namespace aeskit::detail
