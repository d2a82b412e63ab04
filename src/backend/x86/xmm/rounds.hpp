// src/backend/x86/xmm/rounds.hpp — AES rounds on N independent blocks, templated on the round
// count, plus block load/store helpers.
//
// CPU features: AES-NI, SSSE3 (pshufb for byte reversal).
// References: FIPS-197 §5.1 (cipher), §5.3.5 (equivalent inverse cipher); Intel, "Advanced
// Encryption Standard (AES) New Instructions Set" white paper (instruction semantics).
//
// One AES round on a 128-bit state is AESENC(state, k) = MixColumns(ShiftRows(SubBytes(state)))
// ^ k; the last round (AESENCLAST) omits MixColumns. So E_k(x) with R rounds is
//     x ^= k[0];  x = AESENC(x, k[r]) for r = 1..R-1;  x = AESENCLAST(x, k[R]).
// AESDEC/AESDECLAST are the matching steps of the equivalent inverse cipher, whose round keys
// (see key_schedule_aesni.cpp) are stored in the order they are used, so decryption has the same
// shape with dk[] in place of k[].
//
// Each AESENC has a latency of several cycles but the CPU can start one or two per cycle, so a
// single block leaves the unit mostly idle. Running N independent blocks round by round (all N
// blocks through round r before round r+1) hides the latency; N = 8 fills the pipeline.
// R and N are template parameters so the loops unroll completely and the R+1 round keys are
// plain values the compiler can keep in registers. (8 blocks plus 11..15 round keys exceed
// the 16 XMM registers; the compiler then keeps a few round keys in stack slots and feeds
// them to AESENC as memory operands, which costs a load, not a stall.)
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/x86/targets.hpp"

namespace aeskit::detail::aesni {

// The interleave width of the bulk kernels (also the backend's batch_blocks).
inline constexpr std::size_t kInterleave = 8;

enum class Dir { encrypt, decrypt };

// Schedule holds the R+1 round keys of one direction as values.
template <unsigned R>
struct Schedule {
  __m128i k[R + 1];
};

AESKIT_AESNI_INLINE __m128i load_block(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

AESKIT_AESNI_INLINE void store_block(std::uint8_t* p, __m128i v) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

// round_key: round key i of a schedule (RoundKeys is 16-byte aligned, so aligned 16-byte loads).
AESKIT_AESNI_INLINE __m128i round_key(const RoundKeys& rk, unsigned i) {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(rk.bytes) + i);
}

template <unsigned R>
AESKIT_AESNI_INLINE Schedule<R> load_schedule(const RoundKeys& rk) {
  Schedule<R> s;
#pragma GCC unroll 16
  for (unsigned i = 0; i <= R; ++i) s.k[i] = round_key(rk, i);
  return s;
}

// reverse_bytes: the 16 bytes of v in the opposite order (a big-endian block <-> a
// little-endian 128-bit integer).
AESKIT_AESNI_INLINE __m128i reverse_bytes(__m128i v) {
  const __m128i order = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return _mm_shuffle_epi8(v, order);
}

template <Dir D>
AESKIT_AESNI_INLINE __m128i aes_round(__m128i x, __m128i k) {
  if constexpr (D == Dir::encrypt)
    return _mm_aesenc_si128(x, k);
  else
    return _mm_aesdec_si128(x, k);
}

template <Dir D>
AESKIT_AESNI_INLINE __m128i aes_last_round(__m128i x, __m128i k) {
  if constexpr (D == Dir::encrypt)
    return _mm_aesenclast_si128(x, k);
  else
    return _mm_aesdeclast_si128(x, k);
}

// middle_rounds: rounds 1..R-1 on N blocks, round-major.
template <Dir D, unsigned R, std::size_t N>
AESKIT_AESNI_INLINE void middle_rounds(const Schedule<R>& s, __m128i (&b)[N]) {
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) b[i] = aes_round<D>(b[i], s.k[r]);
  }
}

// all_but_last_round: round-key 0 whitening and rounds 1..R-1. The caller finishes each block
// with aes_last_round, either with k[R] or with k[R] ^ m to get Cipher(x) ^ m in the same
// instruction (AESENCLAST(x, k) = T(x) ^ k, so AESENCLAST(x, k ^ m) = T(x) ^ k ^ m): modes
// that XOR the cipher output with data fold that XOR into the last round key, off the
// rounds' dependency chain.
template <Dir D, unsigned R, std::size_t N>
AESKIT_AESNI_INLINE void all_but_last_round(const Schedule<R>& s, __m128i (&b)[N]) {
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) b[i] = _mm_xor_si128(b[i], s.k[0]);
  middle_rounds<D>(s, b);
}

// cipher: the whole cipher (or equivalent inverse cipher) on N blocks in place.
template <Dir D, unsigned R, std::size_t N>
AESKIT_AESNI_INLINE void cipher(const Schedule<R>& s, __m128i (&b)[N]) {
  all_but_last_round<D>(s, b);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) b[i] = aes_last_round<D>(b[i], s.k[R]);
}

// cipher_one: one block's rounds up to AESENCLAST(x, k[R] ^ m), i.e. Cipher(x) ^ m, each
// round key a memory operand. For a lone block the keys' loads run ahead of the chain;
// loading a whole Schedule first (the N-block path) spills a few keys, which costs a
// single-block call ~10 cycles.
template <Dir D, unsigned R>
AESKIT_AESNI_INLINE __m128i cipher_one(const RoundKeys& rk, __m128i x, __m128i m) {
  x = _mm_xor_si128(x, round_key(rk, 0));
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) x = aes_round<D>(x, round_key(rk, r));
  return aes_last_round<D>(x, _mm_xor_si128(round_key(rk, R), m));
}

}  // namespace aeskit::detail::aesni
