// tests/api/dispatch_test.cpp — backend selection from CPU features and AESKIT_DISABLE, through
// the internal API: cpu::apply_disable(detected, setting) then detail::best_backend(enabled).
// Checked for named settings (on the real detected set and on a synthetic "every feature"
// set, so the logic is tested even on a CPU without AES-NI), for many random settings
// (disabling never adds a feature), for the dependency closure, and for consistency of the
// process's own start-up state with its environment. The tier list is vaes512 (zmm, only when
// max_vector_bits() allows 512-bit registers, i.e. ymm is not preferred) > vaes256 > aesni >
// vperm > portable, so the expectations hold on AVX-512 CPUs and on AVX2-only ones (Zen 3)
// alike. With -DAESKIT_SKELETON_FAMILY=ON (the asan preset), the skeleton family's backend is
// listed and never chosen, even on every feature. No vectors.
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "backend/backend.hpp"
#include "cpu/features.hpp"
#include "support/features.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::cpu::Feature;
using aeskit::cpu::FeatureSet;
using aeskit_test::every_feature;

bool subset(FeatureSet a, FeatureSet b) {
  return (a.bits() & ~b.bits()) == 0;
}

std::string describe(FeatureSet s) {
  std::string out;
  for (unsigned i = 0; i < aeskit::cpu::kFeatureCount; ++i)
    if (s.has(static_cast<Feature>(i)))
      out += std::string(aeskit::cpu::feature_name(static_cast<Feature>(i))) + " ";
  return out.empty() ? "(none)" : out;
}

struct Setting {
  const char* value;
  bool removes_aes_path;      // removes aesni or ssse3 (so no AES-NI backend at all)
  bool removes_vaes256_path;  // removes something vaes256 needs (vaes, avx2, avx, pclmul, ...)
  bool removes_zmm_path;      // removes something vaes512 needs beyond vaes256's (avx512)
  const char* unknown;        // the unknown token it contains, or ""
};

constexpr Setting kSettings[] = {
    {"", false, false, false, ""},
    {"aesni", true, true, true, ""},
    {"ssse3", true, true, true, ""},
    {"avx512", false, false, true, ""},  // vaes256 is a ymm backend: it does not need AVX-512
    {"vaes", false, true, true, ""},
    {"avx2", false, true, true, ""},
    {"avx", false, true, true, ""},
    {"vpclmul", false, true, true, ""},
    {"pclmul", false, true, true, ""},
    {"all", true, true, true, ""},
    {"AESNI, avx2", true, true, true, ""},
    {"vaes,avx512", false, true, true, ""},
    {"bogus", false, false, false, "bogus"},
};

// software_backend: the tier below the AES instructions: the vector-permute backend where it
// is compiled in (it needs SSSE3 on x86), else portable.
std::string software_backend(FeatureSet enabled) {
  if (aeskit::detail::find_backend("vperm") != nullptr) {
#ifdef AESKIT_HAVE_X86
    if (enabled.has(Feature::ssse3)) return "vperm";
#else
    (void)enabled;
    return "vperm";
#endif
  }
  return "portable";
}

// expected_backend: vaes512 iff the starting set has everything vaes256 needs plus AVX-512,
// the setting spared them and 512-bit registers are allowed (cpu::max_vector_bits() == 512:
// ymm not preferred); else vaes256 iff the starting set has everything it needs (AES-NI, SSSE3,
// AVX2, VAES, PCLMULQDQ, VPCLMULQDQ) and the setting spared it; else aesni iff the starting
// set has aesni+ssse3 and the setting spared them; else the software tier.
std::string expected_backend(FeatureSet start, const Setting& s, FeatureSet enabled) {
#ifdef AESKIT_HAVE_X86
  const bool aes_path =
      start.has(Feature::aesni) && start.has(Feature::ssse3) && !s.removes_aes_path;
  const bool vaes256_path = aes_path && start.has(Feature::avx2) && start.has(Feature::vaes) &&
                            start.has(Feature::pclmul) && start.has(Feature::vpclmul) &&
                            !s.removes_vaes256_path;
  const bool vaes512_path = vaes256_path && start.has(Feature::avx512) && !s.removes_zmm_path &&
                            aeskit::cpu::max_vector_bits() == 512;
  if (vaes512_path) return "vaes512";
  if (vaes256_path) return "vaes256";
  if (aes_path) return "aesni";
#else
  (void)start;
  (void)s;
#endif
  return software_backend(enabled);
}

