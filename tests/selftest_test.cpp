// tests/selftest_test.cpp — the once-per-process known-answer self-test of each AES backend
// (src/backend/self_test.cpp): it passes on every backend this CPU can run and checks every
// entry the backend's table has; a failure injected through the test hook
// (detail::self_test_inject_fault_for_testing) in any entry makes best_backend() take the next
// backend, makes AesKey::create(key, name) refuse the failed one (backend_unavailable),
// kernel_for() return nothing for it and backends() report it; and the test runs at most once
// per process, also when many threads create keys at the same time. No vectors.
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "backend/backend.hpp"
#include "backend/self_test.hpp"
#include "cpu/features.hpp"

namespace {

namespace d = aeskit::detail;
using Status = d::SelfTestResult::Status;

const std::vector<std::uint8_t> kKey16(16, 0x42);

// Resets the self-test state when a test ends, so each test starts from "never run".
class SelfTest : public ::testing::Test {
 protected:
  void SetUp() override { d::self_test_reset_for_testing(); }
  void TearDown() override { d::self_test_reset_for_testing(); }
};

bool runnable_here(const d::AesBackend& b) {
  return b.supported(aeskit::cpu::detected_features());
}

// present_entries: the entries of b's table the self-test must have run.
std::vector<d::SelfTestEntry> present_entries(const d::AesBackend& b) {
  using E = d::SelfTestEntry;
  std::vector<E> out = {E::key_schedule};
  if (b.name == "portable") return out;  // the reference: known answers only
  out.push_back(E::encrypt_blocks);
  out.push_back(E::decrypt_blocks);
  const std::pair<bool, E> optional[] = {
      {b.ctr32_be != nullptr, E::ctr32_be},
      {b.ctr32_le != nullptr, E::ctr32_le},
      {b.ctr128_be != nullptr, E::ctr128_be},
      {b.cbc_encrypt != nullptr, E::cbc_encrypt},
      {b.cbc_decrypt != nullptr, E::cbc_decrypt},
      {b.cfb128_encrypt != nullptr, E::cfb128_encrypt},
      {b.cfb128_decrypt != nullptr, E::cfb128_decrypt},
      {b.ofb != nullptr, E::ofb},
      {b.xts_encrypt != nullptr, E::xts_encrypt},
      {b.xts_decrypt != nullptr, E::xts_decrypt},
      {b.ocb_encrypt != nullptr, E::ocb_encrypt},
      {b.ocb_decrypt != nullptr, E::ocb_decrypt},
      {b.ocb_hash != nullptr, E::ocb_hash},
      {b.cbc_mac != nullptr, E::cbc_mac},
      {b.mac_ctr != nullptr, E::mac_ctr},
  };
  for (const auto& [has, e] : optional)
    if (has) out.push_back(e);
  return out;
}

std::uint32_t mask_of(const std::vector<d::SelfTestEntry>& entries) {
  std::uint32_t m = 0;
  for (d::SelfTestEntry e : entries) m |= std::uint32_t{1} << static_cast<unsigned>(e);
  return m;
}

// next_usable: the backend after `failed` in the list that the enabled features allow.
const d::AesBackend& next_usable(const d::AesBackend& failed) {
  bool after = false;
  for (std::size_t i = 0; i < d::backend_count(); ++i) {
    const d::AesBackend& b = d::backend_at(i);
    if (after && b.supported(aeskit::cpu::cpu_features())) return b;
    if (&b == &failed) after = true;
  }
  return *d::find_backend("portable");
}

TEST_F(SelfTest, PassesOnEveryBackendThisCpuRuns) {
  std::string not_run;
  for (std::size_t i = 0; i < d::backend_count(); ++i) {
    const d::AesBackend& b = d::backend_at(i);
    SCOPED_TRACE(std::string(b.name));
    const d::SelfTestResult& r = d::backend_self_test(b);
    if (!runnable_here(b)) {
      EXPECT_EQ(r.status, Status::not_run);
      EXPECT_TRUE(d::backend_self_test_allows(b));
      not_run.append(" ").append(b.name);
      continue;
    }
    EXPECT_EQ(r.status, Status::passed)
        << "first failure: " << d::self_test_entry_name(r.first_failure) << " AES-"
        << r.first_failure_key_bits << " " << r.first_failure_blocks << " blocks";
    EXPECT_EQ(r.failed_entries, 0u);
    EXPECT_EQ(r.tested_entries, mask_of(present_entries(b)));
    if (b.name != "portable") {
      EXPECT_GE(r.max_blocks, 2 * b.batch_blocks + 1);
      EXPECT_GE(r.max_blocks, 33u);
    }
    std::printf("[ self-test] %-10.*s passed in %.1f us (1..%zu blocks)\n",
                static_cast<int>(b.name.size()), b.name.data(),
                static_cast<double>(r.nanoseconds) / 1000.0, r.max_blocks);
  }
  if (!not_run.empty())
    std::printf("[ self-test] not run, this CPU cannot run:%s (not a pass)\n", not_run.c_str());
}

TEST_F(SelfTest, RunsAtMostOncePerProcessAcrossThreads) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([] {
      for (int i = 0; i < 20; ++i) {
        auto key = aeskit::AesKey::create(kKey16);
        ASSERT_TRUE(key.ok());
        (void)aeskit::backends();
        (void)d::best_backend(aeskit::cpu::cpu_features());
      }
    });
  }
  for (auto& t : threads) t.join();
  for (std::size_t i = 0; i < d::backend_count(); ++i) {
    const d::AesBackend& b = d::backend_at(i);
    SCOPED_TRACE(std::string(b.name));
    // backends() tests every enabled backend; a backend AESKIT_DISABLE removed is not run.
    const unsigned expected = b.supported(aeskit::cpu::cpu_features()) ? 1 : 0;
    EXPECT_EQ(d::self_test_runs_for_testing(b), expected);
  }
}

