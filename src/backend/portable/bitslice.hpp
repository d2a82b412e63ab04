// src/backend/portable/bitslice.hpp — moving four AES blocks into and out of bitsliced form.
//
// CPU features: none (64-bit integer shifts, AND, XOR; loads and stores are little-endian on
// every CPU, so the result is the same on any byte order).
// References: FIPS-197 §3.4 (byte 4c + r of a block is row r, column c of the state);
// Adomnicai & Peyrin, "Fixslicing AES-like ciphers", TCHES 2021(1) (bitsliced AES layouts).
//
// The layout. A batch is 4 blocks = 64 bytes = 512 bits, kept in 8 words q[0..7]: word j holds
// bit j of all 64 bytes. Byte (row r, column c) of block b sits at bit
//     pos(r, c, b) = 16 r + 4 c + b,
// so a row is a 16-bit field and, inside it, a column is a nibble (one bit per block). Every
// S-box input bit of a byte is at the same position in the 8 words, so SubBytes is a boolean
// circuit on whole words; "the same column, next row" is a rotation by 16 (MixColumns).
//
// Packing. Block b is loaded as two little-endian words, w[4 c1 + b] = its bytes 8 c1 .. 8 c1 + 7
// (c = 2 c1 + c0). Give each of the 512 bits a 9-bit address: 3 bits of word index W2 W1 W0 and
// 6 bits of bit index B5..B0. After the loads
//     (W2, W1, W0) = (c1, b1, b0)      (B5, .., B0) = (c0, r1, r0, j2, j1, j0)
// (byte 8 c1 + 4 c0 + r holds bit j at 8 (4 c0 + r) + j), and the layout above is
//     (W2, W1, W0) = (j2, j1, j0)      (B5, .., B0) = (r1, r0, c1, c0, b1, b0).
// A swap-move exchanges one word-index bit Wi with one bit-index bit Bs: for every pair of
// words (x, y) that differ only in Wi (x has it clear), the bits of x whose index has Bs set
// trade places with the bits of y whose index has Bs clear. Six of them do the permutation:
//     W2<->B3, W2<->B4, W2<->B5   move c1, r0, r1, c0 through W2 so the rows end on top,
//     W2<->B2, W1<->B1, W0<->B0   the 8x8 bit transposition that brings j into the word index.
// A swap-move is its own inverse, so unpacking runs the six in reverse order.
#pragma once

#include <bit>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "base/byte_order.hpp"

namespace aeskit::detail::portable {

// Little-endian 64-bit loads and stores: base/byte_order.hpp (load_le64 / store_le64).

// swap_move: x keeps its bits where `mask` << shift is clear; the bits of x under mask << shift
// and the bits of y under mask trade places.
inline void swap_move(std::uint64_t& x, std::uint64_t& y, std::uint64_t mask,
                      unsigned shift) noexcept {
  const std::uint64_t t = ((x >> shift) ^ y) & mask;
  y ^= t;
  x ^= t << shift;
}

// exchange: one address-bit exchange over all four word pairs. `word_bit` is the word-index
// distance (1, 2 or 4); bit-index bit Bs has shift 2^s and mask "Bs clear".
inline void exchange(std::uint64_t q[8], unsigned word_bit, std::uint64_t mask,
                     unsigned shift) noexcept {
  for (unsigned i = 0; i < 8; ++i)
    if ((i & word_bit) == 0) swap_move(q[i], q[i | word_bit], mask, shift);
}

inline constexpr std::uint64_t kClear0 = 0x5555555555555555;  // bit-index bit 0 clear
inline constexpr std::uint64_t kClear1 = 0x3333333333333333;
inline constexpr std::uint64_t kClear2 = 0x0F0F0F0F0F0F0F0F;
inline constexpr std::uint64_t kClear3 = 0x00FF00FF00FF00FF;
inline constexpr std::uint64_t kClear4 = 0x0000FFFF0000FFFF;
inline constexpr std::uint64_t kClear5 = 0x00000000FFFFFFFF;

// pack: 64 bytes (4 blocks) -> 8 bitsliced words.
inline void pack(const std::uint8_t* in, std::uint64_t q[8]) noexcept {
  for (unsigned b = 0; b < 4; ++b) {
    q[b] = load_le64(in + 16 * b);
    q[4 + b] = load_le64(in + 16 * b + 8);
  }
  exchange(q, 4, kClear3, 8);
  exchange(q, 4, kClear4, 16);
  exchange(q, 4, kClear5, 32);
  exchange(q, 4, kClear2, 4);
  exchange(q, 2, kClear1, 2);
  exchange(q, 1, kClear0, 1);
}

// unpack: the inverse of pack. With `odd_rows_swapped` the state is taken to be in phase 2 (see
// mix_columns.hpp): physical column c of an odd row holds true column c ^ 2, which is undone
// here on the loaded-layout words, where c1 is the word-index bit W2 and odd rows are odd bytes.
inline void unpack(std::uint64_t q[8], std::uint8_t* out, bool odd_rows_swapped) noexcept {
  exchange(q, 1, kClear0, 1);
  exchange(q, 2, kClear1, 2);
  exchange(q, 4, kClear2, 4);
  exchange(q, 4, kClear5, 32);
  exchange(q, 4, kClear4, 16);
  exchange(q, 4, kClear3, 8);
  // A public choice (it depends on the number of rounds only): mask all-ones or zero.
  const std::uint64_t odd = odd_rows_swapped ? 0xFF00FF00FF00FF00 : 0;
  for (unsigned b = 0; b < 4; ++b) {
    const std::uint64_t t = (q[b] ^ q[4 + b]) & odd;
    store_le64(out + 16 * b, q[b] ^ t);
    store_le64(out + 16 * b + 8, q[4 + b] ^ t);
  }
}

}  // namespace aeskit::detail::portable
