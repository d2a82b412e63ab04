// src/backend/x86/vec128.hpp — the 128-bit vector policy of the x86 AES kernels (x86/*.hpp):
// one AES block per xmm register, AES-NI with legacy SSE encodings.
//
// CPU features: AES-NI, PCLMULQDQ, SSSE3 (x86/targets.hpp) — no AVX, so the code runs on
// every x86-64 CPU with AES-NI and needs no VZEROUPPER. One width per translation unit (see
// vec256.hpp); the units are those of src/backend/x86/xmm/.
// References: Intel SDM, AESENC/AESDEC, PCLMULQDQ, PSHUFB; GCC/Clang documentation of
// __attribute__((target)).
//
// The operations mean what they mean in vec256.hpp with a single lane: a "broadcast" is the
// block itself, shift_in(b, v) is b, lanes_xor(v) is v, and partial registers do not occur.
// Round keys are loaded aligned (RoundKeys is 16-byte aligned) so the compiler may use them
// as memory operands of AESENC, which the legacy encoding requires to be aligned.
#pragma once

#if defined(AESKIT_WIDE_BITS) && AESKIT_WIDE_BITS != 128
#error "one vector width per translation unit (x86/vec128.hpp after another width)"
#endif
#include "backend/x86/targets.hpp"

#define AESKIT_WIDE_BITS 128
#define AESKIT_WIDE_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_AESNI)
#define AESKIT_WIDE_LAMBDA __attribute__((target(AESKIT_TARGET_STRING_AESNI), always_inline))
#define AESKIT_WIDE_INLINE AESKIT_WIDE_LAMBDA inline

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace aeskit::detail::aesni {

struct Vec {
  using reg = __m128i;
  static constexpr std::size_t kBlocks = 1;
  // kLoneUpTo: calls of at most this many blocks take the one-block code (entries_blocks.inc).
  static constexpr std::size_t kLoneUpTo = 1;
  // kRegs: AESENC latency 4 (Zen 3/5), two per cycle: 8 independent blocks fill the pipes,
  // and 8 states + a round key + temporaries fit the 16 xmm registers.
  static constexpr std::size_t kRegs = 8;
  // kGcmRegs: 8 blocks per fused-GCM iteration and GHASH reduction (the pclmul table's 8
  // powers). 16 would need every xmm register for AES state.
  static constexpr std::size_t kGcmRegs = 8;

  // kGhashPowers: powers of H in the GHASH key this width reads (the pclmul layout).
  // kVectorRegisters: architectural vector registers (SSE/AVX: 16); whether a long loop
  // body can keep every round key in a register beside its states (gcm.hpp's GcmKeys).
  static constexpr std::size_t kVectorRegisters = 16;
  static constexpr std::size_t kGhashPowers = 8;

  AESKIT_WIDE_INLINE static reg zero() { return _mm_setzero_si128(); }
  AESKIT_WIDE_INLINE static reg load(const std::uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  AESKIT_WIDE_INLINE static void store(std::uint8_t* p, reg v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
  }
  AESKIT_WIDE_INLINE static reg load_n(const std::uint8_t* p, std::size_t) { return load(p); }
  AESKIT_WIDE_INLINE static void store_n(std::uint8_t* p, reg v, std::size_t) { store(p, v); }
  AESKIT_WIDE_INLINE static reg keep_n(reg v, std::size_t) { return v; }
  AESKIT_WIDE_INLINE static reg broadcast(__m128i b) { return b; }
  // broadcast_load: a round key (16-byte aligned in RoundKeys, or the GHASH table).
  AESKIT_WIDE_INLINE static reg broadcast_load(const std::uint8_t* p) {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(p));
  }
  AESKIT_WIDE_INLINE static reg in_last_lane(__m128i b) { return b; }
  AESKIT_WIDE_INLINE static reg from_blocks(const __m128i (&b)[kBlocks]) { return b[0]; }
  AESKIT_WIDE_INLINE static __m128i lane(reg v, std::size_t) { return v; }
  AESKIT_WIDE_INLINE static __m128i low_lane(reg v) { return v; }
  AESKIT_WIDE_INLINE static __m128i lanes_xor(reg v) { return v; }
  AESKIT_WIDE_INLINE static reg shift_in(__m128i b, reg) { return b; }
  AESKIT_WIDE_INLINE static reg low_only(__m128i b) { return b; }

  AESKIT_WIDE_INLINE static reg x(reg a, reg b) { return _mm_xor_si128(a, b); }
  AESKIT_WIDE_INLINE static reg and_(reg a, reg b) { return _mm_and_si128(a, b); }
  AESKIT_WIDE_INLINE static reg x3(reg a, reg b, reg c) {
    return _mm_xor_si128(_mm_xor_si128(a, b), c);
  }
  AESKIT_WIDE_INLINE static reg enc(reg s, reg k) { return _mm_aesenc_si128(s, k); }
  AESKIT_WIDE_INLINE static reg enc_last(reg s, reg k) { return _mm_aesenclast_si128(s, k); }
  AESKIT_WIDE_INLINE static reg dec(reg s, reg k) { return _mm_aesdec_si128(s, k); }
  AESKIT_WIDE_INLINE static reg dec_last(reg s, reg k) { return _mm_aesdeclast_si128(s, k); }

  AESKIT_WIDE_INLINE static reg add32(reg a, reg b) { return _mm_add_epi32(a, b); }
  AESKIT_WIDE_INLINE static reg add64(reg a, reg b) { return _mm_add_epi64(a, b); }
  AESKIT_WIDE_INLINE static reg each_lane32(int n) { return _mm_cvtsi32_si128(n); }
  AESKIT_WIDE_INLINE static reg lane_index32() { return _mm_setzero_si128(); }
  AESKIT_WIDE_INLINE static reg each_lane64(long long n) { return _mm_cvtsi64_si128(n); }
  AESKIT_WIDE_INLINE static reg lane_index64() { return _mm_setzero_si128(); }

  // each_lane_dw3(n): n in 32-bit element 3 of every lane (a big-endian block's last four
  // bytes); lane_index_dw3(): lane i holds i << 24 there (+i on the block's last byte).
  AESKIT_WIDE_INLINE static reg each_lane_dw3(int n) { return _mm_setr_epi32(0, 0, 0, n); }
  AESKIT_WIDE_INLINE static reg lane_index_dw3() { return _mm_setzero_si128(); }

  AESKIT_WIDE_INLINE static reg reverse_lanes(reg v) {
    return _mm_shuffle_epi8(v, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
  }
  AESKIT_WIDE_INLINE static reg swap_halves(reg v) { return _mm_shuffle_epi32(v, 0x4E); }
  template <int kImm>
  AESKIT_WIDE_INLINE static reg clmul(reg a, reg b) {
    return _mm_clmulepi64_si128(a, b, kImm);
  }
  template <int kBits>
  AESKIT_WIDE_INLINE static reg shl64(reg v) {
    return _mm_slli_epi64(v, kBits);
  }
  template <int kBits>
  AESKIT_WIDE_INLINE static reg shr64(reg v) {
    return _mm_srli_epi64(v, kBits);
  }
  template <int kBytes>
  AESKIT_WIDE_INLINE static reg shl_bytes(reg v) {
    return _mm_slli_si128(v, kBytes);
  }
  template <int kBytes>
  AESKIT_WIDE_INLINE static reg shr_bytes(reg v) {
    return _mm_srli_si128(v, kBytes);
  }

  AESKIT_WIDE_INLINE static void finish() {}
};

}  // namespace aeskit::detail::aesni
