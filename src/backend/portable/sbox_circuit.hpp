// src/backend/portable/sbox_circuit.hpp — the AES S-box and its inverse as a boolean circuit on
// bitsliced words (one S-box per bit position of the words).
//
// CPU features: none (AND and XOR on unsigned words; no tables, no branches: constant-time).
// References: FIPS-197 §5.1.1 and §5.3.2 (S-box, inverse S-box); J. Boyar and R. Peralta,
// "A new combinational logic minimization technique with applications to cryptology",
// SEA 2010 (the published gate list used below: 32 AND and 83 XOR/XNOR).
//
// The math. S(x) = A(x^-1) ^ 0x63 where x^-1 is the inverse in GF(2^8) (0 -> 0) and A is a
// linear map on bits. The circuit has three layers:
//   - a linear top layer: 22 XOR combinations y1..y21 of the input bits (23 XORs);
//   - a nonlinear middle: the inversion, computed in a tower representation GF(((2^2)^2)^2),
//     where an inverse in GF(2^8) reduces to one in GF(2^4) (t21..t45) and the products of that
//     inverse with the top-layer forms (z0..z17): 32 ANDs in all;
//   - a linear bottom layer (t46..t67 and the outputs) that maps the products back to the
//     standard basis with A folded in.
// The circuit's four NOTs (the 1 bits of 0x63) are left out: the forward layer returns
// S(x) ^ 0x63 = A(x^-1), and the constant is folded into the round keys (MixColumns maps an
// all-0x63 state to itself, so the constant can move past it).
//
// Inverse: S^-1(y) = (A^-1 (y ^ 0x63))^-1 = A^-1( A( (A^-1 y')^-1 ) ) with y' = y ^ 0x63, i.e.
//     S^-1(y) = A^-1( A((A^-1 y')^-1) ),  the same circuit between two A^-1 layers.
// The decryption keys carry the 0x63 (see key_schedule.cpp), so the inverse layer receives y'.
// A^-1 maps bits as b_i = y_{i+2} ^ y_{i+5} ^ y_{i+7} (indices mod 8). The pair
// p_k = y_k ^ y_{k+3} occurs in both b_{k-2} = p_k ^ y_{k+5} and b_{k+1} = p_k ^ y_{k+6}, so
// p_0, p_2, p_4, p_6 cover all eight outputs: 12 XORs instead of 16.
//
// Words: plane j holds bit j of every byte (plane 0 is the least significant bit). The
// circuit's U0..U7 are bits 7..0 and its outputs S0..S7 are bits 7..0.
//
// Shape: sub_bytes works on an array q[8][N] of N independent words per plane and loops over
// them with the whole circuit in the loop body, so that compilers can turn the loop into
// SIMD code (the wide path, wide_cipher.cpp) or, for N = 1, into straight-line code.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aeskit::detail::portable {

// inverse_affine_linear: (y0..y7) <- A^-1 (y0..y7), bit-planes as above.
template <class W>
inline void inverse_affine_linear(W& y0, W& y1, W& y2, W& y3, W& y4, W& y5, W& y6, W& y7) noexcept {
  const W p0 = y0 ^ y3, p2 = y2 ^ y5, p4 = y4 ^ y7, p6 = y6 ^ y1;
  const W b0 = p2 ^ y7, b1 = p0 ^ y6, b2 = p4 ^ y1, b3 = p2 ^ y0;
  const W b4 = p6 ^ y3, b5 = p4 ^ y2, b6 = p0 ^ y5, b7 = p6 ^ y4;
  y0 = b0, y1 = b1, y2 = b2, y3 = b3, y4 = b4, y5 = b5, y6 = b6, y7 = b7;
}

