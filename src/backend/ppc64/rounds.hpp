// src/backend/ppc64/rounds.hpp — the AES round structure on the POWER8 in-core crypto
// instructions, the byte-order helpers, the interleaved group loop and the small helpers every
// power8 kernel shares.
//
// CPU features: 64-bit little-endian POWER with the Power ISA 2.07 vector crypto instructions
// (vcipher, vcipherlast, vncipher, vncipherlast, vsbox; AT_HWCAP2 PPC_FEATURE2_VEC_CRYPTO,
// cpu::Feature::vcrypto). The code is compiled for them with a function-level target attribute
// (target("cpu=power8")), the ppc64le ABI baseline, so the attribute only makes the need
// explicit; selection still asks the CPU (src/cpu/probe_auxv.cpp).
// References: Power ISA v2.07B §5.11 (Vector Cryptographic Instructions); FIPS-197 §5.1
// (Cipher), §5.3 (Inverse Cipher).
//
// Math. The instructions see the AES state in the register's big-endian byte order (byte 0 of
// the state leftmost) and do
//     vcipher(s, k)      = MixColumns(SubBytes(ShiftRows(s))) ^ k
//     vcipherlast(s, k)  = SubBytes(ShiftRows(s)) ^ k
//     vncipher(s, k)     = InvMixColumns(InvSubBytes(InvShiftRows(s)) ^ k)
//     vncipherlast(s, k) = InvSubBytes(InvShiftRows(s)) ^ k
// so FIPS-197's Cipher with round keys k_0..k_R is
//     s ^= k_0;  s = vcipher(s, k_r) for r = 1..R-1;  s = vcipherlast(s, k_R).
// vncipher XORs the round key *before* InvMixColumns, where FIPS-197's (straight) Inverse
// Cipher has AddRoundKey: InvShiftRows, InvSubBytes, AddRoundKey(k_r), InvMixColumns is its
// round r for r = R-1..1. So the decryption schedule is the encryption schedule reversed,
// d_r = k_{R-r}, with no InvMixColumns applied to it (unlike AESD/AESDEC, which XOR after
// InvMixColumns and need the Equivalent Inverse Cipher's InvMixColumns(k_r)):
//     s ^= d_0;  s = vncipher(s, d_r) for r = 1..R-1;  s = vncipherlast(s, d_R).
// The last instruction XORs its key operand at the very end, so a mode's final XOR with data,
// a tweak or an offset folds into the key operand: vcipherlast(s, k_R ^ d).
//
// Byte order. ppc64le loads put memory byte 0 in the register's rightmost byte; the crypto
// instructions want it leftmost. load()/store() (vec_xl_be / vec_xst_be: lxvw4x + vperm,
// vperm + stxvw4x on POWER8; lxvb16x/stxvb16x on POWER9) are the one place this is handled:
// every block, round key and mask is held in big-endian byte order, and then a CTR32 counter
// is the rightmost 32-bit lane as a plain integer and a CTR128 counter the whole register as
// an unsigned __int128 (vadduqm). Only GCM-SIV's little-endian counter and XTS's tweak (a
// little-endian 128-bit integer) are kept in the other order, and reversed once per block
// (counter.hpp, modes_power8.cpp).
//
// Interleave. vcipher/vncipher issue one per cycle on POWER8 and two on POWER9 with a latency
// of 6 cycles (docs/POWER8.md has the sources and the choice of 8 over 6): 8 independent
// blocks per group; with AES-256's 15 round keys and 8 states, 23 of the 32 vector registers
// the crypto instructions can name hold the group. Whole groups of 8, then one group of the
// 1..7 left (a template per count).
//
// RoundKeys layout: round key i in FIPS-197 byte order at bytes [16 i, 16 i + 16); the
// decryption schedule holds d_0..d_R = k_R..k_0 the same way.
#pragma once

#include <altivec.h>

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/kernels/rounds_dispatch.hpp"

