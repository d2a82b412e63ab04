// src/simd/v128_neon.hpp — simd::V128 for Arm Advanced SIMD (the contract is in v128.hpp):
// AArch64, and 32-bit ARMv7-A (armhf) with NEON.
// CPU features: AArch64: NEON is part of the base ISA. ARMv7: the NEON extension, which
// Debian's armhf baseline (-mfpu=vfpv3-d16) does not include: backends check
// cpu::Feature::neon (src/cpu/probe_auxv.cpp) before running this code. Little-endian.
// References: Arm A64 Instruction Set Architecture, TBL (an index >= 16 gives 0); Arm
// Architecture Reference Manual ARMv7-A, VTBL (same rule, 8-byte results from up to four
// 8-byte table registers).
//
// ARMv7 code generation. The members carry __attribute__((target("fpu=neon"))) (GCC accepts
// "fpu=" in the arm target attribute, and arm_neon.h declares its intrinsics under the same
// pragma), and AESKIT_SIMD_TARGET puts it on the callers, as target("ssse3") does on x86. So
// no file is compiled with -mfpu=neon: code outside these functions (the portable backend,
// the modes, the probe that decides whether NEON exists) stays free of NEON instructions
// and runs on a CPU without NEON (checked under qemu-arm -cpu cortex-r5f: VFPv3-D16, no NEON).
// Clang's arm_neon.h has no per-function mode on 32-bit Arm: there the whole build needs
// -mfpu=neon (the #error below says so); the armhf preset uses GCC.
// The two A64-only operations get ARMv7 equivalents:
//   shuffle      TBL on 16 bytes -> two VTBL.8 with the 16-byte table as a two-register list
//                (d-register pair), one per 8-byte half of the index vector; VTBL gives 0
//                for an index >= 16, like TBL, so the contract holds unchanged.
//   unpack_lo64  ZIP1 on 64-bit lanes -> the low d-registers of a and b combined.
#pragma once

#if defined(__arm__) && defined(__clang__) && !defined(__ARM_NEON)
#error "clang on 32-bit Arm: NEON intrinsics need -mfpu=neon for the whole build"
#endif

#include <arm_neon.h>

#include <cstdint>

#if defined(__aarch64__)
#define AESKIT_SIMD_TARGET
#define AESKIT_SIMD_INLINE __attribute__((always_inline)) inline
#else
#define AESKIT_SIMD_TARGET __attribute__((target("fpu=neon")))
#define AESKIT_SIMD_INLINE __attribute__((target("fpu=neon"), always_inline)) inline
#endif

namespace aeskit::simd {

struct V128 {
  uint8x16_t v;

  AESKIT_SIMD_INLINE static V128 load(const void* p) {
    return {vld1q_u8(static_cast<const std::uint8_t*>(p))};
  }
  AESKIT_SIMD_INLINE void store(void* p) const { vst1q_u8(static_cast<std::uint8_t*>(p), v); }
  AESKIT_SIMD_INLINE static V128 zero() { return {vdupq_n_u8(0)}; }
  AESKIT_SIMD_INLINE static V128 splat8(std::uint8_t b) { return {vdupq_n_u8(b)}; }
  AESKIT_SIMD_INLINE static V128 from_u32(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2,
                                          std::uint32_t w3) {
    const std::uint32_t w[4] = {w0, w1, w2, w3};
    return {vreinterpretq_u8_u32(vld1q_u32(w))};
  }

  AESKIT_SIMD_INLINE friend V128 operator^(V128 a, V128 b) { return {veorq_u8(a.v, b.v)}; }
  AESKIT_SIMD_INLINE friend V128 operator&(V128 a, V128 b) { return {vandq_u8(a.v, b.v)}; }
  AESKIT_SIMD_INLINE friend V128 operator|(V128 a, V128 b) { return {vorrq_u8(a.v, b.v)}; }
  // and_not(a, m) = a & ~m (bic).
  AESKIT_SIMD_INLINE static V128 and_not(V128 a, V128 m) { return {vbicq_u8(a.v, m.v)}; }

  // tbl / vtbl: an index >= 16 gives 0, otherwise table[index]; within the contract
  // (index < 16 or >= 0x80) that is exactly the contract.
  AESKIT_SIMD_INLINE static V128 shuffle(V128 table, V128 idx) {
#if defined(__aarch64__)
    return {vqtbl1q_u8(table.v, idx.v)};
#else
    const uint8x8x2_t t = {{vget_low_u8(table.v), vget_high_u8(table.v)}};
    return {vcombine_u8(vtbl2_u8(t, vget_low_u8(idx.v)), vtbl2_u8(t, vget_high_u8(idx.v)))};
#endif
  }

  template <int n>
  AESKIT_SIMD_INLINE static V128 shr16(V128 a) {
    static_assert(n > 0 && n < 16);
    return {vreinterpretq_u8_u16(vshrq_n_u16(vreinterpretq_u16_u8(a.v), n))};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shr32(V128 a) {
    static_assert(n > 0 && n < 32);
    return {vreinterpretq_u8_u32(vshrq_n_u32(vreinterpretq_u32_u8(a.v), n))};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shr64(V128 a) {
    static_assert(n > 0 && n < 64);
    return {vreinterpretq_u8_u64(vshrq_n_u64(vreinterpretq_u64_u8(a.v), n))};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl16(V128 a) {
    static_assert(n > 0 && n < 16);
    return {vreinterpretq_u8_u16(vshlq_n_u16(vreinterpretq_u16_u8(a.v), n))};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl32(V128 a) {
    static_assert(n > 0 && n < 32);
    return {vreinterpretq_u8_u32(vshlq_n_u32(vreinterpretq_u32_u8(a.v), n))};
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl64(V128 a) {
    static_assert(n > 0 && n < 64);
    return {vreinterpretq_u8_u64(vshlq_n_u64(vreinterpretq_u64_u8(a.v), n))};
  }

  AESKIT_SIMD_INLINE static V128 add32(V128 a, V128 b) {
    return {vreinterpretq_u8_u32(vaddq_u32(vreinterpretq_u32_u8(a.v), vreinterpretq_u32_u8(b.v)))};
  }

  // umull on the low 32 bits of each 64-bit lane (xtn keeps them).
  AESKIT_SIMD_INLINE static V128 mul32x2(V128 a, V128 b) {
    return {vreinterpretq_u8_u64(
        vmull_u32(vmovn_u64(vreinterpretq_u64_u8(a.v)), vmovn_u64(vreinterpretq_u64_u8(b.v))))};
  }
  AESKIT_SIMD_INLINE static V128 unpack_lo64(V128 a, V128 b) {
#if defined(__aarch64__)
    return {vreinterpretq_u8_u64(vzip1q_u64(vreinterpretq_u64_u8(a.v), vreinterpretq_u64_u8(b.v)))};
#else
    return {vcombine_u8(vget_low_u8(a.v), vget_low_u8(b.v))};
#endif
  }
  AESKIT_SIMD_INLINE static V128 reverse_bytes(V128 a) {
    const uint8x16_t r = vrev64q_u8(a.v);  // reverses within each 64-bit half
    return {vextq_u8(r, r, 8)};            // then swaps the halves
  }
};

}  // namespace aeskit::simd
