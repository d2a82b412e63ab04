// src/core/secure_zero.hpp — wiping secrets in a way the compiler may not elide.
#pragma once

#include <cstddef>

namespace aeskit::detail {

// secure_zero overwrites n bytes at p with zeros; the write survives optimisation.
inline void secure_zero(void* p, std::size_t n) noexcept {
  volatile unsigned char* v = static_cast<volatile unsigned char*>(p);
  while (n--) *v++ = 0;
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

}  // namespace aeskit::detail
