// src/backend/x86/clmul/gf128_clmul.hpp — GF(2^128) arithmetic in GCM's bit order on 128-bit
// PCLMULQDQ, shared by the pclmul and vpclmul256 GHASH backends.
//
// CPU features: PCLMULQDQ, SSSE3 (PSHUFB), enabled per function (no -m flags), so the files
// that include this still load on any x86-64 CPU; the backends' supported() gate the calls.
// References: NIST SP 800-38D §6.3-6.4 (GCM's field and bit order, GHASH); Intel SDM, PCLMULQDQ
// (instruction semantics); GCC/Clang documentation of __attribute__((target)).
//
// Representation. Reversing a block's 16 bytes (PSHUFB) makes it a 128-bit integer V whose
// bit 127-k is the x^k coefficient ("reflected": GCM puts x^0 in the top bit of byte 0).
// PCLMULQDQ multiplies integers carry-lessly, and for reflected operands bit 254-k of the
// 255-bit product is the x^k coefficient of a·b. Read as a reflected 256-bit value (bit 255-k
// is x^k) the product is therefore x·a·b. Rather than shifting each product left by one bit,
// the key stores K = H·x^-1 mod P (P = x^128 + x^7 + x^2 + x + 1, x^-1 = x^127 + x^6 + x + 1),
// so clmul(A, K) read as a 256-bit reflected value is exactly a·h, unreduced. In the integer,
// dividing by x is a left shift by one; the x^0 bit (bit 127) that falls off comes back as
// x^-1, i.e. bits 127, 126, 121 and 0 (the constant 0xC2000000'00000000'00000000'00000001).
//
// Products. A 128x128 product is Karatsuba: with a = a1:a0 and k = k1:k0 (64-bit halves),
// lo = a0·k0, hi = a1·k1, mid = (a0^a1)·(k0^k1) ^ lo ^ hi = a0·k1 ^ a1·k0: 3 PCLMULQDQ instead
// of schoolbook's 4, for one PSHUFD and one XOR on the data side (k0^k1 is precomputed per
// power). Why Karatsuba: on this Zen 3 VM PCLMULQDQ throughput is the bottleneck — measured
// (in 2.445 GHz TSC cycles) ~3.2 latency but only one instruction per ~1.6-1.8, xmm and ymm
// alike — while the vector ALUs have room for the extra shuffle and XOR. Measured at 16 KiB,
// schoolbook -> Karatsuba went 0.44 -> 0.34 cycles/byte for the 8-block xmm loop and
// 0.22 -> 0.18 for the 16-block ymm loop. The sum of several products is the product of the
// sum, so a group of blocks accumulates the three Karatsuba sums over all its blocks, and
// corrects mid (^= lo ^ hi) and folds it in (lo ^= mid << 64, hi ^= mid >> 64) once, before
// one reduction (aggregated reduction).
//
// Reduction of the 256-bit reflected value T3:T2:T1:T0 (64-bit words, T3 = x^0..x^63, T0 =
// x^192..x^255). x^128 = x^7 + x^2 + x + 1 moves a coefficient at x^(128+j) to x^j and to
// x^(j+1), x^(j+2), x^(j+7). The part x^j is a plain XOR one 128-bit position up; the rest is
// T·(x + x^2 + x^7), computed as clmul(T, C) with C = 0xC200000000000000: C's reflected bits
// 63, 62, 57 are 1 + x + x^6, and the product's built-in extra factor x (above) makes that
// x + x^2 + x^7. Two folds of 64 bits each:
//   T0 (x^192..): R = clmul(T0, C);  T2:T1 ^= R,  T2 ^= T0
//   T1 (x^128.., after the first fold): R' = clmul(T1, C);  T3:T2 ^= R',  T3 ^= T1
// leaving the reduced value T3:T2. In registers (lo = T1:T0, hi = T3:T2, "swap" exchanging the
// 64-bit halves): M = swap(lo) ^ clmul(lo.low, C); result = hi ^ swap(M) ^ clmul(M.low, C).
//
// Power tables. The backends store K_i = H^i·x^-1 for i = n..1 in descending order, 16 bytes
// each, in register (reflected) form, followed by the same n entries' halves_xor (k0^k1 in
// both halves) for Karatsuba. A group of m ≤ n blocks X_1..X_m starting from state Y gives
// Y' = (Y^X_1)·H^m ^ X_2·H^(m-1) ^ ... ^ X_m·H, i.e. block j takes K_(m-j+1): the last m
// entries of the table, in order. K_1 = H·x^-1 and K_(i+1) = multiply(K_i, K_1) = K_i·H.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/targets.hpp"

