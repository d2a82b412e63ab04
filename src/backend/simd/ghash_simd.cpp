// src/backend/simd/ghash_simd.cpp — constant-time GHASH with 32x32->64 vector integer
// multiplies over simd::V128, four blocks per reduction.
//
// CPU features: x86 SSE2 + SSSE3 (pmuludq, pshufb; AESKIT_SIMD_TARGET), AArch64 / ARMv7 NEON
// (umull / vmull.u32, tbl / vtbl), ppc64le VSX with ISA 2.07 (vmuleuw, vperm). All these
// multipliers take a fixed time whatever their operands.
// References: NIST SP 800-38D §6.3-6.4 (GF(2^128) in GCM bit order, GHASH); ghash_backend.hpp
// (the contract); backend/portable/ghash_portable.cpp (bit order, the K = H·x^-1 trick, the
// reduction and the hole argument, all reused here as they are).
//
// Carry-less 32x32 products from integer multiplies. Split a 32-bit word into four classes
// x_r = x & M_r, M_r = the bit positions ≡ r (mod 4) (8 bits each). In the integer product
// x_r·y_s all terms land on positions ≡ r+s (mod 4), at most 8 of them on one position, so a
// position's count fits in the 4 bits before the next position of its class and never
// carries into it: the bit at each position of class c = r+s mod 4 is the carry-less bit.
// XOR the 4 products of each class, mask with M_c (as a 64-bit pattern), OR the classes: the
// 63-bit carry-less product, 16 integer multiplies. mul32x2 does two of them (one per 64-bit
// lane), and reads only the low 32 bits of each lane, so the high halves may hold anything.
//
// 128x128 by two levels of Karatsuba on 32-bit limbs. A = a3:a2:a1:a0 (a0 least
// significant), K = k3:k2:k1:k0. For a 64-bit pair, (p1:p0)(q1:q0) = L ^ (L^H^M)<<32 ^ H<<64
// with L = p0q0, H = p1q1, M = (p0^p1)(q0^q1); for the 128-bit product the same one level
// up with A.lo = a1:a0, A.hi = a3:a2, A.mid = A.lo ^ A.hi. The nine 32-bit products and where
// their operands sit (lanes are 32-bit, pmuludq reads lanes 0 and 2):
//     V            = [a0, a1, a2, a3]                  -> a0k0, a2k2
//     V >> 32      = [a1, ., a3, .]   (per 64 bits)   -> a1k1, a3k3
//     V ^ V >> 32  = [a0^a1, ., a2^a3, .]              -> the two level-2 middles
//     M = V ^ swap64(V) = [a0^a2, a1^a3, ...]: M, M >> 32, M ^ M >> 32 give the three
//     products of A.mid, and two blocks' M share one vector (unpack_lo64), so no lane idles.
//
// Four blocks per step (aggregated reduction, as in the portable backend):
//     Y' = (Y ^ X1)·H^4 ^ X2·H^3 ^ X3·H^2 ^ X4·H.
// Every step before the reduction is linear, so each of the six product vectors is summed
// over the four blocks (two block pairs for the M vectors) before its classes are masked;
// the lanes are then combined in scalar code (Karatsuba recombination and the reduction of
// ghash_portable.cpp). A tail of n = 1..3 blocks runs the same step with 4 - n zero blocks
// in front (0·H^k = 0), so every step is the same code. Reflected integers and K_i = H^i·x^-1
// as in the portable backend: a block is the 128-bit big-endian integer, i.e. the byte
// reversed vector read little-endian.
// No table, no branch on H or data.
//
// Key layout (GhashKey): for i = 1..4, K_i as V, V >> 32, V ^ V >> 32 (3 x 16 bytes), then
// for the block pairs (H^4, H^3) and (H^2, H^1) the M vectors M, M >> 32, M ^ M >> 32:
// 192 + 96 = 288 bytes.
#include "backend/simd/ghash_simd.hpp"
#include "base/ct_mask.hpp"

#include <cstdint>
#include <cstring>

#include "simd/supported.hpp"
#include "simd/v128.hpp"

