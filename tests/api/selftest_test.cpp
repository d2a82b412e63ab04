// tests/api/selftest_test.cpp — the once-per-process known-answer self-tests
// (src/backend/select/self_test*.cpp):
//   - AES backends: it passes on every backend this CPU can run and checks every entry the
//     backend's table has (the GCM-SIV entries gcm_siv_derive/gcm_siv_tag_ctr included); a
//     failure injected through the test hook (detail::self_test_inject_fault_for_testing) in
//     any entry makes best_backend() take the next backend, makes AesKey::create(key, name)
//     refuse the failed one (backend_unavailable), kernel_for() return nothing for it and
//     backends() report it.
//   - GHASH backends and their native POLYVAL kernels: every entry passes on every GHASH
//     backend this CPU runs; an injected failure of update makes best_ghash_backend, GCM and
//     GCM-SIV keys take the next backend (and a pinned one is refused), while a failed POLYVAL
//     kernel entry leaves the backend in use and sends POLYVAL through the RFC 8452 mapping;
//     ghash_backends() reports both.
//   - Fused GCM kernels: every kernel this CPU runs passes; an injected failure in any of its
//     entries (or in its GHASH backend) means no key gets it — GCM runs unfused, with the same
//     results — and gcm_fused_kernels() reports it.
// And each test runs at most once per process, also when many threads create keys at the
// same time. No vectors.
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "aead/aead_key_state.hpp"
#include "aead/gcm_fused.hpp"
#include "aead/gcm_siv.hpp"
#include "aead/polyval.hpp"
#include "aeskit/aeskit.hpp"
#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/polyval_kernels.hpp"
#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
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
      {b.xts_encrypt_one != nullptr, E::xts_encrypt_one},
      {b.xts_decrypt_one != nullptr, E::xts_decrypt_one},
      {b.ocb_encrypt != nullptr, E::ocb_encrypt},
      {b.ocb_decrypt != nullptr, E::ocb_decrypt},
      {b.ocb_hash != nullptr, E::ocb_hash},
      {b.cbc_mac != nullptr, E::cbc_mac},
      {b.mac_ctr != nullptr, E::mac_ctr},
      {b.gcm_siv_derive != nullptr, E::gcm_siv_derive},
      {b.gcm_siv_tag_ctr != nullptr, E::gcm_siv_tag_ctr},
      {b.xctr != nullptr, E::xctr},
      {b.ecb_gather != nullptr, E::ecb_gather},
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
        auto gcm = aeskit::AeadKey::create(*aeskit::aead::find("AES-128-GCM"), kKey16, 16);
        ASSERT_TRUE(gcm.ok());
        auto siv = aeskit::AeadKey::create(*aeskit::aead::find("AES-128-GCM-SIV"), kKey16, 16);
        ASSERT_TRUE(siv.ok());
        (void)aeskit::backends();
        (void)aeskit::ghash_backends();
        (void)aeskit::gcm_fused_kernels();
        (void)d::best_backend(aeskit::cpu::cpu_features());
      }
    });
  }
  for (auto& t : threads) t.join();
  const aeskit::cpu::FeatureSet& enabled = aeskit::cpu::cpu_features();
  for (std::size_t i = 0; i < d::backend_count(); ++i) {
    const d::AesBackend& b = d::backend_at(i);
    SCOPED_TRACE(std::string(b.name));
    // backends() tests every enabled backend; a backend AESKIT_DISABLE removed is not run.
    const unsigned expected = b.supported(enabled) ? 1 : 0;
    EXPECT_EQ(d::self_test_runs_for_testing(b), expected);
  }
  for (std::size_t i = 0; i < d::ghash_backend_count(); ++i) {
    const d::GhashBackend& g = d::ghash_backend_at(i);
    SCOPED_TRACE(std::string(g.name));
    EXPECT_EQ(d::self_test_runs_for_testing(g), g.supported(enabled) ? 1u : 0u);
  }
  for (const d::GcmFusedKernels* k : d::kGcmFusedList) {
    SCOPED_TRACE(std::string(k->name));
    EXPECT_EQ(d::self_test_runs_for_testing(*k),
              k->aes->supported(enabled) && k->ghash->supported(enabled) ? 1u : 0u);
  }
}

