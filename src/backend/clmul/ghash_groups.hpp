// src/backend/clmul/ghash_groups.hpp — the GhashKey layouts of the pclmul and vpclmul GHASH
// backends (power tables), read by their group step and the fused GCM kernels of every x86
// width (x86/ghash.hpp, x86/gcm.hpp).
//
// CPU features: none (layout constants).
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

}  // namespace aeskit::detail::clmul