#if !defined(__powerpc64__) || !defined(__LITTLE_ENDIAN__)
#error "power8: 64-bit little-endian POWER only"
#endif

// Two builds of the kernels. A translation unit that defines AESKIT_POWER8_ISA3 before
// including this header (aes_power9.cpp) compiles them for the Power ISA 3.0 (POWER9) in the
// inline namespace `p9`, where load()/store()'s vec_xl_be/vec_xst_be are one lxvb16x/stxvb16x
// (no vperm); the others are POWER8 code in `p8`. The p9 build is the backend "power9"
// (cpu::Feature::isa300 and vcrypto; AESKIT_DISABLE=isa300 leaves power8).
#if defined(AESKIT_POWER8_ISA3)
#define AESKIT_POWER8_ISA "cpu=power9"
#define AESKIT_POWER8_NS p9
#else
#define AESKIT_POWER8_ISA "cpu=power8"
#define AESKIT_POWER8_NS p8
#endif
#define AESKIT_POWER8_TARGET __attribute__((target(AESKIT_POWER8_ISA)))
#define AESKIT_POWER8_LAMBDA __attribute__((target(AESKIT_POWER8_ISA), always_inline))
#define AESKIT_POWER8_INLINE AESKIT_POWER8_LAMBDA inline
// The shared group kernels (backend/kernels/group8/*.inc) are written with these two.
#define AESKIT_GROUP8_LAMBDA AESKIT_POWER8_LAMBDA
#define AESKIT_GROUP8_INLINE AESKIT_POWER8_INLINE

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {       // rounds.hpp: p8 or p9
inline constexpr std::size_t kGroup = 8;  // blocks per interleaved group (see the header)

using block = __vector unsigned char;
using u32x4 = __vector unsigned int;
using u64x2 = __vector unsigned long long;
using u128 = __vector unsigned __int128;

// load / store: a block in big-endian byte order (see the header).
// The offset form (p + off, off a multiple of 16 known at compile time) lets the compiler
// keep the group's offsets in registers for the indexed loads and stores (lxvw4x/stxvw4x
// take base + index) instead of an address add per block.
AESKIT_POWER8_INLINE block load(const std::uint8_t* p, std::size_t off = 0) {
  return vec_xl_be(static_cast<long>(off), const_cast<unsigned char*>(p));
}
AESKIT_POWER8_INLINE void store(std::uint8_t* p, block b, std::size_t off = 0) {
  vec_xst_be(b, static_cast<long>(off), p);
}
// Offsets: 16 i for a group's blocks i = 0..7, the `off` of load()/store() in the group
// kernels (made once per call). The POWER9 build hides the stride 16 from the compiler (an
// empty asm statement, no instruction), so the offsets are registers it sets once before the
// loop and each lxvb16x/stxvb16x is indexed base + offset register; with the constants GCC 12
// computes every block's address with an addi first (16 per group). (Hiding each offset on
// its own instead has the same loops, but GCC then spills the round keys around them.)
// POWER8's lxvw4x/stxvw4x get offset registers for the constants anyway: there they stay
// constants.
struct Offsets {
  std::size_t o[kGroup];
};
AESKIT_POWER8_INLINE Offsets make_offsets() {
  std::size_t stride = 16;
#if defined(AESKIT_POWER8_ISA3)
  __asm__("" : "+r"(stride));
#endif
  Offsets r;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < kGroup; ++i) r.o[i] = stride * i;
  return r;
}

