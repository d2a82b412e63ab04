// src/backend/x86/vec512.hpp — the 512-bit vector policy of the width-generic VAES kernels
// (x86/*.hpp): four AES blocks per zmm register, masked loads/stores for partial
// registers.
//
// CPU features: AVX-512 F, BW, DQ and VL (cpu::Feature::avx512), AES-NI, VAES, PCLMULQDQ,
// VPCLMULQDQ (EVEX.512 forms). Compiled only into the translation units of
// src/backend/x86/zmm/ and src/backend/x86/clmul/*_vpclmul512.cpp; the vaes512 backend's and the
// vpclmul512 GHASH backend's supported() keep every function here from running on a CPU
// without them. One width per translation unit (see vec256.hpp).
// References: Intel SDM, VAESENC (EVEX.512: AESENC on each 128-bit lane), VPCLMULQDQ
// (EVEX.512), VMOVDQU64 with a write mask (masked-off elements neither read nor faulting),
// VALIGNQ, VPSHUFB (per 128-bit lane); GCC/Clang documentation of __attribute__((target)).
//
// The operations mean exactly what they mean in vec256.hpp, with four lanes instead of two.
// Partial registers (the last 1..3 blocks of a message) use write-masked loads and stores
// instead of byte loops: masked-off lanes read as zero, are never written and never fault.
#pragma once

#if defined(AESKIT_WIDE_BITS) && AESKIT_WIDE_BITS != 512
#error "one vector width per translation unit (x86/vec512.hpp after another width)"
#endif
#include "backend/x86/targets.hpp"
#include "base/ct_shadow.hpp"

#define AESKIT_WIDE_BITS 512
#define AESKIT_WIDE_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_VAES512)
#define AESKIT_WIDE_LAMBDA __attribute__((target(AESKIT_TARGET_STRING_VAES512), always_inline))
#define AESKIT_WIDE_INLINE AESKIT_WIDE_LAMBDA inline

// GCC 12 reports its own AVX-512 intrinsics (the "undefined" upper halves of the cast and
// broadcast/extract helpers in avx512fintrin.h, _mm512_undefined_epi32()) as uninitialized
// once they are inlined; the pragmas must be in force where that header is read, so this
// header is included first in every 512-bit unit. Clang has no such warning.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace aeskit::detail::vaes512 {

struct Vec {
  using reg = __m512i;
  static constexpr std::size_t kBlocks = 4;
  // kLoneUpTo: ECB calls of at most this many blocks take the AES-NI entries (entries_blocks.inc).
  // A call that fills at most one zmm (CCM's three-block CTR, GCM's short-message pair) gains
  // nothing from the wide register and pays its set-up: mask, lane offsets, key broadcasts,
  // VZEROUPPER (AES-128-CCM and AES-256-GCM open at 16 bytes: 0.94-0.96x the ymm tier).
  static constexpr std::size_t kLoneUpTo = 4;
  // kRegs: VAESENC zmm on Zen 5 has latency 4 and issues two per cycle, so 8 independent
  // registers (32 blocks) keep both AES pipes busy; AVX-512 has 32 zmm registers, so the 8
  // states, a round key and the temporaries fit.
  static constexpr std::size_t kRegs = 8;
  // kGcmRegs: 8 zmm = 32 blocks per fused-GCM iteration (8 independent AES chains, as for
  // the other modes), hashed with one reduction per iteration over the 32 powers of the zmm
  // GHASH key (x86/gcm.hpp: kGroup, group_powers).
  static constexpr std::size_t kGcmRegs = 8;

  // mask_n: the 64-bit elements of the first n blocks.
  AESKIT_WIDE_INLINE static __mmask8 mask_n(std::size_t n) {
    return static_cast<__mmask8>((1u << (2 * n)) - 1u);
  }

  // kGhashPowers: powers of H in the GHASH key this width reads (the vpclmul layout, 64
  // bytes = 4 powers per load).
  // kVectorRegisters: architectural vector registers (AVX-512: 32); whether a long loop
  // body can keep every round key in a register beside its states (gcm.hpp's GcmKeys).
  static constexpr std::size_t kVectorRegisters = 32;
  static constexpr std::size_t kGhashPowers = 16;

