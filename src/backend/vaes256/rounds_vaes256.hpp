// src/backend/vaes256/rounds_vaes256.hpp — AES rounds on ymm registers that each hold two
// independent blocks, templated on the round count and the number of registers, plus the
// block-pair load/store helpers the kernels share.
//
// CPU features: AVX2 (256-bit integer ops, VPSHUFB ymm), VAES (VAESENC/VAESDEC[LAST] on ymm),
// AES-NI (the 128-bit forms, VEX-encoded here).
// References: FIPS-197 §5.1 (cipher), §5.3.5 (equivalent inverse cipher); Intel 64 and IA-32
// Architectures Software Developer's Manual, VAESENC/VAESDEC (VEX.256: the 128-bit operation
// applied to each 128-bit lane with that lane of the round key).
//
// Math. VAESENC ymm applies AESENC to each 128-bit lane independently:
//     VAESENC([x0 | x1], [k0 | k1]) = [AESENC(x0, k0) | AESENC(x1, k1)].
// With the round key broadcast to both lanes (k0 = k1 = k[r], VBROADCASTI128), one register
// carries two blocks through the same round, so for round keys k[0..R]:
//     y = [x0 | x1] ^ [k0 | k0];  y = VAESENC(y, [k_r | k_r]) for r = 1..R-1;
//     y = VAESENCLAST(y, [k_R | k_R]) = [E(x0) | E(x1)].
// Decryption is the same shape with VAESDEC and the equivalent-inverse-cipher keys
// (aesni::derive_decrypt_key, same 16-byte round-key layout). As in the AES-NI backend,
// VAESENCLAST(s, k ^ m) = T(s) ^ k ^ m, so a mode that XORs the cipher output with data
// (CTR, CBC/CFB decryption) folds that XOR into the last round key.
//
// Interleave width. On Zen 3 VAESENC/VAESDEC ymm has a latency of 4 cycles and two issue per
// cycle, so 4 × 2 = 8 independent registers (16 blocks) are needed to keep both AES pipes
// busy. Measured here (TSC ticks per byte, best of 200 runs, 16 KiB / 256 B, AES-128):
//     width (ymm regs)       4            6            8
//     ECB encrypt      0.128/0.128  0.128/0.153  0.127/0.128
//     CTR32            0.162/0.235  0.150/0.219  0.149/0.170
//     CBC decrypt      0.135/0.137  0.137/0.198  0.133/0.133
// (AES-256 CTR32 at 16 KiB: 0.219 / 0.216 / 0.199.) On long inputs the out-of-order core
// overlaps consecutive narrow groups, so 4 registers nearly keep up; on a 256-byte message
// there is nothing to overlap and 8 wins by up to 40%. More than 8 would spill: AVX2 has 16
// ymm registers, and 8 states + 1 round key + the CTR/CBC temporaries already use 12-14.
// kWidth = 8 registers = 16 blocks per group.
//
// Round keys are not preloaded: each round broadcasts its key from the RoundKeys buffer
// (one VBROADCASTI128 load per round per group, i.e. per 8 VAESENC). Holding 11..15
// broadcast keys plus 8 states would exceed 16 registers anyway, and loading them in place
// saves the set-up cost on short messages.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {

// Registers per full group (two blocks each); the backend's batch_blocks is 2 * kWidth.
inline constexpr std::size_t kWidth = 8;
inline constexpr std::size_t kGroupBlocks = 2 * kWidth;

enum class Dir { encrypt, decrypt };

// Keys<R>: one direction's R+1 round keys (16 bytes each, in the order they are used), read
// from the RoundKeys buffer and broadcast to both lanes on use.
template <unsigned R>
struct Keys {
  const __m128i* k;

  AESKIT_VAES256_INLINE __m256i operator[](unsigned r) const {
    return _mm256_broadcastsi128_si256(_mm_load_si128(k + r));
  }
  AESKIT_VAES256_INLINE __m128i xmm(unsigned r) const { return _mm_load_si128(k + r); }
};

