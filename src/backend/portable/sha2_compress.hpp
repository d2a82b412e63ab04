// src/backend/portable/sha2_compress.hpp — the SHA-2 compression function in portable C++,
// written once for SHA-256 (32-bit words, 64 rounds) and SHA-512 (64-bit words, 80 rounds):
// the two differ only in the word type, the round count, the constants and the rotation
// amounts, which a Traits type supplies (sha256_portable.cpp, sha512_portable.cpp).
//
// CPU features: none. Only additions, rotates and logic: constant-time.
// References: FIPS 180-4 §6.2.2 (SHA-256) and §6.4.2 (SHA-512), functions of §4.1.2/§4.1.3:
//   Σ0, Σ1, σ0, σ1 (Traits), Ch(e,f,g) = ((f ^ g) & e) ^ g, Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)),
//   W_t = σ1(W_{t-2}) + W_{t-7} + σ0(W_{t-15}) + W_{t-16} (a 16-word ring),
//   T1 = h + Σ1(e) + Ch(e,f,g) + K_t + W_t, T2 = Σ0(a) + Maj(a,b,c),
//   h = g; g = f; f = e; e = d + T1; d = c; c = b; b = a; a = T1 + T2.
// Rounds are unrolled by 8 with the roles of a..h rotated instead of the values moved; the
// ring is refreshed 8 words at a time just before those 8 rounds use it.
//
// Traits: Word; kRounds; kK (the round constants); load_be(p); big_sigma0/1, small_sigma0/1.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aeskit::detail::sha2 {

// round: one round with the roles (a..h) given by the caller; kw = K_t + W_t.
template <class W, class Traits>
inline void round(W a, W b, W c, W& d, W e, W f, W g, W& h, W kw) {
  const W t1 = h + Traits::big_sigma1(e) + (((f ^ g) & e) ^ g) + kw;
  const W t2 = Traits::big_sigma0(a) + (b ^ ((a ^ b) & (b ^ c)));
  d += t1;
  h = t1 + t2;
}

// compress: `blocks` blocks of 16 words at data into the state s[0..7].
template <class Traits>
inline void compress(typename Traits::Word* s, const std::uint8_t* data, std::size_t blocks) {
  using W = typename Traits::Word;
  constexpr std::size_t kBlockBytes = 16 * sizeof(W);
  for (; blocks; --blocks, data += kBlockBytes) {
    W w[16];
    for (int i = 0; i < 16; ++i) w[i] = Traits::load_be(data + sizeof(W) * i);
    W a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
#pragma GCC unroll 10
    for (int t = 0; t < Traits::kRounds; t += 8) {
      if (t >= 16) {
#pragma GCC unroll 8
        for (int i = 0; i < 8; ++i) {
          const int j = (t + i) & 15;
          w[j] += Traits::small_sigma1(w[(j + 14) & 15]) + w[(j + 9) & 15] +
                  Traits::small_sigma0(w[(j + 1) & 15]);
        }
      }
      const W* k = Traits::kK + t;
      const W* x = w + (t & 15);
      round<W, Traits>(a, b, c, d, e, f, g, h, k[0] + x[0]);
      round<W, Traits>(h, a, b, c, d, e, f, g, k[1] + x[1]);
      round<W, Traits>(g, h, a, b, c, d, e, f, k[2] + x[2]);
      round<W, Traits>(f, g, h, a, b, c, d, e, k[3] + x[3]);
      round<W, Traits>(e, f, g, h, a, b, c, d, k[4] + x[4]);
      round<W, Traits>(d, e, f, g, h, a, b, c, k[5] + x[5]);
      round<W, Traits>(c, d, e, f, g, h, a, b, k[6] + x[6]);
      round<W, Traits>(b, c, d, e, f, g, h, a, k[7] + x[7]);
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

}  // namespace aeskit::detail::sha2
