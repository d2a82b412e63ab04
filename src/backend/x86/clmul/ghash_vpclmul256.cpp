// src/backend/x86/clmul/ghash_vpclmul256.cpp — GHASH with 256-bit VPCLMULQDQ: two blocks per
// register, 16 blocks per reduction.
//
// CPU features: AVX2, VPCLMULQDQ (VEX, ymm), PCLMULQDQ (the reduction), enabled per
// function. The update is the ymm instantiation of the width-generic group step
// (x86/ghash.hpp, compiled in x86/ymm/gcm_vaes256.cpp under the vaes256 target: it uses no
// AES instruction, but the predicate requires VAES too, as the target allows it), which ends
// with VZEROUPPER.
// References: NIST SP 800-38D §6.4 (GHASH); gf128_clmul.hpp (representation, reduction,
// power table); x86/ghash.hpp (the group step).
//
// Key layout (GhashKey bytes, all 512): K_16, K_15, ..., K_1, 16 bytes each, in register
// form, then their Karatsuba halves_xor in the same order (gf128_clmul.hpp write_powers;
// ghash_groups.hpp Table256). The fused GCM kernels of both VAES widths and the vpclmul512
// backend read this same layout.
#include <cstddef>
#include <cstdint>

#include "backend/x86/clmul/gf128_clmul.hpp"
#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/clmul/ghash_groups.hpp"
#include "backend/x86/supported.hpp"
#include "backend/x86/ymm/kernels.hpp"

namespace aeskit::detail {

namespace {

constexpr std::size_t kGroup = clmul::kVpclmul256Powers;
static_assert(32 * kGroup <= GhashKey::kBytes);

AESKIT_PCLMUL_TARGET void vpclmul256_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  clmul::write_powers(h, key.bytes, kGroup);
}

}  // namespace

const GhashBackend kGhashVpclmul256Backend = {
    .name = "vpclmul256",
    .description = "VPCLMULQDQ + AVX2, 256-bit (2 blocks per register), 16 blocks per reduction",
    .supported = x86::vpclmul256_supported,
    .vector_bits = 256,
    .init = vpclmul256_init,
    .update = vaes256::ghash_update,
};

}  // namespace aeskit::detail
