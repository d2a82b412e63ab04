// src/backend/ppc64/key_schedule_power8.cpp — AES key expansion (FIPS-197 §5.2) and the
// decryption schedule vncipher takes (the encryption round keys reversed) for the power8
// backend.
//
// CPU features: POWER8 vector crypto (vsbox).
// References: FIPS-197 §5.2, §5.3; Power ISA v2.07B §5.11 (vsbox); rounds.hpp (the layout and
// why vncipher takes k_{R-r} unchanged).
//
// SubWord through vsbox: vsbox applies the S-box to each of the 16 bytes, so with the word w
// splatted into every lane, every lane holds SubWord(w): the S-box of the instruction, no
// table, constant time. Words are read big-endian from the key bytes (FIPS-197's w[i] as an
// integer, byte 0 most significant), so RotWord is a rotation left by 8 bits and Rcon goes
// into the top byte.
#include "backend/ppc64/kernels.hpp"
#include "base/byte_order.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {  // rounds.hpp: p8 or p9
namespace {

AESKIT_POWER8_INLINE std::uint32_t sub_word(std::uint32_t w) {
  const u32x4 v = vec_splats(w);
  const u32x4 s = reinterpret_cast<u32x4>(__builtin_crypto_vsbox(reinterpret_cast<u64x2>(v)));
  return vec_extract(s, 0);
}

AESKIT_POWER8_INLINE std::uint32_t rot_word(std::uint32_t w) {
  return (w << 8) | (w >> 24);
}

}  // namespace

AESKIT_POWER8_TARGET void expand_key(const std::uint8_t* key, std::size_t key_len,
                                     RoundKeys& enc) noexcept {
  const std::size_t nk = key_len / 4;  // 4, 6 or 8
  const unsigned rounds = static_cast<unsigned>(nk + 6);
  const std::size_t total = 4 * (rounds + 1);
  std::uint32_t w[60];
  for (std::size_t i = 0; i < nk; ++i) w[i] = load_be32(key + 4 * i);
  std::uint32_t rcon = 1;
  for (std::size_t i = nk; i < total; ++i) {
    std::uint32_t t = w[i - 1];
    if (i % nk == 0) {
      t = sub_word(rot_word(t)) ^ (rcon << 24);
      rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));  // xtime in GF(2^8); rcon is public
    } else if (nk == 8 && i % nk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  for (std::size_t i = 0; i < total; ++i) store_be32(enc.bytes + 4 * i, w[i]);
  enc.rounds = rounds;
  // The expanded words on the stack are key material.
  volatile std::uint32_t* v = w;
  for (std::size_t i = 0; i < total; ++i) v[i] = 0;
}

// derive_decrypt_key: d_r = k_{R-r} (rounds.hpp: vncipher XORs its key before InvMixColumns,
// where the straight Inverse Cipher adds the round key).
AESKIT_POWER8_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept {
  const unsigned r = enc.rounds;
  for (unsigned i = 0; i <= r; ++i) store(dec.bytes + 16 * i, load(enc.bytes + 16 * (r - i)));
  dec.rounds = r;
}

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8
