// src/core/block_double.hpp — doubling in GF(2^128) on a big-endian 16-byte block, the
// "dbl" of CMAC subkeys (SP 800-38B §6.1), OCB3's L table (RFC 7253 §2), SIV's S2V (RFC 5297
// §2.3) and XAES-256-GCM's K1.
//
// Math: S = hi || lo as two big-endian 64-bit words; dbl(S) = (S << 1) xor (msb(S) · 0x87),
// the modulus being x^128 + x^7 + x^2 + x + 1. The carry becomes a mask: no branch on S.
#pragma once

#include <cstdint>

namespace aeskit::detail {

inline std::uint64_t load_be64_bytes(const std::uint8_t* p) noexcept {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

inline void store_be64_bytes(std::uint8_t* p, std::uint64_t v) noexcept {
  for (int i = 7; i >= 0; --i) {
    p[i] = static_cast<std::uint8_t>(v);
    v >>= 8;
  }
}

// block_double: out = dbl(in); out may equal in.
inline void block_double(const std::uint8_t in[16], std::uint8_t out[16]) noexcept {
  const std::uint64_t hi = load_be64_bytes(in);
  const std::uint64_t lo = load_be64_bytes(in + 8);
  const std::uint64_t carry_mask = 0 - (hi >> 63);
  store_be64_bytes(out, (hi << 1) | (lo >> 63));
  store_be64_bytes(out + 8, (lo << 1) ^ (carry_mask & 0x87));
}

}  // namespace aeskit::detail
