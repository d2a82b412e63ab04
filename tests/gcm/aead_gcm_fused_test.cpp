// tests/gcm/aead_gcm_fused_test.cpp — the fused AES-GCM kernels (gcm_fused.hpp) against the
// generic path, and which fused kernel a key gets.
//
// For every fused kernel compiled in and runnable here (skipped by name otherwise):
//   - Tails at every stride: lengths of k·stride blocks ±1 block, each ±1 byte and +15 bytes,
//     for stride 8 and 16 and k = 0..4, with AD of 0..300 bytes and 12-byte and other nonce
//     lengths. One-shot seal/open (the fused message kernel), in place and at misaligned
//     offsets, the incremental AeadSealer/AeadOpener (the fused block kernel with random
//     splits), must equal the same key on the same backend pair with fused kernels off, and
//     the portable × portable key; OpenSSL must agree (tag and plaintext).
//   - Every tail: 0, 1 and 2 whole iterations followed by every tail block count 0..31
//     (the VAES kernels do ceil(m / blocks-per-register) registers with the last one
//     masked: every count exercises a different mask on zmm; zmm seal's tails of 18..30
//     blocks reduce once over the split table) and every byte tail 0..15, with
//     AD of every length 0..511 (every AD block count up to 32 and every partial AD block):
//     one-shot seal/open, separate and in place, equal the generic path and portable.
//   - Counter wrap: the kernels called directly with a counter block whose last word is
//     0xFFFFFFFE or 0xFFFFFFFF (or 16·j − 1 blocks before 2^32, so the wrap falls on every
//     lane position of an iteration), for 96-bit-style counters (random 12 bytes || word) and
//     for J0 of other nonce lengths (random 16 bytes), block counts around each stride:
//     output, advanced counter and hash state equal the generic path's (portable AES CTR32
//     + portable GHASH), in place too. The message kernels likewise with J0 at the wrap.
// And the selection rule (choose_gcm) under AESKIT_DISABLE settings, both on a feature set
// computed from the detected one and for this process's own keys (the CTest entries
// env.gcm_fused.AESKIT_DISABLE_* rerun that test with the setting in the environment, and
// env.gcm_fused.AESKIT_PREFER_YMM_1 with ymm preferred). The kernels, fastest first:
// "vaes512+vpclmul512 32x" (zmm, AVX-512 CPUs), "vaes256+vpclmul256 16x" (ymm),
// "aesni+pclmul 8x" (xmm); all three run here where the CPU has their features.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aead/aead_key_state.hpp"
#include "aead/gcm_blocks.hpp"
#include "aead/gcm_fused.hpp"
#include "aead_gcm_support.hpp"
#include "aeskit/aeskit.hpp"
#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/select/catalog.hpp"
#include "cpu/features.hpp"
#include "support/backends.hpp"
#include "support/features.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::cpu::Feature;
using aeskit::cpu::FeatureSet;
using aeskit::detail::GcmFusedKernels;
using aeskit_test::every_feature;
using aeskit_test::gcm::Impl;

std::vector<const GcmFusedKernels*> fused_kernels() {
  std::vector<const GcmFusedKernels*> out;
  for (const GcmFusedKernels* k : aeskit::detail::kGcmFusedList) out.push_back(k);
  return out;
}

std::string kernel_param_name(const testing::TestParamInfo<const GcmFusedKernels*>& info) {
  return aeskit_test::identifier(info.param->name);
}

const aeskit::detail::GcmKey& gcm_of(const aeskit::AeadKey& key) {
  return *aeskit::detail::gcm_key_of(key);
}

class GcmFused : public testing::TestWithParam<const GcmFusedKernels*> {
 protected:
  void SetUp() override {
    const GcmFusedKernels& k = *GetParam();
    if (!k.aes->supported(aeskit::cpu::cpu_features()) ||
        !k.ghash->supported(aeskit::cpu::cpu_features()))
      GTEST_SKIP() << "SKIPPED, NOT PASSED: fused kernel '" << k.name
                   << "' needs CPU features this machine (or AESKIT_DISABLE) lacks";
    fused_ = {std::string(k.aes->name), std::string(k.ghash->name), true};
    generic_ = {fused_.aes, fused_.ghash, false};
  }