// Every entry of the best backend's table, failed in turn: the result names exactly that entry,
// and the backend is skipped.
TEST_F(SelfTest, AFailureInAnyEntryIsReportedAndSkipsTheBackend) {
  const d::AesBackend& best = d::best_backend(aeskit::cpu::cpu_features());
  if (best.name == "portable") GTEST_SKIP() << "no backend above portable on this CPU";
  for (d::SelfTestEntry e : present_entries(best)) {
    const std::string_view name = d::self_test_entry_name(e);
    SCOPED_TRACE(std::string(name));
    d::self_test_reset_for_testing();
    ASSERT_TRUE(d::self_test_inject_fault_for_testing(best, name));
    const d::SelfTestResult& r = d::backend_self_test(best);
    EXPECT_EQ(r.status, Status::failed);
    EXPECT_EQ(r.failed_entries, std::uint32_t{1} << static_cast<unsigned>(e));
    EXPECT_EQ(r.first_failure, e);
    EXPECT_EQ(r.first_failure_key_bits, 128u);
    EXPECT_EQ(r.first_failure_blocks, 1u);
    EXPECT_EQ(d::best_backend(aeskit::cpu::cpu_features()).name, next_usable(best).name);
  }
  EXPECT_FALSE(d::self_test_inject_fault_for_testing(best, "no_such_entry"));
}

TEST_F(SelfTest, AFailedBackendIsNeverUsed) {
  const d::AesBackend& best = d::best_backend(aeskit::cpu::cpu_features());
  if (best.name == "portable") GTEST_SKIP() << "no backend above portable on this CPU";
  const std::string failed(best.name);
  const std::string next(next_usable(best).name);
  ASSERT_TRUE(d::self_test_inject_fault_for_testing(best, "encrypt_blocks"));

  // Selection takes the next backend: keys, XTS keys, AEAD keys, the default and the kernels.
  EXPECT_EQ(d::best_backend(aeskit::cpu::cpu_features()).name, next);
  EXPECT_EQ(aeskit::default_backend(), next);
  auto key = aeskit::AesKey::create(kKey16);
  ASSERT_TRUE(key.ok());
  EXPECT_EQ(key->backend_name(), next);
  auto xts = aeskit::XtsKey::create(std::vector<std::uint8_t>(32, 7));
  ASSERT_TRUE(xts.ok());
  EXPECT_EQ(xts->kernel(aeskit::Direction::encrypt).rfind(next + ":", 0), 0u)
      << xts->kernel(aeskit::Direction::encrypt);
  const std::string k = aeskit::kernel_for(aeskit::Mode::ctr32, aeskit::Direction::encrypt, 128);
  EXPECT_EQ(k.rfind(next + ":", 0), 0u) << k;

  // By name: refused, not replaced.
  auto named = aeskit::AesKey::create(kKey16, failed);
  ASSERT_FALSE(named.ok());
  EXPECT_EQ(named.code(), aeskit::Errc::backend_unavailable);
  auto aead = aeskit::AeadKey::create(*aeskit::aead::find("AES-128-GCM"), kKey16, 16, failed);
  EXPECT_FALSE(aead.ok());
  EXPECT_TRUE(
      aeskit::kernel_for(aeskit::Mode::ctr32, aeskit::Direction::encrypt, 128, failed).empty());
  EXPECT_TRUE(aeskit::xts_kernel_for(aeskit::Direction::encrypt, 128, failed).empty());

  // Reported.
  bool seen = false;
  for (const aeskit::BackendInfo& info : aeskit::backends()) {
    if (info.name != failed) continue;
    seen = true;
    EXPECT_FALSE(info.available);
    EXPECT_TRUE(info.self_test_failed);
    EXPECT_EQ(
        info.self_test.rfind("FAILED: encrypt_blocks (first: encrypt_blocks, AES-128, 1 block)", 0),
        0u)
        << info.self_test;
    EXPECT_NE(info.self_test.find("not used"), std::string::npos) << info.self_test;
  }
  EXPECT_TRUE(seen);

  // Cleared: selected again.
  d::self_test_reset_for_testing();
  EXPECT_EQ(d::best_backend(aeskit::cpu::cpu_features()).name, failed);
  auto again = aeskit::AesKey::create(kKey16, failed);
  EXPECT_TRUE(again.ok());
}

// The portable backend is the last resort: a failed known-answer test is reported but
// best_backend() still returns it when nothing else is left.
TEST_F(SelfTest, PortableStaysTheLastResort) {
  const d::AesBackend* portable = d::find_backend("portable");
  ASSERT_NE(portable, nullptr);
  ASSERT_TRUE(d::self_test_inject_fault_for_testing(*portable, "key_schedule"));
  EXPECT_EQ(d::backend_self_test(*portable).status, Status::failed);
  EXPECT_EQ(d::best_backend(aeskit::cpu::FeatureSet{}).name, "portable");
}

TEST_F(SelfTest, EveryEntryHasAName) {
  for (unsigned i = 0; i < d::kSelfTestEntryCount; ++i)
    EXPECT_FALSE(d::self_test_entry_name(static_cast<d::SelfTestEntry>(i)).empty()) << i;
}

}  // namespace
