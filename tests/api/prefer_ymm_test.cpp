// tests/api/prefer_ymm_test.cpp — the vector-width preference (prefer-ymm): aeskit::set_prefer_ymm
// / prefer_ymm(), cpu::max_vector_bits(), the AESKIT_PREFER_YMM environment variable and
// CpuReport::prefer_ymm / prefer_ymm_source.
//   - Synthetic (every CPU): with ymm preferred, best_backend / best_ghash_backend / the fused
//     GCM choice on a feature set with every feature are vaes256 / vpclmul256 /
//     "vaes256+vpclmul256 16x"; allowed zmm again, vaes512 / vpclmul512 / the zmm kernel.
//   - This CPU (needs AVX-512 + VAES + VPCLMULQDQ; skipped, never passed, elsewhere): with ymm
//     preferred default_backend(), AesKey::create, XtsKey::create, kernel_for and GCM keys land
//     on vaes256 (+vpclmul256); back to zmm they land on vaes512 (+vpclmul512); a key made
//     before a change keeps its backend and still computes the right bytes; a key naming
//     "vaes512" gets it whatever the preference; cpu_report() says "api".
//   - The environment: AESKIT_PREFER_YMM=1 / =0 (CTest env.AESKIT_PREFER_YMM_{1,0}) give that
//     preference with source "AESKIT_PREFER_YMM"; unset, "default" or "cpu model".
// set_prefer_ymm changes process state for good (the source stays "api"): each test that
// calls it restores the previous value, and the environment test skips when a test before it
// in the same process already called it (it comes first in this file, and ctest runs every
// test in a process of its own).
// No vectors.
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aead/gcm_fused.hpp"
#include "aeskit/aeskit.hpp"
#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"
#include "cpu/features.hpp"
#include "support/backends.hpp"
#include "support/features.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::cpu::Feature;
using aeskit::cpu::FeatureSet;
using aeskit_test::Bytes;
using aeskit_test::every_feature;
using aeskit_test::to_hex;

bool g_api_called = false;  // set_prefer_ymm was called by a test of this process

// PreferenceGuard: sets the preference and puts the previous value back at scope exit.
class PreferenceGuard {
 public:
  PreferenceGuard() : saved_(aeskit::prefer_ymm()) {}
  ~PreferenceGuard() { aeskit::set_prefer_ymm(saved_); }
  PreferenceGuard(const PreferenceGuard&) = delete;
  PreferenceGuard& operator=(const PreferenceGuard&) = delete;
  void set(bool prefer) {
    g_api_called = true;
    aeskit::set_prefer_ymm(prefer);
  }

 private:
  bool saved_;
};

// First in the file, so that a whole-binary run reaches it before any set_prefer_ymm call.
TEST(PreferYmm, EnvironmentDecidesWithoutTheApi) {
  // ctest: env.AESKIT_PREFER_YMM_1, env.AESKIT_PREFER_YMM_0, and the plain discovered entry
  // (unset in CI).
  if (g_api_called)
    GTEST_SKIP() << "SKIPPED, NOT PASSED: set_prefer_ymm was already called in this process "
                    "(run this test alone, as ctest does)";
  const char* env = std::getenv("AESKIT_PREFER_YMM");
  const std::string value = env != nullptr ? env : "";
  SCOPED_TRACE("AESKIT_PREFER_YMM=\"" + value + "\"");
  const aeskit::CpuReport report = aeskit::cpu_report();
  EXPECT_EQ(report.prefer_ymm, aeskit::prefer_ymm());
  if (value == "1") {
    EXPECT_TRUE(aeskit::prefer_ymm());
    EXPECT_EQ(report.prefer_ymm_source, "AESKIT_PREFER_YMM");
    EXPECT_EQ(aeskit::cpu::max_vector_bits(), 256u);
    EXPECT_NE(aeskit::default_backend(), "vaes512");
  } else if (value == "0") {
    EXPECT_FALSE(aeskit::prefer_ymm());
    EXPECT_EQ(report.prefer_ymm_source, "AESKIT_PREFER_YMM");
    EXPECT_EQ(aeskit::cpu::max_vector_bits(), 512u);
  } else if (value.empty()) {
    const bool model = aeskit::cpu::probe_zmm_lowers_clock();
    EXPECT_EQ(aeskit::prefer_ymm(), model);
    EXPECT_EQ(report.prefer_ymm_source, model ? "cpu model" : "default");
  }
  // Whatever the source, selection follows the preference.
  const FeatureSet f = aeskit::cpu::cpu_features();
  if (aeskit::detail::find_backend("vaes512") != nullptr &&
      aeskit::detail::find_backend("vaes512")->supported(f)) {
    EXPECT_EQ(aeskit::default_backend(), aeskit::prefer_ymm() ? "vaes256" : "vaes512");
  } else if (value == "0" || value == "1") {
    GTEST_SKIP() << "SKIPPED, NOT PASSED (the preference was checked, its effect could not "
                    "be): no AVX-512 + VAES on this CPU, the default backend is "
                 << aeskit::default_backend() << " either way";
  }
}

