// src/base/buffers.hpp — small helpers on byte buffers shared by every mode.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace aeskit::detail {

// partially_overlaps is true when [a, a+a_len) and [b, b+b_len) share a byte but do not start
// at the same address. Exact aliasing (a == b) is allowed by every mode; this is not.
inline bool partially_overlaps(const void* a, std::size_t a_len, const void* b,
                               std::size_t b_len) noexcept {
  auto pa = reinterpret_cast<std::uintptr_t>(a);
  auto pb = reinterpret_cast<std::uintptr_t>(b);
  if (pa == pb || a_len == 0 || b_len == 0) return false;
  return pa < pb + b_len && pb < pa + a_len;
}

// copy_bytes: memcpy that allows n == 0 with null pointers (empty spans have data() == null,
// and memcpy with a null pointer is undefined even for zero bytes).
inline void copy_bytes(void* dst, const void* src, std::size_t n) noexcept {
  if (n) std::memcpy(dst, src, n);
}

// xor_bytes: out[i] = a[i] ^ b[i]; out may equal a or b.
inline void xor_bytes(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b,
                      std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}

// xor_block: 16 bytes, through 64-bit words (memcpy keeps it alignment-safe).
inline void xor_block(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b) noexcept {
  std::uint64_t x[2], y[2];
  std::memcpy(x, a, 16);
  std::memcpy(y, b, 16);
  x[0] ^= y[0];
  x[1] ^= y[1];
  std::memcpy(out, x, 16);
}

}  // namespace aeskit::detail
