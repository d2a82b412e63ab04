// tests/dispatch_test.cpp — backend selection from CPU features and AESKIT_DISABLE, through
// the internal API: cpu::apply_disable(detected, setting) then detail::best_backend(enabled).
// Checked for named settings (on the real detected set and on a synthetic "every feature"
// set, so the logic is tested even on a CPU without AES-NI), for many random settings
// (disabling never adds a feature), for the dependency closure, and for consistency of the
// process's own start-up state with its environment. No vectors.
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "backend/backend.hpp"
#include "cpu/features.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::cpu::Feature;
using aeskit::cpu::FeatureSet;

FeatureSet every_feature() {
  FeatureSet s;
  for (unsigned i = 0; i < aeskit::cpu::kFeatureCount; ++i) s.add(static_cast<Feature>(i));
  return s;
}

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
  bool removes_aes_path;  // removes aesni or ssse3
  const char* unknown;    // the unknown token it contains, or ""
};

constexpr Setting kSettings[] = {
    {"", false, ""},           {"aesni", true, ""}, {"ssse3", true, ""},
    {"avx512", false, ""},     {"vaes", false, ""}, {"avx2", false, ""},
    {"pclmul", false, ""},     {"all", true, ""},   {"AESNI, avx2", true, ""},
    {"bogus", false, "bogus"},
};

// expected_backend: aesni iff the starting set has aesni+ssse3 and the setting spared them.
std::string expected_backend(FeatureSet start, const Setting& s) {
#ifdef AESKIT_HAVE_X86
  if (start.has(Feature::aesni) && start.has(Feature::ssse3) && !s.removes_aes_path) return "aesni";
#else
  (void)start;
  (void)s;
#endif
  return "portable";
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
    EXPECT_EQ(aeskit::detail::best_backend(result.enabled).name, expected_backend(start, s));
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

}  // namespace
