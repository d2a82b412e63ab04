// src/backend/x86/clmul/ghash_groups.hpp — the GhashKey layouts of the pclmul and vpclmul GHASH
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
//   vpclmul256: K_16 .. K_1, then their halves_xor: 512 bytes.
//   vpclmul512: the vpclmul256 table (so the ymm kernels read it as theirs), then the high
//               run K_32 .. K_17 at kHighOffset and its halves_xor 256 bytes on: 1024 bytes.
//               A 32-block group's registers 0..3 (blocks 1..16) read the high run, 4..7
//               the low one (x86/ghash.hpp group_powers). POLYVAL keys, built per message,
//               fill only K_32 of the high run (and its halves_xor), for absorb_pair,
//               unless the message has kPolyvalFullRunFrom blocks or more.
// A group of m ≤ n blocks X_1..X_m from state Y is Y' = (Y^X_1)·H^m ^ X_2·H^(m-1) ^ ... ^
// X_m·H: block j takes K_(m-j+1), i.e. the table's last m entries in order, which start at
// byte 16·(n - m) (powers_for).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/clmul/gf128_clmul.hpp"

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
// vpclmul512's high run K_32..K_17 (kHighOffset; halves_xor kHighMidOffset): K_32 leads it.
inline constexpr std::size_t kHighOffset = 2 * Table256::kMidOffset;
inline constexpr std::size_t kHighMidOffset = kHighOffset + Table256::kMidOffset;
inline constexpr std::size_t kK32Offset = kHighOffset;
inline constexpr std::size_t kK32MidOffset = kHighMidOffset;
// kPolyvalFullRunFrom: a per-message POLYVAL key for at least this many blocks gets the whole
// high run (16 more products, about 40 cycles on zmm) and its updates of that many blocks or
// more take one reduction per 32 blocks (26 carry-less multiplies instead of absorb_pair's
// 34: 16 cycles per 32 blocks); shorter keys get only K_32.
inline constexpr std::size_t kPolyvalFullRunFrom = 128;

}  // namespace aeskit::detail::clmul
