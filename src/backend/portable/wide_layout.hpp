// src/backend/portable/wide_layout.hpp — the wide (32-block) bitsliced layout: packing 512 bytes
// into row words and back.
//
// CPU features: none (16-bit lane shifts, AND, XOR and lane permutations on the Vec type of
// wide_vector.hpp; loads and stores are little-endian 16-bit lanes on any byte order).
// References: FIPS-197 §3.4; bitslice.hpp (the 4-block layout this one is cut from).
//
// The layout. 32 blocks form 8 lanes of 4 blocks (lane h = blocks 4h .. 4h+3, b = block in the
// lane). Take the 4-block layout of bitslice.hpp for each lane (word j = bit-plane j, bit
// 16 r + 4 c + b) and cut each 64-bit word into its four 16-bit rows:
//     q[j][r * kLanes + h]  holds, at bit 4 c + b, bit j of byte (row r, column c) of block 4h + b.
// So a row word is 4 columns x 4 blocks, and the words of one (plane, row) for the 8 lanes are
// adjacent: loops over the lane index h are what compilers vectorize (8 x 16 bits = one
// 128-bit register). Moving to another row is a different array index, not a rotation, and a
// column move is a rotation of a 16-bit word. The round keys of the 4-block layout apply
// as they are: row r of key word j is (k[j] >> 16 r) & 0xFFFF.
//
// Packing treats lane h's 64 bytes as 32 little-endian 16-bit words, numbered k = 0..31 and
// kept at q[k / 4][(k % 4) * kLanes + h] throughout, then exchanges address bits as
// bitslice.hpp does, but on 16-bit words. Word k is chosen to be the bytes (row 2 r1, column
// c) and (row 2 r1 + 1, column c) of block b of the lane, with
//     k = 16 c0 + 8 b1 + 4 b0 + 2 r1 + c1,    bit index inside the word = (r0, j2, j1, j0),
// so the exchanges (bit of k <-> bit of the bit index)
//     k:1 <-> r0 (shift 8),  k:16 <-> j2 (shift 4),  k:8 <-> j1 (shift 2),  k:4 <-> j0 (shift 1)
// leave k = 16 j2 + 8 j1 + 4 j0 + 2 r1 + r0 = 4 j + r and bit index (c1, c0, b1, b0) = 4 c + b,
// which is the layout above. An exchange is a swap-move between the words k and k + d
// (d = 1, 16, 8, 4) for every k with that bit clear, in all lanes at once.
//
// Vectors. The state is VState q[j][r] (wide_cipher.hpp): lane h of q[j][r] is the word
// q[j][r * kLanes + h] above. Block b of lane h, loaded as one vector, holds its 8 words
// 4 c1 + w (w = 0..3: the 16-bit word w of its 8-byte half c1); word w of half c1 goes to
// (plane, row) = (b + 4 (w >> 1), c1 + 2 (w & 1)). Loading block b of all 8 lanes gives an
// 8 x 8 matrix of 16-bit words (row = lane, column = word); its transpose (three rounds of
// interleaves: 16-, 32-, 64-bit) has one vector per word, lanes = lanes: exactly the state
// words before the exchanges. The transpose is its own inverse, so unpacking runs it again.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backend/portable/wide_vector.hpp"

namespace aeskit::detail::portable::wide {

inline constexpr unsigned kLanes = kVecLanes;
inline constexpr unsigned kBlocks = 4 * kLanes;

using Row = std::uint16_t;
using VState = Vec[8][4];

// load_vec / store_vec: 16 bytes as 8 little-endian 16-bit lanes.
inline Vec load_vec(const std::uint8_t* p) noexcept {
  Vec v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::endian::native == std::endian::big) v = (v << 8) | (v >> 8);
  return v;
}
inline void store_vec(std::uint8_t* p, Vec v) noexcept {
  if constexpr (std::endian::native == std::endian::big) v = (v << 8) | (v >> 8);
  std::memcpy(p, &v, sizeof v);
}