#ifdef AESKIT_HAVE_X86
std::string fused_name(const FeatureSet& f) {
  const auto& aes = aeskit::detail::best_backend(f);
  const auto choice = aeskit::detail::choose_gcm(aes, nullptr, f, true);
  return choice.fused == nullptr ? std::string() : std::string(choice.fused->name);
}

TEST(PreferYmm, SyntheticSelectionFollowsTheWidthLimit) {
  const FeatureSet all = every_feature();
  PreferenceGuard guard;
  guard.set(true);
  EXPECT_TRUE(aeskit::prefer_ymm());
  EXPECT_EQ(aeskit::cpu::max_vector_bits(), 256u);
  EXPECT_EQ(aeskit::detail::best_backend(all).name, "vaes256");
  EXPECT_EQ(aeskit::detail::best_ghash_backend(all).name, "vpclmul256");
  EXPECT_EQ(fused_name(all), "vaes256+vpclmul256 16x");
  EXPECT_EQ(aeskit::cpu_report().prefer_ymm_source, "api");
  EXPECT_TRUE(aeskit::cpu_report().prefer_ymm);
  // The narrower tiers are untouched by the preference.
  EXPECT_EQ(aeskit::detail::best_backend(aeskit::cpu::apply_disable(all, "vaes").enabled).name,
            "aesni");
  guard.set(false);
  EXPECT_FALSE(aeskit::prefer_ymm());
  EXPECT_EQ(aeskit::cpu::max_vector_bits(), 512u);
  EXPECT_EQ(aeskit::detail::best_backend(all).name, "vaes512");
  EXPECT_EQ(aeskit::detail::best_ghash_backend(all).name, "vpclmul512");
  EXPECT_EQ(fused_name(all), "vaes512+vpclmul512 32x");
  EXPECT_EQ(aeskit::cpu_report().prefer_ymm_source, "api");
  EXPECT_FALSE(aeskit::cpu_report().prefer_ymm);
  // AESKIT_DISABLE=avx512 removes zmm whatever the preference.
  EXPECT_EQ(aeskit::detail::best_backend(aeskit::cpu::apply_disable(all, "avx512").enabled).name,
            "vaes256");
}

// zmm_here: vaes512 and vpclmul512 can run in this process (AVX-512 and not disabled).
bool zmm_here() {
  const FeatureSet f = aeskit::cpu::cpu_features();
  return aeskit::detail::find_backend("vaes512")->supported(f) &&
         aeskit::detail::find_ghash_backend("vpclmul512")->supported(f);
}

#define SKIP_WITHOUT_ZMM()                                                                     \
  if (!zmm_here()) {                                                                           \
    GTEST_SKIP() << "SKIPPED, NOT PASSED: this CPU has no AVX-512 + VAES + VPCLMULQDQ (or "    \
                    "AESKIT_DISABLE removes it), so the width preference cannot change a key"; \
  }                                                                                            \
  static_assert(true, "")

struct Made {
  std::string aes, ghash, gcm_kernel, xts, ctr_kernel;
};

Made make_all(const Bytes& key16) {
  Made m;
  auto aes = aeskit::AesKey::create(key16);
  EXPECT_TRUE(aes.ok()) << aes.message();
  if (aes.ok()) m.aes = aes->backend_name();
  auto gcm = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key16, 16);
  EXPECT_TRUE(gcm.ok()) << gcm.message();
  if (gcm.ok()) {
    m.ghash = gcm->ghash_backend_name();
    m.gcm_kernel = gcm->kernel();
    EXPECT_EQ(gcm->backend_name(), m.aes);
  }
  Bytes xts_key(32);
  for (std::size_t i = 0; i < xts_key.size(); ++i) xts_key[i] = static_cast<std::uint8_t>(i + 1);
  auto xts = aeskit::XtsKey::create(xts_key);
  EXPECT_TRUE(xts.ok()) << xts.message();
  if (xts.ok()) m.xts = xts->backend_name();
  m.ctr_kernel = aeskit::kernel_for(aeskit::Mode::ctr32, aeskit::Direction::encrypt, 128);
  return m;
}

// ctr_bytes: 145 blocks + 5 bytes of CTR32 (the longest group/tail length of the cross test).
Bytes ctr_bytes(const aeskit::AesKey& key, const Bytes& iv, const Bytes& pt) {
  Bytes out(pt.size());
  auto n = aeskit::encrypt(key, aeskit::Mode::ctr32, iv, pt, out);
  EXPECT_TRUE(n.ok()) << n.message();
  return out;
}