TEST(Dispatch, FeatureSpellingsMatchAeskitDisableDocs) {
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::aesni), "aesni");
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::ssse3), "ssse3");
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::avx512), "avx512");
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::vaes), "vaes");
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::avx2), "avx2");
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::avx), "avx");
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::pclmul), "pclmul");
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::vpclmul), "vpclmul");
}

void check_settings(FeatureSet start, const char* label) {
  for (const Setting& s : kSettings) {
    SCOPED_TRACE(std::string(label) + ", AESKIT_DISABLE=\"" + s.value + "\", start set " +
                 describe(start));
    const auto result = aeskit::cpu::apply_disable(start, s.value);
    EXPECT_TRUE(subset(result.enabled, start)) << "added: " << describe(result.enabled);
    EXPECT_EQ(aeskit::detail::best_backend(result.enabled).name,
              expected_backend(start, s, result.enabled));
    if (*s.unknown != '\0') {
      ASSERT_EQ(result.unknown_tokens.size(), 1u);
      EXPECT_EQ(result.unknown_tokens[0], s.unknown);
    } else {
      EXPECT_TRUE(result.unknown_tokens.empty());
    }
  }
  // What each named setting must have removed.
  using aeskit::cpu::apply_disable;
  EXPECT_EQ(apply_disable(start, "").enabled, aeskit::cpu::close_dependencies(start));
  EXPECT_EQ(apply_disable(start, "bogus").enabled, aeskit::cpu::close_dependencies(start));
  EXPECT_EQ(apply_disable(start, "all").enabled.bits(), 0u);
  EXPECT_FALSE(apply_disable(start, "aesni").enabled.has(Feature::aesni));
  EXPECT_FALSE(apply_disable(start, "ssse3").enabled.has(Feature::ssse3));
  EXPECT_FALSE(apply_disable(start, "avx512").enabled.has(Feature::avx512));
  EXPECT_FALSE(apply_disable(start, "vaes").enabled.has(Feature::vaes));
  EXPECT_FALSE(apply_disable(start, "avx2").enabled.has(Feature::avx2));
  EXPECT_FALSE(apply_disable(start, "pclmul").enabled.has(Feature::pclmul));
  const FeatureSet mixed = apply_disable(start, "AESNI, avx2").enabled;
  EXPECT_FALSE(mixed.has(Feature::aesni));
  EXPECT_FALSE(mixed.has(Feature::avx2));
  EXPECT_EQ(mixed.has(Feature::pclmul), aeskit::cpu::close_dependencies(start).has(Feature::pclmul))
      << "a setting naming aesni and avx2 must not remove pclmul";
}

TEST(Dispatch, NamedSettingsOnDetectedFeatures) {
  check_settings(aeskit::cpu::detected_features(), "detected");
}

TEST(Dispatch, NamedSettingsOnEveryFeature) {
  check_settings(every_feature(), "synthetic");
}

