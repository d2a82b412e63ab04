// src/backend/portable/sha512_portable.cpp — SHA-512 compression in portable C++ (any
// 64-bit CPU; the only SHA-512 implementation, as x86 SHA-NI covers SHA-1/SHA-256 only).
//
// FIPS 180-4 §6.4.2 with the 64-bit functions of §4.1.3:
//   Σ0(x) = ROTR28 ^ ROTR34 ^ ROTR39,  Σ1(x) = ROTR14 ^ ROTR18 ^ ROTR41,
//   σ0(x) = ROTR1 ^ ROTR8 ^ SHR7,      σ1(x) = ROTR19 ^ ROTR61 ^ SHR6,
//   W_t = σ1(W_{t-2}) + W_{t-7} + σ0(W_{t-15}) + W_{t-16} (16-word ring), 80 rounds
//   T1 = h + Σ1(e) + Ch(e,f,g) + K_t + W_t, T2 = Σ0(a) + Maj(a,b,c),
//   h = g; g = f; f = e; e = d + T1; d = c; c = b; b = a; a = T1 + T2.
// Speed: 64-bit words in registers, rounds unrolled by 8 with the roles of a..h rotated
// instead of moved, the schedule computed 8 words ahead of its use, Maj as
// b ^ ((a ^ b) & (b ^ c)) (reusing a ^ b of the previous round as b ^ c of this one).
// Only additions, rotates and logic: constant-time.
#include <bit>

#include "backend/portable/sha_portable.hpp"
#include "backend/portable/sha_words.hpp"
#include "hash/sha_constants.hpp"

namespace aeskit::detail {
namespace {

inline std::uint64_t big_sigma0(std::uint64_t x) {
  return std::rotr(x, 28) ^ std::rotr(x, 34) ^ std::rotr(x, 39);
}
inline std::uint64_t big_sigma1(std::uint64_t x) {
  return std::rotr(x, 14) ^ std::rotr(x, 18) ^ std::rotr(x, 41);
}
inline std::uint64_t small_sigma0(std::uint64_t x) {
  return std::rotr(x, 1) ^ std::rotr(x, 8) ^ (x >> 7);
}
inline std::uint64_t small_sigma1(std::uint64_t x) {
  return std::rotr(x, 19) ^ std::rotr(x, 61) ^ (x >> 6);
}

inline void round(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t& d,
                  std::uint64_t e, std::uint64_t f, std::uint64_t g, std::uint64_t& h,
                  std::uint64_t kw) {
  std::uint64_t t1 = h + big_sigma1(e) + (((f ^ g) & e) ^ g) + kw;
  std::uint64_t t2 = big_sigma0(a) + (b ^ ((a ^ b) & (b ^ c)));
  d += t1;
  h = t1 + t2;
}

}  // namespace

void sha512_compress_portable(HashWords& hw, const std::uint8_t* data,
                              std::size_t blocks) noexcept {
  std::uint64_t* s = hw.w64;
  for (; blocks; --blocks, data += 128) {
    std::uint64_t w[16];
    for (int i = 0; i < 16; ++i) w[i] = load_be64(data + 8 * i);
    std::uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
#pragma GCC unroll 10
    for (int t = 0; t < 80; t += 8) {
      if (t >= 16) {
#pragma GCC unroll 8
        for (int i = 0; i < 8; ++i) {
          int j = (t + i) & 15;
          w[j] += small_sigma1(w[(j + 14) & 15]) + w[(j + 9) & 15] + small_sigma0(w[(j + 1) & 15]);
        }
      }
      const std::uint64_t* k = kSha512K + t;
      const std::uint64_t* x = w + (t & 15);
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