// Every entry of the best backend's table, failed in turn: the result names exactly that entry,
// and the backend is skipped.
TEST_F(SelfTest, AFailureInAnyEntryIsReportedAndSkipsTheBackend) {
  const d::AesBackend& best = d::best_backend(aeskit::cpu::cpu_features());
  if (best.name == "portable")
    GTEST_SKIP() << "SKIPPED, NOT PASSED: no backend above portable on this CPU";
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
    // gcm_siv_derive reports the 4 blocks LE32(i) || N of an AES-128 key-generating key.
    EXPECT_EQ(r.first_failure_blocks, e == d::SelfTestEntry::gcm_siv_derive ? 4u : 1u);
    EXPECT_EQ(d::best_backend(aeskit::cpu::cpu_features()).name, next_usable(best).name);
  }
  EXPECT_FALSE(d::self_test_inject_fault_for_testing(best, "no_such_entry"));
}

TEST_F(SelfTest, AFailedBackendIsNeverUsed) {
  const d::AesBackend& best = d::best_backend(aeskit::cpu::cpu_features());
  if (best.name == "portable")
    GTEST_SKIP() << "SKIPPED, NOT PASSED: no backend above portable on this CPU";
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
  for (unsigned i = 0; i < d::kGhashSelfTestEntryCount; ++i)
    EXPECT_FALSE(d::ghash_self_test_entry_name(static_cast<d::GhashSelfTestEntry>(i)).empty()) << i;
  for (unsigned i = 0; i < d::kGcmFusedSelfTestEntryCount; ++i)
    EXPECT_FALSE(
        d::gcm_fused_self_test_entry_name(static_cast<d::GcmFusedSelfTestEntry>(i)).empty())
        << i;
}

// --- GHASH backends and their native POLYVAL kernels ----------------------------------------

template <class Entry>
std::uint32_t bit_of(Entry e) {
  return std::uint32_t{1} << static_cast<unsigned>(e);
}

// ghash_entries: the GHASH self-test entries g has (the POLYVAL ones with a native kernel).
std::vector<d::GhashSelfTestEntry> ghash_entries(const d::GhashBackend& g) {
  using E = d::GhashSelfTestEntry;
  std::vector<E> out = {E::update};
  if (const d::PolyvalKernel* k = d::polyval_kernel_of(g)) {
    out.push_back(E::polyval_update);
    if (k->hash_short != nullptr) out.push_back(E::polyval_hash_short);
    if (k->hash_message != nullptr) out.push_back(E::polyval_hash_message);
  }
  return out;
}

const aeskit::AeadAlgorithm& algorithm(const char* name) {
  const aeskit::AeadAlgorithm* a = aeskit::aead::find(name);
  EXPECT_NE(a, nullptr) << name;
  return *a;
}

// sealed: ciphertext || tag of a few messages (empty, 1 byte, 17 bytes, 1605 bytes with AD
// of 0 and 20 bytes) under `key`, concatenated; a nonce of nonce_length bytes (12: GCM).
std::vector<std::uint8_t> sealed(const aeskit::AeadKey& key, std::size_t nonce_length = 12) {
  std::vector<std::uint8_t> all;
  const std::vector<std::uint8_t> nonce(nonce_length, 0x24);
  for (std::size_t len : {0u, 1u, 17u, 1605u}) {
    for (std::size_t ad_len : {0u, 20u}) {
      std::vector<std::uint8_t> plain(len), ad(ad_len, 0x3c);
      for (std::size_t i = 0; i < len; ++i) plain[i] = static_cast<std::uint8_t>(i * 7 + 1);
      std::vector<std::uint8_t> out(len + key.tag_length());
      auto n = key.seal(nonce, ad, plain, out);
      EXPECT_TRUE(n.ok());
      std::vector<std::uint8_t> back(len);
      auto opened = key.open(nonce, ad, out, back);
      EXPECT_TRUE(opened.ok());
      EXPECT_EQ(back, plain);
      all.insert(all.end(), out.begin(), out.end());
    }
  }
  return all;
}

