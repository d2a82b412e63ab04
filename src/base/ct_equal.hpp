// src/base/ct_equal.hpp — comparing authentication tags in constant time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "base/ct_shadow.hpp"
#include "base/declassify.hpp"

namespace aeskit::detail {

// ct_equal is true when a[0..n) == b[0..n). It reads every byte whatever the contents (no
// early exit), eight at a time and then one at a time, and the empty asm hides the
// accumulated difference from the optimiser so it cannot turn the loop back into an
// early-exit comparison. Only the final verdict is branched on, and that is public (the
// caller reports it).
inline bool ct_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept {
  std::uint64_t diff = 0;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    diff |= x ^ y;
    AESKIT_REGISTER_BARRIER("+r", diff);
  }
  for (; i < n; ++i) {
    diff |= static_cast<std::uint64_t>(a[i] ^ b[i]);
    AESKIT_REGISTER_BARRIER("+r", diff);
  }
  declassify(diff);  // the verdict is the caller's result
  return diff == 0;
}

}  // namespace aeskit::detail
