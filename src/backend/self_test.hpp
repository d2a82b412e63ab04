// src/backend/self_test.hpp — the known-answer self-test each AES backend passes before it is
// selected: once per process per backend, every entry of its table (key expansion,
// encrypt_blocks/decrypt_blocks and each non-null bulk kernel) is run on fixed inputs at every
// block count from 1 to 2 groups + 1 (group = the backend's batch_blocks, at least 16), for
// AES-128/192/256, and compared with a model of the mode built on the portable backend's block
// function (plus the FIPS-197 Appendix C known answers, so the reference itself is checked). A
// backend that fails is skipped by best_backend() and refused by name (backend_unavailable).
//
// No CPU features of its own: it runs each backend's code only when the CPU (detected features,
// before AESKIT_DISABLE) supports that backend. Thread-safe; costs tens to hundreds of
// microseconds per backend, once. The portable backend is the reference, so its self-test is
// the FIPS-197 known answers through its own table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/backend.hpp"

namespace aeskit::detail {

// The entries the self-test checks, in table order; bit i of SelfTestResult::failed_entries.
enum class SelfTestEntry : unsigned {
  key_schedule,  // expand_key + encrypt_blocks/derive_decrypt_key + decrypt_blocks vs FIPS-197
  encrypt_blocks,
  decrypt_blocks,
  ctr32_be,
  ctr32_le,
  ctr128_be,
  cbc_encrypt,
  cbc_decrypt,
  cfb128_encrypt,
  cfb128_decrypt,
  ofb,
  xts_encrypt,
  xts_decrypt,
  ocb_encrypt,
  ocb_decrypt,
  ocb_hash,
  cbc_mac,
  mac_ctr,
};
inline constexpr unsigned kSelfTestEntryCount = 18;

// self_test_entry_name: "ctr32_be", ... (the AesBackend member name; "key_schedule").
std::string_view self_test_entry_name(SelfTestEntry entry) noexcept;

struct SelfTestResult {
  enum class Status : unsigned char {
    not_run,  // the CPU cannot run this backend's code: nothing was tested
    passed,
    failed,
  };
  Status status = Status::not_run;
  std::uint32_t failed_entries = 0;  // bit per SelfTestEntry
  std::uint32_t tested_entries = 0;  // bit per SelfTestEntry that the table has and was run
  // The first mismatch found: entry, key size and block count.
  SelfTestEntry first_failure = SelfTestEntry::key_schedule;
  unsigned first_failure_key_bits = 0;
  std::size_t first_failure_blocks = 0;
  std::size_t max_blocks = 0;       // longest run tested (2 groups + 1)
  bool known_answers_only = false;  // the portable backend: the reference, FIPS-197 only
  std::uint64_t nanoseconds = 0;    // wall time of the run
};

// backend_self_test: the result for `b`, running the test first if this process has not yet
// (other threads asking meanwhile wait for it). Not run (status not_run) when the CPU's
// detected features do not support `b`.
const SelfTestResult& backend_self_test(const AesBackend& b) noexcept;

// backend_self_test_allows: false only when `b` ran its self-test here and failed. A backend
// this CPU cannot run is not tested and not refused here (callers check supported() first;
// the dispatch tests ask best_backend about feature sets this CPU does not have).
bool backend_self_test_allows(const AesBackend& b) noexcept;

// backend_usable: supported by `features` and not refused by its self-test. What AesKey::create
// requires of a backend named explicitly, and what best_backend takes the first of.
bool backend_usable(const AesBackend& b, const cpu::FeatureSet& features) noexcept;

// --- test hooks (tests/selftest_test.cpp); not for library code -----------------------------
// self_test_inject_fault_for_testing: from now on the self-test of `b` sees a corrupted output
// from `entry` (one bit flipped), and b's result is forgotten so the next query re-runs it.
// Returns false for an unknown entry name.
bool self_test_inject_fault_for_testing(const AesBackend& b, std::string_view entry) noexcept;
// self_test_reset_for_testing: clear all injected faults, results and run counts. Call it only
// while no other thread is creating keys.
void self_test_reset_for_testing() noexcept;
// self_test_runs_for_testing: how many times b's self-test has run in this process (since the
// last reset).
unsigned self_test_runs_for_testing(const AesBackend& b) noexcept;

}  // namespace aeskit::detail
