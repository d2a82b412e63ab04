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
// Carry-less multiply from integer multiplies ("holes"). Split a 64-bit word x into five
// parts x_r = x & M_r, where M_r keeps the bit positions congruent to r mod 5 (13 bits for
// r = 0..3, 12 for r = 4). In the ordinary integer product x_r·y_s every term lands at a
// position ≡ r+s (mod 5), and the number of terms landing on one position is at most 13 < 32,
// so each position's count fits in the 5 bits up to the next position of its class: no carry
// ever reaches a bit we keep, and the bit at each position of class r+s is that count's
// parity — the carry-less product's bit. Products of the same class are XORed (parities add)
// and masked with M_(r+s mod 5); the five classes are then ORed together. That is 25 64x64->128
// integer multiplies per 64x64 carry-less product, and Karatsuba makes a 128x128 product from
// three of them: a1·b1, a0·b0 and (a1^a0)·(b1^b0), the middle term being the XOR of all three.
// The key's 64-bit halves come pre-split, so per block only the data side is masked.
// No table, no branch: every step is AND/XOR/shift/multiply on fixed positions.
//
// Key layout (GhashKey bytes, native-endian uint64_t): Split(K.hi), Split(K.lo),
// Split(K.hi ^ K.lo), 5 words each.
#include "backend/portable/ghash_portable.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace aeskit::detail {
namespace {

// Bits 0, 5, 10, ..., 60: the positions ≡ 0 (mod 5).
constexpr std::uint64_t kHole0 = 0x1084210842108421;
constexpr std::uint64_t kHoles[5] = {kHole0, kHole0 << 1, kHole0 << 2, kHole0 << 3, kHole0 << 4};

struct U128 {
  std::uint64_t hi, lo;
};

// mul_wide: the full 128-bit integer product a·b.
#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 uint128;
inline U128 mul_wide(std::uint64_t a, std::uint64_t b) noexcept {
  const uint128 p = static_cast<uint128>(a) * b;
  return {static_cast<std::uint64_t>(p >> 64), static_cast<std::uint64_t>(p)};
}
#else
// Without a 128-bit type: schoolbook on 32-bit halves (exact, so the holes argument holds).
inline U128 mul_wide(std::uint64_t a, std::uint64_t b) noexcept {
  constexpr std::uint64_t kLow32 = 0xFFFFFFFF;
  const std::uint64_t a0 = a & kLow32, a1 = a >> 32, b0 = b & kLow32, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & kLow32) + (p10 & kLow32);  // < 3·2^32
  return {p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (p00 & kLow32) | (mid << 32)};
}
#endif

// Split: a 64-bit word as its five hole classes.
struct Split {
  std::uint64_t part[5];
};

inline Split split(std::uint64_t v) noexcept {
  Split s;
#pragma GCC unroll 5
  for (unsigned r = 0; r < 5; ++r) s.part[r] = v & kHoles[r];
  return s;
}

// clmul64: the 127-bit carry-less product of two split words.
inline U128 clmul64(const Split& x, const Split& y) noexcept {
  U128 out{0, 0};
#pragma GCC unroll 5
  for (unsigned c = 0; c < 5; ++c) {  // result class c = r + s mod 5
    U128 z{0, 0};
#pragma GCC unroll 5
    for (unsigned r = 0; r < 5; ++r) {
      const U128 p = mul_wide(x.part[r], y.part[(c + 5 - r) % 5]);
      z.hi ^= p.hi;
      z.lo ^= p.lo;
    }
    // Low word: positions c mod 5. High word: position 64+q has class c when q ≡ c+1.
    out.lo |= z.lo & kHoles[c];
    out.hi |= z.hi & kHoles[(c + 1) % 5];
  }
  return out;
}

// KeySplit: the key's halves pre-split (the GhashKey layout).
struct KeySplit {
  Split hi, lo, mid;  // K.hi, K.lo, K.hi ^ K.lo
};
static_assert(sizeof(KeySplit) <= GhashKey::kBytes);

// multiply: a·h mod P for a reflected and k = K = H·x^-1 (see the header comment).
inline U128 multiply(U128 a, const KeySplit& k) noexcept {
  const U128 hh = clmul64(split(a.hi), k.hi);
  const U128 ll = clmul64(split(a.lo), k.lo);
  U128 mm = clmul64(split(a.hi ^ a.lo), k.mid);
  mm.hi ^= hh.hi ^ ll.hi;
  mm.lo ^= hh.lo ^ ll.lo;

  std::uint64_t t3 = hh.hi, t2 = hh.lo ^ mm.hi, t1 = ll.hi ^ mm.lo;
  const std::uint64_t t0 = ll.lo;
  t2 ^= t0 ^ (t0 >> 1) ^ (t0 >> 2) ^ (t0 >> 7);
  t1 ^= (t0 << 63) ^ (t0 << 62) ^ (t0 << 57);
  t3 ^= t1 ^ (t1 >> 1) ^ (t1 >> 2) ^ (t1 >> 7);
  t2 ^= (t1 << 63) ^ (t1 << 62) ^ (t1 << 57);
  return {t3, t2};
}

inline std::uint64_t load_be64(const std::uint8_t* p) noexcept {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

inline void store_be64(std::uint8_t* p, std::uint64_t v) noexcept {
  for (unsigned i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (56 - 8 * i));
}

inline U128 load_block(const std::uint8_t* p) noexcept {
  return {load_be64(p), load_be64(p + 8)};
}

void portable_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  const U128 hv = load_block(h);
  // K = H·x^-1: shift up one bit; if the x^0 bit (bit 127) was set, add x^-1.
  const std::uint64_t carry = 0 - (hv.hi >> 63);
  const std::uint64_t k_hi = ((hv.hi << 1) | (hv.lo >> 63)) ^ (carry & 0xC200000000000000);
  const std::uint64_t k_lo = (hv.lo << 1) ^ (carry & 1);
  const KeySplit ks = {split(k_hi), split(k_lo), split(k_hi ^ k_lo)};
  std::memset(key.bytes, 0, sizeof key.bytes);
  std::memcpy(key.bytes, &ks, sizeof ks);
}

void portable_update(const GhashKey& key, std::uint8_t state[16], const std::uint8_t* data,
                     std::size_t blocks) noexcept {
  KeySplit ks;
  std::memcpy(&ks, key.bytes, sizeof ks);
  U128 y = load_block(state);
  for (std::size_t i = 0; i < blocks; ++i, data += 16) {
    const U128 x = load_block(data);
    y = multiply({y.hi ^ x.hi, y.lo ^ x.lo}, ks);
  }
  store_be64(state, y.hi);
  store_be64(state + 8, y.lo);
}

bool portable_supported(const cpu::FeatureSet&) {
  return true;
}

}  // namespace

const GhashBackend kGhashPortableBackend = {
    .name = "portable",
    .description = "plain C++, carry-less multiply from integer multiplies with bit holes",
    .supported = portable_supported,
    .init = portable_init,
    .update = portable_update,
};

}  // namespace aeskit::detail
