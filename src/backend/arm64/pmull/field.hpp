// src/backend/arm64/pmull/field.hpp — GCM's field GF(2^128) on AArch64's PMULL: the natural
// representation, Karatsuba products summed unreduced over a group, the reduction, and the
// pmull GhashKey layout. Shared by the GHASH backend (ghash_pmull.cpp) and the fused AES-GCM
// kernel (gcm_armv8ce_pmull.cpp).
//
// CPU features: AArch64 FEAT_PMULL (target("+crypto")), little-endian.
// References: NIST SP 800-38D §6.3 (the field and its bit order); Arm ARM, PMULL/PMULL2, RBIT.
//
// Representation. GCM's block string puts the coefficient of x^0 in bit 7 of byte 0 and of
// x^127 in bit 0 of byte 15. Loaded little-endian (byte 0 lowest) and with the bits of every
// byte reversed (RBIT), bit i of the 128-bit integer is the coefficient of x^i: the natural
// polynomial, which PMULL multiplies as it is. One RBIT per block in and out, no shifts.
//
// Product. a·b = lo + mid·x^64 + hi·x^128 with lo = a0·b0, hi = a1·b1 and
// mid = (a0 ^ a1)·(b0 ^ b1) ^ lo ^ hi (Karatsuba: 3 PMULLs). Over a group the three sums are
// accumulated unreduced: Y_new = (Y ^ X_1)·H^n ^ X_2·H^(n-1) ^ ... ^ X_n·H.
//
// Reduction modulo P = x^128 + x^7 + x^2 + x + 1 (x^128 ≡ 0x87). Write the 256-bit product
// as 64-bit words w3 w2 w1 w0. w3·x^192 ≡ (w3·0x87)·x^64, a product of at most 71 bits
// that lands on w2:w1; then w2·x^128 ≡ w2·0x87 lands on w1:w0. Two PMULLs by 0x87.
//
// GhashKey layout: for i = 1..8, H^i (natural representation) at 32 (i - 1) and at
// 32 (i - 1) + 16 the Karatsuba words of H^i (lane 0) and H^(i-1) (lane 1; 0 for i = 1),
// H^j_0 ^ H^j_1: lane 1 serves the block after H^i's block (halves_xor_pair).
// Constant time: PMULL's timing does not depend on its operands (data-independent timing on
// every Arm core that has it); no branch or index on H, state or data.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "backend/ghash_backend.hpp"

#if !defined(__aarch64__) || defined(__AARCH64EB__)
#error "pmull: AArch64 little-endian only"
#endif

#define AESKIT_PMULL_TARGET __attribute__((target("+crypto")))
#define AESKIT_PMULL_INLINE __attribute__((target("+crypto"), always_inline)) inline

