// src/backend/select/self_test_once.hpp — the once-per-process bookkeeping the self-tests share
// (self_test.cpp, self_test_ghash.cpp, self_test_gcm.cpp, self_test_aegis.cpp): one slot per
// entry of a registry (catalog.hpp) with its result, run count and injected fault, the
// double-checked run under a lock, the test hooks, and what every run uses alike: the entry
// bits, the fixed inputs, its block counts, its status from the failed entries, and its
// wall-clock time; the result of kernels whose backend failed.
//
// No CPU features; plain C++ (std::atomic, std::mutex). Internal to the self-test files.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <span>
#include <string_view>

#include "backend/select/registry.hpp"
#include "backend/select/self_test.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {

// SelfTestSlots: the results of one kind of self-test, a slot per entry of `registry` (N of
// them), each computed by `run` (given the entry and the injected fault: an entry index, or
// -1). entry_names are the names of the tested entries (kSelfTestEntryNames, ...), for the
// fault hook. Constant-initialised (each self-test file holds one as a constinit object):
// no allocation, nothing to construct at start-up or to destroy at exit.
template <class Entry, class Result, std::size_t N>
class SelfTestSlots {
 public:
  using RunFn = Result (*)(const Entry& e, int fault);

  constexpr SelfTestSlots(const Registry<Entry>& registry,
                          std::span<const std::string_view> entry_names, RunFn run) noexcept
      : registry_(registry), names_(entry_names), run_(run) {}

  // result: e's result, computed first (under the lock, other threads waiting) by run(e, fault)
  // when `runnable`, else left as Result{} (not run), if this process has not yet. An entry
  // outside the registry is never selected and never tested: Result{}.
  const Result& result(const Entry& e, bool runnable) noexcept {
    static const Result kNotRun{};
    Slot* slot = slot_of(e);
    if (slot == nullptr) return kNotRun;
    if (slot->done.load(std::memory_order_acquire)) return slot->result;
    std::lock_guard<std::mutex> lock(mutex_);
    if (!slot->done.load(std::memory_order_relaxed)) {
      slot->result = runnable ? run_(e, slot->fault) : Result{};
      if (runnable) ++slot->runs;
      slot->done.store(true, std::memory_order_release);
    }
    return slot->result;
  }

  // result: runnable when the CPU's detected features support e.
  const Result& result(const Entry& e) noexcept {
    return result(e, e.supported(cpu::detected_features()));
  }

  // entry_index: the index of the tested entry called `name`, or -1.
  int entry_index(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < names_.size(); ++i)
      if (names_[i] == name) return static_cast<int>(i);
    return -1;
  }

  // inject: from now on e's run sees the fault of the entry called `entry`; e's result is
  // forgotten. False for an unknown entry name.
  bool inject(const Entry& e, std::string_view entry) noexcept {
    const int fault = entry_index(entry);
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
    for (std::size_t i = 0; i < N; ++i) {
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
    return i < N ? &slots_[i] : nullptr;
  }

  const Registry<Entry>& registry_;
  std::span<const std::string_view> names_;
  RunFn run_;
  std::array<Slot, N> slots_{};
  std::mutex mutex_;
};

// entry_bit: the bit of entry `e` (SelfTestEntry, ...) in a result's failed_entries and
// tested_entries.
template <class EntryEnum>
constexpr std::uint32_t entry_bit(EntryEnum e) noexcept {
  return std::uint32_t{1} << static_cast<unsigned>(e);
}

// SelfTestBytes: the fixed public inputs of every self-test, a 64-bit LCG (Knuth's MMIX
// constants), the high byte of each step.
struct SelfTestBytes {
  std::uint64_t x;
  void fill(std::uint8_t* p, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
      x = x * 6364136223846793005u + 1442695040888963407u;
      p[i] = static_cast<std::uint8_t>(x >> 56);
    }
  }
};

// SelfTestBlocks: the block counts of a run over a backend's groups: group, its batch
// (blocks per interleaved group) clamped to [lo, hi], and max_blocks = 2 groups + 1: the
// self-tests run every count up to it, so each tail length is seen.
struct SelfTestBlocks {
  std::size_t group;
  std::size_t max_blocks;
};
constexpr SelfTestBlocks self_test_blocks(std::size_t batch, std::size_t lo,
                                          std::size_t hi) noexcept {
  const std::size_t group = batch < lo ? lo : batch > hi ? hi : batch;
  return {group, 2 * group + 1};
}

// self_test_status: failed when an entry of `entries` (a mask of entry bits) is among
// `failed_entries`, else passed.
constexpr SelfTestResult::Status self_test_status(std::uint32_t failed_entries,
                                                  std::uint32_t entries) noexcept {
  return (failed_entries & entries) != 0 ? SelfTestResult::Status::failed
                                         : SelfTestResult::Status::passed;
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

// finish_self_test: the end of a run over every entry: its scratch wiped (public inputs and
// keys, but keep the habit), result's status (failed when any entry failed) and its time.
template <class Result, class Scratch>
void finish_self_test(Result& result, const Stopwatch& clock, Scratch& scratch) noexcept {
  std::memset(&scratch, 0, sizeof scratch);
  result.status = self_test_status(result.failed_entries, ~0u);
  result.nanoseconds = clock.nanoseconds();
}

// backend_failed_result: the result, not run, of the self-test of kernels that stand on a
// backend (GcmFusedSelfTestResult, AegisSelfTestResult) when that backend failed its own.
template <class Result>
const Result& backend_failed_result() noexcept {
  static const Result kBackendFailed = [] {
    Result r;
    r.backend_failed = true;
    return r;
  }();
  return kBackendFailed;
}

// self_test_allows_kernels: such kernels may be used: their test did not fail and their
// backend did not.
template <class Result>
bool self_test_allows_kernels(const Result& r) noexcept {
  return r.status != SelfTestResult::Status::failed && !r.backend_failed;
}

}  // namespace aeskit::detail
