// src/backend/portable/sha1_portable.cpp — SHA-1 compression in portable C++ (any CPU).
//
// FIPS 180-4 §6.1.2. Per 64-byte block: W_t = M_t (t < 16), W_t = ROTL1(W_{t-3} ^ W_{t-8} ^
// W_{t-14} ^ W_{t-16}) kept in a 16-word ring; 80 rounds
//   T = ROTL5(a) + f_t(b, c, d) + e + K_t + W_t; e = d; d = c; c = ROTL30(b); b = a; a = T
// with f = Ch (t < 20), Parity (20..39, 60..79), Maj (40..59); then H += (a, b, c, d, e).
// Ch(x,y,z) = ((y ^ z) & x) ^ z and Maj(x,y,z) = (x & y) | ((x | y) & z) are the usual
// branch-free forms. Only shifts, rotates and logic: constant-time.
#include <bit>

#include "backend/kernels/sha_constants.hpp"
#include "backend/portable/sha_portable.hpp"
#include "base/byte_order.hpp"

namespace aeskit::detail {

void sha1_compress_portable(HashWords& hw, const std::uint8_t* data, std::size_t blocks) noexcept {
  std::uint32_t* h = hw.w32;
  for (; blocks; --blocks, data += 64) {
    std::uint32_t w[16];
    for (int i = 0; i < 16; ++i) w[i] = load_be32(data + 4 * i);
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    auto step = [&](std::uint32_t f, std::uint32_t k, std::uint32_t wt) {
      std::uint32_t t = std::rotl(a, 5) + f + e + k + wt;
      e = d;
      d = c;
      c = std::rotl(b, 30);
      b = a;
      a = t;
    };
    auto next = [&](int t) {
      std::uint32_t v =
          std::rotl(w[(t - 3) & 15] ^ w[(t - 8) & 15] ^ w[(t - 14) & 15] ^ w[t & 15], 1);
      w[t & 15] = v;
      return v;
    };
#pragma GCC unroll 20
    for (int t = 0; t < 20; ++t) step(((c ^ d) & b) ^ d, kSha1K[0], t < 16 ? w[t] : next(t));
#pragma GCC unroll 20
    for (int t = 20; t < 40; ++t) step(b ^ c ^ d, kSha1K[1], next(t));
#pragma GCC unroll 20
    for (int t = 40; t < 60; ++t) step((b & c) | ((b | c) & d), kSha1K[2], next(t));
#pragma GCC unroll 20
    for (int t = 60; t < 80; ++t) step(b ^ c ^ d, kSha1K[3], next(t));
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
  }
}

}  // namespace aeskit::detail