// portable_sealed: the same on the portable AES and GHASH backends, POLYVAL mapped.
std::vector<std::uint8_t> portable_sealed(const char* name) {
  const d::GhashBackend* portable = d::find_ghash_backend("portable");
  aeskit::Result<aeskit::AeadKey> key =
      std::string(name).find("SIV") != std::string::npos
          ? d::make_gcm_siv_key(algorithm(name), kKey16, "portable", portable, false)
          : d::make_aead_key(algorithm(name), kKey16, 16, {"portable", portable, false});
  EXPECT_TRUE(key.ok());
  return key.ok() ? sealed(*key) : std::vector<std::uint8_t>{};
}

// next_ghash: the GHASH backend after `failed` that `features` and the width allow.
const d::GhashBackend& next_ghash(const d::GhashBackend& failed,
                                  const aeskit::cpu::FeatureSet& features) {
  bool after = false;
  for (std::size_t i = 0; i < d::ghash_backend_count(); ++i) {
    const d::GhashBackend& g = d::ghash_backend_at(i);
    if (after && g.vector_bits <= aeskit::cpu::max_vector_bits() && g.supported(features)) return g;
    if (&g == &failed) after = true;
  }
  return *d::find_ghash_backend("portable");
}

TEST_F(SelfTest, GhashAndPolyvalPassOnEveryGhashBackendThisCpuRuns) {
  std::string not_run;
  for (std::size_t i = 0; i < d::ghash_backend_count(); ++i) {
    const d::GhashBackend& g = d::ghash_backend_at(i);
    SCOPED_TRACE(std::string(g.name));
    const d::GhashSelfTestResult& r = d::ghash_self_test(g);
    const d::PolyvalKernel* k = d::polyval_kernel_of(g);
    if (!g.supported(aeskit::cpu::detected_features())) {
      EXPECT_EQ(r.status, Status::not_run);
      EXPECT_TRUE(d::ghash_self_test_allows(g));
      if (k != nullptr) {
        EXPECT_TRUE(d::polyval_self_test_allows(*k));
      }
      not_run.append(" ").append(g.name);
      continue;
    }
    EXPECT_EQ(r.status, Status::passed)
        << "first failure: " << d::ghash_self_test_entry_name(r.first_failure) << " "
        << r.first_failure_blocks << " blocks";
    EXPECT_EQ(r.failed_entries, 0u);
    std::uint32_t mask = 0;
    for (d::GhashSelfTestEntry e : ghash_entries(g)) mask |= bit_of(e);
    EXPECT_EQ(r.tested_entries, mask);
    EXPECT_EQ(r.polyval_status, k != nullptr ? Status::passed : Status::not_run);
    if (k != nullptr) {
      EXPECT_TRUE(d::polyval_self_test_allows(*k));
      EXPECT_GE(r.max_blocks, 2 * k->powers + 1);
    }
    EXPECT_GE(r.max_blocks, 17u);
    if (g.name == "vpclmul512") {
      EXPECT_GE(r.max_blocks, 65u);  // 32-block steps, and the >= 128-block path below
    }
    EXPECT_GE(r.longest_blocks, 300u);
    std::printf("[ self-test] ghash %-10.*s passed in %.1f us (1..%zu, up to %zu blocks%s)\n",
                static_cast<int>(g.name.size()), g.name.data(),
                static_cast<double>(r.nanoseconds) / 1000.0, r.max_blocks, r.longest_blocks,
                k != nullptr ? ", with its native POLYVAL kernel" : "");
    if (r.reference_nanoseconds != 0) {
      std::printf("[ self-test]   of which the reference chain: %.1f us\n",
                  static_cast<double>(r.reference_nanoseconds) / 1000.0);
    }
  }
  if (!not_run.empty())
    std::printf("[ self-test] not run, this CPU cannot run:%s (not a pass)\n", not_run.c_str());
}