// load_le / store_le: the block in the register's native (little-endian) order: memory byte
// i is element i, so a little-endian integer in memory is an integer in the register.
AESKIT_POWER8_INLINE block load_le(const std::uint8_t* p) {
  return vec_xl(0, const_cast<unsigned char*>(p));
}
AESKIT_POWER8_INLINE void store_le(std::uint8_t* p, block b) {
  vec_xst(b, 0, p);
}
// reverse: one byte order to the other (one vperm).
AESKIT_POWER8_INLINE block reverse(block b) {
  const block r = {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
  return vec_perm(b, b, r);
}
AESKIT_POWER8_INLINE block x(block a, block b) {
  return vec_xor(a, b);
}

#include "backend/kernels/group8/keys.inc"  // Dir, Keys<R>, load_keys<R>

AESKIT_POWER8_INLINE block round(Dir d, block s, block k) {
  return d == Dir::encrypt ? vec_cipher_be(s, k) : vec_ncipher_be(s, k);
}
AESKIT_POWER8_INLINE block round_last(Dir d, block s, block k) {
  return d == Dir::encrypt ? vec_cipherlast_be(s, k) : vec_ncipherlast_be(s, k);
}

// middle: Y blocks through rounds 1..R-1 (Y independent instructions per round), the first
// key already XORed.
template <Dir D, unsigned R, std::size_t Y>
AESKIT_POWER8_INLINE void middle(const Keys<R>& keys, block (&b)[Y]) {
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) b[i] = round(D, b[i], keys.k[r]);
  }
}

// rounds: Y blocks through the first key XOR and rounds 1..R-1; the caller finishes with
// round_last(), usually folding data into its key operand.
template <Dir D, unsigned R, std::size_t Y>
AESKIT_POWER8_INLINE void rounds(const Keys<R>& keys, block (&b)[Y]) {
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = x(b[i], keys.k[0]);
  middle<D, R>(keys, b);
}

// cipher: Y blocks through every round.
template <Dir D, unsigned R, std::size_t Y>
AESKIT_POWER8_INLINE void cipher(const Keys<R>& keys, block (&b)[Y]) {
  rounds<D, R>(keys, b);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = round_last(D, b[i], keys.k[R]);
}

// chain_step: one block of a serial chain, round_last(middle(s), last) where s already has
// k_0 (or whatever else is off the chain) XORed in: the chain is the R crypto instructions and
// nothing else.
template <Dir D, unsigned R>
AESKIT_POWER8_INLINE block chain_step(const Keys<R>& keys, block s, block last) {
  block b[1] = {s};
  middle<D, R>(keys, b);
  return round_last(D, b[0], last);
}

// The hooks of the shared group kernels (backend/kernels/group8/*.inc): a group's block i at
// p + off.o[i] (make_offsets above); finish is the last round with the mode's data folded
// into its key operand, round_last(s, k_R ^ d).
AESKIT_POWER8_INLINE block group_load(const std::uint8_t* p, const Offsets& off, std::size_t i) {
  return load(p, off.o[i]);
}
AESKIT_POWER8_INLINE void group_store(std::uint8_t* p, block b, const Offsets& off, std::size_t i) {
  store(p, b, off.o[i]);
}
// load_at / store_at: the block at p + off (the serial loops).
AESKIT_POWER8_INLINE block load_at(const std::uint8_t* p, std::size_t off) {
  return load(p, off);
}
AESKIT_POWER8_INLINE void store_at(std::uint8_t* p, block b, std::size_t off) {
  store(p, b, off);
}
// load_blocks / store_blocks: a group's Y blocks, one indexed load or store each.
template <std::size_t Y>
AESKIT_POWER8_INLINE void load_blocks(const std::uint8_t* p, const Offsets& off, block (&b)[Y]) {
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = load(p, off.o[i]);
}
template <std::size_t Y>
AESKIT_POWER8_INLINE void store_blocks(std::uint8_t* p, const Offsets& off, const block (&b)[Y]) {
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) store(p, b[i], off.o[i]);
}
template <Dir D>
AESKIT_POWER8_INLINE block finish(block b, block k_last, block d) {
  return round_last(D, b, x(k_last, d));
}

// with_rounds (the schedule's round count as a template argument) and run_groups (whole
// groups of kGroup, then one tail of 1..7 blocks): the one dispatch,
// backend/kernels/rounds_dispatch.hpp.
AESKIT_DEFINE_GROUP_DISPATCH(AESKIT_POWER8_INLINE, kGroup);

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8
