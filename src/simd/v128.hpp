// src/simd/v128.hpp — simd::V128, one 128-bit vector of 16 bytes, behind one interface with
// one implementation file per instruction set:
//   v128_ssse3.hpp  x86 / x86-64, SSE2 + SSSE3 (function-level target("ssse3"); no -m flags)
//   v128_neon.hpp   Arm Advanced SIMD: AArch64 (NEON, part of the base ISA) and 32-bit ARMv7
//                   with NEON (function-level target("fpu=neon"), vtbl2-based shuffle)
//   v128_altivec.hpp  64-bit little-endian POWER8+ (ppc64le): AltiVec + VSX (the ABI baseline)
//
// It offers only what the vector-permute AES code needs. The contract, identical on every ISA
// (lanes are numbered in memory order: byte b of a V128 is byte b of what load() read; the
// 16/32/64-bit lanes are little-endian, as on every supported target):
//   load(p) / store(p)      16 bytes, any alignment
//   zero(), splat8(b)       all bytes 0 / all bytes b
//   from_u32(w0..w3)        32-bit lanes w0 (bytes 0-3) .. w3 (bytes 12-15)
//   a ^ b, a & b, a | b     bitwise
//   and_not(a, m)           a & ~m
//   shuffle(table, idx)     r[b] = table[idx[b]] if idx[b] < 16; 0 if idx[b] >= 0x80.
//                           Index bytes 0x10..0x7F are OUTSIDE the contract (x86 pshufb would
//                           use their low nibble, NEON tbl returns 0, the AltiVec
//                           code their low nibble): callers never pass them.
//                           Every index byte is looked up in a register, so the time does not
//                           depend on the index values (no memory access is indexed by them).
//   shr16/32/64<n>(a), shl16/32/64<n>(a)   logical shifts of each 16/32/64-bit lane, 0 < n < width
//   add32(a, b)             lane-wise 32-bit addition mod 2^32
//   reverse_bytes(a)        r[b] = a[15 - b] (whole-vector byte swap)
//   mul32x2(a, b)           64-bit lane i = (low 32 bits of a's lane i) x (low 32 bits of b's
//                           lane i), the full 64-bit product (the high 32 bits of each 64-bit
//                           input lane are ignored); constant-time multiplier on the targets
//   unpack_lo64(a, b)       64-bit lanes (a's lane 0, b's lane 0)
// Every function is inline and constant-time (no branch, no memory index on the data).
//
// Callers on x86 must carry AESKIT_SIMD_TARGET on each function that uses V128 (the members
// are target("ssse3") and always_inline, and GCC refuses to inline them into a function
// compiled for a smaller ISA); the same holds on ARMv7 with target("fpu=neon"); on AArch64 and
// ppc64le, where the vector unit is part of the baseline, the macro is empty.
#pragma once

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64)
#include "simd/v128_ssse3.hpp"
#elif defined(__aarch64__) || defined(__arm__)
#include "simd/v128_neon.hpp"
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#include "simd/v128_altivec.hpp"
#else
#error "simd::V128 has no implementation for this CPU family"
#endif