  AESKIT_WIDE_INLINE static reg zero() { return _mm512_setzero_si512(); }
  AESKIT_WIDE_INLINE static reg load(const std::uint8_t* p) { return _mm512_loadu_si512(p); }
  AESKIT_WIDE_INLINE static void store(std::uint8_t* p, reg v) { _mm512_storeu_si512(p, v); }
  AESKIT_WIDE_INLINE static reg load_n(const std::uint8_t* p, std::size_t n) {
    if (n == kBlocks) return load(p);
    return _mm512_maskz_loadu_epi64(mask_n(n), p);
  }
  // shift_in_n: v with its lanes a..n-1 (a < n <= kBlocks) replaced by the blocks p[0],
  // p[1], .. (only those n - a blocks are read): a masked load, then VPERMQ moving each block
  // up a lanes, merged into v under the lane mask; lanes past n as in v. (VPEXPANDQ from memory
  // does it in one instruction, but MemorySanitizer's strict check of it reports the secret
  // blocks it merges, and the zmm constant-time check runs under it.)
  AESKIT_WIDE_INLINE static reg shift_in_n(reg v, const std::uint8_t* p, std::size_t a,
                                           std::size_t n) {
    const reg blocks = _mm512_maskz_loadu_epi64(mask_n(n - a), p);
    const reg index = _mm512_sub_epi64(_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0),
                                       _mm512_set1_epi64(static_cast<long long>(2 * a)));
    return _mm512_mask_permutexvar_epi64(v, static_cast<__mmask8>(mask_n(n) & ~mask_n(a)), index,
                                         blocks);
  }
  AESKIT_WIDE_INLINE static void store_n(std::uint8_t* p, reg v, std::size_t n) {
    if (n == kBlocks)
      store(p, v);
    else
      _mm512_mask_storeu_epi64(p, mask_n(n), v);
  }
  // load_bytes: the bytes of p[0..64) whose bit is set in `mask`, zeros elsewhere (masked-off
  // bytes are not read and do not fault; AVX-512BW).
  AESKIT_WIDE_INLINE static reg load_bytes(const std::uint8_t* p, std::uint64_t mask) {
    return _mm512_maskz_loadu_epi8(static_cast<__mmask64>(mask), p);
  }
  // in_lane: b in lane i (0..3), zeros in the other lanes.
  AESKIT_WIDE_INLINE static reg in_lane(__m128i b, std::size_t i) {
    return _mm512_maskz_broadcast_i32x4(static_cast<__mmask16>(0xFu << (4 * i)), b);
  }
  AESKIT_WIDE_INLINE static reg keep_n(reg v, std::size_t n) {
    return n == kBlocks ? v : _mm512_maskz_mov_epi64(mask_n(n), v);
  }
  AESKIT_WIDE_INLINE static reg broadcast(__m128i b) { return _mm512_broadcast_i32x4(b); }
  AESKIT_WIDE_INLINE static reg broadcast_load(const std::uint8_t* p) {
    return broadcast(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  // in_last_lane: b in the last lane, zero in the others (one zero-masked broadcast).
  AESKIT_WIDE_INLINE static reg in_last_lane(__m128i b) {
    return _mm512_maskz_broadcast_i32x4(0xF000, b);
  }
  AESKIT_WIDE_INLINE static reg from_blocks(const __m128i (&b)[kBlocks]) {
    const __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(b[0]), b[1], 1);
    const __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(b[2]), b[3], 1);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
  }
  AESKIT_WIDE_INLINE static __m128i lane(reg v, std::size_t i) {
    switch (i) {
      case 0:
        return _mm512_castsi512_si128(v);
      case 1:
        return _mm512_extracti32x4_epi32(v, 1);
      case 2:
        return _mm512_extracti32x4_epi32(v, 2);
      default:
        return _mm512_extracti32x4_epi32(v, 3);
    }
  }
  AESKIT_WIDE_INLINE static __m128i low_lane(reg v) { return _mm512_castsi512_si128(v); }
  // load_partial16 / store_partial16: p[0..n) of one block (n ≤ 16, public), zeros above; no
  // byte past p + n is read or written (AVX-512BW/VL byte masks: masked-off bytes never fault).
  AESKIT_WIDE_INLINE static __m128i load_partial16(const std::uint8_t* p, std::size_t n) {
    return _mm_maskz_loadu_epi8(static_cast<__mmask16>((1u << n) - 1), p);
  }
  AESKIT_WIDE_INLINE static void store_partial16(std::uint8_t* p, std::size_t n, __m128i v) {
    _mm_mask_storeu_epi8(p, static_cast<__mmask16>((1u << n) - 1), v);
  }
  AESKIT_WIDE_INLINE static __m128i lanes_xor(reg v) {
    const __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
  }
  // shift_in: [b | v.lane0 | v.lane1 | v.lane2]. VALIGNQ over (v : broadcast(b)) by 6
  // qwords takes b's top lane, then v's lanes 0..2.
  AESKIT_WIDE_INLINE static reg shift_in(__m128i b, reg v) {
    return _mm512_alignr_epi64(v, broadcast(b), 6);
  }
  AESKIT_WIDE_INLINE static reg low_only(__m128i b) { return _mm512_zextsi128_si512(b); }

  AESKIT_WIDE_INLINE static reg x(reg a, reg b) { return _mm512_xor_si512(a, b); }
  AESKIT_WIDE_INLINE static reg and_(reg a, reg b) { return _mm512_and_si512(a, b); }
  // x3: a ^ b ^ c in one VPTERNLOGQ (truth table 0x96).
  AESKIT_WIDE_INLINE static reg x3(reg a, reg b, reg c) {
    return AESKIT_BITWISE3(_mm512_ternarylogic_epi64, a, b, c, 0x96);
  }
  // xand: a ^ (b & c) in one VPTERNLOGQ (0x78); kTernaryLogic tells the AEGIS template
  // (backend/kernels/aegis_lanes.hpp) that x3 and xand cost one operation.
  static constexpr bool kTernaryLogic = true;
  AESKIT_WIDE_INLINE static reg xand(reg a, reg b, reg c) {
    return AESKIT_BITWISE3(_mm512_ternarylogic_epi64, a, b, c, 0x78);
  }
  AESKIT_WIDE_INLINE static reg enc(reg s, reg k) { return _mm512_aesenc_epi128(s, k); }
  AESKIT_WIDE_INLINE static reg enc_last(reg s, reg k) { return _mm512_aesenclast_epi128(s, k); }
  AESKIT_WIDE_INLINE static reg dec(reg s, reg k) { return _mm512_aesdec_epi128(s, k); }
  AESKIT_WIDE_INLINE static reg dec_last(reg s, reg k) { return _mm512_aesdeclast_epi128(s, k); }

  AESKIT_WIDE_INLINE static reg add32(reg a, reg b) { return _mm512_add_epi32(a, b); }
  AESKIT_WIDE_INLINE static reg add64(reg a, reg b) { return _mm512_add_epi64(a, b); }
  AESKIT_WIDE_INLINE static reg each_lane32(int n) { return _mm512_maskz_set1_epi32(0x1111, n); }
  AESKIT_WIDE_INLINE static reg lane_index32() {
    return _mm512_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0);
  }
  AESKIT_WIDE_INLINE static reg each_lane64(long long n) {
    return _mm512_maskz_set1_epi64(0x55, n);
  }
  AESKIT_WIDE_INLINE static reg lane_index64() { return _mm512_setr_epi64(0, 0, 1, 0, 2, 0, 3, 0); }
  AESKIT_WIDE_INLINE static reg lane1_32(int n) { return _mm512_maskz_set1_epi32(0x0010, n); }

  AESKIT_WIDE_INLINE static reg each_lane_dw3(int n) { return _mm512_maskz_set1_epi32(0x8888, n); }
  AESKIT_WIDE_INLINE static reg lane_index_dw3() {
    return _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 1 << 24, 0, 0, 0, 2 << 24, 0, 0, 0, 3 << 24);
  }

  AESKIT_WIDE_INLINE static reg reverse_lanes(reg v) {
    const __m512i order =
        _mm512_broadcast_i32x4(_mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    return _mm512_shuffle_epi8(v, order);
  }
  AESKIT_WIDE_INLINE static reg swap_halves(reg v) {
    return _mm512_shuffle_epi32(v, static_cast<_MM_PERM_ENUM>(0x4E));
  }
  template <int kImm>
  AESKIT_WIDE_INLINE static reg clmul(reg a, reg b) {
    return _mm512_clmulepi64_epi128(a, b, kImm);
  }
  template <int kBits>
  AESKIT_WIDE_INLINE static reg shl64(reg v) {
    return _mm512_slli_epi64(v, kBits);
  }
  template <int kBits>
  AESKIT_WIDE_INLINE static reg shr64(reg v) {
    return _mm512_srli_epi64(v, kBits);
  }
  template <int kBytes>
  AESKIT_WIDE_INLINE static reg shl_bytes(reg v) {
    return _mm512_bslli_epi128(v, kBytes);
  }
  template <int kBytes>
  AESKIT_WIDE_INLINE static reg shr_bytes(reg v) {
    return _mm512_bsrli_epi128(v, kBytes);
  }

  AESKIT_WIDE_INLINE static void finish() { _mm256_zeroupper(); }
};

}  // namespace aeskit::detail::vaes512
