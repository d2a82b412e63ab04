// tests/support/ghash_oracle.hpp — a bit-serial GHASH to check the GHASH backends against:
// NIST SP 800-38D §6.3 Algorithm 1 (one bit of X at a time, V shifted right with the
// R = 11100001 || 0^120 fold; bit 0 is the MSB of byte 0) and §6.4 for GHASH. Header-only, no
// test framework: shared by tests/ghash and the self-contained tests/cross. `Block` is any
// container of 16 bytes (std::array or std::vector). No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aeskit_test::ghash_oracle {

// multiply: X·Y in GF(2^128).
template <class Block>
Block multiply(const Block& x, const Block& y) {
  Block z = y, v = y;
  for (auto& b : z) b = 0;
  for (unsigned i = 0; i < 128; ++i) {
    if ((x[i / 8] >> (7 - i % 8)) & 1)
      for (unsigned j = 0; j < 16; ++j) z[j] ^= v[j];
    const bool lsb = v[15] & 1;
    for (unsigned j = 15; j > 0; --j)
      v[j] = static_cast<std::uint8_t>((v[j] >> 1) | (v[j - 1] << 7));
    v[0] = static_cast<std::uint8_t>(v[0] >> 1);
    if (lsb) v[0] ^= 0xE1;
  }
  return z;
}

// ghash: the state `y` after absorbing `blocks` 16-byte blocks of `data` under `h`.
template <class Block>
Block ghash(const Block& h, Block y, const std::uint8_t* data, std::size_t blocks) {
  for (std::size_t i = 0; i < blocks; ++i) {
    for (unsigned j = 0; j < 16; ++j) y[j] ^= data[16 * i + j];
    y = multiply(y, h);
  }
  return y;
}

}  // namespace aeskit_test::ghash_oracle
