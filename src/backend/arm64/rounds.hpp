// src/backend/arm64/rounds.hpp — the AES round structure on the ARMv8 Crypto Extensions,
// the interleaved group loop and the small helpers every armv8ce kernel shares.
//
// CPU features: AArch64 with FEAT_AES (AESE, AESD, AESMC, AESIMC), little-endian; the code
// is compiled for them with a function-level target attribute (target("+crypto")), so the
// rest of the library stays plain ARMv8-A; the eor3 build (below) adds FEAT_SHA3's EOR3.
// References: Arm Architecture Reference Manual for A-profile, AESE/AESD/AESMC/AESIMC;
// FIPS-197 §5.1 (Cipher), §5.3.5 (Equivalent Inverse Cipher).
//
// Math. AESE(s, k) = SubBytes(ShiftRows(s ^ k)) and AESMC = MixColumns, so FIPS-197's
// Cipher with round keys k_0..k_R is
//     s = AESMC(AESE(s, k_r)) for r = 0..R-2;  s = AESE(s, k_{R-1}) ^ k_R.
// AESD(s, k) = InvSubBytes(InvShiftRows(s ^ k)) and AESIMC = InvMixColumns give the
// Equivalent Inverse Cipher with the decryption schedule d_0 = k_R, d_r = AESIMC(k_{R-r})
// (r = 1..R-1), d_R = k_0:
//     s = AESIMC(AESD(s, d_r)) for r = 0..R-2;  s = AESD(s, d_{R-1}) ^ d_R.
// Each AESE is followed directly by its AESMC on the same register (AESD by AESIMC): the
// pair the cores fuse into one operation.
//
// Interleave. An AESE+AESMC pair has a latency of 2-4 cycles on the Cortex-A7x/Neoverse
// cores and issues up to 2 (Neoverse V1/V2: 4) per cycle, so 8 independent blocks cover the
// latency at that rate; with the round keys of AES-256 (15 registers) and 8 states, 23 of
// the 32 vector registers hold the group. Whole groups of 8, then one group of the 1..7
// left (a template per count).
//
// RoundKeys layout: round key i (FIPS-197 byte order) at bytes [16 i, 16 i + 16); the
// decryption schedule holds d_0..d_R the same way.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/kernels/rounds_dispatch.hpp"

#if !defined(__aarch64__) || defined(__AARCH64EB__)
#error "armv8ce: AArch64 little-endian only"
#endif

// Two builds of the kernels. A translation unit that defines AESKIT_ARMV8CE_EOR3 before
// including this header (the *_eor3.cpp files) compiles them for ARMv8.2-A with FEAT_SHA3, in
// the inline namespace `eor3`, and x3 is one EOR3; the others are plain ARMv8-A + AES in
// `base`, x3 being two EORs. (GCC 12 inlines the EOR3 intrinsic only under
// target("arch=armv8.2-a+sha3"), not target("+sha3").) aes_armv8ce.cpp picks the eor3 entries
// when the CPU has FEAT_SHA3 (cpu::Feature::sha3, AESKIT_DISABLE=sha3 removes it).
#if defined(AESKIT_ARMV8CE_EOR3)
#define AESKIT_ARMV8CE_ISA "arch=armv8.2-a+crypto+sha3"
#define AESKIT_ARMV8CE_NS eor3
#else
#define AESKIT_ARMV8CE_ISA "+crypto"
#define AESKIT_ARMV8CE_NS base
#endif
#define AESKIT_ARMV8CE_TARGET __attribute__((target(AESKIT_ARMV8CE_ISA)))
#define AESKIT_ARMV8CE_LAMBDA __attribute__((target(AESKIT_ARMV8CE_ISA), always_inline))
#define AESKIT_ARMV8CE_INLINE AESKIT_ARMV8CE_LAMBDA inline
// The shared group kernels (backend/kernels/group8/*.inc) are written with these two.
#define AESKIT_GROUP8_LAMBDA AESKIT_ARMV8CE_LAMBDA
#define AESKIT_GROUP8_INLINE AESKIT_ARMV8CE_INLINE