template <unsigned R>
AESKIT_VAES256_INLINE Keys<R> keys_of(const RoundKeys& rk) {
  return Keys<R>{reinterpret_cast<const __m128i*>(rk.bytes)};
}

// --- loads and stores ---------------------------------------------------------------------
// A "pair" is blocks p[0..15] (low lane) and p[16..31] (high lane). The _low forms move only
// the first block (the high lane is zero on load and not written on store): the odd last
// block of a group.

AESKIT_VAES256_INLINE __m128i load_block(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

AESKIT_VAES256_INLINE void store_block(std::uint8_t* p, __m128i v) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

AESKIT_VAES256_INLINE __m256i load_pair(const std::uint8_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

AESKIT_VAES256_INLINE __m256i load_low(const std::uint8_t* p) {
  return _mm256_zextsi128_si256(load_block(p));
}

AESKIT_VAES256_INLINE void store_pair(std::uint8_t* p, __m256i v) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}

AESKIT_VAES256_INLINE void store_low(std::uint8_t* p, __m256i v) {
  store_block(p, _mm256_castsi256_si128(v));
}

// load_pair_or_low / store_pair_or_low: the low form when `low_only` (a public length test).
AESKIT_VAES256_INLINE __m256i load_pair_or_low(const std::uint8_t* p, bool low_only) {
  return low_only ? load_low(p) : load_pair(p);
}

AESKIT_VAES256_INLINE void store_pair_or_low(std::uint8_t* p, __m256i v, bool low_only) {
  if (low_only)
    store_low(p, v);
  else
    store_pair(p, v);
}

// make_pair: [lo | hi].
AESKIT_VAES256_INLINE __m256i make_pair(__m128i lo, __m128i hi) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

// reverse_lanes: the 16 bytes of each lane in the opposite order (big-endian counter block <->
// little-endian 128-bit integer, per lane: VPSHUFB ymm shuffles within each lane).
AESKIT_VAES256_INLINE __m256i reverse_lanes(__m256i v) {
  const __m256i order = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,  //
                                         15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  return _mm256_shuffle_epi8(v, order);
}

AESKIT_VAES256_INLINE __m128i reverse_block(__m128i v) {
  const __m128i order = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  return _mm_shuffle_epi8(v, order);
}

// --- rounds -------------------------------------------------------------------------------

template <Dir D>
AESKIT_VAES256_INLINE __m256i aes_round(__m256i x, __m256i k) {
  if constexpr (D == Dir::encrypt)
    return _mm256_aesenc_epi128(x, k);
  else
    return _mm256_aesdec_epi128(x, k);
}

template <Dir D>
AESKIT_VAES256_INLINE __m256i aes_last_round(__m256i x, __m256i k) {
  if constexpr (D == Dir::encrypt)
    return _mm256_aesenclast_epi128(x, k);
  else
    return _mm256_aesdeclast_epi128(x, k);
}

// all_but_last_round: whitening with k[0] and rounds 1..R-1 on Y registers, round-major (all
// Y registers through round r before round r+1, so Y VAESENCs are independent per round).
// The caller finishes with aes_last_round(b, k[R]) or aes_last_round(b, k[R] ^ data).
template <Dir D, unsigned R, std::size_t Y>
AESKIT_VAES256_INLINE void all_but_last_round(const Keys<R>& keys, __m256i (&b)[Y]) {
  const __m256i k0 = keys[0];
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = _mm256_xor_si256(b[i], k0);
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
    const __m256i k = keys[r];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) b[i] = aes_round<D>(b[i], k);
  }
}

// cipher: the whole cipher on Y registers in place.
template <Dir D, unsigned R, std::size_t Y>
AESKIT_VAES256_INLINE void cipher(const Keys<R>& keys, __m256i (&b)[Y]) {
  all_but_last_round<D>(keys, b);
  const __m256i k = keys[R];
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = aes_last_round<D>(b[i], k);
}

}  // namespace aeskit::detail::vaes256
