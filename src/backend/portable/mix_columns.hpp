// src/backend/portable/mix_columns.hpp — MixColumns and InvMixColumns on the fixsliced state,
// one variant per phase.
//
// CPU features: none (64-bit rotations, AND, OR, XOR).
// References: FIPS-197 §5.1.3, §5.3.3; Adomnicai & Peyrin, "Fixslicing AES-like ciphers",
// TCHES 2021(1) §3 (skipping ShiftRows and absorbing it into the MixColumns variants).
//
// Phases. ShiftRows moves row r left by r columns: SR(s)(r, c) = s(r, c + r). A bitsliced
// ShiftRows costs a dozen operations per word, so the cipher never performs it. Instead the
// words hold a "physical" state t in some phase P (mod 4), related to the true state s by
//     s = SR^P(t),   i.e.   s(r, c) = t(r, c + P r).
// SubBytes and AddRoundKey act on each byte alone, so they work in any phase (round keys are
// stored pre-permuted to the phase they meet). Skipping a ShiftRows turns phase P into P + 1;
// skipping an InvShiftRows turns it into P - 1. MixColumns of the true state,
//     MC(s)(r, c) = 2 s(r, c) ^ 3 s(r+1, c) ^ s(r+2, c) ^ s(r+3, c),
// becomes on the physical state (substitute s(r+k, c) = t(r+k, c + P r + P k), rename c + P r)
//     v(r, c) = 2 t(r, c) ^ 3 t(r+1, c+P) ^ t(r+2, c+2P) ^ t(r+3, c+3P).
// With N_k(t)(r, c) = t(r+k, c+kP) (so N_1 N_2 = N_3), b = t ^ N_1(t) gives
//     v = 2 b ^ N_1(t) ^ N_2(b)        (2 b = 2 t ^ 2 N_1 t, N_2 b = N_2 t ^ N_3 t).
//
// Neighbours as word operations. In the layout of bitslice.hpp (bit 16 r + 4 c + b),
// rotr(x, s) puts bit p + s at p. Moving k rows and d = kP mod 4 columns is rotr by 16 k + 4 d
// for the columns c < 4 - d and by 16 k + 4 d - 16 for the others (the column wraps inside its
// row field): one rotation when d = 0, else two rotations merged under a mask. Phase 0 needs 2
// rotations per word, phase 2 needs 6 operations, phases 1 and 3 need 10.
//
// Multiplication by 2 (xtime) on bit-planes: (2 b)_0 = b_7, (2 b)_i = b_{i-1}, plus b_7 into
// bits 1, 3, 4 (the reduction by x^8 = x^4 + x^3 + x + 1).
//
// InvMixColumns. Its matrix circulant(0e, 0b, 0d, 09) equals circulant(02, 03, 01, 01) times
// circulant(05, 00, 04, 00) (multiply the polynomials mod x^4 + 1 to check), so
//     InvMC(t) = MC(t ^ 4 (t ^ N_2 t)),
// where 4 w on bit-planes: (4w)_0 = w6, _1 = w6^w7, _2 = w0^w7, _3 = w1^w6, _4 = w2^w6^w7,
// _5 = w3^w7, _6 = w4, _7 = w5.
#pragma once

#include <bit>
#include <cstdint>

namespace aeskit::detail::portable {

// field_mask: bits whose column c (inside every 16-bit row field) is below `limit`.
constexpr std::uint64_t field_mask(unsigned limit) {
  const std::uint64_t field = (std::uint64_t{1} << (4 * limit)) - 1;
  return field * 0x0001000100010001;
}

// neighbour<K, P>: t(r + K, c + K P) at (r, c).
template <unsigned K, unsigned P>
inline std::uint64_t neighbour(std::uint64_t x) noexcept {
  constexpr unsigned d = (K * P) % 4;
  if constexpr (d == 0) {
    return std::rotr(x, static_cast<int>(16 * K));
  } else {
    constexpr std::uint64_t low = field_mask(4 - d);
    return (std::rotr(x, static_cast<int>(16 * K + 4 * d)) & low) |
           (std::rotr(x, static_cast<int>(16 * K + 4 * d - 16)) & ~low);
  }
}

// mix_columns<P>: MixColumns of a phase-P state, result in phase P. Written out plane by
// plane (no loops), so compilers keep this 4-block path in scalar registers.
template <unsigned P>
inline void mix_columns(std::uint64_t& q0, std::uint64_t& q1, std::uint64_t& q2, std::uint64_t& q3,
                        std::uint64_t& q4, std::uint64_t& q5, std::uint64_t& q6,
                        std::uint64_t& q7) noexcept {
  const std::uint64_t n0 = neighbour<1, P>(q0), n1 = neighbour<1, P>(q1);
  const std::uint64_t n2 = neighbour<1, P>(q2), n3 = neighbour<1, P>(q3);
  const std::uint64_t n4 = neighbour<1, P>(q4), n5 = neighbour<1, P>(q5);
  const std::uint64_t n6 = neighbour<1, P>(q6), n7 = neighbour<1, P>(q7);
  const std::uint64_t b0 = q0 ^ n0, b1 = q1 ^ n1, b2 = q2 ^ n2, b3 = q3 ^ n3;
  const std::uint64_t b4 = q4 ^ n4, b5 = q5 ^ n5, b6 = q6 ^ n6, b7 = q7 ^ n7;
  q0 = b7 ^ n0 ^ neighbour<2, P>(b0);
  q1 = b0 ^ b7 ^ n1 ^ neighbour<2, P>(b1);
  q2 = b1 ^ n2 ^ neighbour<2, P>(b2);
  q3 = b2 ^ b7 ^ n3 ^ neighbour<2, P>(b3);
  q4 = b3 ^ b7 ^ n4 ^ neighbour<2, P>(b4);
  q5 = b4 ^ n5 ^ neighbour<2, P>(b5);
  q6 = b5 ^ n6 ^ neighbour<2, P>(b6);
  q7 = b6 ^ n7 ^ neighbour<2, P>(b7);
}

// inv_mix_columns<P>: InvMixColumns of a phase-P state, result in phase P.
template <unsigned P>
inline void inv_mix_columns(std::uint64_t& q0, std::uint64_t& q1, std::uint64_t& q2,
                            std::uint64_t& q3, std::uint64_t& q4, std::uint64_t& q5,
                            std::uint64_t& q6, std::uint64_t& q7) noexcept {
  const std::uint64_t w0 = q0 ^ neighbour<2, P>(q0), w1 = q1 ^ neighbour<2, P>(q1);
  const std::uint64_t w2 = q2 ^ neighbour<2, P>(q2), w3 = q3 ^ neighbour<2, P>(q3);
  const std::uint64_t w4 = q4 ^ neighbour<2, P>(q4), w5 = q5 ^ neighbour<2, P>(q5);
  const std::uint64_t w6 = q6 ^ neighbour<2, P>(q6), w7 = q7 ^ neighbour<2, P>(q7);
  const std::uint64_t w67 = w6 ^ w7;
  q0 ^= w6;
  q1 ^= w67;
  q2 ^= w0 ^ w7;
  q3 ^= w1 ^ w6;
  q4 ^= w2 ^ w67;
  q5 ^= w3 ^ w7;
  q6 ^= w4;
  q7 ^= w5;
  mix_columns<P>(q0, q1, q2, q3, q4, q5, q6, q7);
}

}  // namespace aeskit::detail::portable
