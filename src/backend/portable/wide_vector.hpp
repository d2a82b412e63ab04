// src/backend/portable/wide_vector.hpp — the row vector of the wide path: 8 lanes of 16 bits
// (one (bit-plane, row) slice of the 32-block state, wide_layout.hpp), and the few operations
// the cipher needs on it (AND, XOR, OR, shifts by constants, broadcast).
//
// CPU features: none. With GCC or Clang it is a generic vector type
// (__attribute__((vector_size(16)))), which compilers lower to one SSE2 register on x86-64
// (its baseline), one NEON register on AArch64, and to scalar code on CPUs without SIMD.
// Other compilers get a plain 8-element array with the same operators (correct, just not
// vectorized). No intrinsics, no target attributes. Constant-time: only bitwise operations
// and shifts by compile-time constants.
// References: GCC manual, "Using Vector Instructions through Built-in Functions".
#pragma once

#include <cstdint>
#include <cstring>

namespace aeskit::detail::portable::wide {

inline constexpr unsigned kVecLanes = 8;

#if defined(__GNUC__) || defined(__clang__)
using Vec = std::uint16_t __attribute__((vector_size(16)));

inline Vec broadcast(std::uint16_t x) noexcept {
  return Vec{} + x;
}
#else
struct Vec {
  std::uint16_t w[kVecLanes];
};
#define AESKIT_WIDE_VEC_OP(op)                                  \
  inline Vec operator op(const Vec& a, const Vec& b) noexcept { \
    Vec r;                                                      \
    for (unsigned i = 0; i < kVecLanes; ++i)                    \
      r.w[i] = static_cast<std::uint16_t>(a.w[i] op b.w[i]);    \
    return r;                                                   \
  }                                                             \
  inline Vec& operator op##=(Vec& a, const Vec& b) noexcept {   \
    return a = a op b;                                          \
  }
AESKIT_WIDE_VEC_OP(^)
AESKIT_WIDE_VEC_OP(&)
AESKIT_WIDE_VEC_OP(|)
#undef AESKIT_WIDE_VEC_OP
inline Vec operator>>(const Vec& a, unsigned s) noexcept {
  Vec r;
  for (unsigned i = 0; i < kVecLanes; ++i) r.w[i] = static_cast<std::uint16_t>(a.w[i] >> s);
  return r;
}
inline Vec operator<<(const Vec& a, unsigned s) noexcept {
  Vec r;
  for (unsigned i = 0; i < kVecLanes; ++i) r.w[i] = static_cast<std::uint16_t>(a.w[i] << s);
  return r;
}
inline Vec broadcast(std::uint16_t x) noexcept {
  Vec r;
  for (unsigned i = 0; i < kVecLanes; ++i) r.w[i] = x;
  return r;
}
#endif

// rotr<S>: every 16-bit lane rotated right by S mod 16 bits.
template <unsigned S>
inline Vec rotr(Vec x) noexcept {
  constexpr unsigned s = S % 16;
  if constexpr (s == 0) {
    return x;
  } else {
    return (x >> s) | (x << (16 - s));
  }
}

}  // namespace aeskit::detail::portable::wide
