// src/backend/x86/polyval_message.hpp — AES-GCM-SIV's whole POLYVAL input (RFC 8452 §4:
// AD zero-padded, data zero-padded, the lengths block) hashed from the zero state in one call,
// with the 16 powers of the per-message key H built and kept in registers: no key table is
// stored, reloaded or wiped.
//
// CPU features: those of the width's policy; meant for widths with 32 vector registers (the
// 512-bit one: 4 power + 4 Karatsuba-half registers of 16 powers, 4 data registers, 3 sums;
// on ymm the 16 powers alone would fill all 16 registers); AVX-512BW byte-masked loads
// (V::load_bytes) for the padded ends. Instantiated in x86/zmm/gcm_vaes512.cpp only.
// References: RFC 8452 §3 (POLYVAL), §4 (its input); x86/clmul/gf128_clmul.hpp (representation,
// Karatsuba products, reduction); x86/ghash.hpp (group step, lane products, log-depth
// powers); polyval_groups.hpp (K_1 = H as loaded).
//
// Why. GCM-SIV derives a new H for every nonce. With a stored table (ghash.hpp
// write_low_powers_wide + absorb_blocks) a 1350-byte seal spent about as long building,
// storing and reloading the table as hashing (the 64-byte loads cannot forward from the
// 16-byte stores of single powers), and its 32-block steps (absorb_pair) were serial chains
// of two reductions. Measured on Zen 5, each call's H the previous call's result: the table's
// key set-up and one 84-block update 121 ns; here 13 + 1350 bytes with AD, tail and lengths
// block, 90 ns.
//
// Math. With K_i = H^i (dot-product powers, K_1 = H as loaded), POLYVAL over n blocks is
// sum X_j·K_(n+1-j). The input is one stream: the AD at byte 0, zeros to a whole block, the
// data, zeros to a whole block, the lengths block; it is front-padded with zero blocks to a
// whole number of 16-block groups (leading zero blocks add nothing to the sum, and every
// group then meets the same powers in the same lanes: register j of a group takes
// K_(16-4j)..K_(13-4j)). Per group, y' = reduce(sum_j D_j·Q_j + y·K_16): the data products
// are summed lane-wise and folded to one 128-bit Karatsuba triple without waiting for y, and
// y's product joins that triple in a 128-bit register, so the serial chain per group is one
// product and one reduction (reduce_early starts its first multiply on the low half of the
// sum, which the middle-term correction does not change). 17 carry-less multiplies per 16
// blocks: at one per 2 cycles the group takes about 34 cycles, about its chain's latency.
// Every register is loaded byte-masked to the bytes of the AD and the data it covers (two
// masked loads where it straddles them), so padding, the data's partial last block and the
// front padding read as zeros without a copy; registers wholly inside the data are plain
// loads; the lengths block is XORed into the last lane.
// Powers: K_2 = K_1^2 and K_4 = K_2^2 (squares: two multiplies), K_3 = K_2·K_1; Q_3 = [K_4,
// K_3, K_2, K_1] (lane 0 first), Q_2 = Q_3·K_4, Q_1 = Q_3·K_8, Q_0 = Q_2·K_8: four
// multiply-reduce steps deep, the later ones 4 lanes at a time.
// Constant time: branches and masks depend on the public lengths only; masked-off bytes are
// neither read nor able to fault (Intel SDM, VMOVDQU8 with a write mask).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/clmul/gf128_clmul.hpp"
#include "backend/x86/ghash.hpp"
#include "base/ct_shadow.hpp"

namespace aeskit::detail::x86 {

// reduce_early: clmul::reduce with the first folding multiply started on p.lo, whose low
// half is already the low half of the corrected T1:T0 (the Karatsuba middle term only adds
// to the high half), so that multiply does not wait for the middle-term correction. Same
// result as clmul::reduce; a few cycles less on the serial chains below.
AESKIT_WIDE_INLINE __m128i reduce_early(const clmul::Product& p) {
  const __m128i c = _mm_set_epi64x(0, static_cast<long long>(0xC200000000000000));
  const __m128i t = _mm_clmulepi64_si128(p.lo, c, 0x00);
  const __m128i mid = AESKIT_BITWISE3(_mm_ternarylogic_epi64, p.mid, p.lo, p.hi, 0x96);
  const __m128i lo = _mm_xor_si128(p.lo, _mm_slli_si128(mid, 8));
  const __m128i hi = _mm_xor_si128(p.hi, _mm_srli_si128(mid, 8));
  const __m128i m = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), t);
  return AESKIT_BITWISE3(_mm_ternarylogic_epi64, hi, _mm_shuffle_epi32(m, 0x4E),
                         _mm_clmulepi64_si128(m, c, 0x00), 0x96);
}

