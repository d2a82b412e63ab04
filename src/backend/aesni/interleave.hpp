// src/backend/aesni/interleave.hpp — drives a bulk kernel over a block count: full groups of
// kInterleave blocks, then one group of the remaining 1..7.
//
// CPU features: none itself (inlined into AES-NI code, so it carries the same target).
// References: none (control flow only).
//
// A kernel is a struct with `template <std::size_t N> void run()` that processes the next N
// blocks and advances its own pointers/counters. Every N in 1..8 is a separate instantiation,
// so the tail is as parallel as it can be (7 blocks run 7-wide, not 4+2+1) and its loops
// unroll like the main ones. The branches depend only on the block count (public).
#pragma once

#include <cstddef>

#include "backend/aesni/rounds.hpp"
#include "backend/aesni/target.hpp"

namespace aeskit::detail::aesni {

// run_group: kernel.run<blocks>() for a run-time 1 <= blocks <= N (0 does nothing).
template <std::size_t N, class Kernel>
AESKIT_AESNI_INLINE void run_group(Kernel& kernel, std::size_t blocks) {
  if constexpr (N > 0) {
    if (blocks == N) return kernel.template run<N>();
    run_group<N - 1>(kernel, blocks);
  }
}

template <class Kernel>
AESKIT_AESNI_INLINE void run_interleaved(Kernel& kernel, std::size_t blocks) {
  for (; blocks >= kInterleave; blocks -= kInterleave) kernel.template run<kInterleave>();
  run_group<kInterleave - 1>(kernel, blocks);
}

}  // namespace aeskit::detail::aesni
