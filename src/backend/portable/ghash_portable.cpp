// src/backend/portable/ghash_portable.cpp — constant-time GHASH in plain C++ (any CPU).
//
// CPU features: none. Needs an integer multiplier whose timing does not depend on its
// operands (true of every x86-64 and 64-bit Arm core; some small microcontrollers and old
// PowerPC cores have early-terminating multipliers, and this code is not constant-time there).
// References: NIST SP 800-38D §6.3 (multiplication in GF(2^128), GCM bit order), §6.4 (GHASH);
// ghash_backend.hpp (the contract).
//
// Bit order. GCM reads a block as the polynomial whose x^0 coefficient is the most significant
// bit of byte 0 and whose x^127 coefficient is the least significant bit of byte 15. Loading
// the 16 bytes as one big-endian 128-bit integer V (two big-endian words hi = bytes 0-7,
// lo = bytes 8-15) therefore gives "reflected" integers: bit 127-k of V is the x^k coefficient.
// The carry-less product of two reflected 128-bit integers is the reflected product: bit 254-k
// of clmul(A, B) is the x^k coefficient of a·b. Read as a reflected 256-bit value (bit 255-k
// is x^k), that integer is x·a·b — the product is off by one factor of x. Instead of shifting
// every product, init() stores K = H·x^-1 mod P, so clmul(A, K) read that way is exactly a·h.
// With P = x^128 + x^7 + x^2 + x + 1, x^-1 = x^127 + x^6 + x + 1 (x times it is 1 mod P), so
//   K = (H << 1) ^ (h0 ? {bits 127, 126, 121, 0} : 0)      (h0 = x^0 coefficient = bit 127)
// (dividing by x moves every coefficient one place down in degree, one bit up in V).
//
// Reduction. Write the 256-bit product as words T3:T2:T1:T0 (T3 most significant): T3 holds
// x^0..x^63, T2 x^64..x^127, T1 x^128..x^191, T0 x^192..x^255. Since x^128 = x^7 + x^2 + x + 1,
// a coefficient at x^(128+j) moves to x^j, x^(j+1), x^(j+2), x^(j+7); in the reflected
// integer, multiplying by x^m is a right shift by m. Fold T0 into T2:T1, then T1 (including
// what the first fold put there) into T3:T2:
//   T2 ^= T0 ^ T0>>1 ^ T0>>2 ^ T0>>7;  T1 ^= T0<<63 ^ T0<<62 ^ T0<<57;
//   T3 ^= T1 ^ T1>>1 ^ T1>>2 ^ T1>>7;  T2 ^= T1<<63 ^ T1<<62 ^ T1<<57;    result = T3:T2.
//
// Carry-less multiply from 64-bit integer multiplies ("holes"). Split a 64-bit word x into
// four parts x_r = x & M_r, where M_r keeps the bit positions congruent to r mod 4 (16 bits
// each). In the ordinary integer product x_r·y_s every term lands at a position ≡ r+s (mod 4);
// the number of terms landing on position p is at most floor(p/4) + 1, so below position 60
// it is at most 15 and fits in the 4 bits up to the next position of its class: no carry
// reaches a bit we keep, and the bit at each position of class r+s is the parity of its
// count — the carry-less product's bit. Products of the same class are XORed (parities add)
// and masked with M_(r+s mod 4); the four classes are ORed. Keeping only the low 64 bits of
// each integer product (one plain 64x64->64 multiply), this gives bits 0..63 of the 127-bit
// carry-less product x⊗y (positions 60..63 are exact too: their carries leave the word).
// The high bits come from bit reversal: with rev(x) the 64-bit word read backwards,
// bit k of rev(x)⊗rev(y) is bit 126-k of x⊗y, so rev(low64(rev(x)⊗rev(y))) holds bits
// 63..126 of x⊗y, and the high word of x⊗y is that shifted right by one. So a 64x64
// carry-less product costs 32 multiplies; Karatsuba makes a 128x128 product from three of
// them: a1·b1, a0·b0 and (a1^a0)·(b1^b0), the middle term being the XOR of all three.
//
// Four blocks per step (aggregated reduction). Unrolling the Horner rule four times gives
//     Y' = ((((Y ^ X1)·H ^ X2)·H ^ X3)·H ^ X4)·H = (Y ^ X1)·H^4 ^ X2·H^3 ^ X3·H^2 ^ X4·H,
// four independent products whose sum is reduced once. Everything before the reduction is
// linear (masking a class sum, reversing, shifting), so for each Karatsuba part and each
// class the unmasked integer products of all four blocks are XORed first, and the masks,
// the reversal of the high words, the Karatsuba recombination and the reduction are done
// once per four blocks. K_i = H^i·x^-1 (i = 1..4) are precomputed by init(); fewer than four
// blocks left take the same code with N = 1..3 blocks and powers H^N..H^1.
// No table, no branch on data: every step is AND/XOR/shift/multiply on fixed positions.
//
// Key layout (GhashKey bytes, native-endian uint64_t): for i = 1..4, PowerKey(K_i) =
// split(K_i.hi), split(K_i.lo), split(rev K_i.hi), split(rev K_i.lo), 4 words each:
// 4 x 128 = 512 bytes. The Karatsuba middle key is the XOR of the hi and lo splits (split
// and rev are linear).
#include "backend/portable/ghash_portable.hpp"
#include "base/byte_order.hpp"
#include "base/ct_mask.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace aeskit::detail {
namespace {

// Bits 0, 4, 8, ..., 60: the positions ≡ 0 (mod 4).
constexpr std::uint64_t kHole0 = 0x1111111111111111;
constexpr std::uint64_t kHoles[4] = {kHole0, kHole0 << 1, kHole0 << 2, kHole0 << 3};

struct U128 {
  std::uint64_t hi, lo;
};

// Split: a 64-bit word as its four hole classes.
struct Split {
  std::uint64_t part[4];
};

inline Split split(std::uint64_t v) noexcept {
  return {{v & kHoles[0], v & kHoles[1], v & kHoles[2], v & kHoles[3]}};
}

inline Split operator^(const Split& a, const Split& b) noexcept {
  return {
      {a.part[0] ^ b.part[0], a.part[1] ^ b.part[1], a.part[2] ^ b.part[2], a.part[3] ^ b.part[3]}};
}

// rev64: bit i <-> bit 63 - i (swap the bits inside each byte, then the bytes).
inline std::uint64_t rev64(std::uint64_t v) noexcept {
  v = ((v >> 1) & 0x5555555555555555) | ((v & 0x5555555555555555) << 1);
  v = ((v >> 2) & 0x3333333333333333) | ((v & 0x3333333333333333) << 2);
  v = ((v >> 4) & 0x0F0F0F0F0F0F0F0F) | ((v & 0x0F0F0F0F0F0F0F0F) << 4);
#if defined(__GNUC__)
  return __builtin_bswap64(v);
#else
  v = ((v >> 8) & 0x00FF00FF00FF00FF) | ((v & 0x00FF00FF00FF00FF) << 8);
  v = ((v >> 16) & 0x0000FFFF0000FFFF) | ((v & 0x0000FFFF0000FFFF) << 16);
  return (v >> 32) | (v << 32);
#endif
}

// Acc: the unmasked class sums of one 64x64 low product.
struct Acc {
  std::uint64_t c[4];
};

// accumulate: acc.c[c] ^= low64(x.part[r]·y.part[(c - r) mod 4]) over all r.
inline void accumulate(Acc& acc, const Split& x, const Split& y) noexcept {
#pragma GCC unroll 4
  for (unsigned c = 0; c < 4; ++c) {
#pragma GCC unroll 4
    for (unsigned r = 0; r < 4; ++r) acc.c[c] ^= x.part[r] * y.part[(c + 4 - r) % 4];
  }
}

// settle: the low 64 bits of the carry-less product(s) from the class sums.
inline std::uint64_t settle(const Acc& acc) noexcept {
  return (acc.c[0] & kHoles[0]) | (acc.c[1] & kHoles[1]) | (acc.c[2] & kHoles[2]) |
         (acc.c[3] & kHoles[3]);
}

// PowerKey: one K_i pre-split (the GhashKey layout).
struct PowerKey {
  Split hi, lo, rhi, rlo;  // split(K.hi), split(K.lo), split(rev K.hi), split(rev K.lo)
};
constexpr unsigned kPowers = 4;
static_assert(sizeof(PowerKey) * kPowers <= GhashKey::kBytes);

// part_sum: the class sums of sum_b x[b]⊗y[b] (low 64 bits), then settled.
template <unsigned N>
inline std::uint64_t part_sum(const std::uint64_t* x, const Split* y) noexcept {
  Acc acc{};
  for (unsigned b = 0; b < N; ++b) accumulate(acc, split(x[b]), y[b]);
  return settle(acc);
}

// multiply_n<N>: (a[0]·H^N ^ a[1]·H^(N-1) ^ ... ^ a[N-1]·H) mod P for reflected a[b], with
// keys[i] = PowerKey(K_(i+1)); one reduction. The six 64x64 sums (Karatsuba part x {low,
// reversed}) are taken one after the other, so only four accumulators are live at a time.
template <unsigned N>
inline U128 multiply_n(const U128* a, const PowerKey* keys) noexcept {
  std::uint64_t x[6][N];
  Split y[6][N];
  for (unsigned b = 0; b < N; ++b) {
    const PowerKey& k = keys[N - 1 - b];
    x[0][b] = a[b].hi, x[1][b] = a[b].lo, x[2][b] = a[b].hi ^ a[b].lo;
    x[3][b] = rev64(x[0][b]), x[4][b] = rev64(x[1][b]), x[5][b] = x[3][b] ^ x[4][b];
    y[0][b] = k.hi, y[1][b] = k.lo, y[2][b] = k.hi ^ k.lo;
    y[3][b] = k.rhi, y[4][b] = k.rlo, y[5][b] = k.rhi ^ k.rlo;
  }
  const U128 h = {rev64(part_sum<N>(x[3], y[3])) >> 1, part_sum<N>(x[0], y[0])};
  const U128 l = {rev64(part_sum<N>(x[4], y[4])) >> 1, part_sum<N>(x[1], y[1])};
  U128 m = {rev64(part_sum<N>(x[5], y[5])) >> 1, part_sum<N>(x[2], y[2])};
  m.hi ^= h.hi ^ l.hi;
  m.lo ^= h.lo ^ l.lo;

  // Reduction: see the header comment (T3:T2:T1:T0, T3 most significant).
  std::uint64_t t3 = h.hi, t2 = h.lo ^ m.hi, t1 = l.hi ^ m.lo;
  const std::uint64_t t0 = l.lo;
  t2 ^= t0 ^ (t0 >> 1) ^ (t0 >> 2) ^ (t0 >> 7);
  t1 ^= (t0 << 63) ^ (t0 << 62) ^ (t0 << 57);
  t3 ^= t1 ^ (t1 >> 1) ^ (t1 >> 2) ^ (t1 >> 7);
  t2 ^= (t1 << 63) ^ (t1 << 62) ^ (t1 << 57);
  return {t3, t2};
}

inline U128 load_block(const std::uint8_t* p) noexcept {
  return {load_be64(p), load_be64(p + 8)};
}

// times_x_inverse: K = V·x^-1 (shift up one bit; if the x^0 bit, bit 127, was set, add x^-1).
inline U128 times_x_inverse(U128 v) noexcept {
  const std::uint64_t carry = ct_mask_msb(v.hi);
  return {((v.hi << 1) | (v.lo >> 63)) ^ (carry & 0xC200000000000000), (v.lo << 1) ^ (carry & 1)};
}

inline PowerKey power_key(U128 k) noexcept {
  return {split(k.hi), split(k.lo), split(rev64(k.hi)), split(rev64(k.lo))};
}

void portable_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  const U128 h1 = load_block(h);
  PowerKey keys[kPowers];
  keys[0] = power_key(times_x_inverse(h1));
  U128 hn = h1;
  for (unsigned i = 1; i < kPowers; ++i) {
    hn = multiply_n<1>(&hn, keys);  // H^(i+1) = H^i·H
    keys[i] = power_key(times_x_inverse(hn));
  }
  std::memset(key.bytes, 0, sizeof key.bytes);
  std::memcpy(key.bytes, keys, sizeof keys);
}