// reduce_lanes_early: reduce_early in every lane.
template <class V>
AESKIT_WIDE_INLINE typename V::reg reduce_lanes_early(const Product<V>& p) {
  const typename V::reg c =
      V::broadcast(_mm_set_epi64x(0, static_cast<long long>(0xC200000000000000)));
  const typename V::reg t = V::template clmul<0x00>(p.lo, c);
  const typename V::reg mid = V::x3(p.mid, p.lo, p.hi);
  const typename V::reg lo = V::x(p.lo, V::template shl_bytes<8>(mid));
  const typename V::reg hi = V::x(p.hi, V::template shr_bytes<8>(mid));
  const typename V::reg m = V::x(V::swap_halves(lo), t);
  return V::x3(hi, V::swap_halves(m), V::template clmul<0x00>(m, c));
}

// square: a·a reduced (the middle terms of a carry-less square cancel: 2 multiplies).
AESKIT_WIDE_INLINE __m128i square(__m128i a) {
  const __m128i lo = _mm_clmulepi64_si128(a, a, 0x00);
  const __m128i hi = _mm_clmulepi64_si128(a, a, 0x11);
  return reduce_early({lo, _mm_xor_si128(lo, hi), hi});
}

AESKIT_WIDE_INLINE __m128i multiply_early(__m128i a, __m128i k) {
  return reduce_early(clmul::product(a, k, clmul::halves_xor(k)));
}

template <class V>
struct RegisterPowers {
  static constexpr std::size_t kRegs = 16 / V::kBlocks;
  typename V::reg k[kRegs];  // register j: K_(16 - kBlocks·j) .. K_(16 - kBlocks·j - kBlocks + 1)
  typename V::reg mid[kRegs];  // halves_xor of each
  __m128i k16, k16_mid;        // K_16 alone, for the state's product
};

// multiply_lanes: lane-wise a·k, reduced per lane.
template <class V>
AESKIT_WIDE_INLINE typename V::reg multiply_lanes(typename V::reg a, typename V::reg k) {
  Product<V> p = zero_product<V>();
  multiply_into<V>(p, a, k, V::x(k, V::swap_halves(k)));
  return reduce_lanes_early<V>(p);
}

template <class V>
AESKIT_WIDE_INLINE RegisterPowers<V> register_powers(__m128i k1) {
  static_assert(V::kBlocks == 4, "the power ladder below is written for four lanes");
  RegisterPowers<V> p;
  const __m128i k2 = square(k1);
  const __m128i k3 = multiply_early(k2, k1);
  const __m128i k4 = square(k2);
  const __m128i low[4] = {k4, k3, k2, k1};
  p.k[3] = V::from_blocks(low);
  p.k[2] = multiply_lanes<V>(p.k[3], V::broadcast(k4));  // K_8..K_5
  const typename V::reg k8 = V::broadcast(V::low_lane(p.k[2]));
  p.k[1] = multiply_lanes<V>(p.k[3], k8);  // K_12..K_9
  p.k[0] = multiply_lanes<V>(p.k[2], k8);  // K_16..K_13
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 4; ++j) p.mid[j] = V::x(p.k[j], V::swap_halves(p.k[j]));
  p.k16 = V::low_lane(p.k[0]);
  p.k16_mid = clmul::halves_xor(p.k16);
  return p;
}

// segment_mask: the bytes of [o, o + 64) that lie in [0, len), as a load mask (o may be
// negative: the front padding).
inline std::uint64_t segment_mask(std::ptrdiff_t o, std::size_t len) {
  const std::ptrdiff_t lo = o < 0 ? -o : 0;
  std::ptrdiff_t hi = static_cast<std::ptrdiff_t>(len) - o;
  if (hi > 64) hi = 64;
  if (hi <= lo) return 0;
  const std::uint64_t upto = hi == 64 ? ~0ull : (1ull << hi) - 1;
  return upto & ~((1ull << lo) - 1);
}

