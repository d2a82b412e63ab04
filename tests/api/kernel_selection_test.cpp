// tests/api/kernel_selection_test.cpp — which kernel every mode × direction runs on, for each
// AESKIT_DISABLE setting (none, avx512, vaes, avx2, aesni), checked three ways:
//  1. Synthetic CPUs (no dependence on this machine): for a feature set, apply_disable(setting)
//     then best_backend then describe_kernel must give the expected "<backend>:<entry>" for
//     every mode and direction (the text `aeskit cpu` prints, up to the first space).
//  2. This process: ctest runs these tests once per setting with AESKIT_DISABLE in the
//     environment (tests/CMakeLists.txt, "kernels.AESKIT_DISABLE_*", and
//     "kernels.AESKIT_PREFER_YMM_1"); the public kernel_for() for every mode, direction and key
//     size must name the entry of the tier that setting leaves on this CPU: vaes512 where it
//     has AVX-512 on top of vaes256's features and 512-bit registers are allowed
//     (cpu::max_vector_bits() == 512, i.e. ymm not preferred), else vaes256 where it has
//     AES-NI+AVX2+VAES(+PCLMULQDQ/VPCLMULQDQ), else aesni where it has AES-NI+SSSE3, else the
//     software tier (vperm where it is compiled in and the CPU has SSSE3, else portable).
// The full entry table is asserted for every tier (vperm: portable's, plus its cbc_decrypt).
//  3. The backend tables: vaes512's and vaes256's parallel entries are their own zmm / ymm
//     kernels (not aliases of each other or of the aesni functions), their serial chains are
//     the aesni ones; the kernel text names the register width ("(bulk kernel, 512-bit)") and
//     whose code a shared entry is ("[aesni's code]").
// No vectors.
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "backend/backend.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"
#include "modes/xts_mode.hpp"
#include "support/backends.hpp"
#include "support/features.hpp"
#include "support/run_modes.hpp"

