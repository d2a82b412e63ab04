// src/backend/clmul/ghash_pclmul.cpp — GHASH with 128-bit PCLMULQDQ, 8 blocks per reduction.
//
// CPU features: PCLMULQDQ, SSSE3 (function-level target attributes; see gf128_clmul.hpp).
// References: NIST SP 800-38D §6.4 (GHASH); gf128_clmul.hpp (representation, reduction, power
// table), which this file only schedules.
//
// GHASH over blocks X_1..X_8 from state Y is Y' = (Y^X_1)·H^8 ^ X_2·H^7 ^ ... ^ X_8·H, so the
// key holds K_8..K_1 (K_i = H^i·x^-1) and a group of 8 blocks costs 24 PCLMULQDQ for the
// Karatsuba products and one reduction (2 more). A final group of m < 8 blocks uses the table's
// last m entries and one more reduction. Only the first block of a group depends on the previous
// state, so its product is added last: the other seven products (and the loads) are off the serial
// path, which is one XOR, one product, the accumulation and the reduction.
//
// Key layout (GhashKey bytes): K_8, K_7, ..., K_1, 16 bytes each, in register (reflected)
// form, then their Karatsuba halves_xor in the same order (gf128_clmul.hpp write_powers).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/gf128_clmul.hpp"
#include "backend/clmul/ghash_clmul.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kGroup = 8;
static_assert(32 * kGroup <= GhashKey::kBytes);

// The halves_xor of the entry at table offset o is at o + kMidOffset.
constexpr std::size_t kMidOffset = 16 * kGroup;

AESKIT_PCLMUL_TARGET void pclmul_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  clmul::write_powers(h, key.bytes, kGroup);
}

// absorb: m (1..kGroup) blocks into y, with powers = the K_m..K_1 part of the table.
AESKIT_PCLMUL_INLINE __m128i absorb(__m128i y, const std::uint8_t* data, const std::uint8_t* powers,
                                    std::size_t m) {
  clmul::Product acc = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
#pragma GCC unroll 8
  for (std::size_t j = 1; j < m; ++j)
    clmul::multiply_into(acc, clmul::load_block(data + 16 * j), clmul::load(powers + 16 * j),
                         clmul::load(powers + kMidOffset + 16 * j));
  const __m128i first = _mm_xor_si128(y, clmul::load_block(data));
  clmul::add(acc, clmul::product(first, clmul::load(powers), clmul::load(powers + kMidOffset)));
  return clmul::reduce(acc);
}

AESKIT_PCLMUL_TARGET void pclmul_update(const GhashKey& key, std::uint8_t state[16],
                                        const std::uint8_t* data, std::size_t blocks) noexcept {
  __m128i y = clmul::load_block(state);
  for (; blocks >= kGroup; blocks -= kGroup, data += 16 * kGroup)
    y = absorb(y, data, key.bytes, kGroup);
  if (blocks > 0) y = absorb(y, data, key.bytes + 16 * (kGroup - blocks), blocks);
  clmul::store_block(state, y);
}

bool pclmul_supported(const cpu::FeatureSet& features) {
  return features.has(cpu::Feature::pclmul) && features.has(cpu::Feature::ssse3);
}

}  // namespace

const GhashBackend kGhashPclmulBackend = {
    .name = "pclmul",
    .description = "PCLMULQDQ + SSSE3, 128-bit, 8 blocks per reduction",
    .supported = pclmul_supported,
    .init = pclmul_init,
    .update = pclmul_update,
};

}  // namespace aeskit::detail
