// src/base/wipe_block.hpp — wiping a fixed, small number of secret bytes (up to 8 blocks)
// on the short-message paths of the AEADs and MACs, without a call into the C library; and
// a short run of blocks whose count is known only at run time (wipe_blocks).
//
// CPU features: none. References: base/secure_zero.hpp (the same guarantee).
//
// base/secure_zero.hpp hides the length from the optimiser so that large wipes call the
// library's memset. For a compile-time 16..128 bytes that call (and its dispatch) costs more
// than the wipe: here the length is a template constant, so the compiler emits a few vector
// stores, and the empty asm statement that takes the pointer and clobbers memory keeps
// them from being dropped as dead stores (the compiler must assume the zeros are read).
#pragma once

#include <cstddef>
#include <cstring>

namespace aeskit::detail {

template <std::size_t N>
inline void wipe_fixed(void* p) noexcept {
  static_assert(N <= 128, "large wipes: base/secure_zero.hpp");
  std::memset(p, 0, N);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

// wipe_block: 16 bytes.
inline void wipe_block(void* p) noexcept {
  wipe_fixed<16>(p);
}

// wipe_blocks: a small run-time number of 16-byte blocks (a short message's stack buffer),
// one 16-byte store each. The asm statement inside the loop keeps the compiler from turning
// the loop back into a memset call, and the stores from being dropped.
inline void wipe_blocks(void* p, std::size_t blocks) noexcept {
  auto* bytes = static_cast<unsigned char*>(p);
  for (std::size_t i = 0; i < blocks; ++i) {
    std::memset(bytes + 16 * i, 0, 16);
    __asm__ __volatile__("" : : "r"(bytes) : "memory");
  }
}

}  // namespace aeskit::detail
