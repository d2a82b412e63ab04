// src/backend/self_test_once.hpp — the once-per-process bookkeeping the self-tests share
// (self_test.cpp, self_test_ghash.cpp, self_test_gcm.cpp): one slot per registry entry with
// its result, run count and injected fault, and the double-checked run under a lock.
//
// No CPU features; plain C++ (std::atomic, std::mutex). Internal to the self-test files.
#pragma once

#include <atomic>
#include <mutex>

namespace aeskit::detail {

template <class Result>
struct SelfTestSlot {
  std::atomic<bool> done{false};
  Result result;
  unsigned runs = 0;
  int fault = -1;  // the entry whose output the test hook corrupts, or -1
};

// self_test_once: the slot's result, computed first (under `m`, other threads waiting) by
// run(fault) when `runnable`, else left as Result{} (not run), if this process has not yet.
template <class Result, class Run>
const Result& self_test_once(SelfTestSlot<Result>& slot, std::mutex& m, bool runnable,
                             Run&& run) noexcept {
  if (slot.done.load(std::memory_order_acquire)) return slot.result;
  std::lock_guard<std::mutex> lock(m);
  if (!slot.done.load(std::memory_order_relaxed)) {
    if (runnable) {
      slot.result = run(slot.fault);
      ++slot.runs;
    } else {
      slot.result = Result{};
    }
    slot.done.store(true, std::memory_order_release);
  }
  return slot.result;
}

// self_test_inject: sets the slot's fault and forgets its result.
template <class Result>
void self_test_inject(SelfTestSlot<Result>& slot, std::mutex& m, int fault) noexcept {
  std::lock_guard<std::mutex> lock(m);
  slot.fault = fault;
  slot.done.store(false, std::memory_order_release);
}

// self_test_reset: clears the fault, the run count and the result.
template <class Result>
void self_test_reset(SelfTestSlot<Result>& slot, std::mutex& m) noexcept {
  std::lock_guard<std::mutex> lock(m);
  slot.fault = -1;
  slot.runs = 0;
  slot.done.store(false, std::memory_order_release);
}

template <class Result>
unsigned self_test_runs(SelfTestSlot<Result>& slot, std::mutex& m) noexcept {
  std::lock_guard<std::mutex> lock(m);
  return slot.runs;
}

}  // namespace aeskit::detail
