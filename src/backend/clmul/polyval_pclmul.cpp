// src/backend/clmul/polyval_pclmul.cpp — native POLYVAL (RFC 8452 §3) on the pclmul GHASH
// backend's key: 8 blocks per reduction, no byte shuffles (polyval_groups.hpp); init_powers
// builds only the powers a short message needs, K_1 straight from H; hash_short (shared with
// the vpclmul256 kernel) hashes a short input with H and H^2 in registers and no table.
//
// CPU features: PCLMULQDQ, SSSE3 (the pclmul GHASH backend's predicate).
// References: RFC 8452 §3, Appendix A; gf128_clmul.hpp.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/ghash_clmul.hpp"
#include "backend/clmul/polyval_clmul.hpp"
#include "backend/clmul/polyval_groups.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kGroup = clmul::kPclmulPowers;

AESKIT_PCLMUL_TARGET void pclmul_polyval(const GhashKey& key, std::uint8_t state[16],
                                         const std::uint8_t* data, std::size_t blocks) noexcept {
  __m128i y = clmul::load(state);
  for (; blocks >= kGroup; blocks -= kGroup, data += 16 * kGroup)
    y = clmul::absorb128_le(y, data, key.bytes, kGroup);
  if (blocks > 0) y = clmul::absorb128_le(y, data, key.bytes, blocks);
  clmul::store(state, y);
}

AESKIT_PCLMUL_TARGET void pclmul_polyval_init(const std::uint8_t h[16], GhashKey& key,
                                              std::size_t n) noexcept {
  clmul::write_low_powers<clmul::Table128>(h, key.bytes, n);
}

void pclmul_polyval_wipe(GhashKey& key, std::size_t n) noexcept {
  clmul::wipe_low_powers<clmul::Table128>(key.bytes, n);
}

}  // namespace

AESKIT_PCLMUL_TARGET void polyval_hash_short_clmul(const std::uint8_t h[16], std::uint8_t state[16],
                                                   const std::uint8_t* data,
                                                   std::size_t blocks) noexcept {
  clmul::store(state, clmul::hash_short_le(h, data, blocks));
}

const PolyvalKernel kPolyvalPclmul = {
    .name = "pclmul polyval",
    .ghash = &kGhashPclmulBackend,
    .update = pclmul_polyval,
    .powers = kGroup,
    .init_powers = pclmul_polyval_init,
    .wipe_powers = pclmul_polyval_wipe,
    .hash_short = polyval_hash_short_clmul,
};

}  // namespace aeskit::detail