TEST_F(SelfTest, AFailedGhashBackendIsNeverUsed) {
  const aeskit::cpu::FeatureSet& features = aeskit::cpu::cpu_features();
  const d::GhashBackend& best = d::best_ghash_backend(features);
  if (best.name == "portable")
    GTEST_SKIP() << "SKIPPED, NOT PASSED: no GHASH backend above portable on this CPU";
  const std::string failed(best.name);
  const std::string next(next_ghash(best, features).name);
  ASSERT_TRUE(d::self_test_inject_fault_for_testing(best, "update"));
  const d::GhashSelfTestResult& r = d::ghash_self_test(best);
  EXPECT_EQ(r.status, Status::failed);
  EXPECT_EQ(r.failed_entries, bit_of(d::GhashSelfTestEntry::update));
  EXPECT_EQ(r.first_failure, d::GhashSelfTestEntry::update);
  EXPECT_EQ(r.first_failure_blocks, 1u);
  EXPECT_FALSE(d::ghash_self_test_allows(best));

  // Selection: the next backend, for GCM (no fused kernel reading the failed one) and POLYVAL.
  EXPECT_EQ(d::best_ghash_backend(features).name, next);
  for (const d::GcmFusedKernels* k : d::kGcmFusedList) {
    if (k->ghash != &best) continue;
    EXPECT_FALSE(d::gcm_fused_self_test_allows(*k)) << k->name;
    const d::GcmChoice c = d::choose_gcm(*k->aes, nullptr, features, true);
    EXPECT_NE(c.ghash, &best) << k->name;
    EXPECT_TRUE(c.fused == nullptr || c.fused->ghash != &best) << k->name;
  }
  EXPECT_EQ(d::choose_polyval(nullptr, features, true).ghash->name, next);
  auto gcm = aeskit::AeadKey::create(algorithm("AES-128-GCM"), kKey16, 16);
  ASSERT_TRUE(gcm.ok());
  EXPECT_EQ(gcm->ghash_backend_name(), next) << gcm->kernel();
  EXPECT_EQ(sealed(*gcm), portable_sealed("AES-128-GCM"));
  auto siv = aeskit::AeadKey::create(algorithm("AES-128-GCM-SIV"), kKey16, 16);
  ASSERT_TRUE(siv.ok());
  EXPECT_EQ(siv->ghash_backend_name(), next) << siv->kernel();
  EXPECT_EQ(sealed(*siv), portable_sealed("AES-128-GCM-SIV"));

  // Pinned: refused, not replaced.
  auto pinned = d::make_aead_key(algorithm("AES-128-GCM"), kKey16, 16, {"", &best, true});
  EXPECT_EQ(pinned.code(), aeskit::Errc::backend_unavailable);
  auto pinned_siv = d::make_gcm_siv_key(algorithm("AES-128-GCM-SIV"), kKey16, "", &best, true);
  EXPECT_EQ(pinned_siv.code(), aeskit::Errc::backend_unavailable);

  // Reported, with the fused kernels that read it.
  bool seen = false;
  for (const aeskit::BackendInfo& info : aeskit::ghash_backends()) {
    if (info.name != failed) continue;
    seen = true;
    EXPECT_FALSE(info.available);
    EXPECT_TRUE(info.self_test_failed);
    EXPECT_EQ(info.self_test.rfind("FAILED: update (first: update, 1 block) - not used", 0), 0u)
        << info.self_test;
  }
  EXPECT_TRUE(seen);
  for (const aeskit::GcmKernelInfo& info : aeskit::gcm_fused_kernels()) {
    if (info.ghash_backend != failed) continue;
    EXPECT_FALSE(info.available) << info.name;
    EXPECT_TRUE(info.self_test_failed) << info.name;
    EXPECT_EQ(info.self_test,
              "not run: its GHASH backend " + failed + " failed its self-test - not used");
  }

  // Cleared: selected again.
  d::self_test_reset_for_testing();
  EXPECT_EQ(d::best_ghash_backend(features).name, failed);
}

