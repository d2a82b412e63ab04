// src/backend/simd/key_schedule_vperm.cpp — the vperm key schedules: FIPS-197 KeyExpansion
// (SubWord through the vector S-box, so no table is indexed by key bytes), then the round keys
// moved into the bases the kernels keep the state in (core_vperm.hpp §3):
//   encryption  K_0 = phi(rk_0), K_r = phi(rk_r) ^ phi(0x63) (0 < r < Nr), K_Nr = rk_Nr ^ 0x63
//   decryption  K'_0 = psi(rk_Nr) ^ c, K'_r = psi(InvMixColumns(rk_(Nr-r))) ^ c, K'_Nr = rk_0
//               with psi = phi o A^-1 and c = phi(A^-1(0x63)).
// CPU features: SSSE3 on x86, NEON on AArch64.
// References: FIPS-197 §5.2 (KeyExpansion), §5.3.5 (equivalent inverse cipher).
#include <cstring>

#include "backend/simd/core_vperm.hpp"
#include "backend/simd/kernels.hpp"
#include "base/ct_mask.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::vperm {
namespace {

// sub_word: the S-box on the 4 bytes at w (in place).
AESKIT_SIMD_TARGET void sub_word(std::uint8_t w[4]) noexcept {
  alignas(16) std::uint8_t buf[16] = {};
  std::memcpy(buf, w, 4);
  sub_bytes(V128::load(buf)).store(buf);
  std::memcpy(w, buf, 4);
  secure_zero(buf, sizeof buf);
}

// xtime: multiplication by x in F, without a branch on the byte.
std::uint8_t xtime(std::uint8_t a) noexcept {
  return static_cast<std::uint8_t>((a << 1) ^ (0x1B & detail::ct_mask_bit(a >> 7)));
}

// inv_mix_columns: FIPS-197 §5.3.3 on one 16-byte round key (scalar; key setup only).
void inv_mix_columns(const std::uint8_t in[16], std::uint8_t out[16]) noexcept {
  for (int c = 0; c < 4; ++c) {
    const std::uint8_t* a = in + 4 * c;
    for (int r = 0; r < 4; ++r) {
      std::uint8_t acc = 0;
      // coefficients 0e, 0b, 0d, 09 on a[r], a[r+1], a[r+2], a[r+3]
      static constexpr std::uint8_t kCoef[4] = {0x0E, 0x0B, 0x0D, 0x09};
      for (int s = 0; s < 4; ++s) {
        const std::uint8_t v = a[(r + s) % 4];
        const std::uint8_t v2 = xtime(v), v4 = xtime(v2), v8 = xtime(v4);
        const std::uint8_t m = kCoef[s];
        // m is public: pick the multiples it is made of.
        acc ^= static_cast<std::uint8_t>(((m & 1) ? v : 0) ^ ((m & 2) ? v2 : 0) ^
                                         ((m & 4) ? v4 : 0) ^ ((m & 8) ? v8 : 0));
      }
      out[4 * c + r] = acc;
    }
  }
}

}  // namespace

AESKIT_SIMD_TARGET void expand_key(const std::uint8_t* key, std::size_t key_len,
                                   RoundKeys& enc) noexcept {
  const unsigned nk = static_cast<unsigned>(key_len / 4);
  const unsigned rounds = nk + 6;
  const unsigned words = 4 * (rounds + 1);
  std::uint8_t* w = enc.bytes + kPlainOffset;  // w[i] at w + 4 i
  std::memcpy(w, key, key_len);
  std::uint8_t rcon = 1;
  for (unsigned i = nk; i < words; ++i) {
    std::uint8_t temp[4];
    std::memcpy(temp, w + 4 * (i - 1), 4);
    if (i % nk == 0) {  // RotWord, SubWord, Rcon (i is public)
      const std::uint8_t t0 = temp[0];
      temp[0] = temp[1];
      temp[1] = temp[2];
      temp[2] = temp[3];
      temp[3] = t0;
      sub_word(temp);
      temp[0] ^= rcon;
      rcon = xtime(rcon);
    } else if (nk > 6 && i % nk == 4) {
      sub_word(temp);
    }
    for (int b = 0; b < 4; ++b)
      w[4 * i + b] = static_cast<std::uint8_t>(w[4 * (i - nk) + b] ^ temp[b]);
    secure_zero(temp, sizeof temp);
  }

  const V128 lo = table(tables::kEncInLo), hi = table(tables::kEncInHi);
  const V128 c = V128::splat8(tables::kEncConst);
  linear_map(V128::load(w), lo, hi).store(enc.bytes);
  for (unsigned r = 1; r < rounds; ++r)
    (linear_map(V128::load(w + 16 * r), lo, hi) ^ c).store(enc.bytes + 16 * r);
  (V128::load(w + 16 * rounds) ^ V128::splat8(0x63)).store(enc.bytes + 16 * rounds);
  enc.rounds = rounds;
}

AESKIT_SIMD_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept {
  const unsigned rounds = enc.rounds;
  const std::uint8_t* w = enc.bytes + kPlainOffset;
  const V128 lo = table(tables::kDecInLo), hi = table(tables::kDecInHi);
  const V128 c = V128::splat8(tables::kDecConst);
  (linear_map(V128::load(w + 16 * rounds), lo, hi) ^ c).store(dec.bytes);
  alignas(16) std::uint8_t mixed[16];
  for (unsigned r = 1; r < rounds; ++r) {
    inv_mix_columns(w + 16 * (rounds - r), mixed);
    (linear_map(V128::load(mixed), lo, hi) ^ c).store(dec.bytes + 16 * r);
  }
  secure_zero(mixed, sizeof mixed);
  std::memcpy(dec.bytes + 16 * rounds, w, 16);
  dec.rounds = rounds;
}

}  // namespace aeskit::detail::vperm
