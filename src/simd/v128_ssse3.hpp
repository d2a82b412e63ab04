// src/simd/v128_ssse3.hpp — simd::V128 for x86 / x86-64 with SSE2 + SSSE3 (the contract is in
// v128.hpp). Every function carries target("ssse3"); callers need AESKIT_SIMD_TARGET.
// CPU features: SSE2, SSSE3 (pshufb).
// References: Intel 64 and IA-32 Architectures Software Developer's Manual, PSHUFB.
#pragma once

#include <emmintrin.h>
#include <tmmintrin.h>

#include <cstdint>

#define AESKIT_SIMD_TARGET __attribute__((target("ssse3")))
#define AESKIT_SIMD_INLINE __attribute__((target("ssse3"), always_inline)) inline

namespace aeskit::simd {

struct V128 {
  __m128i v;

  AESKIT_SIMD_INLINE static V128 load(const void* p) {
    return {_mm_loadu_si128(static_cast<const __m128i*>(p))};
  }
  AESKIT_SIMD_INLINE void store(void* p) const { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
  AESKIT_SIMD_INLINE static V128 zero() { return {_mm_setzero_si128()}; }
  AESKIT_SIMD_INLINE static V128 splat8(std::uint8_t b) {
    return {_mm_set1_epi8(static_cast<char>(b))};
  }
  AESKIT_SIMD_INLINE static V128 from_u32(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2,
                                          std::uint32_t w3) {
    return {_mm_setr_epi32(static_cast<int>(w0), static_cast<int>(w1), static_cast<int>(w2),
                           static_cast<int>(w3))};
  }

  AESKIT_SIMD_INLINE friend V128 operator^(V128 a, V128 b) { return {_mm_xor_si128(a.v, b.v)}; }
  AESKIT_SIMD_INLINE friend V128 operator&(V128 a, V128 b) { return {_mm_and_si128(a.v, b.v)}; }
  AESKIT_SIMD_INLINE friend V128 operator|(V128 a, V128 b) { return {_mm_or_si128(a.v, b.v)}; }
  // and_not(a, m) = a & ~m (pandn computes ~first & second).
  AESKIT_SIMD_INLINE static V128 and_not(V128 a, V128 m) { return {_mm_andnot_si128(m.v, a.v)}; }

  // pshufb: an index byte with bit 7 set gives 0, otherwise table[index & 15]; within the
  // contract (index < 16 or >= 0x80) that is exactly the contract.
  AESKIT_SIMD_INLINE static V128 shuffle(V128 table, V128 idx) {
    return {_mm_shuffle_epi8(table.v, idx.v)};
  }

  template <int n>
  AESKIT_SIMD_INLINE static V128 shr16(V128 a) {
    static_assert(n > 0 && n < 16);
    return {_mm_srli_epi16(a.v, n)};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shr32(V128 a) {
    static_assert(n > 0 && n < 32);
    return {_mm_srli_epi32(a.v, n)};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shr64(V128 a) {
    static_assert(n > 0 && n < 64);
    return {_mm_srli_epi64(a.v, n)};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl16(V128 a) {
    static_assert(n > 0 && n < 16);
    return {_mm_slli_epi16(a.v, n)};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl32(V128 a) {
    static_assert(n > 0 && n < 32);
    return {_mm_slli_epi32(a.v, n)};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl64(V128 a) {
    static_assert(n > 0 && n < 64);
    return {_mm_slli_epi64(a.v, n)};
  }

  AESKIT_SIMD_INLINE static V128 add32(V128 a, V128 b) { return {_mm_add_epi32(a.v, b.v)}; }
  // pmuludq multiplies the low 32 bits of each 64-bit lane.
  AESKIT_SIMD_INLINE static V128 mul32x2(V128 a, V128 b) { return {_mm_mul_epu32(a.v, b.v)}; }
  AESKIT_SIMD_INLINE static V128 unpack_lo64(V128 a, V128 b) {
    return {_mm_unpacklo_epi64(a.v, b.v)};
  }

  AESKIT_SIMD_INLINE static V128 reverse_bytes(V128 a) {
    return {
        _mm_shuffle_epi8(a.v, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0))};
  }
};

}  // namespace aeskit::simd
