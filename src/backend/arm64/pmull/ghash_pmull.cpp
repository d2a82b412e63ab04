// src/backend/arm64/pmull/ghash_pmull.cpp — the GHASH backend "pmull": GCM's universal hash with
// AArch64's 64x64-bit carry-less multiply, 8 blocks per reduction.
//
// CPU features: AArch64 FEAT_PMULL (target("+crypto") per function), little-endian.
// References: NIST SP 800-38D §6.4 (GHASH); field.hpp (the field, representation, layout).
#include "backend/arm64/pmull/ghash_pmull.hpp"

#include "backend/arm64/pmull/field.hpp"

namespace aeskit::detail {
namespace {

using pmull::u64x2;

AESKIT_PMULL_TARGET void pmull_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  const u64x2 h1 = pmull::load_natural(h);
  u64x2 p = h1;
  u64x2 previous_mid = vdupq_n_u64(0);  // H^(i-1)'s Karatsuba word (none for i = 1)
  for (std::size_t i = 1; i <= pmull::kPowers; ++i) {
    if (i > 1) p = pmull::multiply(p, h1);
    const u64x2 mid = pmull::halves_xor(p);
    vst1q_u64(reinterpret_cast<std::uint64_t*>(key.bytes + 32 * (i - 1)), p);
    vst1q_u64(reinterpret_cast<std::uint64_t*>(key.bytes + 32 * (i - 1) + 16),
              vzip1q_u64(mid, previous_mid));
    previous_mid = mid;
  }
}

AESKIT_PMULL_TARGET void pmull_update(const GhashKey& key, std::uint8_t state[16],
                                      const std::uint8_t* data, std::size_t blocks) noexcept {
  u64x2 y = pmull::load_natural(state);
  for (; blocks >= pmull::kPowers; blocks -= pmull::kPowers, data += 16 * pmull::kPowers)
    y = pmull::absorb(key, y, data, pmull::kPowers);
  if (blocks != 0) y = pmull::absorb(key, y, data, blocks);
  pmull::store_natural(state, y);
}

}  // namespace

const GhashBackend kGhashPmullBackend = {
    .name = "pmull",
    .description = "AArch64 PMULL/PMULL2 carry-less multiply, Karatsuba, 8 blocks per reduction",
    .supported = cpu::has_feature<cpu::Feature::pmull>,
    .vector_bits = 128,
    .init = pmull_init,
    .update = pmull_update,
};

}  // namespace aeskit::detail
