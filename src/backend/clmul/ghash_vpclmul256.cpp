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
// form, then their Karatsuba halves_xor in the same order (gf128_clmul.hpp write_powers). The
// group step (absorb256) and the layout constants are in ghash_groups.hpp, shared with the
// fused VAES GCM kernel (vaes256/gcm_fused_vaes256.cpp), which reads this same table.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/gf128_clmul.hpp"
#include "backend/clmul/ghash_clmul.hpp"
#include "backend/clmul/ghash_groups.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kGroup = clmul::kVpclmul256Powers;
static_assert(32 * kGroup <= GhashKey::kBytes);

AESKIT_VPCLMUL_TARGET void vpclmul256_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  clmul::write_powers(h, key.bytes, kGroup);
}

AESKIT_VPCLMUL_TARGET void vpclmul256_update(const GhashKey& key, std::uint8_t state[16],
                                             const std::uint8_t* data,
                                             std::size_t blocks) noexcept {
  __m128i y = clmul::load_block(state);
  for (; blocks >= kGroup; blocks -= kGroup, data += 16 * kGroup)
    y = clmul::absorb256(y, data, key.bytes, kGroup);
  if (blocks > 0) y = clmul::absorb256(y, data, key.bytes, blocks);
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
