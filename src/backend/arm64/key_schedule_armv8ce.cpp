// src/backend/arm64/key_schedule_armv8ce.cpp — AES key expansion (FIPS-197 §5.2) and the
// Equivalent Inverse Cipher's decryption schedule (§5.3.5) for the armv8ce backend.
//
// CPU features: AArch64 FEAT_AES.
// References: FIPS-197 §5.2, §5.3.5; rounds.hpp (the layout).
//
// SubWord through AESE: with the word w in all four columns of the state, ShiftRows moves
// bytes only between identical columns, so AESE(dup(w), 0) = SubBytes of four copies of w,
// and its lane 0 is SubWord(w): the S-box of the instruction, no table, constant time.
// Words are read little-endian from the key bytes, so RotWord is a rotation right by 8 bits
// and Rcon goes into the low byte.
#include <cstring>

#include "backend/arm64/kernels.hpp"

namespace aeskit::detail::armv8ce {
inline namespace AESKIT_ARMV8CE_NS {  // rounds.hpp: base
namespace {

AESKIT_ARMV8CE_INLINE std::uint32_t sub_word(std::uint32_t w) {
  const block s = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
  return vgetq_lane_u32(vreinterpretq_u32_u8(s), 0);
}

AESKIT_ARMV8CE_INLINE std::uint32_t rot_word(std::uint32_t w) {
  return (w >> 8) | (w << 24);
}

}  // namespace

AESKIT_ARMV8CE_TARGET void expand_key(const std::uint8_t* key, std::size_t key_len,
                                      RoundKeys& enc) noexcept {
  const std::size_t nk = key_len / 4;  // 4, 6 or 8
  const unsigned rounds = static_cast<unsigned>(nk + 6);
  const std::size_t total = 4 * (rounds + 1);
  std::uint32_t w[60];
  std::memcpy(w, key, key_len);
  std::uint32_t rcon = 1;
  for (std::size_t i = nk; i < total; ++i) {
    std::uint32_t t = w[i - 1];
    if (i % nk == 0) {
      t = sub_word(rot_word(t)) ^ rcon;
      rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));  // xtime in GF(2^8); rcon is public
    } else if (nk == 8 && i % nk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  std::memcpy(enc.bytes, w, 4 * total);
  enc.rounds = rounds;
  // The expanded words on the stack are key material.
  volatile std::uint32_t* v = w;
  for (std::size_t i = 0; i < total; ++i) v[i] = 0;
}

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