#ifdef AESKIT_HAVE_X86
TEST(Dispatch, BackendTiersOnEveryFeature) {
  // The same rule spelled out for the settings the documentation names: with every feature,
  // the zmm backend wins (when 512-bit registers are allowed), then the ymm backend unless a
  // feature it needs is removed; AVX-512 is not one of them.
  const FeatureSet all = every_feature();
  auto best = [&](const char* setting) {
    return std::string(
        aeskit::detail::best_backend(aeskit::cpu::apply_disable(all, setting).enabled).name);
  };
  EXPECT_EQ(best(""), aeskit::cpu::max_vector_bits() == 512 ? "vaes512" : "vaes256")
      << "max_vector_bits() = " << aeskit::cpu::max_vector_bits();
  EXPECT_EQ(best("avx512"), "vaes256");
  EXPECT_EQ(best("vaes,avx512"), "aesni");
  EXPECT_EQ(best("vaes"), "aesni");
  EXPECT_EQ(best("avx2"), "aesni");
  EXPECT_EQ(best("avx"), "aesni");
  EXPECT_EQ(best("aesni"), software_backend(all));
  EXPECT_EQ(best("vaes,aesni"), software_backend(all));
  EXPECT_EQ(best("aesni,ssse3"), "portable");
  // The registry order is the preference order: vaes512, vaes256, then aesni, ..., portable
  // (last).
  std::vector<std::string> order;
  for (std::size_t i = 0; i < aeskit::detail::backend_count(); ++i)
    order.emplace_back(aeskit::detail::backend_at(i).name);
  const auto at = [&](const char* name) { return std::find(order.begin(), order.end(), name); };
  ASSERT_NE(at("vaes512"), order.end());
  ASSERT_NE(at("vaes256"), order.end());
  ASSERT_NE(at("aesni"), order.end());
  EXPECT_EQ(order.front(), "vaes512");
  EXPECT_LT(at("vaes512"), at("vaes256"));
  EXPECT_LT(at("vaes256"), at("aesni"));
  // On x86 the vector-permute backend is always compiled in, between aesni and portable.
  ASSERT_NE(at("vperm"), order.end());
  EXPECT_LT(at("aesni"), at("vperm"));
  EXPECT_EQ(best("aesni"), "vperm");
  EXPECT_EQ(order.back(), "portable");
}
#endif

TEST(Dispatch, DetectedSetIsClosedUnderDependencies) {
  const FeatureSet d = aeskit::cpu::detected_features();
  EXPECT_EQ(aeskit::cpu::close_dependencies(d), d) << describe(d);
}