// sub_bytes<false>: q <- S(q) ^ 0x63 bytewise; sub_bytes<true>: q <- S^-1(q ^ 0x63).
template <bool Inverse, class W, std::size_t N>
inline void sub_bytes(W (&q)[8][N]) noexcept {
  for (std::size_t i = 0; i < N; ++i) {
    W x0 = q[0][i], x1 = q[1][i], x2 = q[2][i], x3 = q[3][i];
    W x4 = q[4][i], x5 = q[5][i], x6 = q[6][i], x7 = q[7][i];
    if constexpr (Inverse) inverse_affine_linear(x0, x1, x2, x3, x4, x5, x6, x7);
    const W u0 = x7, u1 = x6, u2 = x5, u3 = x4, u4 = x3, u5 = x2, u6 = x1, u7 = x0;

    // Top linear layer.
    const W y14 = u3 ^ u5;
    const W y13 = u0 ^ u6;
    const W y9 = u0 ^ u3;
    const W y8 = u0 ^ u5;
    const W t0 = u1 ^ u2;
    const W y1 = t0 ^ u7;
    const W y4 = y1 ^ u3;
    const W y12 = y13 ^ y14;
    const W y2 = y1 ^ u0;
    const W y5 = y1 ^ u6;
    const W y3 = y5 ^ y8;
    const W t1 = u4 ^ y12;
    const W y15 = t1 ^ u5;
    const W y20 = t1 ^ u1;
    const W y6 = y15 ^ u7;
    const W y10 = y15 ^ t0;
    const W y11 = y20 ^ y9;
    const W y7 = u7 ^ y11;
    const W y17 = y10 ^ y11;
    const W y19 = y10 ^ y8;
    const W y16 = t0 ^ y11;
    const W y21 = y13 ^ y16;
    const W y18 = u0 ^ y16;

    // Nonlinear middle: inversion.
    const W t2 = y12 & y15;
    const W t3 = y3 & y6;
    const W t4 = t3 ^ t2;
    const W t5 = y4 & u7;
    const W t6 = t5 ^ t2;
    const W t7 = y13 & y16;
    const W t8 = y5 & y1;
    const W t9 = t8 ^ t7;
    const W t10 = y2 & y7;
    const W t11 = t10 ^ t7;
    const W t12 = y9 & y11;
    const W t13 = y14 & y17;
    const W t14 = t13 ^ t12;
    const W t15 = y8 & y10;
    const W t16 = t15 ^ t12;
    const W t17 = t4 ^ t14;
    const W t18 = t6 ^ t16;
    const W t19 = t9 ^ t14;
    const W t20 = t11 ^ t16;
    const W t21 = t17 ^ y20;
    const W t22 = t18 ^ y19;
    const W t23 = t19 ^ y21;
    const W t24 = t20 ^ y18;
    const W t25 = t21 ^ t22;
    const W t26 = t21 & t23;
    const W t27 = t24 ^ t26;
    const W t28 = t25 & t27;
    const W t29 = t28 ^ t22;
    const W t30 = t23 ^ t24;
    const W t31 = t22 ^ t26;
    const W t32 = t31 & t30;
    const W t33 = t32 ^ t24;
    const W t34 = t23 ^ t33;
    const W t35 = t27 ^ t33;
    const W t36 = t24 & t35;
    const W t37 = t36 ^ t34;
    const W t38 = t27 ^ t36;
    const W t39 = t29 & t38;
    const W t40 = t25 ^ t39;
    const W t41 = t40 ^ t37;
    const W t42 = t29 ^ t33;
    const W t43 = t29 ^ t40;
    const W t44 = t33 ^ t37;
    const W t45 = t42 ^ t41;
    const W z0 = t44 & y15;
    const W z1 = t37 & y6;
    const W z2 = t33 & u7;
    const W z3 = t43 & y16;
    const W z4 = t40 & y1;
    const W z5 = t29 & y7;
    const W z6 = t42 & y11;
    const W z7 = t45 & y17;
    const W z8 = t41 & y10;
    const W z9 = t44 & y12;
    const W z10 = t37 & y3;
    const W z11 = t33 & y4;
    const W z12 = t43 & y13;
    const W z13 = t40 & y5;
    const W z14 = t29 & y2;
    const W z15 = t42 & y9;
    const W z16 = t45 & y14;
    const W z17 = t41 & y8;

    // Bottom linear layer (the NOTs of the outputs s1, s2, s6, s7 are omitted).
    const W t46 = z15 ^ z16;
    const W t47 = z10 ^ z11;
    const W t48 = z5 ^ z13;
    const W t49 = z9 ^ z10;
    const W t50 = z2 ^ z12;
    const W t51 = z2 ^ z5;
    const W t52 = z7 ^ z8;
    const W t53 = z0 ^ z3;
    const W t54 = z6 ^ z7;
    const W t55 = z16 ^ z17;
    const W t56 = z12 ^ t48;
    const W t57 = t50 ^ t53;
    const W t58 = z4 ^ t46;
    const W t59 = z3 ^ t54;
    const W t60 = t46 ^ t57;
    const W t61 = z14 ^ t57;
    const W t62 = t52 ^ t58;
    const W t63 = t49 ^ t58;
    const W t64 = z4 ^ t59;
    const W t65 = t61 ^ t62;
    const W t66 = z1 ^ t63;
    const W t67 = t64 ^ t65;
    const W s3 = t53 ^ t66;
    x7 = t59 ^ t63;  // s0
    x6 = t64 ^ s3;   // s1
    x5 = t55 ^ t67;  // s2
    x4 = s3;
    x3 = t51 ^ t66;  // s4
    x2 = t47 ^ t65;  // s5
    x1 = t56 ^ t62;  // s6
    x0 = t48 ^ t60;  // s7
    if constexpr (Inverse) inverse_affine_linear(x0, x1, x2, x3, x4, x5, x6, x7);
    q[0][i] = x0, q[1][i] = x1, q[2][i] = x2, q[3][i] = x3;
    q[4][i] = x4, q[5][i] = x5, q[6][i] = x6, q[7][i] = x7;
  }
}

}  // namespace aeskit::detail::portable
