// src/backend/x86/vec256.hpp — the 256-bit vector policy of the width-generic VAES kernels
// (x86/*.hpp): two AES blocks per ymm register, VEX encodings only.
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ — and deliberately no AVX-512, so
// that no EVEX instruction can appear in the code the kernels instantiate with this policy
// (it must run on AVX2-only CPUs such as Zen 3). Each width is compiled in its own translation
// units (src/backend/x86/ymm/) and namespace; the target macros below are defined once per
// translation unit and a second width in the same unit is an error.
// References: Intel SDM, VAESENC/VAESDEC and VPCLMULQDQ (VEX.256: the 128-bit operation in
// each 128-bit lane); GCC/Clang documentation of __attribute__((target)).
//
// The policy is the small set of operations the kernels need, named by what they do to
// blocks: load/store n blocks, broadcast a block (a round key) to every lane, an AES round,
// XOR, "shift a block in" (CBC/CFB's previous-ciphertext register), per-lane counter adds,
// a carry-less multiply and per-lane byte reversal. A lane is one 128-bit block.
#pragma once

#if defined(AESKIT_WIDE_BITS) && AESKIT_WIDE_BITS != 256
#error "one vector width per translation unit (x86/vec256.hpp after another width)"
#endif
#include "backend/x86/targets.hpp"
#include "base/block128.hpp"