void portable_update(const GhashKey& key, std::uint8_t state[16], const std::uint8_t* data,
                     std::size_t blocks) noexcept {
  PowerKey keys[kPowers];
  std::memcpy(keys, key.bytes, sizeof keys);
  U128 y = load_block(state);
  U128 a[4];
  for (; blocks >= 4; blocks -= 4, data += 64) {
    for (unsigned b = 0; b < 4; ++b) a[b] = load_block(data + 16 * b);
    a[0].hi ^= y.hi;
    a[0].lo ^= y.lo;
    y = multiply_n<4>(a, keys);
  }
  // 0-3 blocks left (a public count).
  for (unsigned b = 0; b < blocks; ++b) a[b] = load_block(data + 16 * b);
  a[0].hi ^= y.hi;
  a[0].lo ^= y.lo;
  if (blocks == 3) y = multiply_n<3>(a, keys);
  if (blocks == 2) y = multiply_n<2>(a, keys);
  if (blocks == 1) y = multiply_n<1>(a, keys);
  store_be64(state, y.hi);
  store_be64(state + 8, y.lo);
}

bool portable_supported(const cpu::FeatureSet&) {
  return true;
}

}  // namespace

const GhashBackend kGhashPortableBackend = {
    .name = "portable",
    .description =
        "plain C++, carry-less multiply from 64-bit integer multiplies with bit "
        "holes, 4 blocks per reduction",
    .supported = portable_supported,
    .init = portable_init,
    .update = portable_update,
};

}  // namespace aeskit::detail
