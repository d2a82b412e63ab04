// src/backend/rounds_dispatch.hpp — the one round-count dispatch of the AES kernels: a key
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
// region. x86/rounds.hpp's with_rounds wraps it for the lambdas of the width-generic kernels.
//
// AESKIT_WITH_ROUNDS(rounds, R, statement...): runs `statement` with `constexpr unsigned R`
// set to 10, 12 or 14 per `rounds` (anything else counts as 14, the schedule's largest).
#pragma once

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
