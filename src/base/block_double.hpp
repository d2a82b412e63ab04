// src/base/block_double.hpp — doubling in GF(2^128) on a big-endian 16-byte block, the
// "dbl" of CMAC subkeys (SP 800-38B §6.1), OCB3's L table (RFC 7253 §2), SIV's S2V (RFC 5297
// §2.3) and XAES-256-GCM's K1.
//
// Math: S = hi || lo as two big-endian 64-bit words; dbl(S) = (S << 1) xor (msb(S) · 0x87),
// the modulus being x^128 + x^7 + x^2 + x + 1. The carry becomes a mask: no branch on S.
#pragma once

#include <cstdint>

#include "base/block128.hpp"

namespace aeskit::detail {

// block_double: out = dbl(in); out may equal in. One 16-byte load and one 16-byte store
// (base/block128.hpp says why).
inline void block_double(const std::uint8_t in[16], std::uint8_t out[16]) noexcept {
  store_block128(out, block128_double(load_block128(in)));
}

}  // namespace aeskit::detail