namespace aeskit::detail::clmul {

AESKIT_PCLMUL_INLINE __m128i load(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

AESKIT_PCLMUL_INLINE void store(std::uint8_t* p, __m128i v) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

AESKIT_PCLMUL_INLINE __m128i byte_reverse_mask() {
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

// load_block: a GCM block as its reflected integer (bytes reversed).
AESKIT_PCLMUL_INLINE __m128i load_block(const std::uint8_t* p) {
  return _mm_shuffle_epi8(load(p), byte_reverse_mask());
}

AESKIT_PCLMUL_INLINE void store_block(std::uint8_t* p, __m128i v) {
  store(p, _mm_shuffle_epi8(v, byte_reverse_mask()));
}

// halves_xor: v's two 64-bit halves XORed, in both halves (Karatsuba's middle operand).
AESKIT_PCLMUL_INLINE __m128i halves_xor(__m128i v) {
  return _mm_xor_si128(v, _mm_shuffle_epi32(v, 0x4E));
}

// Product: an unreduced sum of 128x128 carry-less products, as Karatsuba's three sums
// (lo = Σ a0·k0, hi = Σ a1·k1, mid = Σ (a0^a1)·(k0^k1), not yet corrected).
struct Product {
  __m128i lo, mid, hi;
};

// multiply_into: p += a·k, with k_mid = halves_xor(k) (3 PCLMULQDQ).
AESKIT_PCLMUL_INLINE void multiply_into(Product& p, __m128i a, __m128i k, __m128i k_mid) {
  p.lo = _mm_xor_si128(p.lo, _mm_clmulepi64_si128(a, k, 0x00));
  p.hi = _mm_xor_si128(p.hi, _mm_clmulepi64_si128(a, k, 0x11));
  p.mid = _mm_xor_si128(p.mid, _mm_clmulepi64_si128(halves_xor(a), k_mid, 0x00));
}

// product: a·k as a fresh Product.
AESKIT_PCLMUL_INLINE Product product(__m128i a, __m128i k, __m128i k_mid) {
  return {_mm_clmulepi64_si128(a, k, 0x00), _mm_clmulepi64_si128(halves_xor(a), k_mid, 0x00),
          _mm_clmulepi64_si128(a, k, 0x11)};
}

AESKIT_PCLMUL_INLINE void add(Product& p, const Product& q) {
  p.lo = _mm_xor_si128(p.lo, q.lo);
  p.mid = _mm_xor_si128(p.mid, q.mid);
  p.hi = _mm_xor_si128(p.hi, q.hi);
}

// reduce: the 256-bit value p modulo P, as a reflected 128-bit integer (see above).
AESKIT_PCLMUL_INLINE __m128i reduce(const Product& p) {
  const __m128i c = _mm_set_epi64x(0, static_cast<long long>(0xC200000000000000));
  const __m128i mid = _mm_xor_si128(p.mid, _mm_xor_si128(p.lo, p.hi));  // a0·k1 ^ a1·k0
  const __m128i lo = _mm_xor_si128(p.lo, _mm_slli_si128(mid, 8));       // T1:T0
  const __m128i hi = _mm_xor_si128(p.hi, _mm_srli_si128(mid, 8));       // T3:T2
  const __m128i m = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), _mm_clmulepi64_si128(lo, c, 0x00));
  return _mm_xor_si128(_mm_xor_si128(hi, _mm_shuffle_epi32(m, 0x4E)),
                       _mm_clmulepi64_si128(m, c, 0x00));
}

// multiply: a·k mod P, i.e. a·h when k = H·x^-1.
AESKIT_PCLMUL_INLINE __m128i multiply(__m128i a, __m128i k) {
  return reduce(product(a, k, halves_xor(k)));
}

// times_x_inverse: h·x^-1 mod P (reflected in and out). Branch-free: the x^0 bit becomes a mask.
AESKIT_PCLMUL_INLINE __m128i times_x_inverse(__m128i h) {
  const __m128i shifted =
      _mm_or_si128(_mm_slli_epi64(h, 1), _mm_slli_si128(_mm_srli_epi64(h, 63), 8));
  const __m128i x0 = _mm_shuffle_epi32(_mm_srai_epi32(h, 31), 0xFF);  // all ones iff bit 127
  const __m128i x_inverse = _mm_set_epi64x(static_cast<long long>(0xC200000000000000), 1);
  return _mm_xor_si128(shifted, _mm_and_si128(x0, x_inverse));
}

// write_powers: the power table for groups of up to n blocks, h in GCM order: at out,
// K_n, K_(n-1), ..., K_1 (K_i = H^i·x^-1); at out + 16·n, halves_xor of each, same order.
// 32·n bytes.
AESKIT_PCLMUL_INLINE void write_powers(const std::uint8_t h[16], std::uint8_t* out, std::size_t n) {
  const __m128i k1 = times_x_inverse(load_block(h));
  __m128i k = k1;
  for (std::size_t i = n; i-- > 0;) {
    store(out + 16 * i, k);
    store(out + 16 * (n + i), halves_xor(k));
    k = multiply(k, k1);
  }
}

}  // namespace aeskit::detail::clmul
