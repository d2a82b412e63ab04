// src/backend/ppc64/vpmsum/polyval_vpmsum.cpp — POLYVAL (RFC 8452 §3) natively on the vpmsum GHASH
// backend's key: AES-GCM-SIV's hash without the Appendix A mapping's bulk byte reversal.
//
// CPU features: POWER8 vector crypto (vpmsumd).
// References: RFC 8452 §3 and Appendix A; backend/polyval_kernels.hpp (the contract);
// field.hpp (the field and the key layout).
//
// The GhashKey the mode code builds for POLYVAL is vpmsum_init(mulX_GHASH(ByteReverse(H))),
// whose table is H's dot powers in the POLYVAL domain (field.hpp works in that domain for
// GHASH too: mulX_POLYVAL(ByteReverse(.)) undoes the mapping). So POLYVAL is the GHASH loop
// with native loads (no byte reversal) of the data and the state.
#include "backend/ppc64/vpmsum/polyval_vpmsum.hpp"

#include "backend/ppc64/vpmsum/field.hpp"
#include "backend/ppc64/vpmsum/ghash_vpmsum.hpp"

namespace aeskit::detail {
namespace {

AESKIT_VPMSUM_TARGET void vpmsum_polyval_update(const GhashKey& key, std::uint8_t state[16],
                                                const std::uint8_t* data,
                                                std::size_t blocks) noexcept {
  vpmsum::store_polyval(state,
                        vpmsum::update<true>(key, vpmsum::load_polyval(state), data, blocks));
}

}  // namespace

const PolyvalKernel kPolyvalVpmsum = {
    .name = "vpmsum polyval",
    .ghash = &kGhashVpmsumBackend,
    .update = vpmsum_polyval_update,
    .powers = vpmsum::kPowers,
};

}  // namespace aeskit::detail
