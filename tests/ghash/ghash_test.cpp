// tests/ghash/ghash_test.cpp — the GHASH backends (src/backend/ghash_backend.hpp) through the
// internal API.
//
// Oracle (support/ghash_oracle.hpp): a slow bit-by-bit multiply written from NIST SP 800-38D §6.3
// Algorithm 1 (shift V right one bit per step, XOR R = 11100001 || 0^120 when a bit falls off), and
// GHASH from §6.4. Known answers: GHASH_H(A || C || len(A) || len(C)) for test cases 2, 3 and 4 of
// McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)" (the inputs to GHASH are built from
// the spec's H, A and C; the GHASH values were derived as T ^ E(K, Y0) from the spec's T and E(K,
// Y0) and checked against an independent implementation), plus the spec's X_1 of test case 2.
// Then: the oracle against the portable backend on random and edge-case H; every backend
// against the portable one on random H and data for 0..80 blocks and a few large counts, with
// the state carried across random splits (every split equals one call) and unaligned buffers;
// and the registry (order, names, selection by features). Backends this CPU cannot run (or
// that AESKIT_DISABLE removed) are skipped by name, never passed.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend/ghash_backend.hpp"
#include "cpu/features.hpp"
#include "support/backends.hpp"
#include "support/features.hpp"
#include "support/ghash_oracle.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::detail::GhashBackend;
using aeskit::detail::GhashKey;

using Block = std::array<std::uint8_t, 16>;

constexpr const char* kReference = "portable";

// --- oracle: SP 800-38D Algorithm 1, bit by bit (support/ghash_oracle.hpp) ----------------

namespace oracle = aeskit_test::ghash_oracle;

Block to_block(const Bytes& b) {
  Block out{};
  std::copy_n(b.begin(), 16, out.begin());
  return out;
}

Block random_block(aeskit_test::TestRng& rng) {
  Block b;
  rng.fill(b);
  return b;
}

// run: GHASH through a backend in one call.
Block run(const GhashBackend& b, const Block& h, Block y, const std::uint8_t* data,
          std::size_t blocks) {
  GhashKey key;
  b.init(h.data(), key);
  b.update(key, y.data(), data, blocks);
  return y;
}

bool available(const GhashBackend& b) {
  return b.supported(aeskit::cpu::cpu_features());
}

const GhashBackend& by_name(std::string_view name) {
  const GhashBackend* b = aeskit::detail::find_ghash_backend(name);
  if (b == nullptr) std::abort();  // the names come from the registry itself
  return *b;
}

// --- known answers ---------------------------------------------------------------------------

struct Kat {
  const char* name;
  const char* h;
  const char* input;  // A || 0-pad || C || 0-pad || len(A) || len(C)
  const char* ghash;
};

const Kat kKats[] = {
    {"GCM spec test case 2", "66e94bd4ef8a2c3b884cfa59ca342b2e",
     "0388dace60b6a392f328c2b971b2fe78"
     "00000000000000000000000000000080",
     "f38cbb1ad69223dcc3457ae5b6b0f885"},
    {"GCM spec test case 3", "b83b533708bf535d0aa6e52980d53b78",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
     "00000000000000000000000000000200",
     "7f1b32b81b820d02614f8895ac1d4eac"},
    {"GCM spec test case 4", "b83b533708bf535d0aa6e52980d53b78",
     "feedfacedeadbeeffeedfacedeadbeefabaddad2000000000000000000000000"
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e09100000000"
     "00000000000000a000000000000001e0",
     "698e57f70e6ecc7fd9463b7260a9ae5f"},
};

TEST(GhashOracle, MatchesSpecTestCases) {
  for (const Kat& kat : kKats) {
    SCOPED_TRACE(kat.name);
    const Bytes input = from_hex(kat.input);
    const Block y =
        oracle::ghash(to_block(from_hex(kat.h)), Block{}, input.data(), input.size() / 16);
    EXPECT_EQ(to_hex(y), kat.ghash);
  }
  // Test case 2's X_1 = C_1·H, and H·1 = H (1 is the block 80 00 .. 00).
  const Block h = to_block(from_hex("66e94bd4ef8a2c3b884cfa59ca342b2e"));
  EXPECT_EQ(to_hex(oracle::multiply(to_block(from_hex("0388dace60b6a392f328c2b971b2fe78")), h)),
            "5e2ec746917062882c85b0685353deb7");
  Block one{};
  one[0] = 0x80;
  EXPECT_EQ(to_hex(oracle::multiply(one, h)), to_hex(h));
}

