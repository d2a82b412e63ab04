// src/backend/self_test_once.hpp — the once-per-process bookkeeping the self-tests share
// (self_test.cpp, self_test_ghash.cpp, self_test_gcm.cpp): one slot per entry of a registry
// (catalog.hpp) with its result, run count and injected fault, the double-checked run under
// a lock, the test hooks, and the wall-clock timing of a run.
//
// No CPU features; plain C++ (std::atomic, std::mutex). Internal to the self-test files.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string_view>

#include "backend/registry.hpp"

namespace aeskit::detail {

// SelfTestSlots: the results of one kind of self-test, a slot per entry of `registry`.
// entry_names are the names of the tested entries (SelfTestEntry, ...), for the fault hook.
template <class Entry, class Result>
class SelfTestSlots {
 public:
  SelfTestSlots(const Registry<Entry>& registry, std::span<const std::string_view> entry_names)
      : registry_(registry), names_(entry_names), slots_(new Slot[registry.size()]) {}

  // result: e's result, computed first (under the lock, other threads waiting) by run(fault)
  // when `runnable`, else left as Result{} (not run), if this process has not yet. An entry
  // outside the registry is never selected and never tested: Result{}.
  template <class Run>
  const Result& result(const Entry& e, bool runnable, Run&& run) noexcept {
    static const Result kNotRun{};
    Slot* slot = slot_of(e);
    if (slot == nullptr) return kNotRun;
    if (slot->done.load(std::memory_order_acquire)) return slot->result;
    std::lock_guard<std::mutex> lock(mutex_);
    if (!slot->done.load(std::memory_order_relaxed)) {
      slot->result = runnable ? run(slot->fault) : Result{};
      if (runnable) ++slot->runs;
      slot->done.store(true, std::memory_order_release);
    }
    return slot->result;
  }

  // entry_name: the name of tested entry i, or "" past the end.
  std::string_view entry_name(unsigned i) const noexcept {
    return i < names_.size() ? names_[i] : std::string_view{};
  }

  // entry_index: the index of the tested entry called `name`, or -1.
  int entry_index(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < names_.size(); ++i)
      if (names_[i] == name) return static_cast<int>(i);
    return -1;
  }

  // inject: from now on e's run sees `fault` (an entry index); e's result is forgotten.
  bool inject(const Entry& e, int fault) noexcept {
    Slot* slot = slot_of(e);
    if (slot == nullptr || fault < 0) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    slot->fault = fault;
    slot->done.store(false, std::memory_order_release);
    return true;
  }

  // reset_all: every slot's fault, run count and result cleared.
  void reset_all() noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t i = 0; i < registry_.size(); ++i) {
      slots_[i].fault = -1;
      slots_[i].runs = 0;
      slots_[i].done.store(false, std::memory_order_release);
    }
  }

  unsigned runs(const Entry& e) noexcept {
    Slot* slot = slot_of(e);
    if (slot == nullptr) return 0;
    std::lock_guard<std::mutex> lock(mutex_);
    return slot->runs;
  }

 private:
  struct Slot {
    std::atomic<bool> done{false};
    Result result;
    unsigned runs = 0;
    int fault = -1;  // the entry whose output the test hook corrupts, or -1
  };

  Slot* slot_of(const Entry& e) noexcept {
    const std::size_t i = registry_.index_of(e);
    return i < registry_.size() ? &slots_[i] : nullptr;
  }

  const Registry<Entry>& registry_;
  std::span<const std::string_view> names_;
  std::unique_ptr<Slot[]> slots_;
  std::mutex mutex_;
};

// self_test_group: a backend's batch (blocks per interleaved group) clamped to [lo, hi]: the
// self-tests run every count up to 2 groups + 1, so each tail length is seen.
constexpr std::size_t self_test_group(std::size_t batch, std::size_t lo, std::size_t hi) noexcept {
  return batch < lo ? lo : batch > hi ? hi : batch;
}

// Stopwatch: wall time since construction, for the results' nanoseconds.
class Stopwatch {
 public:
  std::uint64_t nanoseconds() const noexcept {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now() - start_)
                                          .count());
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace aeskit::detail
