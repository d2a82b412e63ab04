// src/backend/clmul/ghash_vpclmul512.cpp — GHASH with 512-bit VPCLMULQDQ: four blocks per
// register, 16 blocks per reduction, on the vpclmul256 key layout (the same 16-power table,
// read 64 bytes at a time).
//
// CPU features: AVX-512 F/BW/DQ/VL, VPCLMULQDQ (EVEX, zmm), PCLMULQDQ (the reduction). The
// update is the zmm instantiation of the width-generic group step (x86/ghash.hpp,
// compiled in vaes512/gcm_vaes512.cpp under the vaes512 target, which also names VAES: the
// predicate below therefore asks for VAES as well, which every AVX-512 CPU with VPCLMULQDQ
// has). Selected only where 512-bit registers are allowed (cpu::max_vector_bits()).
// References: NIST SP 800-38D §6.4 (GHASH); gf128_clmul.hpp; x86/ghash.hpp.
#include <cstddef>
#include <cstdint>

#include "backend/clmul/gf128_clmul.hpp"
#include "backend/clmul/ghash_clmul.hpp"
#include "backend/clmul/ghash_groups.hpp"
#include "backend/vaes512/kernels.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kGroup = clmul::kVpclmul256Powers;

AESKIT_PCLMUL_TARGET void vpclmul512_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  clmul::write_powers(h, key.bytes, kGroup);
}

bool vpclmul512_supported(const cpu::FeatureSet& features) {
  using cpu::Feature;
  return features.has(Feature::avx512) && features.has(Feature::vpclmul) &&
         features.has(Feature::vaes) && features.has(Feature::pclmul);
}

}  // namespace

const GhashBackend kGhashVpclmul512Backend = {
    .name = "vpclmul512",
    .description = "VPCLMULQDQ + AVX-512, 512-bit (4 blocks per register), 16 blocks per reduction",
    .supported = vpclmul512_supported,
    .vector_bits = 512,
    .init = vpclmul512_init,
    .update = vaes512::ghash_update,
};

}  // namespace aeskit::detail
