// src/base/ct_shadow.hpp — keeps MemorySanitizer's view of secret data exact where clang's MSan
// (checked on clang 14) does not model an operation the library uses: empty-asm register
// barriers and a few x86 intrinsics. Only the ctmsan build (-DAESKIT_CT_MSAN=ON, tests/ct)
// changes: in every other build each macro is the bare statement or intrinsic call.
//
// Why: MSan propagates "poison" (the checker's secrets) through ordinary IR and through most
// vector intrinsics (bitwise OR of the operands' shadows: aesenc/aesdec/aesimc at every width,
// pclmulqdq/vpclmulqdq, pshufb, the SHA-256 and sha1msg/nexte instructions, masked loads and
// stores, which also check the mask). A few it handles "strictly": it reports any poisoned
// operand as if it were a branch and returns a clean result. In a constant-time check that is
// a false report where secrets feed an operation that takes constant time, and lost poison
// after it. Those are:
//   - inline asm: an empty `asm("" : "+r"(v))` barrier is checked like a branch on v;
//   - vpternlog (all widths), aeskeygenassist, sha1rnds4 (docs/SECURITY.md lists the probe).
// Under MSan the macros below run the operation on unpoisoned copies and give the result the
// shadow it should have: the union of the operands' shadows bit by bit for the bitwise
// ternary (exact), the whole result poisoned if any operand bit is (conservative: over-reports,
// never hides) for the others, and the barrier's input shadow for the barrier.
// CPU features: none of its own (the callers' target attributes cover the intrinsics).
// Reference: the MemorySanitizer interface (sanitizer/msan_interface.h).
#pragma once

#if defined(AESKIT_CT_MSAN)
#include <sanitizer/msan_interface.h>

// AESKIT_REGISTER_BARRIER(constraint, v): `__asm__("" : constraint(v))`, v keeping its shadow.
#define AESKIT_REGISTER_BARRIER(constraint, v)                 \
  do {                                                         \
    const auto aeskit_shadow_of_v_ = (v);                      \
    __msan_unpoison(&(v), sizeof(v));                          \
    __asm__("" : constraint(v));                               \
    __msan_copy_shadow(&(v), &aeskit_shadow_of_v_, sizeof(v)); \
  } while (0)

// AESKIT_BITWISE3(op, a, b, c, imm): op(a, b, c, imm) for a bitwise ternary operation
// (vpternlog): result shadow = shadow(a) | shadow(b) | shadow(c), bit by bit.
#define AESKIT_BITWISE3(op, a, b, c, imm)                         \
  __extension__({                                                 \
    auto aeskit_x_ = (a);                                         \
    auto aeskit_y_ = (b);                                         \
    auto aeskit_z_ = (c);                                         \
    auto aeskit_u_ = aeskit_x_ ^ aeskit_y_ ^ aeskit_z_;           \
    __msan_unpoison(&aeskit_x_, sizeof aeskit_x_);                \
    __msan_unpoison(&aeskit_y_, sizeof aeskit_y_);                \
    __msan_unpoison(&aeskit_z_, sizeof aeskit_z_);                \
    auto aeskit_r_ = op(aeskit_x_, aeskit_y_, aeskit_z_, imm);    \
    __msan_copy_shadow(&aeskit_r_, &aeskit_u_, sizeof aeskit_r_); \
    aeskit_r_;                                                    \
  })

// AESKIT_WHOLE1(op, a, imm) / AESKIT_WHOLE2(op, a, b, imm): op(a, imm) / op(a, b, imm) for an
// instruction that mixes its whole register (aeskeygenassist, sha1rnds4): the result is
// entirely poisoned when any operand bit is.
#define AESKIT_WHOLE1(op, a, imm)                                                 \
  __extension__({                                                                 \
    auto aeskit_x_ = (a);                                                         \
    const bool aeskit_p_ = __msan_test_shadow(&aeskit_x_, sizeof aeskit_x_) >= 0; \
    __msan_unpoison(&aeskit_x_, sizeof aeskit_x_);                                \
    auto aeskit_r_ = op(aeskit_x_, imm);                                          \
    if (aeskit_p_) __msan_poison(&aeskit_r_, sizeof aeskit_r_);                   \
    aeskit_r_;                                                                    \
  })
#define AESKIT_WHOLE2(op, a, b, imm)                                                \
  __extension__({                                                                   \
    auto aeskit_x_ = (a);                                                           \
    auto aeskit_y_ = (b);                                                           \
    const bool aeskit_p_ = __msan_test_shadow(&aeskit_x_, sizeof aeskit_x_) >= 0 || \
                           __msan_test_shadow(&aeskit_y_, sizeof aeskit_y_) >= 0;   \
    __msan_unpoison(&aeskit_x_, sizeof aeskit_x_);                                  \
    __msan_unpoison(&aeskit_y_, sizeof aeskit_y_);                                  \
    auto aeskit_r_ = op(aeskit_x_, aeskit_y_, imm);                                 \
    if (aeskit_p_) __msan_poison(&aeskit_r_, sizeof aeskit_r_);                     \
    aeskit_r_;                                                                      \
  })

#else

#define AESKIT_REGISTER_BARRIER(constraint, v) __asm__("" : constraint(v))
#define AESKIT_BITWISE3(op, a, b, c, imm) op(a, b, c, imm)
#define AESKIT_WHOLE1(op, a, imm) op(a, imm)
#define AESKIT_WHOLE2(op, a, b, imm) op(a, b, imm)

#endif