// The portable backend against the oracle: single multiplies (one block from state 0) and
// short runs, on random H and on H with extreme bit patterns (where reduction and the H·x^-1
// precomputation carry).
TEST(GhashPortable, MatchesOracle) {
  aeskit_test::TestRng rng;
  const GhashBackend& portable = by_name(kReference);
  std::vector<Block> hs;
  for (const char* hex : {"00000000000000000000000000000000", "80000000000000000000000000000000",
                          "00000000000000000000000000000001", "ffffffffffffffffffffffffffffffff",
                          "8000000000000000000000000000000f", "00000000000000018000000000000000",
                          "fffffffffffffffe0000000000000001", "e1000000000000000000000000000000"})
    hs.push_back(to_block(from_hex(hex)));
  for (int i = 0; i < 200; ++i) hs.push_back(random_block(rng));

  for (const Block& h : hs) {
    SCOPED_TRACE("H " + to_hex(h));
    for (const Block& x :
         {random_block(rng), to_block(from_hex("ffffffffffffffffffffffffffffffff")),
          to_block(from_hex("00000000000000000000000000000001"))}) {
      EXPECT_EQ(to_hex(run(portable, h, Block{}, x.data(), 1)), to_hex(oracle::multiply(x, h)))
          << "x " << to_hex(x);
    }
    const std::size_t blocks = rng.between(0, 9);
    const Bytes data = rng.bytes(16 * blocks);
    const Block y0 = random_block(rng);
    EXPECT_EQ(to_hex(run(portable, h, y0, data.data(), blocks)),
              to_hex(oracle::ghash(h, y0, data.data(), blocks)))
        << blocks << " blocks";
  }
}

// The portable backend absorbs four blocks per reduction with H^4..H^1 and finishes 1-3
// blocks with H^3..H^1: every count 0..40 (each phase of the 4-block step, every tail) against
// the oracle, with all-ones data (every hole class full) and random data, on extreme and
// random H (the powers H^2..H^4 computed at init are what is exercised).
TEST(GhashPortable, AggregatedStepsMatchOracle) {
  aeskit_test::TestRng rng;
  const GhashBackend& portable = by_name(kReference);
  std::vector<Block> hs = {to_block(from_hex("ffffffffffffffffffffffffffffffff")),
                           to_block(from_hex("00000000000000000000000000000001")),
                           to_block(from_hex("80000000000000000000000000000000"))};
  for (int i = 0; i < 6; ++i) hs.push_back(random_block(rng));
  for (const Block& h : hs) {
    for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
      const Bytes ones(16 * blocks, 0xff);
      const Bytes data = rng.bytes(16 * blocks);
      const Block y0 = random_block(rng);
      for (const Bytes* d : {&ones, &data}) {
        EXPECT_EQ(to_hex(run(portable, h, y0, d->data(), blocks)),
                  to_hex(oracle::ghash(h, y0, d->data(), blocks)))
            << blocks << " blocks, H " << to_hex(h);
      }
    }
  }
}

// --- every backend ---------------------------------------------------------------------------

std::vector<std::string> ghash_names() {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < aeskit::detail::ghash_backend_count(); ++i)
    names.emplace_back(aeskit::detail::ghash_backend_at(i).name);
  return names;
}

class GhashBackendTest : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (!available(backend())) {
      GTEST_SKIP() << "SKIPPED, NOT PASSED: GHASH backend '" << GetParam()
                   << "' is not available on this CPU (or removed by AESKIT_DISABLE)";
    }
  }
  const GhashBackend& backend() const { return by_name(GetParam()); }
};

