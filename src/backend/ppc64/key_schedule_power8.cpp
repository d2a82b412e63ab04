// src/backend/ppc64/key_schedule_power8.cpp — AES key expansion (FIPS-197 §5.2) and the
// decryption schedule vncipher takes (the encryption round keys reversed) for the power8
// backend.
//
// CPU features: POWER8 vector crypto (vsbox).
// References: FIPS-197 §5.2, §5.3; Power ISA v2.07B §5.11 (vsbox); rounds.hpp (the layout and
// why vncipher takes k_{R-r} unchanged); kernels/group8/key_expansion.inc.
//
// SubWord through vsbox: vsbox applies the S-box to each of the 16 bytes, so with the word w
// splatted into every lane, every lane holds SubWord(w): the S-box of the instruction, no
// table, constant time. The expansion itself is kernels/group8/key_expansion.inc's, on big-endian
// words (FIPS-197's w[i] as an integer).
#include "backend/ppc64/kernels.hpp"
#include "base/byte_order.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {  // rounds.hpp: p8 or p9
namespace {

AESKIT_POWER8_INLINE std::uint32_t sub_word(std::uint32_t w) {
  const u32x4 v = vec_splats(w);
  const u32x4 s = reinterpret_cast<u32x4>(__builtin_crypto_vsbox(reinterpret_cast<u64x2>(v)));
  return vec_extract(s, 0);
}

// kernels/group8/key_expansion.inc's word order.
constexpr bool kKeyWordsBigEndian = true;

}  // namespace

#define AESKIT_GROUP8_TARGET AESKIT_POWER8_TARGET
#include "backend/kernels/group8/key_expansion.inc"
#undef AESKIT_GROUP8_TARGET

// derive_decrypt_key: d_r = k_{R-r} (rounds.hpp: vncipher XORs its key before InvMixColumns,
// where the straight Inverse Cipher adds the round key).
AESKIT_POWER8_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept {
  const unsigned r = enc.rounds;
  for (unsigned i = 0; i <= r; ++i) store(dec.bytes + 16 * i, load(enc.bytes + 16 * (r - i)));
  dec.rounds = r;
}

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8