TEST_F(SelfTest, AFailedPolyvalKernelIsNeverUsed) {
  using E = d::GhashSelfTestEntry;
  const aeskit::cpu::FeatureSet& features = aeskit::cpu::cpu_features();
  const d::GhashBackend& best = d::best_ghash_backend(features);
  const d::PolyvalKernel* k = d::find_polyval_kernel(best, features);
  if (k == nullptr) {
    GTEST_SKIP() << "SKIPPED, NOT PASSED: the best GHASH backend here (" << best.name
                 << ") has no native POLYVAL kernel";
  }
  const std::string siv_reference = [] {
    const auto v = portable_sealed("AES-128-GCM-SIV");
    return std::string(v.begin(), v.end());
  }();
  for (E e : ghash_entries(best)) {
    if (e == E::update) continue;
    const std::string entry(d::ghash_self_test_entry_name(e));
    SCOPED_TRACE(entry);
    d::self_test_reset_for_testing();
    ASSERT_TRUE(d::self_test_inject_fault_for_testing(best, entry));
    const d::GhashSelfTestResult& r = d::ghash_self_test(best);
    EXPECT_EQ(r.status, Status::passed);  // GHASH itself is fine: the backend stays
    EXPECT_EQ(r.polyval_status, Status::failed);
    EXPECT_EQ(r.failed_entries, bit_of(e));
    EXPECT_EQ(r.first_failure, e);
    EXPECT_EQ(r.first_failure_blocks, 1u);
    EXPECT_FALSE(d::polyval_self_test_allows(*k));

    EXPECT_EQ(&d::best_ghash_backend(features), &best);
    EXPECT_EQ(d::find_polyval_kernel(best, features), nullptr);
    const d::PolyvalChoice c = d::choose_polyval(nullptr, features, true);
    EXPECT_EQ(c.ghash, &best);
    EXPECT_EQ(c.native, nullptr);
    auto siv = aeskit::AeadKey::create(algorithm("AES-128-GCM-SIV"), kKey16, 16);
    ASSERT_TRUE(siv.ok());
    EXPECT_EQ(siv->ghash_backend_name(), best.name);
    EXPECT_NE(siv->kernel().find("RFC 8452 Appendix A mapping"), std::string::npos)
        << siv->kernel();
    const auto got = sealed(*siv);
    EXPECT_EQ(std::string(got.begin(), got.end()), siv_reference);

    bool seen = false;
    for (const aeskit::BackendInfo& info : aeskit::ghash_backends()) {
      if (info.name != best.name) continue;
      seen = true;
      EXPECT_TRUE(info.available);
      EXPECT_FALSE(info.self_test_failed);
      EXPECT_EQ(info.self_test.rfind("passed (update", 0), 0u) << info.self_test;
      EXPECT_NE(info.self_test.find(
                    std::string(k->name) + " FAILED: " + entry + " (first: " + entry +
                    ", 1 block) - not used, POLYVAL runs through the " + "RFC 8452 mapping"),
                std::string::npos)
          << info.self_test;
    }
    EXPECT_TRUE(seen);
  }
  EXPECT_FALSE(d::self_test_inject_fault_for_testing(best, "no_such_entry"));
  EXPECT_FALSE(
      d::self_test_inject_fault_for_testing(*d::find_ghash_backend("portable"), "polyval_update"));
  d::self_test_reset_for_testing();
  EXPECT_EQ(d::find_polyval_kernel(best, features), k);
}

// --- fused GCM kernels ------------------------------------------------------------------------

