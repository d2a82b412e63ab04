// src/backend/clmul/ghash_groups.hpp — the GhashKey layouts of the pclmul and vpclmul GHASH
// backends (power tables), read by their group step and the fused GCM kernels (x86/ghash.hpp,
// x86/gcm.hpp), and the 128-bit group step absorb128 of the AES-NI fused GCM kernel
// (aesni/gcm_fused_aesni.cpp).
//
// CPU features: PCLMULQDQ + SSSE3 (absorb128); the rest are layout constants.
// References: NIST SP 800-38D §6.4 (GHASH); gf128_clmul.hpp (representation, Karatsuba
// products, reduction, power tables); Intel SDM, VPCLMULQDQ (per-128-bit-lane PCLMULQDQ).
//
// Layouts (GhashKey bytes, written by write_powers in gf128_clmul.hpp):
//   pclmul:     K_8 .. K_1 (16 bytes each, register form, K_i = H^i·x^-1), then their
//               Karatsuba halves_xor in the same order: 256 bytes.
//   vpclmul256 and vpclmul512: K_16 .. K_1, then their halves_xor: 512 bytes; vpclmul512
//               adds K_32 and its halves_xor at bytes 512..543 (kK32Offset), for its 32-block
//               steps (x86/ghash.hpp absorb_pair, x86/gcm.hpp).
// A group of m ≤ n blocks X_1..X_m from state Y is Y' = (Y^X_1)·H^m ^ X_2·H^(m-1) ^ ... ^
// X_m·H: block j takes K_(m-j+1), i.e. the table's last m entries in order, which start at
// byte 16·(n - m) (powers_for).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/gf128_clmul.hpp"

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
// kK32Offset: where vpclmul512's K_32 sits (its halves_xor 16 bytes on).
inline constexpr std::size_t kK32Offset = 2 * Table256::kMidOffset;

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

}  // namespace aeskit::detail::clmul