// Stream: the hash input as one run of bytes: the AD at [0, ad_len), zeros to ad_pad (the AD
// padded to whole blocks), the data at [ad_pad, ad_pad + len), zeros to the next block.
struct Stream {
  const std::uint8_t* ad;
  std::size_t ad_len, ad_pad;
  const std::uint8_t* data;
  std::size_t len;
};

// at: pointer arithmetic on addresses, for the masked loads of the front padding, which may
// point before the buffer (masked-off bytes are never read).
inline const std::uint8_t* at(const std::uint8_t* p, std::ptrdiff_t o) {
  return reinterpret_cast<const std::uint8_t*>(reinterpret_cast<std::uintptr_t>(p) +
                                               static_cast<std::uintptr_t>(o));
}

// load_stream: the register of stream bytes [o, o + 64), zeros outside the AD and the data.
template <class V>
AESKIT_WIDE_INLINE typename V::reg load_stream(const Stream& s, std::ptrdiff_t o) {
  const std::ptrdiff_t od = o - static_cast<std::ptrdiff_t>(s.ad_pad);  // offset in the data
  if (od >= 0 && static_cast<std::size_t>(od) + 64 <= s.len) return V::load(s.data + od);
  const std::uint64_t data_mask = segment_mask(od, s.len);
  const std::uint64_t ad_mask = segment_mask(o, s.ad_len);  // public lengths: branches below
  typename V::reg v = V::zero();
  if (data_mask != 0) v = V::load_bytes(at(s.data, od), data_mask);
  if (ad_mask != 0) v = V::x(v, V::load_bytes(at(s.ad, o), ad_mask));
  return v;
}

// hash_message: POLYVAL(H, AD padded || data padded || LE64(8·ad_len) || LE64(8·len)) into
// state (16 bytes, POLYVAL order), H in POLYVAL order (see the header for the groups).
template <class V>
AESKIT_WIDE_INLINE void hash_message(const std::uint8_t h[16], const std::uint8_t* ad,
                                     std::size_t ad_len, const std::uint8_t* data, std::size_t len,
                                     std::uint8_t state[16]) {
  constexpr std::size_t kB = V::kBlocks;
  constexpr std::size_t kRegs = RegisterPowers<V>::kRegs;
  const RegisterPowers<V> pw = register_powers<V>(clmul::load(h));
  const Stream s{ad, ad_len, (ad_len + 15) / 16 * 16, data, len};
  const std::size_t blocks = s.ad_pad / 16 + (len + 15) / 16 + 1;  // + the lengths block
  const std::size_t groups = (blocks + 15) / 16;
  const std::ptrdiff_t front = static_cast<std::ptrdiff_t>(16 * (16 * groups - blocks));
  const __m128i lengths =
      _mm_set_epi64x(static_cast<long long>(8 * static_cast<std::uint64_t>(len)),
                     static_cast<long long>(8 * static_cast<std::uint64_t>(ad_len)));
  __m128i y = _mm_setzero_si128();
  for (std::size_t g = 0; g < groups; ++g) {
    typename V::reg d[kRegs];
#pragma GCC unroll 4
    for (std::size_t j = 0; j < kRegs; ++j)
      d[j] = load_stream<V>(s, static_cast<std::ptrdiff_t>(256 * g + 16 * kB * j) - front);
    if (g + 1 == groups) d[kRegs - 1] = V::x(d[kRegs - 1], V::in_lane(lengths, kB - 1));
    Product<V> acc = zero_product<V>();
#pragma GCC unroll 4
    for (std::size_t j = 0; j < kRegs; ++j) multiply_into<V>(acc, d[j], pw.k[j], pw.mid[j]);
    clmul::Product p = fold_lanes<V>(acc);
    if (g != 0) clmul::multiply_into(p, y, pw.k16, pw.k16_mid);  // y = 0 before group 0
    y = reduce_early(p);
  }
  clmul::store(state, y);
}

}  // namespace aeskit::detail::x86