std::vector<d::GcmFusedSelfTestEntry> fused_entries(const d::GcmFusedKernels& k) {
  using E = d::GcmFusedSelfTestEntry;
  std::vector<E> out = {E::seal, E::open};
  if (k.seal_message != nullptr) out.push_back(E::seal_message);
  if (k.open_message != nullptr) out.push_back(E::open_message);
  if (k.polyval_open != nullptr) out.push_back(E::polyval_open);
  if (k.xctr_polyval != nullptr) out.push_back(E::xctr_polyval);
  if (k.seal_messages != nullptr) out.push_back(E::seal_messages);
  if (k.open_messages != nullptr) out.push_back(E::open_messages);
  return out;
}

TEST_F(SelfTest, FusedGcmKernelsPassOnEveryKernelThisCpuRuns) {
  const aeskit::cpu::FeatureSet& detected = aeskit::cpu::detected_features();
  std::string not_run;
  int tested = 0;
  for (const d::GcmFusedKernels* k : d::kGcmFusedList) {
    SCOPED_TRACE(std::string(k->name));
    const d::GcmFusedSelfTestResult& r = d::gcm_fused_self_test(*k);
    if (!k->aes->supported(detected) || !k->ghash->supported(detected)) {
      EXPECT_EQ(r.status, Status::not_run);
      EXPECT_TRUE(d::gcm_fused_self_test_allows(*k));
      not_run.append(" '").append(k->name).append("'");
      continue;
    }
    ++tested;
    EXPECT_EQ(r.status, Status::passed)
        << "first failure: " << d::gcm_fused_self_test_entry_name(r.first_failure) << " AES-"
        << r.first_failure_key_bits << " length " << r.first_failure_length << " AD "
        << r.first_failure_ad_bytes;
    EXPECT_FALSE(r.backend_failed);
    EXPECT_EQ(r.failed_entries, 0u);
    std::uint32_t mask = 0;
    for (d::GcmFusedSelfTestEntry e : fused_entries(*k)) mask |= bit_of(e);
    EXPECT_EQ(r.tested_entries, mask);
    EXPECT_GE(r.max_blocks, 2 * k->aes->batch_blocks + 1);
    EXPECT_GE(r.messages, 4 * (r.max_blocks + 1));
    EXPECT_TRUE(d::gcm_fused_self_test_allows(*k));
    std::printf("[ self-test] fused %-22.*s passed in %.1f us (0..%zu blocks, %zu messages)\n",
                static_cast<int>(k->name.size()), k->name.data(),
                static_cast<double>(r.nanoseconds) / 1000.0, r.max_blocks, r.messages);
  }
  if (!not_run.empty())
    std::printf("[ self-test] not run, this CPU cannot run:%s (not a pass)\n", not_run.c_str());
  if (tested == 0) GTEST_SKIP() << "SKIPPED, NOT PASSED: no fused GCM kernel runs on this CPU";
}