namespace {

using aeskit::Direction;
using aeskit::Mode;
using aeskit::cpu::Feature;
using aeskit::cpu::FeatureSet;
using aeskit_test::every_feature;

// The settings issue 4 names; "" is "none" (unset or empty).
constexpr const char* kSettings[] = {"", "avx512", "vaes", "avx2", "aesni"};

// expected_entry: the "<backend>:<entry>" a mode/direction runs on, per backend tier. The
// AES-NI and VAES tiers have the same entry points (vaes256 and vaes512 fill every one); the
// software tiers run CBC, CFB and OFB serially or batched over the block functions (vperm has
// its own parallel CBC decryption).
struct Entries {
  Mode mode;
  const char* software_enc;
  const char* software_dec;
  const char* hardware_enc;
  const char* hardware_dec;
};
constexpr Entries kEntries[] = {
    {Mode::ecb, "encrypt_blocks", "decrypt_blocks", "encrypt_blocks", "decrypt_blocks"},
    {Mode::cbc, "encrypt_blocks", "decrypt_blocks", "cbc_encrypt", "cbc_decrypt"},
    {Mode::ctr32, "ctr32_be", "ctr32_be", "ctr32_be", "ctr32_be"},
    {Mode::ctr128, "ctr128_be", "ctr128_be", "ctr128_be", "ctr128_be"},
    {Mode::cfb128, "encrypt_blocks", "encrypt_blocks", "cfb128_encrypt", "cfb128_decrypt"},
    {Mode::cfb8, "encrypt_blocks", "encrypt_blocks", "encrypt_blocks", "encrypt_blocks"},
    {Mode::ofb, "encrypt_blocks", "encrypt_blocks", "ofb", "ofb"},
};

std::string expected_entry(const std::string& backend, Mode mode, Direction dir) {
  const bool enc = dir == Direction::encrypt;
  const bool software = backend == "portable" || backend == "vperm";
  for (const Entries& e : kEntries) {
    if (e.mode != mode) continue;
    if (backend == "vperm" && mode == Mode::cbc && !enc) return backend + ":cbc_decrypt";
    const char* entry = software ? (enc ? e.software_enc : e.software_dec)
                                 : (enc ? e.hardware_enc : e.hardware_dec);
    return backend + ":" + entry;
  }
  ADD_FAILURE() << "no expected entry for mode " << static_cast<int>(mode);
  return {};
}

// software_tier: below the AES instructions, vperm where it is compiled in (SSSE3 on x86),
// else portable.
std::string software_tier([[maybe_unused]] FeatureSet f) {
  if (aeskit::detail::find_backend("vperm") != nullptr) {
#ifdef AESKIT_HAVE_X86
    if (f.has(Feature::ssse3)) return "vperm";
#else
    return "vperm";
#endif
  }
  return "portable";
}

// tier: the backend the selection rule gives for an enabled feature set (and this process's
// width preference, cpu::max_vector_bits()).
std::string tier(FeatureSet f) {
#ifdef AESKIT_HAVE_X86
  const bool aes = f.has(Feature::aesni) && f.has(Feature::ssse3);
  const bool ymm = aes && f.has(Feature::avx2) && f.has(Feature::vaes) && f.has(Feature::pclmul) &&
                   f.has(Feature::vpclmul);
  if (ymm && f.has(Feature::avx512) && aeskit::cpu::max_vector_bits() == 512) return "vaes512";
  if (ymm) return "vaes256";
  if (aes) return "aesni";
#endif
  return software_tier(f);
}

// expect_kernel: `text` (a describe_kernel / kernel_for result) names the expected entry.
void expect_kernel(const std::string& text, const std::string& backend, Mode m, Direction d,
                   const std::string& where) {
  const std::string got = text.substr(0, text.find(' '));
  if (backend == "vaes512" || backend == "vaes256" || backend == "aesni" || backend == "portable" ||
      backend == "vperm") {
    EXPECT_EQ(got, expected_entry(backend, m, d)) << where;
  } else {
    EXPECT_EQ(got.substr(0, backend.size() + 1), backend + ":") << where;
  }
}

FeatureSet features_of(std::initializer_list<Feature> list) {
  FeatureSet s;
  for (Feature f : list) s.add(f);
  return s;
}

struct SyntheticCase {
  const char* cpu;
  FeatureSet features;
  const char* setting;
  std::string backend;  // expected
};

#ifdef AESKIT_HAVE_X86
std::vector<SyntheticCase> synthetic_cases() {
  // A Zen 3 like this machine: everything but AVX-512.
  const FeatureSet zen3 =
      features_of({Feature::sse2, Feature::ssse3, Feature::sse41, Feature::aesni, Feature::pclmul,
                   Feature::avx, Feature::avx2, Feature::bmi2, Feature::vaes, Feature::vpclmul});
  // An AVX-512 CPU with VAES (Zen 4/5, Ice Lake and later servers): Zen 3's set + AVX-512.
  FeatureSet zen5 = zen3;
  zen5.add(Feature::avx512);
  // An AVX2 CPU without VAES (e.g. Haswell..Skylake client).
  const FeatureSet no_vaes =
      features_of({Feature::sse2, Feature::ssse3, Feature::sse41, Feature::aesni, Feature::pclmul,
                   Feature::avx, Feature::avx2, Feature::bmi2});
  const FeatureSet all = every_feature();
  const std::string soft = software_tier(all);  // what remains without AES-NI (SSSE3 kept)
  // vaes512 only while 512-bit registers are allowed (not under AESKIT_PREFER_YMM=1).
  const std::string zmm = aeskit::cpu::max_vector_bits() == 512 ? "vaes512" : "vaes256";
  return {
      {"every feature", all, "", zmm},
      {"every feature", all, "avx512", "vaes256"},
      {"every feature", all, "vaes", "aesni"},
      {"every feature", all, "avx2", "aesni"},
      {"every feature", all, "aesni", soft},
      {"zen5", zen5, "", zmm},
      {"zen5", zen5, "avx512", "vaes256"},
      {"zen5", zen5, "vaes", "aesni"},
      {"zen5", zen5, "avx2", "aesni"},
      {"zen5", zen5, "aesni", soft},
      {"zen5", zen5, "avx512,vaes", "aesni"},
      {"zen3", zen3, "", "vaes256"},
      {"zen3", zen3, "avx512", "vaes256"},
      {"zen3", zen3, "vaes", "aesni"},
      {"zen3", zen3, "avx2", "aesni"},
      {"zen3", zen3, "aesni", soft},
      {"avx2 without vaes", no_vaes, "", "aesni"},
      {"avx2 without vaes", no_vaes, "avx512", "aesni"},
      {"avx2 without vaes", no_vaes, "vaes", "aesni"},
      {"avx2 without vaes", no_vaes, "avx2", "aesni"},
      {"avx2 without vaes", no_vaes, "aesni", soft},
      {"zen3", zen3, "aesni,ssse3", "portable"},
      {"sse2+ssse3 only", features_of({Feature::sse2, Feature::ssse3}), "", soft},
      {"sse2 only", features_of({Feature::sse2}), "", "portable"},
      {"no features", FeatureSet{}, "", "portable"},
  };
}

TEST(KernelSelection, SyntheticCpusEverySettingEveryMode) {
  for (const SyntheticCase& c : synthetic_cases()) {
    SCOPED_TRACE(std::string(c.cpu) + ", AESKIT_DISABLE=\"" + c.setting + "\"");
    const FeatureSet enabled = aeskit::cpu::apply_disable(c.features, c.setting).enabled;
    const aeskit::detail::AesBackend& b = aeskit::detail::best_backend(enabled);
    ASSERT_EQ(b.name, c.backend);
    EXPECT_EQ(tier(enabled), c.backend) << "the test's own rule disagrees with its table";
    for (Mode m : aeskit_test::kAllModes)
      for (Direction d : {Direction::encrypt, Direction::decrypt})
        expect_kernel(aeskit::detail::describe_kernel(b, m, d), c.backend, m, d,
                      std::string(aeskit::mode_name(m)) + " " + aeskit_test::direction_label(d));
  }
}

TEST(KernelSelection, Vaes256TableHasItsOwnYmmKernels) {
  const aeskit::detail::AesBackend* v = aeskit::detail::find_backend("vaes256");
  const aeskit::detail::AesBackend* a = aeskit::detail::find_backend("aesni");
  ASSERT_NE(v, nullptr);
  ASSERT_NE(a, nullptr);
  // Parallel work: vaes256's own kernels.
  EXPECT_NE(v->encrypt_blocks, a->encrypt_blocks);
  EXPECT_NE(v->decrypt_blocks, a->decrypt_blocks);
  EXPECT_NE(v->ctr32_be, a->ctr32_be);
  EXPECT_NE(v->ctr128_be, a->ctr128_be);
  EXPECT_NE(v->cbc_decrypt, a->cbc_decrypt);
  EXPECT_NE(v->cfb128_decrypt, a->cfb128_decrypt);
  for (auto* f : {v->encrypt_blocks, v->decrypt_blocks}) EXPECT_NE(f, nullptr);
  for (auto* f : {v->ctr32_be, v->ctr128_be, v->cbc_decrypt, v->cfb128_decrypt})
    EXPECT_NE(f, nullptr);
  // Serial chains and the key schedule: shared with aesni (same RoundKeys format).
  EXPECT_EQ(v->cbc_encrypt, a->cbc_encrypt);
  EXPECT_EQ(v->cfb128_encrypt, a->cfb128_encrypt);
  EXPECT_EQ(v->ofb, a->ofb);
  EXPECT_EQ(v->expand_key, a->expand_key);
  EXPECT_EQ(v->derive_decrypt_key, a->derive_decrypt_key);
  EXPECT_EQ(v->batch_blocks, 16u) << "8 ymm registers × 2 blocks";
  EXPECT_EQ(v->vector_bits, 256u);
  EXPECT_EQ(a->vector_bits, 128u);
}

TEST(KernelSelection, Vaes512TableHasItsOwnZmmKernels) {
  const aeskit::detail::AesBackend* z = aeskit::detail::find_backend("vaes512");
  const aeskit::detail::AesBackend* v = aeskit::detail::find_backend("vaes256");
  const aeskit::detail::AesBackend* a = aeskit::detail::find_backend("aesni");
  ASSERT_NE(z, nullptr);
  ASSERT_NE(v, nullptr);
  ASSERT_NE(a, nullptr);
  // Parallel work: vaes512's own zmm kernels, neither vaes256's nor aesni's.
  for (const aeskit::detail::AesBackend* other : {v, a}) {
    SCOPED_TRACE(std::string(other->name));
    EXPECT_NE(z->encrypt_blocks, other->encrypt_blocks);
    EXPECT_NE(z->decrypt_blocks, other->decrypt_blocks);
    EXPECT_NE(z->ctr32_be, other->ctr32_be);
    EXPECT_NE(z->ctr32_le, other->ctr32_le);
    EXPECT_NE(z->ctr128_be, other->ctr128_be);
    EXPECT_NE(z->cbc_decrypt, other->cbc_decrypt);
    EXPECT_NE(z->cfb128_decrypt, other->cfb128_decrypt);
    EXPECT_NE(z->xts_encrypt, other->xts_encrypt);
    EXPECT_NE(z->xts_decrypt, other->xts_decrypt);
    EXPECT_NE(z->ocb_encrypt, other->ocb_encrypt);
    EXPECT_NE(z->ocb_decrypt, other->ocb_decrypt);
    EXPECT_NE(z->ocb_hash, other->ocb_hash);
  }
  for (auto* f : {z->ctr32_be, z->ctr32_le, z->ctr128_be, z->cbc_decrypt, z->cfb128_decrypt})
    EXPECT_NE(f, nullptr);
  EXPECT_NE(z->xts_encrypt, nullptr);
  EXPECT_NE(z->ocb_encrypt, nullptr);
  // Serial chains and the key schedule: aesni's (the same RoundKeys format).
  EXPECT_EQ(z->cbc_encrypt, a->cbc_encrypt);
  EXPECT_EQ(z->cfb128_encrypt, a->cfb128_encrypt);
  EXPECT_EQ(z->ofb, a->ofb);
  EXPECT_EQ(z->cbc_mac, a->cbc_mac);
  EXPECT_EQ(z->mac_ctr, a->mac_ctr);
  EXPECT_EQ(z->expand_key, a->expand_key);
  EXPECT_EQ(z->derive_decrypt_key, a->derive_decrypt_key);
  EXPECT_EQ(z->batch_blocks, 32u) << "8 zmm registers × 4 blocks";
  EXPECT_EQ(z->vector_bits, 512u);
}

TEST(KernelSelection, KernelTextNamesTheRegisterWidth) {
  // describe_kernel (what `aeskit cpu` prints) after the entry: the width the code runs at,
  // and for an entry shared with a narrower backend, whose code it is.
  namespace d = aeskit::detail;
  const d::AesBackend* z = d::find_backend("vaes512");
  const d::AesBackend* v = d::find_backend("vaes256");
  const d::AesBackend* a = d::find_backend("aesni");
  ASSERT_NE(z, nullptr);
  ASSERT_NE(v, nullptr);
  ASSERT_NE(a, nullptr);
  const Direction enc = Direction::encrypt;
  const Direction dec = Direction::decrypt;
  EXPECT_EQ(d::describe_kernel(*z, Mode::ctr32, enc), "vaes512:ctr32_be (bulk kernel, 512-bit)");
  EXPECT_EQ(d::describe_kernel(*z, Mode::ctr128, dec), "vaes512:ctr128_be (bulk kernel, 512-bit)");
  EXPECT_EQ(d::describe_kernel(*z, Mode::cbc, dec), "vaes512:cbc_decrypt (bulk kernel, 512-bit)");
  EXPECT_EQ(d::describe_kernel(*z, Mode::cfb128, dec),
            "vaes512:cfb128_decrypt (bulk kernel, 512-bit)");
  EXPECT_EQ(d::describe_kernel(*z, Mode::cbc, enc),
            "vaes512:cbc_encrypt (bulk kernel, 128-bit) [aesni's code]");
  EXPECT_EQ(d::describe_kernel(*z, Mode::ofb, enc),
            "vaes512:ofb (bulk kernel, 128-bit) [aesni's code]");
  EXPECT_EQ(d::describe_xts_kernel(*z, enc), "vaes512:xts_encrypt (bulk kernel, 512-bit)");
  EXPECT_EQ(d::describe_xts_kernel(*z, dec), "vaes512:xts_decrypt (bulk kernel, 512-bit)");
  EXPECT_EQ(d::describe_kernel(*v, Mode::ctr32, enc), "vaes256:ctr32_be (bulk kernel, 256-bit)");
  EXPECT_EQ(d::describe_kernel(*v, Mode::cbc, enc),
            "vaes256:cbc_encrypt (bulk kernel, 128-bit) [aesni's code]");
  EXPECT_EQ(d::describe_xts_kernel(*v, dec), "vaes256:xts_decrypt (bulk kernel, 256-bit)");
  EXPECT_EQ(d::describe_kernel(*a, Mode::ctr32, enc), "aesni:ctr32_be (bulk kernel, 128-bit)");
  EXPECT_EQ(d::describe_kernel(*a, Mode::cbc, enc), "aesni:cbc_encrypt (bulk kernel, 128-bit)");
}
#endif

TEST(KernelSelection, ThisProcessEveryModeAndKeySize) {
  // Run by ctest once per setting of kSettings (and by plain discovery with the ambient env).
  const char* env = std::getenv("AESKIT_DISABLE");
  const std::string setting = env != nullptr ? env : "";
  SCOPED_TRACE("AESKIT_DISABLE=\"" + setting + "\"");
  const FeatureSet enabled =
      aeskit::cpu::apply_disable(aeskit::cpu::detected_features(), setting).enabled;
  const std::string backend = tier(enabled);
  EXPECT_EQ(aeskit::default_backend(), backend);
  for (std::size_t bits : {128u, 192u, 256u})
    for (Mode m : aeskit_test::kAllModes)
      for (Direction d : {Direction::encrypt, Direction::decrypt})
        expect_kernel(aeskit::kernel_for(m, d, bits), backend, m, d,
                      "AES-" + std::to_string(bits) + " " + std::string(aeskit::mode_name(m)) +
                          " " + aeskit_test::direction_label(d));
  // A key made without naming a backend runs on the same one.
  aeskit::AesKey key;
  ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(std::vector<std::uint8_t>(16, 7), "", key));
  EXPECT_EQ(key.backend_name(), backend);
}

