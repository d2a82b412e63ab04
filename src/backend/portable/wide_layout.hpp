// src/backend/portable/wide_layout.hpp — the wide (32-block) bitsliced layout: packing 512 bytes
// into row words and back.
//
// CPU features: none (16-bit integer shifts, AND, XOR; the little-endian loads and stores of
// bitslice.hpp, so the result is the same on any byte order).
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
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/portable/bitslice.hpp"

namespace aeskit::detail::portable::wide {

inline constexpr unsigned kLanes = 8;
inline constexpr unsigned kBlocks = 4 * kLanes;
inline constexpr unsigned kRowWords = 4 * kLanes;  // words per bit-plane

using Row = std::uint16_t;
using State = Row[8][kRowWords];

inline void swap_move16(Row& x, Row& y, Row mask, unsigned shift) noexcept {
  const auto t = static_cast<Row>(((x >> shift) ^ y) & mask);
  y = static_cast<Row>(y ^ t);
  x = static_cast<Row>(x ^ (t << shift));
}

// exchange_r0<Mask, Shift>: bit k:1 (the low bit of the row) <-> bit-index bit of weight Shift.
template <Row Mask, unsigned Shift>
inline void exchange_r0(State& q) noexcept {
  for (unsigned j = 0; j < 8; ++j)
    for (unsigned r = 0; r < 4; r += 2)
      for (unsigned h = 0; h < kLanes; ++h)
        swap_move16(q[j][r * kLanes + h], q[j][(r + 1) * kLanes + h], Mask, Shift);
}

// exchange_j<D, Mask, Shift>: bit k:4D (bit D of the plane) <-> bit-index bit of weight Shift.
template <unsigned D, Row Mask, unsigned Shift>
inline void exchange_j(State& q) noexcept {
  for (unsigned base = 0; base < 8; base += 2 * D)
    for (unsigned j = base; j < base + D; ++j)
      for (unsigned i = 0; i < kRowWords; ++i) swap_move16(q[j][i], q[j + D][i], Mask, Shift);
}

// pack: 512 bytes -> state. The 8-byte half c1 of block b in lane h holds the 16-bit words
// k = 4 b + c1 + {0, 2, 16, 18}, i.e. (plane, row) = (b, c1), (b, c1 + 2), (b + 4, c1),
// (b + 4, c1 + 2) before the exchanges. The halves are first loaded lane-major, so that the
// split into 16-bit words runs over adjacent lanes.
inline void pack(const std::uint8_t* in, State& q) noexcept {
  std::uint64_t half[8][kLanes];
  for (unsigned h = 0; h < kLanes; ++h)
    for (unsigned m = 0; m < 8; ++m) half[m][h] = load_le64(in + 64 * h + 8 * m);
  for (unsigned b = 0; b < 4; ++b)
    for (unsigned c1 = 0; c1 < 2; ++c1)
      for (unsigned h = 0; h < kLanes; ++h) {
        const std::uint64_t v = half[2 * b + c1][h];
        q[b][c1 * kLanes + h] = static_cast<Row>(v);
        q[b][(c1 + 2) * kLanes + h] = static_cast<Row>(v >> 16);
        q[b + 4][c1 * kLanes + h] = static_cast<Row>(v >> 32);
        q[b + 4][(c1 + 2) * kLanes + h] = static_cast<Row>(v >> 48);
      }
  exchange_r0<0x00FF, 8>(q);
  exchange_j<4, 0x0F0F, 4>(q);
  exchange_j<2, 0x3333, 2>(q);
  exchange_j<1, 0x5555, 1>(q);
}

// unpack: the inverse of pack. With `odd_rows_swapped` (phase 2, see mix_columns.hpp) the
// bytes of odd rows (the high byte of every 16-bit word) trade places between columns c and
// c ^ 2, i.e. between the two 8-byte halves of a block.
inline void unpack(State& q, std::uint8_t* out, bool odd_rows_swapped) noexcept {
  exchange_j<1, 0x5555, 1>(q);
  exchange_j<2, 0x3333, 2>(q);
  exchange_j<4, 0x0F0F, 4>(q);
  exchange_r0<0x00FF, 8>(q);
  const std::uint64_t odd = odd_rows_swapped ? 0xFF00FF00FF00FF00 : 0;
  for (unsigned h = 0; h < kLanes; ++h)
    for (unsigned b = 0; b < 4; ++b) {
      std::uint64_t half[2];
      for (unsigned c1 = 0; c1 < 2; ++c1)
        half[c1] = std::uint64_t{q[b][c1 * kLanes + h]} |
                   std::uint64_t{q[b][(c1 + 2) * kLanes + h]} << 16 |
                   std::uint64_t{q[b + 4][c1 * kLanes + h]} << 32 |
                   std::uint64_t{q[b + 4][(c1 + 2) * kLanes + h]} << 48;
      const std::uint64_t t = (half[0] ^ half[1]) & odd;
      store_le64(out + 64 * h + 16 * b, half[0] ^ t);
      store_le64(out + 64 * h + 16 * b + 8, half[1] ^ t);
    }
}

}  // namespace aeskit::detail::portable::wide
