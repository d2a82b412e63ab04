// src/backend/ppc64/vpmsum/ghash_vpmsum.cpp — the GHASH backend "vpmsum": GCM's universal hash with
// POWER8's vpmsumd, 8 blocks per reduction, computed as POLYVAL (RFC 8452 Appendix A).
//
// CPU features: POWER8 vector crypto (vpmsumd; target("cpu=power8") per function).
// References: NIST SP 800-38D §6.4 (GHASH); RFC 8452 Appendix A; field.hpp (the field,
// representation, layout).
#include "backend/ppc64/vpmsum/ghash_vpmsum.hpp"

#include "backend/ppc64/vpmsum/field.hpp"

namespace aeskit::detail {
namespace {

using vpmsum::u64x2;

// mul_x: mulX_POLYVAL(h) = h·x mod P: the 128-bit integer shifted left by one, a carry out
// of bit 127 folded back as x^127 + x^126 + x^121 + 1 (0xC2000000_00000000_00000000_00000001).
// H is secret: the carry is a mask, not a branch.
AESKIT_VPMSUM_INLINE u64x2 mul_x(u64x2 h) {
  const u64x2 top = reinterpret_cast<u64x2>(
      vec_sra(reinterpret_cast<__vector signed long long>(h), vec_splats(63ull)));
  const u64x2 carry_hi = vec_and(u64x2{top[1], top[1]}, u64x2{1, 0xC200000000000000ull});
  const u64x2 carry_lo = u64x2{0, top[0] & 1};  // bit 63 into bit 64
  return vpmsum::x(vpmsum::x(vec_add(h, h), carry_hi), carry_lo);
}

AESKIT_VPMSUM_TARGET void vpmsum_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  vpmsum::init_table(mul_x(vpmsum::load_ghash(h)), key, vpmsum::kPowers);
  vpmsum::store_pairs(key);
}

AESKIT_VPMSUM_TARGET void vpmsum_update(const GhashKey& key, std::uint8_t state[16],
                                        const std::uint8_t* data, std::size_t blocks) noexcept {
  vpmsum::store_ghash(state, vpmsum::update<false>(key, vpmsum::load_ghash(state), data, blocks));
}

}  // namespace

const GhashBackend kGhashVpmsumBackend = {
    .name = "vpmsum",
    .description =
        "POWER8 vpmsumd carry-less multiply-sum, GHASH as POLYVAL, 8 blocks per reduction",
    .supported = cpu::has_feature<cpu::Feature::vcrypto>,
    .vector_bits = 128,
    .init = vpmsum_init,
    .update = vpmsum_update,
};

}  // namespace aeskit::detail
