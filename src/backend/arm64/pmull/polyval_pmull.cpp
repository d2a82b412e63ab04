// src/backend/arm64/pmull/polyval_pmull.cpp — POLYVAL (RFC 8452 §3) natively on the pmull GHASH
// backend's key: AES-GCM-SIV's hash without the Appendix A mapping's bulk byte reversal.
//
// CPU features: AArch64 FEAT_PMULL (target("+crypto")), little-endian.
// References: RFC 8452 §3 and Appendix A; backend/polyval_kernels.hpp (the contract);
// field.hpp (the field, the key layout, load_reversed).
//
// Appendix A: POLYVAL(H, X_1..X_n) = ByteReverse(GHASH(H', ByteReverse(X_1), ...,
// ByteReverse(X_n))) with H' = mulX_GHASH(ByteReverse(H)); the key is pmull's GhashKey
// built from H' (src/aead/polyval.cpp does that). pmull reads a GHASH block by reversing the
// bits of each byte (field.hpp); for ByteReverse(X) that is reversing all 128 bits of X read
// little-endian, which load_reversed does in registers as it loads. The state likewise.
#include "backend/arm64/pmull/polyval_pmull.hpp"

#include "backend/arm64/pmull/field.hpp"
#include "backend/arm64/pmull/ghash_pmull.hpp"

namespace aeskit::detail {
namespace {

AESKIT_PMULL_TARGET void pmull_polyval_update(const GhashKey& key, std::uint8_t state[16],
                                              const std::uint8_t* data,
                                              std::size_t blocks) noexcept {
  pmull::u64x2 y = pmull::load_reversed(state);
  for (; blocks >= pmull::kPowers; blocks -= pmull::kPowers, data += 16 * pmull::kPowers)
    y = pmull::absorb<true>(key, y, data, pmull::kPowers);
  if (blocks != 0) y = pmull::absorb<true>(key, y, data, blocks);
  pmull::store_reversed(state, y);
}

}  // namespace

const PolyvalKernel kPolyvalPmull = {
    .name = "pmull polyval",
    .ghash = &kGhashPmullBackend,
    .update = pmull_polyval_update,
    .powers = pmull::kPowers,
};

}  // namespace aeskit::detail
