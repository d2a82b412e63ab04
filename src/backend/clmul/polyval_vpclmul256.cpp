// src/backend/clmul/polyval_vpclmul256.cpp — native POLYVAL (RFC 8452 §3) on the vpclmul256
// GHASH backend's key: 16 blocks per reduction in ymm pairs, no byte shuffles
// (polyval_groups.hpp); init_powers builds only the powers a short message needs (xmm code,
// K_1 straight from H); hash_short is the pclmul kernel's (xmm, H and H^2 in registers).
//
// CPU features: VPCLMULQDQ, AVX2, PCLMULQDQ (the vpclmul256 GHASH backend's predicate).
// References: RFC 8452 §3, Appendix A; gf128_clmul.hpp, ghash_groups.hpp.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/ghash_clmul.hpp"
#include "backend/clmul/polyval_clmul.hpp"
#include "backend/clmul/polyval_groups.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kGroup = clmul::kVpclmul256Powers;

AESKIT_VPCLMUL_TARGET void vpclmul256_polyval(const GhashKey& key, std::uint8_t state[16],
                                              const std::uint8_t* data,
                                              std::size_t blocks) noexcept {
  __m128i y = clmul::load(state);
  for (; blocks >= kGroup; blocks -= kGroup, data += 16 * kGroup)
    y = clmul::absorb256_le(y, data, key.bytes, kGroup);
  if (blocks > 0) y = clmul::absorb256_le(y, data, key.bytes, blocks);
  clmul::store(state, y);
  _mm256_zeroupper();
}

AESKIT_PCLMUL_TARGET void vpclmul256_polyval_init(const std::uint8_t h[16], GhashKey& key,
                                                  std::size_t n) noexcept {
  clmul::write_low_powers<clmul::Table256>(h, key.bytes, n);
}

void vpclmul256_polyval_wipe(GhashKey& key, std::size_t n) noexcept {
  clmul::wipe_low_powers<clmul::Table256>(key.bytes, n);
}

}  // namespace

const PolyvalKernel kPolyvalVpclmul256 = {
    .name = "vpclmul256 polyval",
    .ghash = &kGhashVpclmul256Backend,
    .update = vpclmul256_polyval,
    .powers = kGroup,
    .init_powers = vpclmul256_polyval_init,
    .wipe_powers = vpclmul256_polyval_wipe,
    .hash_short = polyval_hash_short_clmul,
};

}  // namespace aeskit::detail