TEST_P(GhashBackendTest, KnownAnswers) {
  for (const Kat& kat : kKats) {
    SCOPED_TRACE(kat.name);
    const Bytes input = from_hex(kat.input);
    EXPECT_EQ(
        to_hex(run(backend(), to_block(from_hex(kat.h)), Block{}, input.data(), input.size() / 16)),
        kat.ghash);
  }
}

// Every block count 0..80 (all tails of every group size, several full groups) and a few
// large ones, one call each, against the portable backend; the state starts random.
TEST_P(GhashBackendTest, MatchesPortableForEveryLength) {
  aeskit_test::TestRng rng;
  const GhashBackend& ref = by_name(kReference);
  std::vector<std::size_t> counts;
  for (std::size_t n = 0; n <= 80; ++n) counts.push_back(n);
  for (std::size_t n : {127, 128, 129, 255, 256, 1000, 4099}) counts.push_back(n);
  for (std::size_t n : counts) {
    for (int trial = 0; trial < 3; ++trial) {
      const Block h = random_block(rng), y0 = random_block(rng);
      const Bytes data = rng.bytes(16 * n);
      SCOPED_TRACE(std::to_string(n) + " blocks, H " + to_hex(h) + " state " + to_hex(y0));
      EXPECT_EQ(to_hex(run(backend(), h, y0, data.data(), n)),
                to_hex(run(ref, h, y0, data.data(), n)));
    }
  }
}

// The state carried across calls: any split of a message into calls equals one call. Splits
// are random (often 0 blocks, often across group boundaries). Data and state unaligned.
TEST_P(GhashBackendTest, SplitsEqualOneCall) {
  aeskit_test::TestRng rng;
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = trial < 40 ? rng.between(0, 80) : rng.between(81, 700);
    const Block h = random_block(rng), y0 = random_block(rng);
    const std::size_t offset = rng.between(0, 15);
    const Bytes buffer = rng.bytes(16 * n + offset);
    const std::uint8_t* data = buffer.data() + offset;
    const Block whole = run(backend(), h, y0, data, n);

    GhashKey key;
    backend().init(h.data(), key);
    std::uint8_t state_buffer[17];
    std::uint8_t* state = state_buffer + 1;  // unaligned state
    std::memcpy(state, y0.data(), 16);
    std::string splits;
    for (std::size_t done = 0; done < n;) {
      const std::size_t max_step = rng.coin() ? 3 : 40;
      const std::size_t step = std::min(rng.between(0, max_step), n - done);
      backend().update(key, state, data + 16 * done, step);
      done += step;
      splits += std::to_string(step) + " ";
    }
    Block split_result;
    std::memcpy(split_result.data(), state, 16);
    EXPECT_EQ(to_hex(split_result), to_hex(whole)) << n << " blocks split as " << splits;
  }
}

// update with 0 blocks leaves the state alone; init overwrites whatever the key held.
TEST_P(GhashBackendTest, ZeroBlocksAndReusedKey) {
  aeskit_test::TestRng rng;
  const Block h1 = random_block(rng), h2 = random_block(rng), y0 = random_block(rng);
  const Bytes data = rng.bytes(16 * 37);
  GhashKey key;
  std::memset(key.bytes, 0xA5, sizeof key.bytes);
  backend().init(h1.data(), key);
  Block y = y0;
  backend().update(key, y.data(), data.data(), 0);
  EXPECT_EQ(to_hex(y), to_hex(y0));
  backend().update(key, y.data(), data.data(), 37);  // key for h1 used
  backend().init(h2.data(), key);                    // then re-initialised for h2
  Block y2 = y0;
  backend().update(key, y2.data(), data.data(), 37);
  EXPECT_EQ(to_hex(y2), to_hex(run(by_name(kReference), h2, y0, data.data(), 37)));
  EXPECT_EQ(to_hex(y), to_hex(run(by_name(kReference), h1, y0, data.data(), 37)));
}

INSTANTIATE_TEST_SUITE_P(All, GhashBackendTest, testing::ValuesIn(ghash_names()),
                         aeskit_test::backend_param_name);

// --- registry --------------------------------------------------------------------------------

using aeskit::cpu::Feature;
using aeskit::cpu::FeatureSet;
using aeskit_test::every_feature;

