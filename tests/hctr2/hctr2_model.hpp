// tests/hctr2/hctr2_model.hpp — an independent model of HCTR2 and XCTR for the differential
// tests, written from the paper's definition, byte at a time: AES from OpenSSL's EVP
// (AES-ECB, one block per call) and POLYVAL multiplied bit by bit. Shares no code with the
// library (no aeskit header). Slow on purpose; only for tests.
// References: Crowley, Huckleberry, Biggers, "Length-preserving encryption with HCTR2",
// ePrint 2021/1441, §3 (HCTR2, XCTR, H with the tweak-length block and padding); RFC 8452
// §3 (POLYVAL: dot(a, b) = a·b·x^-128 mod x^128 + x^127 + x^126 + x^121 + 1, little-endian).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "aeskit/modes.hpp"
#include "support/hex.hpp"
#include "support/openssl_ref.hpp"

namespace aeskit_test::hctr2_model {

using u128 = unsigned __int128;

inline u128 le_load(const std::uint8_t* p) {
  u128 v = 0;
  for (int i = 15; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
inline void le_store(std::uint8_t* p, u128 v) {
  for (int i = 0; i < 16; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// The field polynomial without its x^128 term.
inline constexpr u128 kPolyLow = (u128{1} << 127) | (u128{1} << 126) | (u128{1} << 121) | 1;

// dot(a, b) = a·b·x^-128: a·b bit by bit (Horner from b's top bit), then 128 divisions by x.
inline u128 dot(u128 a, u128 b) {
  u128 r = 0;
  for (int i = 127; i >= 0; --i) {
    const bool top = (r >> 127) != 0;
    r <<= 1;
    if (top) r ^= kPolyLow;
    if ((b >> i) & 1) r ^= a;
  }
  for (int i = 0; i < 128; ++i) {
    if (r & 1)
      r = ((r ^ kPolyLow) >> 1) | (u128{1} << 127);  // r + P is divisible by x
    else
      r >>= 1;
  }
  return r;
}

// polyval: POLYVAL(h, blocks) over whole 16-byte blocks.
inline u128 polyval(const std::uint8_t h[16], std::span<const std::uint8_t> blocks) {
  const u128 hv = le_load(h);
  u128 s = 0;
  for (std::size_t i = 0; i + 16 <= blocks.size(); i += 16) s = dot(s ^ le_load(&blocks[i]), hv);
  return s;
}

// hash: H(T, X) = POLYVAL(hbar, le128(2·8·|T| + (|X| % 16 ? 3 : 2)) || T zero-padded ||
// X padded with 0x01 and zeros when |X| % 16 != 0).
inline void hash(const std::uint8_t hbar[16], std::span<const std::uint8_t> t,
                 std::span<const std::uint8_t> x, std::uint8_t out[16]) {
  std::vector<std::uint8_t> in(16, 0);
  const u128 len = u128{16} * t.size() + (x.size() % 16 != 0 ? 3 : 2);
  le_store(in.data(), len);
  in.insert(in.end(), t.begin(), t.end());
  while (in.size() % 16 != 0) in.push_back(0);
  in.insert(in.end(), x.begin(), x.end());
  if (x.size() % 16 != 0) {
    in.push_back(1);
    while (in.size() % 16 != 0) in.push_back(0);
  }
  le_store(out, polyval(hbar, in));
}

// xctr: out = in ^ XCTR_K(S), XCTR_K(S)_i = E_K(S ^ le128(i)), i = 1, 2, ...
inline void xctr(EvpBlock& aes, const std::uint8_t s[16], std::span<const std::uint8_t> in,
                 std::uint8_t* out, std::uint64_t first = 1) {
  for (std::size_t off = 0; off < in.size(); off += 16) {
    std::uint8_t block[16], ks[16];
    le_store(block, le_load(s) ^ u128{first + off / 16});
    aes.crypt(block, ks);
    for (std::size_t j = 0; j < 16 && off + j < in.size(); ++j)
      out[off + j] = static_cast<std::uint8_t>(in[off + j] ^ ks[j]);
  }
}

// crypt: HCTR2 encryption or decryption of `in` (at least 16 bytes) under `key` and `tweak`.
inline Bytes crypt(bool encrypt, std::span<const std::uint8_t> key,
                   std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in) {
  EvpBlock enc(key, aeskit::Direction::encrypt);
  EvpBlock dec(key, aeskit::Direction::decrypt);
  std::uint8_t hbar[16] = {}, l[16] = {};
  enc.crypt(hbar, hbar);
  l[0] = 1;
  enc.crypt(l, l);
  Bytes out(in.size());
  const std::span<const std::uint8_t> first = in.first(16), rest = in.subspan(16);
  std::uint8_t h1[16], mm[16], uu[16], s[16], h2[16];
  hash(hbar, tweak, rest, h1);
  if (encrypt) {
    for (int i = 0; i < 16; ++i) mm[i] = static_cast<std::uint8_t>(first[i] ^ h1[i]);
    enc.crypt(mm, uu);
  } else {
    for (int i = 0; i < 16; ++i) uu[i] = static_cast<std::uint8_t>(first[i] ^ h1[i]);
    dec.crypt(uu, mm);
  }
  for (int i = 0; i < 16; ++i) s[i] = static_cast<std::uint8_t>(mm[i] ^ uu[i] ^ l[i]);
  xctr(enc, s, rest, out.data() + 16);
  hash(hbar, tweak, std::span<const std::uint8_t>(out).subspan(16), h2);
  for (int i = 0; i < 16; ++i)
    out[i] = static_cast<std::uint8_t>((encrypt ? uu[i] : mm[i]) ^ h2[i]);
  return out;
}

}  // namespace aeskit_test::hctr2_model