namespace aeskit::detail::pmull {

constexpr std::size_t kPowers = 8;  // blocks per reduction

using u64x2 = uint64x2_t;

AESKIT_PMULL_INLINE u64x2 load_natural(const std::uint8_t* p) {
  return vreinterpretq_u64_u8(vrbitq_u8(vld1q_u8(p)));
}
AESKIT_PMULL_INLINE void store_natural(std::uint8_t* p, u64x2 v) {
  vst1q_u8(p, vrbitq_u8(vreinterpretq_u8_u64(v)));
}

// load_reversed / store_reversed: the same for a block whose bytes are in the reverse order
// (POLYVAL's, RFC 8452 Appendix A: GHASH of ByteReverse(X)): the bits of the whole 128-bit
// little-endian integer reversed (REV64 and EXT reverse the bytes, RBIT the bits in each).
AESKIT_PMULL_INLINE uint8x16_t reverse_bytes(uint8x16_t v) {
  const uint8x16_t r = vrev64q_u8(v);
  return vextq_u8(r, r, 8);
}
AESKIT_PMULL_INLINE u64x2 load_reversed(const std::uint8_t* p) {
  return vreinterpretq_u64_u8(vrbitq_u8(reverse_bytes(vld1q_u8(p))));
}
AESKIT_PMULL_INLINE void store_reversed(std::uint8_t* p, u64x2 v) {
  vst1q_u8(p, reverse_bytes(vrbitq_u8(vreinterpretq_u8_u64(v))));
}

AESKIT_PMULL_INLINE u64x2 clmul_lo(u64x2 a, u64x2 b) {  // a0·b0
  return vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u64(a), 0),
                                          vgetq_lane_p64(vreinterpretq_p64_u64(b), 0)));
}
AESKIT_PMULL_INLINE u64x2 clmul_hi(u64x2 a, u64x2 b) {  // a1·b1
  return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

// halves_xor: a0 ^ a1 in both lanes (the Karatsuba middle operand).
AESKIT_PMULL_INLINE u64x2 halves_xor(u64x2 a) {
  return veorq_u64(a, vextq_u64(a, a, 1));
}

// halves_xor_pair: a0 ^ a1 in lane 0, b0 ^ b1 in lane 1 (two blocks' Karatsuba middle
// operands in three instructions: TRN1, TRN2, EOR, where halves_xor twice takes four).
AESKIT_PMULL_INLINE u64x2 halves_xor_pair(u64x2 a, u64x2 b) {
  return veorq_u64(vtrn1q_u64(a, b), vtrn2q_u64(a, b));
}

// Sums: the unreduced lo, mid (raw: (a0^a1)(b0^b1)) and hi of a group.
struct Sums {
  u64x2 lo, mid, hi;
};

AESKIT_PMULL_INLINE void accumulate(Sums& s, u64x2 a, u64x2 power, u64x2 power_mid) {
  s.lo = veorq_u64(s.lo, clmul_lo(a, power));
  s.hi = veorq_u64(s.hi, clmul_hi(a, power));
  s.mid = veorq_u64(s.mid, clmul_lo(halves_xor(a), power_mid));
}

// reduce: (lo + mid·x^64 + hi·x^128) mod P, mid still raw (see the header).
AESKIT_PMULL_INLINE u64x2 reduce(const Sums& s) {
  const u64x2 zero = vdupq_n_u64(0);
  const u64x2 poly = vdupq_n_u64(0x87);
  const u64x2 mid = veorq_u64(s.mid, veorq_u64(s.lo, s.hi));
  const u64x2 low = veorq_u64(s.lo, vextq_u64(zero, mid, 1));   // w0, w1
  const u64x2 high = veorq_u64(s.hi, vextq_u64(mid, zero, 1));  // w2, w3
  // w3·0x87 onto w2:w1
  const u64x2 middle = veorq_u64(vextq_u64(low, high, 1), clmul_hi(high, poly));  // w1', w2'
  // w2'·0x87 onto w1':w0
  return veorq_u64(vzip1q_u64(low, middle), clmul_hi(middle, poly));
}

AESKIT_PMULL_INLINE u64x2 multiply(u64x2 a, u64x2 b) {
  Sums s{clmul_lo(a, b), clmul_lo(halves_xor(a), halves_xor(b)), clmul_hi(a, b)};
  return reduce(s);
}

AESKIT_PMULL_INLINE u64x2 power(const GhashKey& key, std::size_t i) {  // H^i, i = 1..8
  return vld1q_u64(reinterpret_cast<const std::uint64_t*>(key.bytes + 32 * (i - 1)));
}
AESKIT_PMULL_INLINE u64x2 power_mid(const GhashKey& key, std::size_t i) {
  return vld1q_u64(reinterpret_cast<const std::uint64_t*>(key.bytes + 32 * (i - 1) + 16));
}

// absorb: n (1..8) blocks with the powers H^n..H^1 and one reduction; y enters with block 1.
// kReversed: the blocks are POLYVAL's (load_reversed), else GCM's (load_natural).
template <bool kReversed = false>
AESKIT_PMULL_INLINE u64x2 absorb(const GhashKey& key, u64x2 y, const std::uint8_t* data,
                                 std::size_t n) {
  const u64x2 zero = vdupq_n_u64(0);
  Sums s{zero, zero, zero};
  for (std::size_t j = 0; j < n; ++j) {
    u64x2 x = kReversed ? load_reversed(data + 16 * j) : load_natural(data + 16 * j);
    if (j == 0) x = veorq_u64(x, y);
    accumulate(s, x, power(key, n - j), power_mid(key, n - j));
  }
  return reduce(s);
}

}  // namespace aeskit::detail::pmull
