// src/backend/arm64/key_schedule_armv8ce.cpp — AES key expansion (FIPS-197 §5.2) and the
// Equivalent Inverse Cipher's decryption schedule (§5.3.5) for the armv8ce backend.
//
// CPU features: AArch64 FEAT_AES.
// References: FIPS-197 §5.2, §5.3.5; rounds.hpp (the layout); kernels/group8/key_expansion.inc.
//
// SubWord through AESE: with the word w in all four columns of the state, ShiftRows moves
// bytes only between identical columns, so AESE(dup(w), 0) = SubBytes of four copies of w,
// and its lane 0 is SubWord(w): the S-box of the instruction, no table, constant time.
// The expansion itself is kernels/group8/key_expansion.inc's, on little-endian words.
#include "backend/arm64/kernels.hpp"
#include "base/byte_order.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::armv8ce {
inline namespace AESKIT_ARMV8CE_NS {  // rounds.hpp: base
namespace {

AESKIT_ARMV8CE_INLINE std::uint32_t sub_word(std::uint32_t w) {
  const block s = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
  return vgetq_lane_u32(vreinterpretq_u32_u8(s), 0);
}

// kernels/group8/key_expansion.inc's word order.
constexpr bool kKeyWordsBigEndian = false;

}  // namespace

#define AESKIT_GROUP8_TARGET AESKIT_ARMV8CE_TARGET
#include "backend/kernels/group8/key_expansion.inc"
#undef AESKIT_GROUP8_TARGET

AESKIT_ARMV8CE_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept {
  const unsigned r = enc.rounds;
  store(dec.bytes, load(enc.bytes + 16 * r));
  for (unsigned i = 1; i < r; ++i)
    store(dec.bytes + 16 * i, vaesimcq_u8(load(enc.bytes + 16 * (r - i))));
  store(dec.bytes + 16 * r, load(enc.bytes));
  dec.rounds = r;
}

}  // namespace AESKIT_ARMV8CE_NS
}  // namespace aeskit::detail::armv8ce