TEST(KernelSelection, SettingsOnThisCpuFollowTheRule) {
  // The per-setting expectations of the ctest runs, computed in one process from the detected
  // features; on a CPU with VAES+AVX2 (Zen 3) they are the fixed table none/avx512 -> vaes256,
  // vaes/avx2 -> aesni, aesni -> the software tier; with AVX-512 too (Zen 4/5) none -> vaes512
  // unless ymm is preferred.
  const FeatureSet detected = aeskit::cpu::detected_features();
  for (const char* setting : kSettings) {
    SCOPED_TRACE(std::string("AESKIT_DISABLE=\"") + setting + "\"");
    const FeatureSet enabled = aeskit::cpu::apply_disable(detected, setting).enabled;
    EXPECT_EQ(aeskit::detail::best_backend(enabled).name, tier(enabled));
  }
#ifdef AESKIT_HAVE_X86
  if (tier(detected) == "vaes256" || tier(detected) == "vaes512") {
    auto best = [&](const char* s) {
      return std::string(
          aeskit::detail::best_backend(aeskit::cpu::apply_disable(detected, s).enabled).name);
    };
    const bool zmm = detected.has(Feature::avx512) && aeskit::cpu::max_vector_bits() == 512;
    EXPECT_EQ(best(""), zmm ? "vaes512" : "vaes256");
    EXPECT_EQ(best("avx512"), "vaes256");
    EXPECT_EQ(best("vaes"), "aesni");
    EXPECT_EQ(best("avx2"), "aesni");
    EXPECT_EQ(best("aesni"), software_tier(aeskit::cpu::apply_disable(detected, "aesni").enabled));
    EXPECT_NE(best("aesni"), "aesni");
  }
#endif
}

}  // namespace