  // keys: the fused key (checked to carry this kernel), the same pair without it, and the
  // portable reference.
  void make_keys(const Bytes& key_bytes, aeskit::AeadKey& fused, aeskit::AeadKey& generic,
                 aeskit::AeadKey& reference) {
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(fused_, key_bytes, 16, fused));
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(generic_, key_bytes, 16, generic));
    ASSERT_NO_FATAL_FAILURE(
        aeskit_test::gcm::make_key(aeskit_test::gcm::reference_impl(), key_bytes, 16, reference));
    ASSERT_EQ(gcm_of(fused).fused, GetParam()) << "the key did not get the fused kernel";
    ASSERT_EQ(gcm_of(generic).fused, nullptr);
  }

  std::size_t stride() const { return GetParam()->aes->name == "aesni" ? 8 : 16; }

  Impl fused_, generic_;
};

TEST_P(GcmFused, TailsAtEveryStrideMatchGenericAndOpenssl) {
  aeskit_test::TestRng rng;
  std::vector<std::size_t> lengths;
  for (std::size_t s : {std::size_t{8}, std::size_t{16}})
    for (std::size_t k = 0; k <= 4; ++k)
      for (std::size_t blocks : {k * s, k * s + 1, k * s + s - 1})
        for (std::size_t extra : {std::size_t{0}, std::size_t{1}, std::size_t{15}}) {
          lengths.push_back(16 * blocks + extra);
          if (blocks > 0 && extra == 0) lengths.push_back(16 * blocks - 1);
        }
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const std::size_t len = lengths[i];
    const std::size_t key_len = aeskit_test::kKeySizes[i % 3];
    const Bytes key_bytes = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(i % 4 == 3 ? rng.between(1, 64) : 12);
    const std::size_t ad_len = i % 5 == 0 ? 0 : i % 5 == 1 ? 13 : rng.between(1, 300);
    const Bytes ad = rng.bytes(ad_len);
    const Bytes pt = rng.bytes(len);
    SCOPED_TRACE("length " + std::to_string(len) + ", AD " + std::to_string(ad_len) + ", nonce " +
                 std::to_string(nonce.size()) + " bytes, " + std::to_string(key_len * 8) +
                 "-bit key");
    aeskit::AeadKey fused, generic, reference;
    ASSERT_NO_FATAL_FAILURE(make_keys(key_bytes, fused, generic, reference));
    const auto ref = aeskit_test::gcm::seal_at(reference, nonce, ad, pt);
    ASSERT_EQ(ref.code, Errc::ok);
    const std::string expected = to_hex(ref.out);
    const auto ossl = aeskit_test::gcm::openssl_seal(key_bytes, nonce, ad, pt);
    ASSERT_EQ(to_hex(ossl.joined()), expected) << "portable reference vs OpenSSL";

    const aeskit_test::Placement where{rng.between(0, 15), rng.between(0, 15), false};
    const aeskit_test::Placement in_place{rng.between(0, 15), 0, true};
    for (const aeskit::AeadKey* key : {&fused, &generic}) {
      SCOPED_TRACE(key == &fused ? "fused" : "generic");
      for (const auto& at : {aeskit_test::Placement{}, where, in_place}) {
        EXPECT_TRUE(
            aeskit_test::produced(aeskit_test::gcm::seal_at(*key, nonce, ad, pt, at), expected))
            << "seal, offsets " << at.in_offset << "/" << at.out_offset << " in place "
            << at.in_place;
        EXPECT_TRUE(aeskit_test::produced(aeskit_test::gcm::open_at(*key, nonce, ad, ref.out, at),
                                          to_hex(pt)))
            << "open";
      }
      auto streamed = aeskit_test::gcm::seal_incremental(*key, nonce, ad, pt, &rng);
      ASSERT_EQ(streamed.code, Errc::ok) << streamed.detail;
      EXPECT_EQ(to_hex(streamed.out), expected) << "AeadSealer, random splits";
      auto open_streamed = aeskit_test::gcm::open_incremental(*key, nonce, ad, ref.out, &rng);
      ASSERT_EQ(open_streamed.code, Errc::ok) << open_streamed.detail;
      EXPECT_EQ(to_hex(open_streamed.out), to_hex(pt)) << "AeadOpener, random splits";
    }
    // A flipped tag bit must still be rejected by the fused path (output zeroed).
    Bytes bad = ref.out;
    bad.back() ^= 0x01;
    auto rejected = aeskit_test::gcm::open_at(fused, nonce, ad, bad);
    EXPECT_EQ(rejected.code, Errc::authentication_failed);
    EXPECT_TRUE(rejected.guard_ok) << rejected.detail;
  }
}