TEST(GhashRegistry, OrderNamesAndSelection) {
  const std::vector<std::string> names = ghash_names();
#ifdef AESKIT_HAVE_X86
  EXPECT_EQ(names,
            (std::vector<std::string>{"vpclmul512", "vpclmul256", "pclmul", "simd", "portable"}));
  EXPECT_EQ(by_name("vpclmul512").vector_bits, 512u);
  EXPECT_EQ(by_name("vpclmul256").vector_bits, 256u);
  EXPECT_EQ(by_name("pclmul").vector_bits, 128u);
#else
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.back(), "portable");
#endif
  for (const std::string& n : names) {
    ASSERT_NE(aeskit::detail::find_ghash_backend(n), nullptr) << n;
    EXPECT_EQ(aeskit::detail::find_ghash_backend(n)->name, n);
    EXPECT_FALSE(aeskit::detail::find_ghash_backend(n)->description.empty()) << n;
  }
  EXPECT_EQ(aeskit::detail::find_ghash_backend("nonesuch"), nullptr);

  // The portable backend runs anywhere and is the last resort; the first is the fastest
  // (on x86 the zmm one, skipped while ymm is preferred: cpu::max_vector_bits() == 256).
#ifdef AESKIT_HAVE_X86
  EXPECT_EQ(aeskit::detail::best_ghash_backend(FeatureSet{}).name, "portable");
  EXPECT_EQ(aeskit::detail::best_ghash_backend(every_feature()).name,
            aeskit::cpu::max_vector_bits() == 512 ? "vpclmul512" : "vpclmul256");
  FeatureSet no_avx512 = every_feature();
  no_avx512.remove(Feature::avx512);
  EXPECT_EQ(aeskit::detail::best_ghash_backend(no_avx512).name, "vpclmul256");
#else
  EXPECT_EQ(aeskit::detail::best_ghash_backend(every_feature()).name, names.front());
#endif
  // The process's choice is the first backend its feature set supports within the width
  // allowed.
  const FeatureSet current = aeskit::cpu::cpu_features();
  for (const std::string& n : names) {
    if (by_name(n).supported(current) && by_name(n).vector_bits <= aeskit::cpu::max_vector_bits()) {
      EXPECT_EQ(aeskit::detail::best_ghash_backend(current).name, n);
      break;
    }
  }
}

#ifdef AESKIT_HAVE_X86
// Each backend's predicate names exactly its features: removing any one of them refuses it.
TEST(GhashRegistry, PredicatesNameTheirFeatures) {
  struct Need {
    const char* backend;
    std::vector<Feature> features;
  };
  const Need needs[] = {
      {"simd", {Feature::ssse3}},
      {"pclmul", {Feature::pclmul, Feature::ssse3}},
      {"vpclmul256", {Feature::vpclmul, Feature::vaes, Feature::avx2, Feature::pclmul}},
      {"vpclmul512", {Feature::avx512, Feature::vpclmul, Feature::vaes, Feature::pclmul}}};
  for (const Need& need : needs) {
    SCOPED_TRACE(need.backend);
    const GhashBackend& b = by_name(need.backend);
    FeatureSet just;
    for (Feature f : need.features) just.add(f);
    EXPECT_TRUE(b.supported(just));
    for (Feature f : need.features) {
      FeatureSet without = every_feature();
      without.remove(f);
      EXPECT_FALSE(b.supported(without)) << "without " << aeskit::cpu::feature_name(f);
    }
  }
  FeatureSet no_vpclmul = every_feature();
  no_vpclmul.remove(Feature::vpclmul);
  EXPECT_EQ(aeskit::detail::best_ghash_backend(no_vpclmul).name, "pclmul");
  // AESKIT_DISABLE=pclmul: the SIMD fallback; without SSSE3 too: portable.
  FeatureSet no_pclmul = every_feature();
  no_pclmul.remove(Feature::pclmul);
  EXPECT_EQ(aeskit::detail::best_ghash_backend(no_pclmul).name, "simd");
  no_pclmul.remove(Feature::ssse3);
  EXPECT_EQ(aeskit::detail::best_ghash_backend(no_pclmul).name, "portable");
}
#endif

}  // namespace