namespace aeskit::detail {
namespace {

using simd::V128;

struct Layout {
  V128 kv[4][3];  // [power - 1][type]
  V128 km[2][3];  // [pair][type]: pair 0 = (H^4, H^3), pair 1 = (H^2, H^1)
};
static_assert(sizeof(Layout) <= GhashKey::kBytes);

struct U128 {
  std::uint64_t hi, lo;
};

AESKIT_SIMD_TARGET inline V128 class_mask(unsigned r) {
  const std::uint32_t m = 0x11111111u << r;
  return V128::from_u32(m, m, m, m);
}

// swap64: the two 64-bit lanes exchanged (byte b <- byte b ^ 8, a fixed shuffle).
AESKIT_SIMD_TARGET inline V128 swap64(V128 a) {
  return V128::shuffle(a, V128::from_u32(0x0B0A0908, 0x0F0E0D0C, 0x03020100, 0x07060504));
}

// The three operand vectors of a V (or M) vector: V, V >> 32, V ^ V >> 32.
struct Triple {
  V128 t[3];
};
AESKIT_SIMD_TARGET inline Triple triple(V128 v) {
  const V128 s = V128::shr64<32>(v);
  return {{v, s, v ^ s}};
}

// Acc: the unmasked class sums of one product vector.
struct Acc {
  V128 c[4];
};

// accumulate: acc.c[c] ^= x_r·y_(c-r mod 4) in both 64-bit lanes.
AESKIT_SIMD_TARGET inline void accumulate(Acc& acc, V128 x, V128 y, const V128 masks[4]) {
  V128 xs[4], ys[4];
  for (unsigned r = 0; r < 4; ++r) {
    xs[r] = x & masks[r];
    ys[r] = y & masks[r];
  }
  for (unsigned c = 0; c < 4; ++c) {
    for (unsigned r = 0; r < 4; ++r)
      acc.c[c] = acc.c[c] ^ V128::mul32x2(xs[r], ys[(c + 4 - r) % 4]);
  }
}

AESKIT_SIMD_TARGET inline V128 settle(const Acc& acc, const V128 masks[4]) {
  return (acc.c[0] & masks[0]) | (acc.c[1] & masks[1]) | (acc.c[2] & masks[2]) |
         (acc.c[3] & masks[3]);
}

// lanes: the two 64-bit lanes of v.
AESKIT_SIMD_TARGET inline void lanes(V128 v, std::uint64_t out[2]) {
  std::uint8_t bytes[16];
  v.store(bytes);
  std::memcpy(out, bytes, 16);  // little-endian lanes on every supported target
}

// combine64: (p1:p0)(q1:q0) from L = p0q0, H = p1q1, M = (p0^p1)(q0^q1).
inline U128 combine64(std::uint64_t l, std::uint64_t h, std::uint64_t m) {
  const std::uint64_t mid = l ^ h ^ m;
  return {h ^ (mid >> 32), l ^ (mid << 32)};
}

AESKIT_SIMD_TARGET inline V128 to_vector(U128 v) {
  return V128::from_u32(static_cast<std::uint32_t>(v.lo), static_cast<std::uint32_t>(v.lo >> 32),
                        static_cast<std::uint32_t>(v.hi), static_cast<std::uint32_t>(v.hi >> 32));
}

// step: (x[0]·H^4 ^ x[1]·H^3 ^ x[2]·H^2 ^ x[3]·H) mod P, x as reflected vectors.
AESKIT_SIMD_TARGET U128 step(const Layout& key, const V128 x[4]) {
  V128 masks[4];
  for (unsigned r = 0; r < 4; ++r) masks[r] = class_mask(r);
  Triple xv[4], xm[2];
  for (unsigned b = 0; b < 4; ++b) xv[b] = triple(x[b]);
  for (unsigned p = 0; p < 2; ++p) {
    const V128 m0 = x[2 * p] ^ swap64(x[2 * p]), m1 = x[2 * p + 1] ^ swap64(x[2 * p + 1]);
    xm[p] = triple(V128::unpack_lo64(m0, m1));
  }
  std::uint64_t r[3][2], s[3][2];
  for (unsigned t = 0; t < 3; ++t) {
    Acc acc = {{V128::zero(), V128::zero(), V128::zero(), V128::zero()}};
    for (unsigned b = 0; b < 4; ++b) accumulate(acc, xv[b].t[t], key.kv[3 - b][t], masks);
    lanes(settle(acc, masks), r[t]);
  }
  for (unsigned t = 0; t < 3; ++t) {
    Acc acc = {{V128::zero(), V128::zero(), V128::zero(), V128::zero()}};
    for (unsigned p = 0; p < 2; ++p) accumulate(acc, xm[p].t[t], key.km[p][t], masks);
    lanes(settle(acc, masks), s[t]);
  }
  const U128 lo = combine64(r[0][0], r[1][0], r[2][0]);
  const U128 hi = combine64(r[0][1], r[1][1], r[2][1]);
  const U128 md = combine64(s[0][0] ^ s[0][1], s[1][0] ^ s[1][1], s[2][0] ^ s[2][1]);
  const std::uint64_t mid_lo = lo.lo ^ hi.lo ^ md.lo, mid_hi = lo.hi ^ hi.hi ^ md.hi;
  // The 256-bit product T3:T2:T1:T0, reduced as in ghash_portable.cpp.
  std::uint64_t t3 = hi.hi, t2 = hi.lo ^ mid_hi, t1 = lo.hi ^ mid_lo;
  const std::uint64_t t0 = lo.lo;
  t2 ^= t0 ^ (t0 >> 1) ^ (t0 >> 2) ^ (t0 >> 7);
  t1 ^= (t0 << 63) ^ (t0 << 62) ^ (t0 << 57);
  t3 ^= t1 ^ (t1 >> 1) ^ (t1 >> 2) ^ (t1 >> 7);
  t2 ^= (t1 << 63) ^ (t1 << 62) ^ (t1 << 57);
  return {t3, t2};
}

// load_reflected: the block as the 128-bit big-endian integer, in a little-endian vector.
AESKIT_SIMD_TARGET inline V128 load_reflected(const std::uint8_t* p) {
  return V128::reverse_bytes(V128::load(p));
}

inline U128 from_bytes_be(const std::uint8_t* p) {
  std::uint64_t hi = 0, lo = 0;
  for (unsigned i = 0; i < 8; ++i) hi = (hi << 8) | p[i];
  for (unsigned i = 8; i < 16; ++i) lo = (lo << 8) | p[i];
  return {hi, lo};
}

inline void to_bytes_be(U128 v, std::uint8_t* p) {
  for (unsigned i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v.hi >> (56 - 8 * i));
  for (unsigned i = 0; i < 8; ++i) p[8 + i] = static_cast<std::uint8_t>(v.lo >> (56 - 8 * i));
}

// set_power: stores K_i = H^i·x^-1 (i = power) in the key's per-power slot.
AESKIT_SIMD_TARGET void set_power(Layout& key, unsigned power, U128 h_power) {
  const std::uint64_t carry = detail::ct_mask_msb(h_power.hi);
  const U128 k = {((h_power.hi << 1) | (h_power.lo >> 63)) ^ (carry & 0xC200000000000000),
                  (h_power.lo << 1) ^ (carry & 1)};
  const Triple t = triple(to_vector(k));
  for (unsigned j = 0; j < 3; ++j) key.kv[power - 1][j] = t.t[j];
}

// set_pairs: the M vectors of the block pairs (H^4, H^3) and (H^2, H^1) from kv.
AESKIT_SIMD_TARGET void set_pairs(Layout& key) {
  for (unsigned p = 0; p < 2; ++p) {
    const V128 a = key.kv[3 - 2 * p][0], b = key.kv[2 - 2 * p][0];
    const Triple t = triple(V128::unpack_lo64(a ^ swap64(a), b ^ swap64(b)));
    for (unsigned j = 0; j < 3; ++j) key.km[p][j] = t.t[j];
  }
}

AESKIT_SIMD_TARGET void simd_init(const std::uint8_t h[16], GhashKey& gkey) noexcept {
  Layout key;
  std::memset(&key, 0, sizeof key);
  const U128 h1 = from_bytes_be(h);
  set_power(key, 1, h1);
  set_pairs(key);
  // H^(i+1) = H^i·H: one step with three zero blocks in front (only H^1 is used).
  U128 hn = h1;
  for (unsigned i = 2; i <= 4; ++i) {
    const V128 x[4] = {V128::zero(), V128::zero(), V128::zero(), to_vector(hn)};
    hn = step(key, x);
    set_power(key, i, hn);
    set_pairs(key);
  }
  std::memset(gkey.bytes, 0, sizeof gkey.bytes);
  std::memcpy(gkey.bytes, &key, sizeof key);
}

AESKIT_SIMD_TARGET void simd_update(const GhashKey& gkey, std::uint8_t state[16],
                                    const std::uint8_t* data, std::size_t blocks) noexcept {
  Layout key;
  std::memcpy(&key, gkey.bytes, sizeof key);
  U128 y = from_bytes_be(state);
  for (; blocks >= 4; blocks -= 4, data += 64) {
    V128 x[4];
    for (unsigned b = 0; b < 4; ++b) x[b] = load_reflected(data + 16 * b);
    x[0] = x[0] ^ to_vector(y);
    y = step(key, x);
  }
  if (blocks > 0) {  // 1-3 blocks (a public count) behind 4 - blocks zero blocks
    V128 x[4] = {V128::zero(), V128::zero(), V128::zero(), V128::zero()};
    const unsigned first = 4 - static_cast<unsigned>(blocks);
    for (unsigned b = first; b < 4; ++b) x[b] = load_reflected(data + 16 * (b - first));
    x[first] = x[first] ^ to_vector(y);
    y = step(key, x);
  }
  to_bytes_be(y, state);
}

}  // namespace

const GhashBackend kGhashSimdBackend = {
    .name = "simd",
    .description =
        "simd::V128 (SSSE3 / NEON / VSX), carry-less multiply from 32x32 vector integer "
        "multiplies with bit holes, 4 blocks per reduction",
    .supported = simd::supported,
    .init = simd_init,
    .update = simd_update,
};

}  // namespace aeskit::detail