TEST(Dispatch, DisablingNeverAddsAFeature) {
  aeskit_test::TestRng rng;
  std::vector<std::string> tokens = {"all", "bogus", "", " ", "AVX", "Aes-Ni", "sse", "x"};
  for (unsigned i = 0; i < aeskit::cpu::kFeatureCount; ++i)
    tokens.emplace_back(aeskit::cpu::feature_name(static_cast<Feature>(i)));
  const FeatureSet starts[] = {aeskit::cpu::detected_features(), every_feature(), FeatureSet{}};
  for (int trial = 0; trial < 2000; ++trial) {
    std::string setting;
    const std::size_t n = rng.between(0, 5);
    for (std::size_t t = 0; t < n; ++t) {
      std::string tok = tokens[rng.between(0, tokens.size() - 1)];
      for (char& c : tok)
        if (rng.coin() && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      if (rng.coin()) tok = " " + tok;
      if (rng.coin()) tok += "  ";
      setting += (t ? "," : "") + tok;
    }
    FeatureSet random_start;
    for (unsigned i = 0; i < aeskit::cpu::kFeatureCount; ++i)
      if (rng.coin()) random_start.add(static_cast<Feature>(i));
    for (FeatureSet start : {starts[0], starts[1], starts[2], random_start}) {
      const auto r = aeskit::cpu::apply_disable(start, setting);
      ASSERT_TRUE(subset(r.enabled, start)) << "AESKIT_DISABLE=\"" << setting << "\" on "
                                            << describe(start) << " gave " << describe(r.enabled);
      ASSERT_EQ(aeskit::cpu::close_dependencies(r.enabled), r.enabled)
          << "result not closed under dependencies for \"" << setting << "\"";
    }
  }
}

TEST(Dispatch, DependencyClosure) {
  using aeskit::cpu::apply_disable;
  const FeatureSet all = every_feature();
  const FeatureSet no_avx = apply_disable(all, "avx").enabled;
  for (Feature f : {Feature::avx, Feature::avx2, Feature::avx512, Feature::vaes, Feature::vpclmul})
    EXPECT_FALSE(no_avx.has(f)) << aeskit::cpu::feature_name(f) << " survived disabling avx";
  EXPECT_TRUE(no_avx.has(Feature::aesni));
  EXPECT_TRUE(no_avx.has(Feature::pclmul));
  const FeatureSet no_avx2 = apply_disable(all, "avx2").enabled;
  EXPECT_FALSE(no_avx2.has(Feature::avx2));
  EXPECT_FALSE(no_avx2.has(Feature::avx512)) << "avx512 survived disabling avx2";
  EXPECT_TRUE(no_avx2.has(Feature::avx));
  // close_dependencies alone does the same.
  FeatureSet manual = all;
  manual.remove(Feature::avx);
  const FeatureSet closed = aeskit::cpu::close_dependencies(manual);
  for (Feature f : {Feature::avx2, Feature::avx512, Feature::vaes, Feature::vpclmul})
    EXPECT_FALSE(closed.has(f)) << aeskit::cpu::feature_name(f);
  EXPECT_EQ(aeskit::cpu::close_dependencies(all), all);
  // POWER: the vector crypto instructions need VSX (and so AltiVec).
  EXPECT_EQ(aeskit::cpu::feature_name(Feature::vcrypto), "vcrypto");
  EXPECT_FALSE(apply_disable(all, "vsx").enabled.has(Feature::vcrypto));
  EXPECT_FALSE(apply_disable(all, "altivec").enabled.has(Feature::vcrypto));
  const FeatureSet no_vcrypto = apply_disable(all, "VCrypto").enabled;
  EXPECT_FALSE(no_vcrypto.has(Feature::vcrypto));
  EXPECT_TRUE(no_vcrypto.has(Feature::vsx));
}

TEST(Dispatch, ProcessStateMatchesItsEnvironment) {
  // Also run by ctest with AESKIT_DISABLE=all and =aesni (see tests/CMakeLists.txt).
  const char* env = std::getenv("AESKIT_DISABLE");
  const std::string setting = env != nullptr ? env : "";
  EXPECT_EQ(aeskit::cpu::disable_setting(), setting);
  const auto expect = aeskit::cpu::apply_disable(aeskit::cpu::detected_features(), setting);
  EXPECT_EQ(aeskit::cpu::cpu_features(), expect.enabled);
  EXPECT_EQ(aeskit::cpu::disable_unknown_tokens(), expect.unknown_tokens);
  EXPECT_EQ(aeskit::default_backend(), aeskit::detail::best_backend(expect.enabled).name);
  const aeskit::CpuReport report = aeskit::cpu_report();
  EXPECT_EQ(report.disable_setting, setting);
  for (const aeskit::CpuFeatureState& f : report.features) {
    SCOPED_TRACE(std::string(f.name));
    EXPECT_TRUE(!f.enabled || f.detected) << "enabled but not detected";
  }
  for (const aeskit::BackendInfo& b : aeskit::backends()) {
    const aeskit::detail::AesBackend* internal = aeskit::detail::find_backend(b.name);
    ASSERT_NE(internal, nullptr) << b.name;
    EXPECT_EQ(b.available, internal->supported(expect.enabled)) << b.name;
  }
}

#if defined(AESKIT_HAVE_SKELETON)
// The skeleton family (src/backend/skeleton/, docs/ARCHITECTURE.md "Adding a backend"): its
// backend is in the catalog and aeskit::backends(), unavailable, never selected (not even on
// every feature), not behind a default key or CTR's kernel, and refused when named.
TEST(Dispatch, SkeletonFamilyIsListedAndNeverChosen) {
  const aeskit::detail::AesBackend* skeleton = aeskit::detail::find_backend("skeleton");
  ASSERT_NE(skeleton, nullptr);
  EXPECT_FALSE(skeleton->supported(every_feature()));
  EXPECT_NE(aeskit::detail::best_backend(every_feature()).name, "skeleton");
  bool listed = false;
  for (const aeskit::BackendInfo& b : aeskit::backends()) {
    if (b.name != "skeleton") continue;
    listed = true;
    EXPECT_FALSE(b.available);
  }
  EXPECT_TRUE(listed);
  EXPECT_NE(aeskit::default_backend(), "skeleton");
  EXPECT_FALSE(aeskit::kernel_for(aeskit::Mode::ctr32, aeskit::Direction::encrypt, 128, "")
                   .starts_with("skeleton"));
  const std::uint8_t key[16] = {};
  auto chosen = aeskit::AesKey::create(key);
  ASSERT_TRUE(chosen.ok());
  EXPECT_NE(chosen->backend_name(), "skeleton");
  auto named = aeskit::AesKey::create(key, "skeleton");
  EXPECT_EQ(named.code(), aeskit::Errc::backend_unavailable);
}
#endif

}  // namespace