TEST_F(SelfTest, AFailedFusedGcmKernelIsNeverUsed) {
  using E = d::GcmFusedSelfTestEntry;
  const aeskit::cpu::FeatureSet& features = aeskit::cpu::cpu_features();
  const d::AesBackend& aes = d::best_backend(features);
  const d::GcmChoice chosen = d::choose_gcm(aes, nullptr, features, true);
  if (chosen.fused == nullptr) {
    GTEST_SKIP() << "SKIPPED, NOT PASSED: the default backend here (" << aes.name
                 << ") has no fused GCM kernel";
  }
  const d::GcmFusedKernels& k = *chosen.fused;
  const std::string name(k.name);
  const auto reference = portable_sealed("AES-128-GCM");
  for (E e : fused_entries(k)) {
    const std::string entry(d::gcm_fused_self_test_entry_name(e));
    SCOPED_TRACE(entry);
    d::self_test_reset_for_testing();
    ASSERT_TRUE(d::self_test_inject_fault_for_testing(k, entry));
    const d::GcmFusedSelfTestResult& r = d::gcm_fused_self_test(k);
    EXPECT_EQ(r.status, Status::failed);
    EXPECT_EQ(r.failed_entries, bit_of(e));
    EXPECT_EQ(r.first_failure, e);
    EXPECT_EQ(r.first_failure_key_bits, 128u);
    const bool message = e == E::seal_message || e == E::open_message || e == E::seal_messages ||
                         e == E::open_messages;
    EXPECT_EQ(r.first_failure_length, message ? 0u : 1u);  // 0-byte message / 1 block
    EXPECT_EQ(r.first_failure_ad_bytes, 0u);
    EXPECT_FALSE(d::gcm_fused_self_test_allows(k));

    // Never chosen: keys on its AES backend run unfused on the best GHASH backend.
    EXPECT_EQ(d::find_gcm_fused(aes, *k.ghash, features), nullptr);
    const d::GcmChoice c = d::choose_gcm(aes, nullptr, features, true);
    EXPECT_EQ(c.fused, nullptr);
    EXPECT_EQ(c.ghash, &d::best_ghash_backend(features));
    auto gcm = aeskit::AeadKey::create(algorithm("AES-128-GCM"), kKey16, 16);
    ASSERT_TRUE(gcm.ok());
    EXPECT_EQ(gcm->backend_name(), aes.name);
    EXPECT_NE(gcm->kernel().find("[generic, not fused]"), std::string::npos) << gcm->kernel();
    EXPECT_EQ(sealed(*gcm), reference);
    // Nor by HCTR2's second pass (its key then runs XCTR, then POLYVAL).
    auto hctr2 = aeskit::Hctr2Key::create(kKey16, aes.name);
    ASSERT_TRUE(hctr2.ok());
    EXPECT_EQ(hctr2->kernel().find("fused"), std::string::npos) << hctr2->kernel();

    bool seen = false;
    for (const aeskit::GcmKernelInfo& info : aeskit::gcm_fused_kernels()) {
      if (info.name != name) continue;
      seen = true;
      EXPECT_FALSE(info.available);
      EXPECT_TRUE(info.self_test_failed);
      EXPECT_EQ(info.self_test.rfind("FAILED: " + entry + " (first: " + entry + ", AES-128, ", 0),
                0u)
          << info.self_test;
      EXPECT_NE(info.self_test.find("- not used, GCM runs unfused"), std::string::npos)
          << info.self_test;
    }
    EXPECT_TRUE(seen);
  }
  EXPECT_FALSE(d::self_test_inject_fault_for_testing(k, "no_such_entry"));
  d::self_test_reset_for_testing();
  EXPECT_EQ(d::choose_gcm(aes, nullptr, features, true).fused, &k);
}

// --- AEGIS kernel tables ---------------------------------------------------------------------

TEST_F(SelfTest, AegisKernelTablesPassOnEveryTableThisCpuRuns) {
  const aeskit::cpu::FeatureSet& detected = aeskit::cpu::detected_features();
  std::string not_run;
  int tested = 0;
  for (const d::AegisKernels* t : d::kAegisKernelList) {
    SCOPED_TRACE(std::string(t->label()));
    const d::AegisSelfTestResult& r = d::aegis_self_test(*t);
    const d::AesBackend* b = d::find_backend(t->aes_backend);
    ASSERT_NE(b, nullptr);
    if (!b->supported(detected) || !t->runs_on(detected)) {
      EXPECT_EQ(r.status, Status::not_run);
      EXPECT_TRUE(d::aegis_self_test_allows(*t));
      not_run.append(" '").append(t->label()).append("'");
      continue;
    }
    ++tested;
    EXPECT_EQ(r.status, Status::passed)
        << "first failure: " << d::aegis_self_test_entry_name(r.first_failure) << ", "
        << r.first_failure_length << " bytes";
    EXPECT_FALSE(r.backend_failed);
    EXPECT_EQ(r.failed_entries, 0u);
    std::uint32_t mask = 0;
    std::size_t kernels = 0;
    for (d::AegisFamily f : {d::AegisFamily::aegis128l, d::AegisFamily::aegis256})
      for (std::size_t i = 0; i < 3; ++i)
        if (t->at(f, i).encrypt != nullptr) {
          const unsigned family = f == d::AegisFamily::aegis128l ? 0 : 1;
          mask |= 3u << (2 * (family * 3 + i));
          ++kernels;
        }
    EXPECT_EQ(r.tested_entries, mask);
    EXPECT_EQ(r.messages, 16 * kernels);  // 8 lengths x 2 tags per kernel
    EXPECT_TRUE(d::aegis_self_test_allows(*t));
    EXPECT_EQ(d::self_test_runs_for_testing(*t), 1u);
    std::printf(
        "[ self-test] aegis %-10.*s passed in %.1f us (%zu kernels, %zu messages up to %zu "
        "bytes)\n",
        static_cast<int>(t->label().size()), t->label().data(),
        static_cast<double>(r.nanoseconds) / 1000.0, kernels, r.messages, r.max_message_bytes);
  }
  if (!not_run.empty())
    std::printf("[ self-test] not run, this CPU cannot run:%s (not a pass)\n", not_run.c_str());
  if (tested == 0) GTEST_SKIP() << "SKIPPED, NOT PASSED: no AEGIS kernel table runs on this CPU";
}

