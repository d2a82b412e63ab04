// src/backend/vaes256/groups_vaes256.hpp — drives a vaes256 bulk kernel over a block count:
// full groups of kGroupBlocks (16) blocks, then one group for the remaining 1..15.
//
// CPU features: none itself (inlined into VAES code, so it carries the same target).
// References: none (control flow only).
//
// A kernel is a struct with `template <std::size_t Y> void run(std::size_t blocks)` that
// processes the next `blocks` blocks in Y ymm registers, where blocks is 2Y or 2Y - 1 (the
// odd one goes in the low lane of the last register, whose high lane is computed and
// discarded: a ymm round costs the same as an xmm round, so the tail needs no separate
// 128-bit path), and advances its own pointers/counters. The tail of r = 1..15 blocks runs
// as one group of Y = ceil(r / 2) registers, as parallel as it can be. Y = 1..8 are separate
// instantiations so every loop unrolls. The branches depend only on the block count (public).
#pragma once

#include <cstddef>

#include "backend/vaes256/rounds_vaes256.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {

// run_tail: kernel.run<Y>(blocks) for Y = ceil(blocks / 2), 1 <= blocks <= kGroupBlocks.
// Tested from the smallest group up, so a short message (1..2 blocks) takes one branch.
template <std::size_t Y, class Kernel>
AESKIT_VAES256_INLINE void run_tail(Kernel& kernel, std::size_t blocks) {
  if constexpr (Y < kWidth) {
    if (blocks <= 2 * Y) return kernel.template run<Y>(blocks);
    run_tail<Y + 1>(kernel, blocks);
  } else {
    kernel.template run<kWidth>(blocks);
  }
}

template <class Kernel>
AESKIT_VAES256_INLINE void run_groups(Kernel& kernel, std::size_t blocks) {
  for (; blocks >= kGroupBlocks; blocks -= kGroupBlocks) kernel.template run<kWidth>(kGroupBlocks);
  if (blocks > 0) run_tail<1>(kernel, blocks);
}

}  // namespace aeskit::detail::vaes256
