// src/backend/x86/clmul/polyval_clmul.cpp — native POLYVAL (RFC 8452 §3) on the pclmul (8 powers),
// vpclmul256 and vpclmul512 (one layout, 16 powers) GHASH backends' keys, no byte shuffles.
// The updates are the xmm, ymm and zmm instantiations of the x86 group step (x86/ghash.hpp
// with kReflect false); init_powers builds only the powers a short message needs (xmm code,
// K_1 straight from H: polyval_groups.hpp); hash_short, shared by all three, hashes a short
// one-shot input with H and H^2 in registers and no table (polyval_groups.hpp).
//
// CPU features: PCLMULQDQ for init_powers (this file); the updates carry their width's target
// (x86/xmm/kernels.hpp, x86/ymm/kernels.hpp, x86/zmm/kernels.hpp), gated by their GHASH
// backend's predicate.
// References: RFC 8452 §3, Appendix A; gf128_clmul.hpp, polyval_groups.hpp.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/clmul/polyval_clmul.hpp"
#include "backend/x86/clmul/polyval_groups.hpp"
#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/ymm/kernels.hpp"
#include "backend/x86/zmm/kernels.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kGroup = clmul::kVpclmul256Powers;

AESKIT_PCLMUL_TARGET void pclmul_polyval_init(const std::uint8_t h[16], GhashKey& key,
                                              std::size_t n) noexcept {
  aesni::polyval_powers(h, key, n < clmul::kPclmulPowers ? n : clmul::kPclmulPowers);
}

void pclmul_polyval_wipe(GhashKey& key, std::size_t n) noexcept {
  clmul::wipe_low_powers<clmul::Table128>(key.bytes,
                                          n < clmul::kPclmulPowers ? n : clmul::kPclmulPowers);
}

AESKIT_PCLMUL_TARGET void vpclmul_polyval_init(const std::uint8_t h[16], GhashKey& key,
                                               std::size_t n) noexcept {
  vaes256::polyval_powers(h, key, n < kGroup ? n : kGroup);
}

void vpclmul_polyval_wipe(GhashKey& key, std::size_t n) noexcept {
  clmul::wipe_low_powers<clmul::Table256>(key.bytes, n < kGroup ? n : kGroup);
}

// The vpclmul512 kernel's update takes 32 blocks per step and reads the high run then: its
// key is "32 powers" to the POLYVAL code, of which K_1..K_16 are the vpclmul256 layout's.
// For n ≥ kPolyvalFullRunFrom the whole high run K_32..K_17 is written (4 independent zmm
// products; the update's long calls take absorb_full), else from n = 32 only K_32 = K_16·H^16
// (absorb_pair), at kK32Offset / kK32MidOffset (a call passes at most n blocks, so a shorter
// message never takes a 32-block step, and a call of fewer than kPolyvalFullRunFrom blocks
// never reads past K_32).
AESKIT_PCLMUL_TARGET void vpclmul512_polyval_init(const std::uint8_t h[16], GhashKey& key,
                                                  std::size_t n) noexcept {
  vaes512::polyval_powers(h, key, n < kGroup ? n : kGroup);
  if (n >= clmul::kPolyvalFullRunFrom) return vaes512::polyval_high_run(key);
  if (n < 2 * kGroup) return;
  const __m128i k16 = clmul::load(key.bytes + clmul::Table256::powers_for(kGroup));
  const __m128i k32 = clmul::multiply(k16, k16);
  clmul::store(key.bytes + clmul::kK32Offset, k32);
  clmul::store(key.bytes + clmul::kK32MidOffset, clmul::halves_xor(k32));
}

void vpclmul512_polyval_wipe(GhashKey& key, std::size_t n) noexcept {
  clmul::wipe_low_powers<clmul::Table256>(key.bytes, n < kGroup ? n : kGroup);
  if (n >= clmul::kPolyvalFullRunFrom) {
    secure_zero(key.bytes + clmul::kHighOffset, 2 * clmul::Table256::kMidOffset);
    return;
  }
  if (n < 2 * kGroup) return;
  secure_zero(key.bytes + clmul::kK32Offset, 16);
  secure_zero(key.bytes + clmul::kK32MidOffset, 16);
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
    .update = aesni::polyval_update,
    .powers = clmul::kPclmulPowers,
    .full_table_from = clmul::kPclmulPowers,
    .init_powers = pclmul_polyval_init,
    .wipe_powers = pclmul_polyval_wipe,
    .hash_short = polyval_hash_short_clmul,
};

const PolyvalKernel kPolyvalVpclmul256 = {
    .name = "vpclmul256 polyval",
    .ghash = &kGhashVpclmul256Backend,
    .update = vaes256::polyval_update,
    .powers = kGroup,
    .full_table_from = kGroup,
    .init_powers = vpclmul_polyval_init,
    .wipe_powers = vpclmul_polyval_wipe,
    .hash_short = polyval_hash_short_clmul,
};

const PolyvalKernel kPolyvalVpclmul512 = {
    .name = "vpclmul512 polyval",
    .ghash = &kGhashVpclmul512Backend,
    .update = vaes512::polyval_update,
    .powers = 2 * kGroup,
    .full_table_from = clmul::kPolyvalFullRunFrom,
    .init_powers = vpclmul512_polyval_init,
    .wipe_powers = vpclmul512_polyval_wipe,
    .hash_short = polyval_hash_short_clmul,
    .hash_message = vaes512::polyval_hash_message,
    .hash_message_seal = {.from = 7, .below = 288},
    .hash_message_open = {.from = 4, .below = 208},
};

}  // namespace aeskit::detail