TEST_F(SelfTest, AFailedAegisTableIsNeverUsed) {
  const aeskit::cpu::FeatureSet& features = aeskit::cpu::cpu_features();
  const d::AesBackend& aes = d::best_backend(features);
  const d::AegisChoice chosen =
      d::select_aegis_kernel(aes.name, d::AegisFamily::aegis128l, 0, features);
  const d::AegisKernels* table = nullptr;
  for (const d::AegisKernels* t : d::kAegisKernelList)
    if (t->label() == chosen.backend) table = t;
  if (table == nullptr) {
    GTEST_SKIP() << "SKIPPED, NOT PASSED: AEGIS-128L runs the portable kernel here (backend "
                 << aes.name << ")";
  }
  std::vector<std::uint8_t> reference;
  {
    auto portable = aeskit::AeadKey::create(algorithm("AEGIS-128L"), kKey16, 16, "portable");
    ASSERT_TRUE(portable.ok());
    reference = sealed(*portable, 16);
  }
  for (const char* entry : {"AEGIS-128L seal", "AEGIS-128L open"}) {
    SCOPED_TRACE(entry);
    d::self_test_reset_for_testing();
    ASSERT_TRUE(d::self_test_inject_fault_for_testing(*table, entry));
    const d::AegisSelfTestResult& r = d::aegis_self_test(*table);
    EXPECT_EQ(r.status, Status::failed);
    EXPECT_EQ(r.failed_entries, 1u << (std::string(entry).ends_with("open") ? 1 : 0));
    EXPECT_EQ(d::aegis_self_test_entry_name(r.first_failure), entry);
    EXPECT_EQ(r.first_failure_length, 0u);
    EXPECT_FALSE(d::aegis_self_test_allows(*table));
    // Never chosen: the next usable table (or portable) runs it, with the same bytes.
    const d::AegisChoice now =
        d::select_aegis_kernel(aes.name, d::AegisFamily::aegis128l, 0, features);
    EXPECT_NE(now.backend, table->label());
    auto key = aeskit::AeadKey::create(algorithm("AEGIS-128L"), kKey16, 16);
    ASSERT_TRUE(key.ok());
    EXPECT_EQ(key->kernel().find("on the " + std::string(table->label()) + " kernel"),
              std::string::npos)
        << key->kernel();
    EXPECT_EQ(sealed(*key, 16), reference);
  }
  EXPECT_FALSE(d::self_test_inject_fault_for_testing(*table, "no_such_entry"));
  d::self_test_reset_for_testing();
  EXPECT_EQ(d::select_aegis_kernel(aes.name, d::AegisFamily::aegis128l, 0, features).backend,
            table->label());
}

}  // namespace
