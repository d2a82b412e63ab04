// src/base/ct_mask.hpp — all-ones/zero masks for constant-time selection, made so that the
// MemorySanitizer check (tests/ct, the ctmsan preset) sees every secret they depend on.
//
// A mask is all ones when a relation holds, else zero, computed without a branch. The usual
// way, the sign bit of a difference (`0 - ((a - b) >> 63)`, `((b - a) >> 63) - 1`), is
// branch-free but hides from MSan: its shadow for + and - is the OR of the operands' shadows,
// with no carries, so when the secret operand is poisoned only in its low bits (a byte, a
// length), the difference's sign bit counts as clean, the mask as public, and a leak that
// follows from it goes unreported. Here every mask is a comparison turned into a mask by a
// shift pair:
//   - a comparison's shadow is exact when one operand is a constant, and otherwise poisoned
//     whenever any bit of either operand is (conservative: never hides);
//   - ct_mask_bit sign-extends bit 0 with `(int64)(b << 63) >> 63`, whose shadow is the
//     poisoned bit spread to all 64 (a shift moves the shadow as it moves the bits); `0 - b`
//     would poison bit 0 only;
//   - the empty-asm barrier (base/ct_shadow.hpp, shadow-preserving under MSan) stops the
//     optimiser from turning the mask back into a branch or a branchy select in the caller.
// Callers compare the secret itself with public bounds (`pad <= len - mac_len - 1`), not a sum
// of secrets, whose shadow would again lack the carries. The compiled code is setcc/cmp+sbb
// or shl+sar: no branch (docs/SECURITY.md: objdump of the callers, g++ and clang, -O2).
// No CPU feature. Reference: the MemorySanitizer instrumentation (llvm MemorySanitizer.cpp:
// handleShadowOr for add/sub, handleRelationalComparisonExact, the shift handlers).
#pragma once

#include <cstdint>

#include "base/ct_shadow.hpp"

namespace aeskit::detail {

// ct_mask_bit: all ones when bit 0 of `bit` is set, else zero (bits above bit 0 are ignored).
inline std::uint64_t ct_mask_bit(std::uint64_t bit) noexcept {
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(bit << 63) >> 63);
}

// ct_mask8_bit: the same for a byte mask (0xff when bit 0 is set), without a barrier, for
// loops the compiler should vectorise (the caller checks the code has no branch).
inline std::uint8_t ct_mask8_bit(std::uint32_t bit) noexcept {
  return static_cast<std::uint8_t>(static_cast<std::int8_t>(static_cast<std::uint8_t>(bit << 7)) >>
                                   7);
}

// ct_mask_msb: all ones when bit 63 of x is set (an arithmetic shift: exact shadow).
inline std::uint64_t ct_mask_msb(std::uint64_t x) noexcept {
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(x) >> 63);
}

// ct_mask_lt / ct_mask_le / ct_mask_eq: all ones when a < b, a <= b, a == b (unsigned).
inline std::uint64_t ct_mask_lt(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t m = ct_mask_bit(static_cast<std::uint64_t>(a < b));
  AESKIT_REGISTER_BARRIER("+r", m);
  return m;
}
inline std::uint64_t ct_mask_le(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t m = ct_mask_bit(static_cast<std::uint64_t>(a <= b));
  AESKIT_REGISTER_BARRIER("+r", m);
  return m;
}
inline std::uint64_t ct_mask_eq(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t m = ct_mask_bit(static_cast<std::uint64_t>(a == b));
  AESKIT_REGISTER_BARRIER("+r", m);
  return m;
}

// ct_mask_lt_signed: all ones when a < b as signed integers.
inline std::uint64_t ct_mask_lt_signed(std::int64_t a, std::int64_t b) noexcept {
  std::uint64_t m = ct_mask_bit(static_cast<std::uint64_t>(a < b));
  AESKIT_REGISTER_BARRIER("+r", m);
  return m;
}

}  // namespace aeskit::detail