TEST(PreferYmm, KeysOnThisCpuFollowThePreference) {
  SKIP_WITHOUT_ZMM();
  aeskit_test::TestRng rng;
  const Bytes key16 = rng.bytes(16);
  const Bytes iv = rng.bytes(16);
  const Bytes pt = rng.bytes(16 * 145 + 5);
  aeskit::AesKey reference;
  ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key16, "portable", reference));
  const Bytes want = ctr_bytes(reference, iv, pt);

  PreferenceGuard guard;
  guard.set(false);
  EXPECT_EQ(aeskit::default_backend(), "vaes512");
  const Made zmm = make_all(key16);
  EXPECT_EQ(zmm.aes, "vaes512");
  EXPECT_EQ(zmm.ghash, "vpclmul512");
  EXPECT_NE(zmm.gcm_kernel.find("vaes512+vpclmul512 32x"), std::string::npos) << zmm.gcm_kernel;
  EXPECT_EQ(zmm.xts, "vaes512");
  EXPECT_EQ(zmm.ctr_kernel, "vaes512:ctr32_be (bulk kernel, 512-bit)");
  auto before = aeskit::AesKey::create(key16);  // made while zmm is allowed
  ASSERT_TRUE(before.ok()) << before.message();
  ASSERT_EQ(before->backend_name(), "vaes512");

  guard.set(true);
  EXPECT_TRUE(aeskit::prefer_ymm());
  EXPECT_TRUE(aeskit::cpu_report().prefer_ymm);
  EXPECT_EQ(aeskit::cpu_report().prefer_ymm_source, "api");
  EXPECT_EQ(aeskit::default_backend(), "vaes256");
  const Made ymm = make_all(key16);
  EXPECT_EQ(ymm.aes, "vaes256");
  EXPECT_EQ(ymm.ghash, "vpclmul256");
  EXPECT_NE(ymm.gcm_kernel.find("vaes256+vpclmul256 16x"), std::string::npos) << ymm.gcm_kernel;
  EXPECT_EQ(ymm.xts, "vaes256");
  EXPECT_EQ(ymm.ctr_kernel, "vaes256:ctr32_be (bulk kernel, 256-bit)");
  // The key made before keeps its backend and its results.
  EXPECT_EQ(before->backend_name(), "vaes512");
  EXPECT_EQ(to_hex(ctr_bytes(*before, iv, pt)), to_hex(want));
  // Naming the zmm backend still gets it (AES key, GCM key with its zmm fused kernel, XTS).
  aeskit::AesKey named;
  ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key16, "vaes512", named));
  EXPECT_EQ(to_hex(ctr_bytes(named, iv, pt)), to_hex(want));
  auto named_gcm = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key16, 16, "vaes512");
  ASSERT_TRUE(named_gcm.ok()) << named_gcm.message();
  EXPECT_EQ(named_gcm->backend_name(), "vaes512");
  EXPECT_EQ(named_gcm->ghash_backend_name(), "vpclmul512");
  auto ymm_gcm = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key16, 16);
  ASSERT_TRUE(ymm_gcm.ok()) << ymm_gcm.message();
  const Bytes nonce = rng.bytes(12);
  const Bytes ad = rng.bytes(37);
  Bytes sealed_zmm(pt.size() + 16), sealed_ymm(pt.size() + 16);
  ASSERT_TRUE(named_gcm->seal(nonce, ad, pt, sealed_zmm).ok());
  ASSERT_TRUE(ymm_gcm->seal(nonce, ad, pt, sealed_ymm).ok());
  EXPECT_EQ(to_hex(sealed_zmm), to_hex(sealed_ymm)) << "zmm and ymm GCM keys disagree";
  Bytes xts_key(32);
  for (std::size_t i = 0; i < xts_key.size(); ++i) xts_key[i] = static_cast<std::uint8_t>(i + 1);
  auto named_xts = aeskit::XtsKey::create(xts_key, "vaes512");
  ASSERT_TRUE(named_xts.ok()) << named_xts.message();
  EXPECT_EQ(named_xts->backend_name(), "vaes512");
  // Every AES key made without a name uses vaes256 while ymm is preferred.
  auto during = aeskit::AesKey::create(key16);
  ASSERT_TRUE(during.ok());
  EXPECT_EQ(during->backend_name(), "vaes256");
  EXPECT_EQ(to_hex(ctr_bytes(*during, iv, pt)), to_hex(want));

  // Allowed again: zmm for new keys; the ymm key keeps vaes256.
  guard.set(false);
  EXPECT_EQ(aeskit::default_backend(), "vaes512");
  const Made again = make_all(key16);
  EXPECT_EQ(again.aes, "vaes512");
  EXPECT_EQ(again.ghash, "vpclmul512");
  EXPECT_EQ(again.xts, "vaes512");
  EXPECT_EQ(during->backend_name(), "vaes256");
  EXPECT_EQ(aeskit::cpu_report().prefer_ymm_source, "api");
}
#endif  // AESKIT_HAVE_X86

}  // namespace
