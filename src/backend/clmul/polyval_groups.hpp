// src/backend/clmul/polyval_groups.hpp — "absorb a group of blocks" for POLYVAL on the pclmul
// and vpclmul256 GhashKey layouts: ghash_groups.hpp's steps with the data loaded as it sits in
// memory instead of byte-reversed.
//
// CPU features: PCLMULQDQ + SSSE3 (absorb128_le); AVX2 + VPCLMULQDQ + PCLMULQDQ (absorb256_le).
// References: RFC 8452 §3 and Appendix A; gf128_clmul.hpp (representation, products,
// reduction) and ghash_groups.hpp (power tables, group order).
//
// Math: gf128_clmul.hpp works on a GCM block's reflected integer, i.e. the block's 16 bytes
// reversed. By RFC 8452 Appendix A a POLYVAL block X enters GHASH as ByteReverse(X), whose
// reflected integer is ByteReverse(ByteReverse(X)) = X as loaded; likewise the POLYVAL state
// S is the GHASH state ByteReverse(S), so S is its register form as loaded, and the result is
// stored without a shuffle. With the table built from h' = mulX_GHASH(ByteReverse(H)) (by the
// GHASH backend's own init) the products, aggregation and reduction are unchanged.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/gf128_clmul.hpp"
#include "backend/clmul/ghash_groups.hpp"

namespace aeskit::detail::clmul {

// absorb128_le: m (1..8) POLYVAL blocks into y with the pclmul table.
AESKIT_PCLMUL_INLINE __m128i absorb128_le(__m128i y, const std::uint8_t* data,
                                          const std::uint8_t* table, std::size_t m) {
  constexpr std::size_t kMid = Table128::kMidOffset;
  const std::uint8_t* powers = table + Table128::powers_for(m);
  Product acc = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
#pragma GCC unroll 8
  for (std::size_t j = 1; j < m; ++j)
    multiply_into(acc, load(data + 16 * j), load(powers + 16 * j), load(powers + kMid + 16 * j));
  add(acc, product(_mm_xor_si128(y, load(data)), load(powers), load(powers + kMid)));
  return reduce(acc);
}

// absorb256_le: m (1..16) POLYVAL blocks into y with the vpclmul256 table, two blocks per
// register (an odd last block through the 128-bit product).
AESKIT_VPCLMUL_INLINE __m128i absorb256_le(__m128i y, const std::uint8_t* data,
                                           const std::uint8_t* table, std::size_t m) {
  constexpr std::size_t kMid = Table256::kMidOffset;
  const std::uint8_t* powers = table + Table256::powers_for(m);
  const std::size_t pairs = m / 2;
  if (pairs == 0)  // m == 1 (a public length)
    return reduce(product(_mm_xor_si128(y, load(data)), load(powers), load(powers + kMid)));
  Product256 acc = zero_product256();
#pragma GCC unroll 8
  for (std::size_t j = 1; j < pairs; ++j)
    multiply_into2(acc, load256(data + 32 * j), load256(powers + 32 * j),
                   load256(powers + kMid + 32 * j));
  const __m256i first = _mm256_xor_si256(load256(data), _mm256_zextsi128_si256(y));
  multiply_into2(acc, first, load256(powers), load256(powers + kMid));
  Product sum = fold_lanes(acc);
  if (m % 2 != 0)
    multiply_into(sum, load(data + 32 * pairs), load(powers + 32 * pairs),
                  load(powers + kMid + 32 * pairs));
  return reduce(sum);
}

}  // namespace aeskit::detail::clmul
