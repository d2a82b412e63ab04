// src/backend/kernels/rounds_dispatch.hpp — the one round-count dispatch of the AES kernels: a key
// schedule's run-time round count (10, 12 or 14: AES-128/192/256) made a compile-time
// constant, so every kernel's round loop unrolls.
//
// CPU features: none. References: FIPS-197 §5 (Nr = 10, 12, 14).
//
// Why a macro and not a template: the kernels are compiled under function-level target
// attributes (AES-NI, VAES, SHA-NI, NEON, ...). A helper template without a target attribute
// cannot inline a callee that has one (GCC: "target specific option mismatch"; Clang rejects
// the intrinsics outright), and a helper with a target attribute would need one copy per
// instruction-set family. The macro expands inside the caller, in the caller's own target
// region. x86/rounds.hpp's with_rounds wraps it for the lambdas of the width-generic kernels;
// the 8-block backends (arm64/rounds.hpp, ppc64/rounds.hpp) get theirs, and the group
// driver run_groups, from AESKIT_DEFINE_GROUP_DISPATCH.
//
// AESKIT_WITH_ROUNDS(rounds, R, statement...): runs `statement` with `constexpr unsigned R`
// set to 10, 12 or 14 per `rounds` (anything else counts as 14, the schedule's largest).
//
// AESKIT_DEFINE_GROUP_DISPATCH(INLINE, GROUP): defines, in the namespace where it stands and
// with the ISA's always-inline target attribute INLINE,
//   with_rounds(rounds, f): f.template operator()<R>() for R = 10, 12 or 14, and
//   run_groups(blocks, f): f.template operator()<GROUP>() for each whole group of GROUP (8)
//     blocks, then f.template operator()<m>() once for the m = 1..7 blocks left (a public
//     count; every m its own instantiation, so each tail loop unrolls).
// with_rounds is AESKIT_WITH_ROUNDS's choice written as three returns: through the macro's
// do/while GCC 12 laid the AArch64 and POWER kernels' branches out differently; as written,
// their objects are instruction for instruction what they were with the per-ISA copies.
#pragma once

#include <cstddef>

#define AESKIT_WITH_ROUNDS(rounds, R, ...) \
  do {                                     \
    if ((rounds) == 10) {                  \
      constexpr unsigned R = 10;           \
      __VA_ARGS__;                         \
    } else if ((rounds) == 12) {           \
      constexpr unsigned R = 12;           \
      __VA_ARGS__;                         \
    } else {                               \
      constexpr unsigned R = 14;           \
      __VA_ARGS__;                         \
    }                                      \
  } while (0)

#define AESKIT_DEFINE_GROUP_DISPATCH(INLINE, GROUP)                                   \
  template <class F>                                                                  \
  INLINE decltype(auto) with_rounds(unsigned rounds, F&& f) {                         \
    if (rounds == 10) return f.template operator()<10>();                             \
    if (rounds == 12) return f.template operator()<12>();                             \
    return f.template operator()<14>();                                               \
  }                                                                                   \
                                                                                      \
  template <class F>                                                                  \
  INLINE void run_groups(std::size_t blocks, F&& f) {                                 \
    static_assert((GROUP) == 8, "run_groups' tail switch covers groups of 8 blocks"); \
    for (; blocks >= (GROUP); blocks -= (GROUP)) f.template operator()<(GROUP)>();    \
    switch (blocks) {                                                                 \
      case 1:                                                                         \
        return f.template operator()<1>();                                            \
      case 2:                                                                         \
        return f.template operator()<2>();                                            \
      case 3:                                                                         \
        return f.template operator()<3>();                                            \
      case 4:                                                                         \
        return f.template operator()<4>();                                            \
      case 5:                                                                         \
        return f.template operator()<5>();                                            \
      case 6:                                                                         \
        return f.template operator()<6>();                                            \
      case 7:                                                                         \
        return f.template operator()<7>();                                            \
      default:                                                                        \
        return;                                                                       \
    }                                                                                 \
  }                                                                                   \
  static_assert(true, "")
