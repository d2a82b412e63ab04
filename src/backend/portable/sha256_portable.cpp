// src/backend/portable/sha256_portable.cpp — SHA-256 compression in portable C++ (any CPU).
//
// FIPS 180-4 §6.2.2 with the functions of §4.1.2:
//   Σ0(x) = ROTR2 ^ ROTR13 ^ ROTR22,  Σ1(x) = ROTR6 ^ ROTR11 ^ ROTR25,
//   σ0(x) = ROTR7 ^ ROTR18 ^ SHR3,    σ1(x) = ROTR17 ^ ROTR19 ^ SHR10,
//   W_t = σ1(W_{t-2}) + W_{t-7} + σ0(W_{t-15}) + W_{t-16} (16-word ring),
//   T1 = h + Σ1(e) + Ch(e,f,g) + K_t + W_t, T2 = Σ0(a) + Maj(a,b,c),
//   h = g; g = f; f = e; e = d + T1; d = c; c = b; b = a; a = T1 + T2.
// Rounds are unrolled by 8 with the variables' roles rotated instead of moved.
// Only additions, rotates and logic: constant-time.
#include <bit>

#include "backend/portable/sha_portable.hpp"
#include "backend/portable/sha_words.hpp"
#include "hash/sha_constants.hpp"

namespace aeskit::detail {
namespace {

inline std::uint32_t big_sigma0(std::uint32_t x) {
  return std::rotr(x, 2) ^ std::rotr(x, 13) ^ std::rotr(x, 22);
}
inline std::uint32_t big_sigma1(std::uint32_t x) {
  return std::rotr(x, 6) ^ std::rotr(x, 11) ^ std::rotr(x, 25);
}
inline std::uint32_t small_sigma0(std::uint32_t x) {
  return std::rotr(x, 7) ^ std::rotr(x, 18) ^ (x >> 3);
}
inline std::uint32_t small_sigma1(std::uint32_t x) {
  return std::rotr(x, 17) ^ std::rotr(x, 19) ^ (x >> 10);
}

// One round with the roles (a..h) given by the caller; wt already includes K_t.
inline void round(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t& d,
                  std::uint32_t e, std::uint32_t f, std::uint32_t g, std::uint32_t& h,
                  std::uint32_t kw) {
  std::uint32_t t1 = h + big_sigma1(e) + (((f ^ g) & e) ^ g) + kw;
  std::uint32_t t2 = big_sigma0(a) + ((a & b) | ((a | b) & c));
  d += t1;
  h = t1 + t2;
}

}  // namespace

void sha256_compress_portable(HashWords& hw, const std::uint8_t* data,
                              std::size_t blocks) noexcept {
  std::uint32_t* s = hw.w32;
  for (; blocks; --blocks, data += 64) {
    std::uint32_t w[16];
    for (int i = 0; i < 16; ++i) w[i] = load_be32(data + 4 * i);
    std::uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
#pragma GCC unroll 8
    for (int t = 0; t < 64; t += 8) {
      if (t >= 16) {
#pragma GCC unroll 8
        for (int i = 0; i < 8; ++i) {
          int j = (t + i) & 15;
          w[j] += small_sigma1(w[(j + 14) & 15]) + w[(j + 9) & 15] + small_sigma0(w[(j + 1) & 15]);
        }
      }
      const std::uint32_t* k = kSha256K + t;
      const std::uint32_t* x = w + (t & 15);
      round(a, b, c, d, e, f, g, h, k[0] + x[0]);
      round(h, a, b, c, d, e, f, g, k[1] + x[1]);
      round(g, h, a, b, c, d, e, f, k[2] + x[2]);
      round(f, g, h, a, b, c, d, e, k[3] + x[3]);
      round(e, f, g, h, a, b, c, d, k[4] + x[4]);
      round(d, e, f, g, h, a, b, c, k[5] + x[5]);
      round(c, d, e, f, g, h, a, b, k[6] + x[6]);
      round(b, c, d, e, f, g, h, a, k[7] + x[7]);
    }
    s[0] += a;
    s[1] += b;
    s[2] += c;
    s[3] += d;
    s[4] += e;
    s[5] += f;
    s[6] += g;
    s[7] += h;
  }
}

}  // namespace aeskit::detail
