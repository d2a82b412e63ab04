// src/simd/v128_altivec.hpp — simd::V128 for 64-bit little-endian POWER (ppc64le) with AltiVec
// (VMX) and VSX as in Power ISA 2.07 (POWER8); the contract is in v128.hpp.
// CPU features: AltiVec + VSX + the ISA 2.07 vector additions (vmuleuw/vmulouw, 64-bit lane
// shifts vsld/vsrd). They are the ppc64le ABI baseline (ELFv2 requires POWER8), so compilers
// for ppc64le enable them by default and no target attribute is needed: AESKIT_SIMD_TARGET is
// empty, as on AArch64. Backends still check cpu::Feature::vsx (src/cpu/probe_auxv.cpp,
// AT_HWCAP / AT_HWCAP2), which lets AESKIT_DISABLE=vsx select the portable code.
// References: Power ISA 3.0B Book I §6 (vperm, vsl*/vsr*, vmuleuw); OpenPOWER "64-Bit ELF V2
// ABI Specification" §6 (vector programming interfaces: element order on little-endian).
//
// Element order. The intrinsics of <altivec.h> number elements in the target's order: on
// little-endian, element 0 of a vector loaded with vec_xl is the byte at the lowest address,
// and 16/32/64-bit element i holds bytes [i*w, (i+1)*w) read little-endian — exactly the
// lane numbering of the V128 contract. vec_perm follows it too (compilers emit vperm with the
// inputs swapped and the selector complemented), so only the index semantics need care:
//   shuffle(table, idx)  vperm reads the low 5 bits of each index byte and selects from the
//                        32 bytes table || table, i.e. table[idx & 15]; an index >= 0x80 must
//                        give 0, so the result is cleared where the index byte's top bit is
//                        set (an arithmetic shift right by 7 turns that bit into a 0x00/0xFF
//                        byte mask, then vec_andc). Two extra register operations, no branch,
//                        no memory access depending on the index.
//   mul32x2(a, b)        vec_mule on 32-bit elements multiplies the even-numbered elements
//                        (0 and 2 in little-endian order: the low halves of the 64-bit lanes)
//                        into full 64-bit products (vmulouw/vmuleuw, a fixed-latency
//                        multiplier).
#pragma once

#include <altivec.h>

#include <cstdint>

#if !defined(__VSX__) || !defined(__POWER8_VECTOR__) || !defined(__LITTLE_ENDIAN__)
#error "simd::V128 on POWER needs little-endian, VSX and Power ISA 2.07 vectors (-mcpu=power8)"
#endif

#define AESKIT_SIMD_TARGET
#define AESKIT_SIMD_INLINE __attribute__((always_inline)) inline

namespace aeskit::simd {

struct V128 {
  using U8 = __vector unsigned char;
  using S8 = __vector signed char;
  using U16 = __vector unsigned short;
  using U32 = __vector unsigned int;
  using U64 = __vector unsigned long long;

  U8 v;

  AESKIT_SIMD_INLINE static V128 load(const void* p) {
    return {vec_xl(0, static_cast<const unsigned char*>(p))};
  }
  AESKIT_SIMD_INLINE void store(void* p) const { vec_xst(v, 0, static_cast<unsigned char*>(p)); }
  AESKIT_SIMD_INLINE static V128 zero() { return {vec_splats(static_cast<unsigned char>(0))}; }
  AESKIT_SIMD_INLINE static V128 splat8(std::uint8_t b) {
    return {vec_splats(static_cast<unsigned char>(b))};
  }
  AESKIT_SIMD_INLINE static V128 from_u32(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2,
                                          std::uint32_t w3) {
    const U32 w = {w0, w1, w2, w3};
    return {(U8)(w)};
  }

  AESKIT_SIMD_INLINE friend V128 operator^(V128 a, V128 b) { return {vec_xor(a.v, b.v)}; }
  AESKIT_SIMD_INLINE friend V128 operator&(V128 a, V128 b) { return {vec_and(a.v, b.v)}; }
  AESKIT_SIMD_INLINE friend V128 operator|(V128 a, V128 b) { return {vec_or(a.v, b.v)}; }
  // and_not(a, m) = a & ~m (vandc / xxlandc).
  AESKIT_SIMD_INLINE static V128 and_not(V128 a, V128 m) { return {vec_andc(a.v, m.v)}; }

  // vperm gives table[idx & 15] (both inputs are the table); bytes whose index has bit 7 set
  // are then cleared (see the header).
  AESKIT_SIMD_INLINE static V128 shuffle(V128 table, V128 idx) {
    const U8 picked = vec_perm(table.v, table.v, idx.v);
    const S8 high = vec_sra((S8)(idx.v), vec_splats(std::uint8_t{7}));
    return {vec_andc(picked, (U8)(high))};
  }

  template <int n>
  AESKIT_SIMD_INLINE static V128 shr16(V128 a) {
    static_assert(n > 0 && n < 16);
    return from16(vec_sr(as16(a), vec_splats(static_cast<unsigned short>(n))));
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shr32(V128 a) {
    static_assert(n > 0 && n < 32);
    return from32(vec_sr(as32(a), vec_splats(static_cast<unsigned int>(n))));
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shr64(V128 a) {
    static_assert(n > 0 && n < 64);
    return from64(vec_sr(as64(a), vec_splats(static_cast<unsigned long long>(n))));
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl16(V128 a) {
    static_assert(n > 0 && n < 16);
    return from16(vec_sl(as16(a), vec_splats(static_cast<unsigned short>(n))));
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl32(V128 a) {
    static_assert(n > 0 && n < 32);
    return from32(vec_sl(as32(a), vec_splats(static_cast<unsigned int>(n))));
  }
  template <int n>
  AESKIT_SIMD_INLINE static V128 shl64(V128 a) {
    static_assert(n > 0 && n < 64);
    return from64(vec_sl(as64(a), vec_splats(static_cast<unsigned long long>(n))));
  }

  AESKIT_SIMD_INLINE static V128 add32(V128 a, V128 b) { return from32(vec_add(as32(a), as32(b))); }

  // vec_mule: elements 0 and 2 (little-endian numbering) = the low 32 bits of each 64-bit lane.
  AESKIT_SIMD_INLINE static V128 mul32x2(V128 a, V128 b) {
    return from64(vec_mule(as32(a), as32(b)));
  }
  // vec_mergeh on 64-bit elements: (a's element 0, b's element 0).
  AESKIT_SIMD_INLINE static V128 unpack_lo64(V128 a, V128 b) {
    return from64(vec_mergeh(as64(a), as64(b)));
  }
  AESKIT_SIMD_INLINE static V128 reverse_bytes(V128 a) {
    const U8 reverse = {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
    return {vec_perm(a.v, a.v, reverse)};
  }

 private:
  // Reinterpretations between element widths: GCC's vector casts (a bit copy, no instruction).
  AESKIT_SIMD_INLINE static U16 as16(V128 a) { return (U16)(a.v); }
  AESKIT_SIMD_INLINE static U32 as32(V128 a) { return (U32)(a.v); }
  AESKIT_SIMD_INLINE static U64 as64(V128 a) { return (U64)(a.v); }
  AESKIT_SIMD_INLINE static V128 from16(U16 x) { return {(U8)(x)}; }
  AESKIT_SIMD_INLINE static V128 from32(U32 x) { return {(U8)(x)}; }
  AESKIT_SIMD_INLINE static V128 from64(U64 x) { return {(U8)(x)}; }
};

}  // namespace aeskit::simd
