// src/aead/ct_equal.hpp — comparing authentication tags in constant time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/declassify.hpp"

namespace aeskit::detail {

// ct_equal is true when a[0..n) == b[0..n). It reads every byte whatever the contents (no
// early exit), and the empty asm hides the accumulated difference from the optimiser so it
// cannot turn the loop back into a byte-by-byte early-exit comparison. Only the final verdict
// is branched on, and that is public (the caller reports it).
inline bool ct_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept {
  std::uint32_t diff = 0;
  for (std::size_t i = 0; i < n; ++i) {
    diff |= static_cast<std::uint32_t>(a[i] ^ b[i]);
    __asm__("" : "+r"(diff));
  }
  declassify(diff);  // the verdict is the caller's result
  return diff == 0;
}

}  // namespace aeskit::detail
