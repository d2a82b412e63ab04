// src/base/secure_zero.hpp — wiping secrets in a way the compiler may not elide.
#pragma once

#include <cstddef>
#include <cstring>

namespace aeskit::detail {

// secure_zero overwrites n bytes at p with zeros. The empty asm statement takes p as an
// input and clobbers memory, so the compiler must assume the zeros are read afterwards and
// cannot drop the memset as a dead store (the same guarantee as explicit_bzero).
// Small sizes known at compile time (a 16-byte block, a 32-byte pair) become one or two
// inline vector stores. Any other size is hidden from the optimiser so it calls the C
// library's memset (vector stores) instead of inlining `rep stos`, whose start-up cost
// dominated key setup (~100 ns for a 1 KiB schedule on the CI machine); a call for 16 bytes
// cost a 16-byte message ~5% of its time.
inline void secure_zero(void* p, std::size_t n) noexcept {
  if (!(__builtin_constant_p(n) && n <= 64)) __asm__("" : "+r"(n));
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

}  // namespace aeskit::detail
