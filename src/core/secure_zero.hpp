// src/core/secure_zero.hpp — wiping secrets in a way the compiler may not elide.
#pragma once

#include <cstddef>
#include <cstring>

namespace aeskit::detail {

// secure_zero overwrites n bytes at p with zeros. The empty asm statement takes p as an
// input and clobbers memory, so the compiler must assume the zeros are read afterwards and
// cannot drop the memset as a dead store (the same guarantee as explicit_bzero), while the
// memset itself stays a fast vectorised fill. Hiding n from the optimiser makes it call the
// C library's memset (vector stores) instead of inlining `rep stos`, whose start-up cost
// dominated key setup (~100 ns for a 1 KiB schedule on the CI machine).
inline void secure_zero(void* p, std::size_t n) noexcept {
  __asm__("" : "+r"(n));
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

}  // namespace aeskit::detail
