// src/backend/clmul/ghash_vpclmul512.cpp — GHASH with 512-bit VPCLMULQDQ: four blocks per
// register, 32 blocks per reduction, on the vpclmul512 key layout (the vpclmul256 16-power
// table, read 64 bytes at a time, then K_32..K_17).
//
// CPU features: AVX-512 F/BW/DQ/VL, VPCLMULQDQ (EVEX, zmm), PCLMULQDQ (the reduction). The
// update is the zmm instantiation of the width-generic group step (x86/ghash.hpp,
// compiled in vaes512/gcm_vaes512.cpp under the vaes512 target, which also names VAES: the
// predicate, x86/supported.hpp, therefore asks for VAES as well, which every AVX-512 CPU with
// VPCLMULQDQ has). Selected only where 512-bit registers are allowed (cpu::max_vector_bits()).
// References: NIST SP 800-38D §6.4 (GHASH); gf128_clmul.hpp; x86/ghash.hpp.
//
// Key layout: the vpclmul256 one (K_16..K_1 and their Karatsuba halves, 512 bytes), then the
// high run K_32..K_17 and its halves (ghash_groups.hpp), for the 32-block steps.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/clmul/gf128_clmul.hpp"
#include "backend/clmul/ghash_clmul.hpp"
#include "backend/clmul/ghash_groups.hpp"
#include "backend/vaes512/kernels.hpp"
#include "backend/x86/supported.hpp"

namespace aeskit::detail {

namespace {

constexpr std::size_t kGroup = clmul::kVpclmul256Powers;

// init: the vpclmul256 table (K_16..K_1), then the high run K_32..K_17: K_(16+i) =
// K_i·H^16, one multiplication by K_16 each (K_16 = H^16·x^-1, so the product of the
// register forms is K_i·H^16 exactly), and their halves_xor.
AESKIT_PCLMUL_TARGET void vpclmul512_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  clmul::write_powers(h, key.bytes, kGroup);
  const __m128i k16 = clmul::load(key.bytes);  // K_16 leads the table
  for (std::size_t i = 1; i <= kGroup; ++i) {  // K_(16+i) at position 16 - i of the high run
    const __m128i k = clmul::multiply(clmul::load(key.bytes + 16 * (kGroup - i)), k16);
    clmul::store(key.bytes + clmul::kHighOffset + 16 * (kGroup - i), k);
    clmul::store(key.bytes + clmul::kHighMidOffset + 16 * (kGroup - i), clmul::halves_xor(k));
  }
}

}  // namespace

const GhashBackend kGhashVpclmul512Backend = {
    .name = "vpclmul512",
    .description = "VPCLMULQDQ + AVX-512, 512-bit (4 blocks per register), 32 blocks per reduction",
    .supported = x86::vpclmul512_supported,
    .vector_bits = 512,
    .init = vpclmul512_init,
    .update = vaes512::ghash_update,
};

}  // namespace aeskit::detail
