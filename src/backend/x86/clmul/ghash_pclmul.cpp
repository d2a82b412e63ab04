// src/backend/x86/clmul/ghash_pclmul.cpp — GHASH with 128-bit PCLMULQDQ, 8 blocks per reduction.
//
// CPU features: PCLMULQDQ, SSSE3 (function-level target attributes; see gf128_clmul.hpp). The
// update is the xmm instantiation of the x86 group step (x86/ghash.hpp, compiled in
// x86/xmm/ghash_aesni.cpp under the AES-NI backend's target string, executing no AES instruction).
// References: NIST SP 800-38D §6.4 (GHASH); gf128_clmul.hpp (representation, reduction, power
// table); x86/ghash.hpp (the group step).
//
// GHASH over blocks X_1..X_8 from state Y is Y' = (Y^X_1)·H^8 ^ X_2·H^7 ^ ... ^ X_8·H, so the
// key holds K_8..K_1 (K_i = H^i·x^-1) and a group of 8 blocks costs 24 PCLMULQDQ for the
// Karatsuba products and one reduction (2 more). A final group of m < 8 blocks uses the table's
// last m entries and one more reduction. Only the first block of a group depends on the previous
// state, so its product is added last: the other seven products (and the loads) are off the serial
// path, which is one XOR, one product, the accumulation and the reduction.
//
// Key layout (GhashKey bytes): K_8, K_7, ..., K_1, 16 bytes each, in register (reflected)
// form, then their Karatsuba halves_xor in the same order (gf128_clmul.hpp write_powers;
// ghash_groups.hpp Table128), which the fused AES-NI GCM kernel reads too.
#include <cstddef>
#include <cstdint>

#include "backend/x86/clmul/gf128_clmul.hpp"
#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/clmul/ghash_groups.hpp"
#include "backend/x86/supported.hpp"
#include "backend/x86/xmm/kernels.hpp"

namespace aeskit::detail {

namespace {

constexpr std::size_t kGroup = clmul::kPclmulPowers;
static_assert(32 * kGroup <= GhashKey::kBytes);

AESKIT_PCLMUL_TARGET void pclmul_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  clmul::write_powers(h, key.bytes, kGroup);
}

}  // namespace

const GhashBackend kGhashPclmulBackend = {
    .name = "pclmul",
    .description = "PCLMULQDQ + SSSE3, 128-bit, 8 blocks per reduction",
    .supported = x86::pclmul_supported,
    .vector_bits = 128,
    .init = pclmul_init,
    .update = aesni::ghash_update,
};

}  // namespace aeskit::detail