namespace aeskit::detail::armv8ce {
inline constexpr std::size_t kGroup = 8;  // blocks per interleaved group (see the header)

inline namespace AESKIT_ARMV8CE_NS {

using block = uint8x16_t;

AESKIT_ARMV8CE_INLINE block load(const std::uint8_t* p) {
  return vld1q_u8(p);
}
AESKIT_ARMV8CE_INLINE void store(std::uint8_t* p, block b) {
  vst1q_u8(p, b);
}
AESKIT_ARMV8CE_INLINE block x(block a, block b) {
  return veorq_u8(a, b);
}
// x3: a ^ b ^ c (one EOR3 in the eor3 build).
AESKIT_ARMV8CE_INLINE block x3(block a, block b, block c) {
#if defined(AESKIT_ARMV8CE_EOR3)
  return veor3q_u8(a, b, c);
#else
  return x(a, x(b, c));
#endif
}

// load_group / store_group: N consecutive blocks, four per LD1/ST1 where they can.
template <std::size_t N>
AESKIT_ARMV8CE_INLINE void load_group(const std::uint8_t* p, block* b) {
  std::size_t i = 0;
  for (; i + 4 <= N; i += 4) {
    const uint8x16x4_t v = vld1q_u8_x4(p + 16 * i);
    b[i] = v.val[0];
    b[i + 1] = v.val[1];
    b[i + 2] = v.val[2];
    b[i + 3] = v.val[3];
  }
  for (; i < N; ++i) b[i] = load(p + 16 * i);
}
template <std::size_t N>
AESKIT_ARMV8CE_INLINE void load_group(const std::uint8_t* p, block (&b)[N]) {
  load_group<N>(p, &b[0]);
}
template <std::size_t N>
AESKIT_ARMV8CE_INLINE void store_group(std::uint8_t* p, const block (&b)[N]) {
  std::size_t i = 0;
  for (; i + 4 <= N; i += 4)
    vst1q_u8_x4(p + 16 * i, uint8x16x4_t{{b[i], b[i + 1], b[i + 2], b[i + 3]}});
  for (; i < N; ++i) store(p + 16 * i, b[i]);
}

#include "backend/kernels/group8/keys.inc"  // Dir, Keys<R>, load_keys<R>

// rounds: Y blocks through every round but the last key XOR (Y independent pairs per round);
// the caller XORs k_R, usually together with the data (x3).
template <Dir D, unsigned R, std::size_t Y>
AESKIT_ARMV8CE_INLINE void rounds(const Keys<R>& keys, block (&b)[Y]) {
#pragma GCC unroll 16
  for (unsigned r = 0; r + 1 < R; ++r) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) {
      if constexpr (D == Dir::encrypt)
        b[i] = vaesmcq_u8(vaeseq_u8(b[i], keys.k[r]));
      else
        b[i] = vaesimcq_u8(vaesdq_u8(b[i], keys.k[r]));
    }
  }
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) {
    if constexpr (D == Dir::encrypt)
      b[i] = vaeseq_u8(b[i], keys.k[R - 1]);
    else
      b[i] = vaesdq_u8(b[i], keys.k[R - 1]);
  }
}

// cipher: Y blocks through every round.
template <Dir D, unsigned R, std::size_t Y>
AESKIT_ARMV8CE_INLINE void cipher(const Keys<R>& keys, block (&b)[Y]) {
  rounds<D, R>(keys, b);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = x(b[i], keys.k[R]);
}

// one: a single block (the serial chains: CBC encryption, CFB encryption, OFB, CBC-MAC).
template <Dir D, unsigned R>
AESKIT_ARMV8CE_INLINE block one(const Keys<R>& keys, block v) {
  block b[1] = {v};
  cipher<D, R>(keys, b);
  return b[0];
}

// The hooks of the shared group kernels (backend/kernels/group8/*.inc). A group's block i is at
// p + 16 i (LDP/LD1 immediates: no offsets to hold); finish is the last key XOR together with
// the mode's data, one EOR3 in the eor3 build.
struct Offsets {};
AESKIT_ARMV8CE_INLINE Offsets make_offsets() {
  return {};
}
AESKIT_ARMV8CE_INLINE block group_load(const std::uint8_t* p, const Offsets&, std::size_t i) {
  return load(p + 16 * i);
}
AESKIT_ARMV8CE_INLINE void group_store(std::uint8_t* p, block b, const Offsets&, std::size_t i) {
  store(p + 16 * i, b);
}
// load_at / store_at: the block at p + off (the serial loops).
AESKIT_ARMV8CE_INLINE block load_at(const std::uint8_t* p, std::size_t off) {
  return load(p + off);
}
AESKIT_ARMV8CE_INLINE void store_at(std::uint8_t* p, block b, std::size_t off) {
  store(p + off, b);
}
// load_blocks / store_blocks: a group's Y blocks, four per LD1/ST1 where they can.
template <std::size_t Y>
AESKIT_ARMV8CE_INLINE void load_blocks(const std::uint8_t* p, const Offsets&, block (&b)[Y]) {
  load_group(p, b);
}
template <std::size_t Y>
AESKIT_ARMV8CE_INLINE void store_blocks(std::uint8_t* p, const Offsets&, const block (&b)[Y]) {
  store_group(p, b);
}
template <Dir D>
AESKIT_ARMV8CE_INLINE block finish(block b, block k_last, block d) {
  return x3(b, k_last, d);
}

// with_rounds (the schedule's round count as a template argument) and run_groups (whole
// groups of kGroup, then one tail of 1..7 blocks): the one dispatch,
// backend/kernels/rounds_dispatch.hpp.
AESKIT_DEFINE_GROUP_DISPATCH(AESKIT_ARMV8CE_INLINE, kGroup);

}  // namespace AESKIT_ARMV8CE_NS
}  // namespace aeskit::detail::armv8ce