// transpose8: m[i] lane k <-> m[k] lane i.
inline void transpose8(Vec (&m)[8]) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  Vec a[8], b[8];
  for (unsigned i = 0; i < 8; i += 2) {  // 16-bit interleave of rows i, i + 1
    a[i] = __builtin_shufflevector(m[i], m[i + 1], 0, 8, 1, 9, 2, 10, 3, 11);
    a[i + 1] = __builtin_shufflevector(m[i], m[i + 1], 4, 12, 5, 13, 6, 14, 7, 15);
  }
  for (unsigned i = 0; i < 8; i += 4)  // 32-bit interleave
    for (unsigned t = 0; t < 2; ++t) {
      b[i + 2 * t] = __builtin_shufflevector(a[i + t], a[i + t + 2], 0, 1, 8, 9, 2, 3, 10, 11);
      b[i + 2 * t + 1] =
          __builtin_shufflevector(a[i + t], a[i + t + 2], 4, 5, 12, 13, 6, 7, 14, 15);
    }
  for (unsigned t = 0; t < 4; ++t) {  // 64-bit interleave
    m[2 * t] = __builtin_shufflevector(b[t], b[t + 4], 0, 1, 2, 3, 8, 9, 10, 11);
    m[2 * t + 1] = __builtin_shufflevector(b[t], b[t + 4], 4, 5, 6, 7, 12, 13, 14, 15);
  }
#else
  Vec t[8];
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned k = 0; k < 8; ++k) t[k].w[i] = m[i].w[k];
  for (unsigned i = 0; i < 8; ++i) m[i] = t[i];
#endif
}

inline void swap_move(Vec& x, Vec& y, Row mask, unsigned shift) noexcept {
  const Vec t = ((x >> shift) ^ y) & broadcast(mask);
  y ^= t;
  x ^= t << shift;
}

// exchange_r0<Mask, Shift>: bit k:1 (the low bit of the row) <-> bit-index bit of weight Shift.
template <Row Mask, unsigned Shift>
inline void exchange_r0(VState& q) noexcept {
  for (unsigned j = 0; j < 8; ++j)
    for (unsigned r = 0; r < 4; r += 2) swap_move(q[j][r], q[j][r + 1], Mask, Shift);
}

// exchange_j<D, Mask, Shift>: bit k:4D (bit D of the plane) <-> bit-index bit of weight Shift.
template <unsigned D, Row Mask, unsigned Shift>
inline void exchange_j(VState& q) noexcept {
  for (unsigned base = 0; base < 8; base += 2 * D)
    for (unsigned j = base; j < base + D; ++j)
      for (unsigned r = 0; r < 4; ++r) swap_move(q[j][r], q[j + D][r], Mask, Shift);
}

// pack: 512 bytes -> state.
inline void pack(const std::uint8_t* in, VState& q) noexcept {
  for (unsigned b = 0; b < 4; ++b) {
    Vec m[8];
    for (unsigned h = 0; h < kLanes; ++h) m[h] = load_vec(in + 64 * h + 16 * b);
    transpose8(m);
    for (unsigned c1 = 0; c1 < 2; ++c1) {
      q[b][c1] = m[4 * c1];
      q[b][c1 + 2] = m[4 * c1 + 1];
      q[b + 4][c1] = m[4 * c1 + 2];
      q[b + 4][c1 + 2] = m[4 * c1 + 3];
    }
  }
  exchange_r0<0x00FF, 8>(q);
  exchange_j<4, 0x0F0F, 4>(q);
  exchange_j<2, 0x3333, 2>(q);
  exchange_j<1, 0x5555, 1>(q);
}

// unpack: the inverse of pack. With `odd_rows_swapped` (phase 2, see mix_columns.hpp) the
// bytes of odd rows (the high byte of every 16-bit word) trade places between columns c and
// c ^ 2, i.e. between the words w and 4 + w of a block (its two 8-byte halves).
inline void unpack(VState& q, std::uint8_t* out, bool odd_rows_swapped) noexcept {
  exchange_j<1, 0x5555, 1>(q);
  exchange_j<2, 0x3333, 2>(q);
  exchange_j<4, 0x0F0F, 4>(q);
  exchange_r0<0x00FF, 8>(q);
  const Vec odd = broadcast(odd_rows_swapped ? 0xFF00 : 0);
  for (unsigned b = 0; b < 4; ++b) {
    Vec m[8];
    for (unsigned c1 = 0; c1 < 2; ++c1) {
      m[4 * c1] = q[b][c1];
      m[4 * c1 + 1] = q[b][c1 + 2];
      m[4 * c1 + 2] = q[b + 4][c1];
      m[4 * c1 + 3] = q[b + 4][c1 + 2];
    }
    for (unsigned w = 0; w < 4; ++w) {
      const Vec t = (m[w] ^ m[w + 4]) & odd;
      m[w] ^= t;
      m[w + 4] ^= t;
    }
    transpose8(m);
    for (unsigned h = 0; h < kLanes; ++h) store_vec(out + 64 * h + 16 * b, m[h]);
  }
}

}  // namespace aeskit::detail::portable::wide