// counter_near_wrap: random prefix (12 bytes) || 2^32 - before, big-endian.
Bytes counter_near_wrap(aeskit_test::TestRng& rng, std::uint32_t before) {
  Bytes c = rng.bytes(16);
  const std::uint32_t word = static_cast<std::uint32_t>(0u - before);
  for (int i = 0; i < 4; ++i)
    c[12 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(word >> (24 - 8 * i));
  return c;
}

TEST_P(GcmFused, BlockKernelsWrapTheCounterLikeGeneric) {
  aeskit_test::TestRng rng;
  const GcmFusedKernels& k = *GetParam();
  const std::size_t s = stride();
  std::vector<std::uint32_t> befores = {1, 2};  // counter words 0xFFFFFFFF, 0xFFFFFFFE
  for (std::uint32_t j = 1; j <= 2 * s + 1; ++j) befores.push_back(j);
  for (std::size_t t = 0; t < befores.size(); ++t) {
    const std::size_t key_len = aeskit_test::kKeySizes[t % 3];
    const Bytes key_bytes = rng.bytes(key_len);
    aeskit::AeadKey fused, generic, reference;
    ASSERT_NO_FATAL_FAILURE(make_keys(key_bytes, fused, generic, reference));
    const Bytes counter = counter_near_wrap(rng, befores[t]);
    const Bytes hash0 = rng.bytes(16);
    for (std::size_t blocks : {s - 1, s, s + 1, 2 * s - 1, 2 * s, 2 * s + 1, 3 * s + 3}) {
      SCOPED_TRACE("counter " + to_hex(counter) + ", " + std::to_string(blocks) + " blocks, " +
                   std::to_string(key_len * 8) + "-bit key");
      const Bytes in = rng.bytes(16 * blocks);
      for (const bool seal : {true, false}) {
        const auto op = seal ? aeskit::detail::gcm::Op::seal : aeskit::detail::gcm::Op::open;
        Bytes ref_out(in.size()), ref_ctr = counter, ref_hash = hash0;
        aeskit::detail::gcm::crypt_blocks(gcm_of(reference), op, ref_ctr.data(), ref_hash.data(),
                                          in.data(), ref_out.data(), blocks);
        for (const bool in_place : {false, true}) {
          Bytes buf = in, out(in.size()), ctr = counter, hash = hash0;
          std::uint8_t* dst = in_place ? buf.data() : out.data();
          const auto& ours = gcm_of(fused);
          const std::size_t done = (seal ? k.seal : k.open)(ours.aes->enc, ours.hkey, ctr.data(),
                                                            hash.data(), buf.data(), dst, blocks);
          ASSERT_EQ(done, blocks) << "the kernels process every block they are given";
          EXPECT_EQ(to_hex({dst, in.size()}), to_hex(ref_out))
              << (seal ? "seal" : "open") << (in_place ? " in place" : "");
          EXPECT_EQ(to_hex(ctr), to_hex(ref_ctr)) << "counter after";
          EXPECT_EQ(to_hex(hash), to_hex(ref_hash)) << "hash after";
        }
      }
    }
  }
}

TEST_P(GcmFused, MessageKernelsWithJ0AtTheWrapMatchGeneric) {
  const GcmFusedKernels& k = *GetParam();
  if (k.seal_message == nullptr || k.open_message == nullptr)
    GTEST_SKIP() << "SKIPPED, NOT PASSED: '" << k.name << "' has no message kernels";
  aeskit_test::TestRng rng;
  const std::size_t s = stride();
  for (std::uint32_t before : {1u, 2u, 3u, 9u, 17u}) {
    const std::size_t key_len = aeskit_test::kKeySizes[before % 3];
    const Bytes key_bytes = rng.bytes(key_len);
    aeskit::AeadKey fused, generic, reference;
    ASSERT_NO_FATAL_FAILURE(make_keys(key_bytes, fused, generic, reference));
    const Bytes j0 = counter_near_wrap(rng, before);
    for (std::size_t len :
         {std::size_t{0}, std::size_t{5}, 16 * s, 16 * s + 7, 16 * (2 * s + 1) + 1}) {
      const Bytes ad = rng.bytes(rng.between(0, 40));
      const Bytes in = rng.bytes(len);
      SCOPED_TRACE("J0 " + to_hex(j0) + ", length " + std::to_string(len) + ", AD " +
                   std::to_string(ad.size()));
      for (const bool seal : {true, false}) {
        const auto op = seal ? aeskit::detail::gcm::Op::seal : aeskit::detail::gcm::Op::open;
        // Generic: SP 800-38D step by step on the reference key.
        Bytes ref_out(len), ctr = j0, hash(16, 0), ref_tag(16);
        aeskit::detail::gcm::inc32(ctr.data());
        aeskit::detail::gcm::hash_padded(gcm_of(reference), hash.data(), ad.data(), ad.size());
        aeskit::detail::gcm::crypt_message(gcm_of(reference), op, ctr.data(), hash.data(),
                                           in.data(), ref_out.data(), len);
        aeskit::detail::gcm::finish_tag(gcm_of(reference), j0.data(), hash.data(), ad.size(), len,
                                        ref_tag.data());
        for (const bool in_place : {false, true}) {
          Bytes buf = in, out(len), tag(16);
          std::uint8_t* dst = in_place ? buf.data() : out.data();
          const auto& ours = gcm_of(fused);
          (seal ? k.seal_message : k.open_message)(ours.aes->enc, ours.hkey, j0.data(), ad.data(),
                                                   ad.size(), buf.data(), dst, len, tag.data());
          EXPECT_EQ(to_hex({dst, len}), to_hex(ref_out))
              << (seal ? "seal" : "open") << (in_place ? " in place" : "");
          EXPECT_EQ(to_hex(tag), to_hex(ref_tag)) << "tag";
        }
      }
    }
  }
}

TEST_P(GcmFused, EveryTailBlockByteAndAdLengthMatchGeneric) {
  aeskit_test::TestRng rng;
  const std::size_t s = stride();
  // Tails of 0..31 whole blocks: on zmm (stride 32) seal's tail of 18..30 blocks with its
  // partial and lengths blocks takes one reduction over both runs of the split table.
  for (std::size_t i = 0; i < 512; ++i) {
    const std::size_t groups = i % 3;
    const std::size_t tail_blocks = i / 16;
    const std::size_t tail_bytes = i % 16;
    const std::size_t len = 16 * (s * groups + tail_blocks) + tail_bytes;
    const std::size_t key_len = aeskit_test::kKeySizes[i % 3];
    const Bytes key_bytes = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(i % 7 == 6 ? rng.between(1, 40) : 12);
    const Bytes ad = rng.bytes(i);
    const Bytes pt = rng.bytes(len);
    SCOPED_TRACE("length " + std::to_string(len) + " (" + std::to_string(groups) + " groups + " +
                 std::to_string(tail_blocks) + " blocks + " + std::to_string(tail_bytes) +
                 " bytes), AD " + std::to_string(ad.size()) + ", nonce " +
                 std::to_string(nonce.size()) + ", " + std::to_string(key_len * 8) + "-bit key");
    aeskit::AeadKey fused, generic, reference;
    ASSERT_NO_FATAL_FAILURE(make_keys(key_bytes, fused, generic, reference));
    const auto ref = aeskit_test::gcm::seal_at(reference, nonce, ad, pt);
    ASSERT_EQ(ref.code, Errc::ok);
    const std::string expected = to_hex(ref.out);
    const aeskit_test::Placement in_place{rng.between(0, 15), 0, true};
    for (const aeskit::AeadKey* key : {&fused, &generic}) {
      SCOPED_TRACE(key == &fused ? "fused" : "generic");
      for (const auto& at : {aeskit_test::Placement{}, in_place}) {
        EXPECT_TRUE(
            aeskit_test::produced(aeskit_test::gcm::seal_at(*key, nonce, ad, pt, at), expected))
            << "seal, in place " << at.in_place;
        EXPECT_TRUE(aeskit_test::produced(aeskit_test::gcm::open_at(*key, nonce, ad, ref.out, at),
                                          to_hex(pt)))
            << "open, in place " << at.in_place;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, GcmFused, testing::ValuesIn(fused_kernels()), kernel_param_name);

TEST(GcmFusedList, EveryWidthHasItsKernel) {
  // The list names the zmm, ymm and xmm kernels, widest first, each on its own backend pair.
  std::vector<std::string> names;
  for (const GcmFusedKernels* k : fused_kernels()) {
    names.emplace_back(k->name);
    EXPECT_EQ(aeskit::detail::find_gcm_fused(*k->aes, *k->ghash, every_feature()), k) << k->name;
  }
#ifdef AESKIT_HAVE_X86
  EXPECT_EQ(names, (std::vector<std::string>{"vaes512+vpclmul512 32x", "vaes256+vpclmul256 16x",
                                             "aesni+pclmul 8x"}));
  const GcmFusedKernels* z = fused_kernels().front();
  EXPECT_EQ(z->aes->name, "vaes512");
  EXPECT_EQ(z->ghash->name, "vpclmul512");
  EXPECT_EQ(z->aes->vector_bits, 512u);
  EXPECT_EQ(z->ghash->vector_bits, 512u);
#endif
}

// ---- selection ---------------------------------------------------------------------------

// expected_fused: the rule written out: VAES+VPCLMULQDQ (with AVX2, AES-NI, SSSE3, PCLMULQDQ)
// and AVX-512 gets the zmm kernel while 512-bit registers are allowed (cpu::max_vector_bits():
// ymm not preferred); without AVX-512 (or preferring ymm) the ymm kernel; else
// AES-NI+SSSE3+PCLMULQDQ gets the xmm one; else none.
std::string expected_fused(FeatureSet f) {
#ifdef AESKIT_HAVE_X86
  const bool aesni = f.has(Feature::aesni) && f.has(Feature::ssse3);
  const bool pclmul = f.has(Feature::pclmul) && f.has(Feature::ssse3);
  const bool ymm =
      aesni && pclmul && f.has(Feature::avx2) && f.has(Feature::vaes) && f.has(Feature::vpclmul);
  if (ymm && f.has(Feature::avx512) && aeskit::cpu::max_vector_bits() == 512)
    return "vaes512+vpclmul512 32x";
  if (ymm) return "vaes256+vpclmul256 16x";
  if (aesni && pclmul) return "aesni+pclmul 8x";
#else
  (void)f;
#endif
  return "";
}

std::string chosen_name(FeatureSet enabled) {
  const auto& aes = aeskit::detail::best_backend(enabled);
  const auto choice = aeskit::detail::choose_gcm(aes, nullptr, enabled, true);
  if (choice.fused == nullptr) return "";
  EXPECT_EQ(choice.ghash, choice.fused->ghash);
  EXPECT_EQ(choice.fused->aes, &aes);
  return std::string(choice.fused->name);
}

TEST(GcmFusedSelection, AeskitDisableSettings) {
  for (const FeatureSet start : {aeskit::cpu::detected_features(), every_feature()}) {
    for (const char* setting : {"", "vaes", "aesni", "pclmul", "avx512", "vaes,avx512"}) {
      SCOPED_TRACE(std::string("AESKIT_DISABLE=\"") + setting + "\"");
      const FeatureSet enabled = aeskit::cpu::apply_disable(start, setting).enabled;
      EXPECT_EQ(chosen_name(enabled), expected_fused(enabled));
    }
    const auto with = [&](const char* setting) {
      return chosen_name(aeskit::cpu::apply_disable(start, setting).enabled);
    };
    EXPECT_EQ(with("aesni"), "") << "no AES-NI: no fused kernel";
    EXPECT_EQ(with("pclmul"), "") << "no PCLMULQDQ: no fused kernel";
#ifdef AESKIT_HAVE_X86
    if (start == every_feature()) {
      EXPECT_EQ(with(""), aeskit::cpu::max_vector_bits() == 512 ? "vaes512+vpclmul512 32x"
                                                                : "vaes256+vpclmul256 16x");
      EXPECT_EQ(with("avx512"), "vaes256+vpclmul256 16x");
      EXPECT_EQ(with("vaes"), "aesni+pclmul 8x") << "aesni must pair with pclmul GHASH";
      EXPECT_EQ(with("avx2"), "aesni+pclmul 8x");
    }
#endif
  }
  // Without AVX-512 (this machine), disabling it must change nothing.
  const FeatureSet d = aeskit::cpu::detected_features();
  if (!d.has(Feature::avx512)) {
    EXPECT_EQ(chosen_name(aeskit::cpu::apply_disable(d, "avx512").enabled),
              chosen_name(aeskit::cpu::apply_disable(d, "").enabled));
  }
}

// The process's own keys, under whatever AESKIT_DISABLE it was started with (CTest runs it
// with "", vaes, aesni, pclmul and avx512): the default key gets exactly the expected fused
// kernel, its GHASH backend is that kernel's, and AeadKey::kernel() (what `aeskit cpu`
// prints) names it.
TEST(GcmFusedSelection, ProcessKeysMatchTheirEnvironment) {
  const std::string setting = aeskit::cpu::disable_setting();
  SCOPED_TRACE("AESKIT_DISABLE=\"" + setting + "\"");
  const std::string expected = expected_fused(aeskit::cpu::cpu_features());
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const Bytes key_bytes(key_len, 0x5a);
    auto key = aeskit::AeadKey::create(aeskit_test::gcm::algorithm_for(key_len), key_bytes, 16, "");
    ASSERT_TRUE(key.ok()) << key.message();
    const aeskit::detail::GcmKey& g = gcm_of(*key);
    EXPECT_EQ(g.fused == nullptr ? std::string() : std::string(g.fused->name), expected);
    if (g.fused != nullptr) {
      EXPECT_EQ(key->backend_name(), g.fused->aes->name);
      EXPECT_EQ(key->ghash_backend_name(), g.fused->ghash->name);
      EXPECT_NE(key->kernel().find(":fused " + expected), std::string::npos) << key->kernel();
    } else {
      EXPECT_NE(key->kernel().find("not fused"), std::string::npos) << key->kernel();
    }
  }
  // The concrete answers on a CPU with every feature the ymm kernel needs (Zen 3), or the zmm
  // one too (Zen 4/5: the default is the zmm kernel unless ymm is preferred).
  const std::string best_here = expected_fused(aeskit::cpu::detected_features());
  if (best_here == "vaes256+vpclmul256 16x" || best_here == "vaes512+vpclmul512 32x") {
    std::string want = "(not checked)";
    if (setting.empty()) want = best_here;
    if (setting == "avx512") want = "vaes256+vpclmul256 16x";
    if (setting == "vaes") want = "aesni+pclmul 8x";
    if (setting == "aesni" || setting == "pclmul") want = "";
    if (want != "(not checked)") {
      EXPECT_EQ(expected, want);
    }
  }
}

// GcmPlan (aead_key_state.hpp): a key made on another key's plan runs the same code as
// AeadKey::create would choose (same kernel() line) and seals the same bytes; an empty plan
// and a wrong key length are refused. Chunked encryption makes one key per file this way.
TEST(GcmPlan, KeysMadeOnAPlanMatchCreate) {
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const aeskit::AeadAlgorithm& alg = aeskit_test::gcm::algorithm_for(key_len);
    auto probe = aeskit::AeadKey::create(alg, Bytes(key_len, 0), 16);
    ASSERT_TRUE(probe.ok());
    const aeskit::detail::GcmPlan plan = aeskit::detail::gcm_plan_of(*probe);
    ASSERT_EQ(plan.algorithm, &alg);
    for (int trial = 0; trial < 4; ++trial) {
      const Bytes key_bytes = rng.bytes(key_len), nonce = rng.bytes(12), ad = rng.bytes(13);
      const Bytes pt = rng.bytes(static_cast<std::size_t>(1 + 700 * trial));
      auto made = aeskit::detail::make_gcm_key(plan, key_bytes);
      auto created = aeskit::AeadKey::create(alg, key_bytes, 16);
      ASSERT_TRUE(made.ok() && created.ok());
      EXPECT_EQ(made->kernel(), created->kernel());
      Bytes a(pt.size() + 16), b(pt.size() + 16);
      ASSERT_TRUE(made->seal(nonce, ad, pt, a).ok());
      ASSERT_TRUE(created->seal(nonce, ad, pt, b).ok());
      EXPECT_EQ(a, b);
      Bytes back(pt.size());
      EXPECT_TRUE(made->open(nonce, ad, b, back).ok());
      EXPECT_EQ(back, pt);
    }
    EXPECT_EQ(aeskit::detail::make_gcm_key(plan, Bytes(key_len + 1, 0)).code(),
              aeskit::Errc::bad_key_length);
  }
  EXPECT_EQ(aeskit::detail::make_gcm_key({}, Bytes(16, 0)).code(), aeskit::Errc::invalid_state);
  auto siv = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm_siv(), Bytes(16, 0));
  ASSERT_TRUE(siv.ok());
  EXPECT_EQ(aeskit::detail::gcm_plan_of(*siv).algorithm, nullptr);
}

// choose_gcm_plan: the plan chosen from the algorithm and the CPU alone (no key made, what
// chunked::Key uses) is the plan of a key AeadKey::create makes, and the composition of the
// selection rule (best AES backend, then choose_gcm); with options, the plan of make_aead_key
// with the same options, for every runnable AES backend named and every GHASH backend pinned,
// fused or not. Its errors are make_aead_key's.
TEST(GcmPlan, ChosenWithoutAKeyMatchesTheKeysPlan) {
  namespace d = aeskit::detail;
  aeskit_test::TestRng rng;
  const FeatureSet& features = aeskit::cpu::cpu_features();
  const auto same = [](const d::GcmPlan& a, const d::GcmPlan& b) {
    return a.algorithm == b.algorithm && a.tag_length == b.tag_length && a.aes == b.aes &&
           a.ghash == b.ghash && a.fused == b.fused;
  };
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const aeskit::AeadAlgorithm& alg = aeskit_test::gcm::algorithm_for(key_len);
    auto plan = d::choose_gcm_plan(alg, 16);
    ASSERT_TRUE(plan.ok());
    auto key = aeskit::AeadKey::create(alg, rng.bytes(key_len), 16);
    ASSERT_TRUE(key.ok());
    EXPECT_TRUE(same(*plan, d::gcm_plan_of(*key)));
    const d::AesBackend& best = d::best_backend(features);
    const d::GcmChoice choice = d::choose_gcm(best, nullptr, features, true);
    EXPECT_EQ(plan->aes, &best);
    EXPECT_EQ(plan->ghash, choice.ghash);
    EXPECT_EQ(plan->fused, choice.fused);
    for (const d::AesBackend* aes : d::kAesBackends) {
      if (!d::runnable(*aes, features)) continue;
      for (const d::GhashBackend* ghash : d::kGhashBackends) {
        if (!d::runnable(*ghash, features)) continue;
        for (bool fused : {true, false}) {
          const d::GcmKeyOptions options{aes->name, ghash, fused};
          auto pinned = d::choose_gcm_plan(alg, 12, options);
          ASSERT_TRUE(pinned.ok()) << aes->name << " " << ghash->name;
          auto made = d::make_aead_key(alg, rng.bytes(key_len), 12, options);
          ASSERT_TRUE(made.ok());
          EXPECT_TRUE(same(*pinned, d::gcm_plan_of(*made))) << aes->name << " " << ghash->name;
          EXPECT_EQ(pinned->fused, fused ? d::find_gcm_fused(*aes, *ghash, features) : nullptr);
        }
      }
    }
    EXPECT_EQ(d::choose_gcm_plan(alg, 17).code(), aeskit::Errc::bad_tag_length);
    EXPECT_EQ(d::choose_gcm_plan(alg, 16, {"nonesuch", nullptr, true}).code(),
              aeskit::Errc::unknown_backend);
    for (const d::AesBackend* aes : d::kAesBackends) {
      if (aes->supported(features)) continue;
      EXPECT_EQ(d::choose_gcm_plan(alg, 16, {aes->name, nullptr, true}).code(),
                aeskit::Errc::backend_unavailable)
          << aes->name;
    }
  }
  EXPECT_EQ(d::choose_gcm_plan(aeskit::aead::aes_128_gcm_siv(), 16).code(),
            aeskit::Errc::invalid_argument);
}

}  // namespace