#define AESKIT_WIDE_BITS 256
#define AESKIT_WIDE_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_VAES256)
#define AESKIT_WIDE_LAMBDA __attribute__((target(AESKIT_TARGET_STRING_VAES256), always_inline))
#define AESKIT_WIDE_INLINE AESKIT_WIDE_LAMBDA inline

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace aeskit::detail::vaes256 {

struct Vec {
  using reg = __m256i;
  static constexpr std::size_t kBlocks = 2;  // blocks per register
  // kLoneUpTo: ECB calls of at most this many blocks take the AES-NI entries
  // (entries_blocks.inc). A two-block call's input is mostly two blocks its caller has just
  // stored one at a time (OCB's nonce and AD blocks, EAX's two OMAC blocks); one 32-byte load
  // cannot take its data from two 16-byte stores still in the store queue and waits for them
  // to reach the cache: AES-128-OCB seal at 16 bytes went 282 -> 432 MB/s and EAX seal 242 ->
  // 420 MB/s on Zen 5 with this at 2 instead of 1.
  static constexpr std::size_t kLoneUpTo = 2;
  // kRegs: registers in flight per group. Zen 3: VAESENC ymm latency 4, two per cycle, so
  // 4 × 2 = 8 independent registers keep both AES pipes busy (measurements in
  // x86/rounds.hpp).
  static constexpr std::size_t kRegs = 8;
  // kGcmRegs: registers per fused-GCM iteration (16 blocks: one reduction per iteration).
  static constexpr std::size_t kGcmRegs = 8;

  // kGhashPowers: powers of H in the GHASH key this width reads (the vpclmul layout).
  // kVectorRegisters: architectural vector registers (SSE/AVX: 16); whether a long loop
  // body can keep every round key in a register beside its states (gcm.hpp's GcmKeys).
  static constexpr std::size_t kVectorRegisters = 16;
  static constexpr std::size_t kGhashPowers = 16;

  AESKIT_WIDE_INLINE static reg zero() { return _mm256_setzero_si256(); }
  AESKIT_WIDE_INLINE static reg load(const std::uint8_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  AESKIT_WIDE_INLINE static void store(std::uint8_t* p, reg v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
  }
  // load_n / store_n: the first n (1..kBlocks, public) blocks; lanes past n read as zero
  // and are not written. Nothing past p + 16n is touched.
  AESKIT_WIDE_INLINE static reg load_n(const std::uint8_t* p, std::size_t n) {
    if (n == kBlocks) return load(p);
    return _mm256_zextsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  AESKIT_WIDE_INLINE static void store_n(std::uint8_t* p, reg v, std::size_t n) {
    if (n == kBlocks)
      store(p, v);
    else
      _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm256_castsi256_si128(v));
  }
  // keep_n: the first n (1..kBlocks) lanes of v, the others zero.
  AESKIT_WIDE_INLINE static reg keep_n(reg v, std::size_t n) {
    return n == kBlocks ? v : _mm256_zextsi128_si256(_mm256_castsi256_si128(v));
  }
  AESKIT_WIDE_INLINE static reg broadcast(__m128i b) { return _mm256_broadcastsi128_si256(b); }
  AESKIT_WIDE_INLINE static reg broadcast_load(const std::uint8_t* p) {
    return broadcast(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  // in_last_lane: b in the last lane, zero in the others.
  AESKIT_WIDE_INLINE static reg in_last_lane(__m128i b) {
    return _mm256_inserti128_si256(_mm256_setzero_si256(), b, 1);
  }
  // from_blocks: lane i = b[i].
  AESKIT_WIDE_INLINE static reg from_blocks(const __m128i (&b)[kBlocks]) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(b[0]), b[1], 1);
  }
  // lane: block i (0..kBlocks-1, public).
  AESKIT_WIDE_INLINE static __m128i lane(reg v, std::size_t i) {
    return i == 0 ? _mm256_castsi256_si128(v) : _mm256_extracti128_si256(v, 1);
  }
  AESKIT_WIDE_INLINE static __m128i low_lane(reg v) { return _mm256_castsi256_si128(v); }
  // load_partial16 / store_partial16: p[0..n) of one block (n ≤ 16, public), zeros above; no
  // byte past p + n is read or written (scalar pieces, base/block128.hpp: no byte masks here).
  AESKIT_WIDE_INLINE static __m128i load_partial16(const std::uint8_t* p, std::size_t n) {
    const Block128 b = load_partial_block(p, n, /*pad=*/false);
    __m128i v;
    std::memcpy(&v, &b, 16);
    return v;
  }
  AESKIT_WIDE_INLINE static void store_partial16(std::uint8_t* p, std::size_t n, __m128i v) {
    Block128 b;
    std::memcpy(&b, &v, 16);
    store_partial_block(p, n, b);
  }
  // lanes_xor: the XOR of every lane.
  AESKIT_WIDE_INLINE static __m128i lanes_xor(reg v) {
    return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  }
  // shift_in: [b | v.lane0] — block b enters lane 0, every lane moves up one, the top drops.
  AESKIT_WIDE_INLINE static reg shift_in(__m128i b, reg v) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(b), _mm256_castsi256_si128(v), 1);
  }
  // low_only: lane 0 kept, the others zero.
  AESKIT_WIDE_INLINE static reg low_only(__m128i b) { return _mm256_zextsi128_si256(b); }

  AESKIT_WIDE_INLINE static reg x(reg a, reg b) { return _mm256_xor_si256(a, b); }
  AESKIT_WIDE_INLINE static reg and_(reg a, reg b) { return _mm256_and_si256(a, b); }
  AESKIT_WIDE_INLINE static reg x3(reg a, reg b, reg c) {
    return _mm256_xor_si256(_mm256_xor_si256(a, b), c);
  }
  AESKIT_WIDE_INLINE static reg enc(reg s, reg k) { return _mm256_aesenc_epi128(s, k); }
  AESKIT_WIDE_INLINE static reg enc_last(reg s, reg k) { return _mm256_aesenclast_epi128(s, k); }
  AESKIT_WIDE_INLINE static reg dec(reg s, reg k) { return _mm256_aesdec_epi128(s, k); }
  AESKIT_WIDE_INLINE static reg dec_last(reg s, reg k) { return _mm256_aesdeclast_epi128(s, k); }

  // Counters: 32-bit element 0 and 64-bit element 0 of each lane.
  AESKIT_WIDE_INLINE static reg add32(reg a, reg b) { return _mm256_add_epi32(a, b); }
  AESKIT_WIDE_INLINE static reg add64(reg a, reg b) { return _mm256_add_epi64(a, b); }
  // each_lane32(n): n in element 0 of every lane; lane_index32(): i in element 0 of lane i.
  AESKIT_WIDE_INLINE static reg each_lane32(int n) {
    return _mm256_setr_epi32(n, 0, 0, 0, n, 0, 0, 0);
  }
  AESKIT_WIDE_INLINE static reg lane_index32() { return _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0); }
  AESKIT_WIDE_INLINE static reg each_lane64(long long n) { return _mm256_setr_epi64x(n, 0, n, 0); }
  AESKIT_WIDE_INLINE static reg lane_index64() { return _mm256_setr_epi64x(0, 0, 1, 0); }
  // lane1_32(n): n in element 0 of lane 1 only.
  AESKIT_WIDE_INLINE static reg lane1_32(int n) {
    return _mm256_setr_epi32(0, 0, 0, 0, n, 0, 0, 0);
  }

  // reverse_lanes: each lane's 16 bytes in the opposite order.
  // each_lane_dw3(n): n in 32-bit element 3 of every lane (a big-endian block's last four
  // bytes); lane_index_dw3(): lane i holds i << 24 there (+i on the block's last byte).
  AESKIT_WIDE_INLINE static reg each_lane_dw3(int n) {
    return _mm256_setr_epi32(0, 0, 0, n, 0, 0, 0, n);
  }
  AESKIT_WIDE_INLINE static reg lane_index_dw3() {
    return _mm256_setr_epi32(0, 0, 0, 0, 0, 0, 0, 1 << 24);
  }

  AESKIT_WIDE_INLINE static reg reverse_lanes(reg v) {
    const __m256i order = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,  //
                                           15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    return _mm256_shuffle_epi8(v, order);
  }
  // swap_halves: each lane's two 64-bit halves exchanged.
  AESKIT_WIDE_INLINE static reg swap_halves(reg v) { return _mm256_shuffle_epi32(v, 0x4E); }
  template <int kImm>
  AESKIT_WIDE_INLINE static reg clmul(reg a, reg b) {
    return _mm256_clmulepi64_epi128(a, b, kImm);
  }
  template <int kBits>
  AESKIT_WIDE_INLINE static reg shl64(reg v) {
    return _mm256_slli_epi64(v, kBits);
  }
  template <int kBits>
  AESKIT_WIDE_INLINE static reg shr64(reg v) {
    return _mm256_srli_epi64(v, kBits);
  }
  template <int kBytes>
  AESKIT_WIDE_INLINE static reg shl_bytes(reg v) {
    return _mm256_bslli_epi128(v, kBytes);
  }
  template <int kBytes>
  AESKIT_WIDE_INLINE static reg shr_bytes(reg v) {
    return _mm256_bsrli_epi128(v, kBytes);
  }

  // finish: leave the upper register state clean for SSE code that follows.
  AESKIT_WIDE_INLINE static void finish() { _mm256_zeroupper(); }
};

}  // namespace aeskit::detail::vaes256
