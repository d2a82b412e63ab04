// tests/cross/ghash_cross_test.cpp — every GHASH backend compiled into this build (on a cross
// build: AArch64's `pmull`, the NEON (AArch64, ARMv7) or VSX (ppc64le) `simd` and
// `portable`) against a bit-serial oracle, without GoogleTest. Fails if `simd` is not
// compiled in and supported, and, off x86, if the dispatcher does not pick pmull (AArch64
// with PMULL) or simd.
//
// The oracle (tests/support/ghash_oracle.hpp) is SP 800-38D §6.3 Algorithm 1 (one bit of X at
// a time, V shifted right with the R = 11100001 || 0^120 fold), §6.4 for GHASH. Random H, state and
// data (0..40 blocks: the backends' 4- and 8-block steps and every tail), plus the GCM
// specification's test case 2 value GHASH_H(C || len) with H = 66e94bd4ef8a2c3b884cfa59ca342b2e.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "backend/ghash_backend.hpp"
#include "backend/polyval_kernels.hpp"
#include "cpu/features.hpp"
#include "cross_check.hpp"
#include "support/ghash_oracle.hpp"

namespace {

using cross_check::expect;
namespace oracle = aeskit_test::ghash_oracle;

using Block = std::vector<std::uint8_t>;

struct Rng {
  std::uint64_t s = 0x9E3779B97F4A7C15;
  std::uint8_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return static_cast<std::uint8_t>(s >> 24);
  }
  Block bytes(std::size_t n) {
    Block b(n);
    for (auto& c : b) c = next();
    return b;
  }
};

Block from_hex(const char* hex) {
  Block b;
  for (std::size_t i = 0; hex[i] && hex[i + 1]; i += 2)
    b.push_back(static_cast<std::uint8_t>(std::stoul(std::string(hex + i, 2), nullptr, 16)));
  return b;
}

Block run(const aeskit::detail::GhashBackend& b, const Block& h, Block y, const std::uint8_t* data,
          std::size_t blocks) {
  aeskit::detail::GhashKey key;
  b.init(h.data(), key);
  b.update(key, y.data(), data, blocks);
  return y;
}

}  // namespace

int main() {
  const aeskit::cpu::FeatureSet features = aeskit::cpu::cpu_features();
  Rng rng;
  const Block h2 = from_hex("66e94bd4ef8a2c3b884cfa59ca342b2e");
  const Block c2 = from_hex(
      "0388dace60b6a392f328c2b971b2fe78"
      "00000000000000000000000000000080");
  const Block want2 = from_hex("f38cbb1ad69223dcc3457ae5b6b0f885");
  bool simd_checked = false;
  for (std::size_t i = 0; i < aeskit::detail::ghash_backend_count(); ++i) {
    const aeskit::detail::GhashBackend& b = aeskit::detail::ghash_backend_at(i);
    if (!b.supported(features)) {
      std::printf("ghash %.*s: not supported on this CPU, not run\n",
                  static_cast<int>(b.name.size()), b.name.data());
      continue;
    }
    const std::string name(b.name);
    expect(run(b, h2, Block(16, 0), c2.data(), 2) == want2, name + ": GCM test case 2");
    for (int t = 0; t < 30; ++t) {
      const Block h = rng.bytes(16), y0 = rng.bytes(16);
      for (std::size_t n = 0; n <= 40; ++n) {
        const Block data = rng.bytes(16 * n + 1);
        expect(run(b, h, y0, data.data(), n) == oracle::ghash(h, y0, data.data(), n),
               name + ": " + std::to_string(n) + " blocks vs the oracle");
      }
    }
    if (name == "simd") simd_checked = true;
    std::printf("ghash %s: checked\n", name.c_str());
  }
  // AESKIT_CROSS_EXPECT_NO_VECTOR_UNIT=1 (scripts/cpu-models.sh, SSE2-only qemu64): the simd
  // backend must then be reported unsupported instead.
  const bool expect_no_vector = cross_check::expect_no_vector_unit();
  if (expect_no_vector)
    expect(!simd_checked, "the simd GHASH backend is unsupported without a vector unit");
  else
    expect(simd_checked, "the simd GHASH backend is compiled in, supported and checked");
#if !defined(__x86_64__) && !defined(__i386__)
  // AArch64 with PMULL must pick pmull, POWER8+ with vector crypto vpmsum;
  // AESKIT_CROSS_EXPECT_GHASH names the backend instead
  // (the aarch64 CTest entries set it, with and without AESKIT_DISABLE=pmull).
  std::string want = expect_no_vector ? "portable" : "simd";
#if defined(__aarch64__)
  if (features.has(aeskit::cpu::Feature::pmull)) want = "pmull";
#endif
#if defined(__powerpc64__)
  if (features.has(aeskit::cpu::Feature::vcrypto)) want = "vpmsum";
#endif
  if (const char* named = std::getenv("AESKIT_CROSS_EXPECT_GHASH")) want = named;
  const std::string chosen(aeskit::detail::best_ghash_backend(features).name);
  std::printf("default ghash: %s\n", chosen.c_str());
  expect(chosen == want, "the dispatcher picks the " + want + " GHASH backend, not " + chosen);
#if defined(__powerpc64__)
  // vpmsum's native POLYVAL kernel passed its self-test (against the bit-serial multiply)
  // and is the one AES-GCM-SIV gets.
  if (chosen == "vpmsum") {
    const auto* pv =
        aeskit::detail::find_polyval_kernel(aeskit::detail::best_ghash_backend(features), features);
    expect(pv != nullptr && pv->name == "vpmsum polyval",
           "the vpmsum POLYVAL kernel passed its self-test and is selected");
  }
#endif
#endif
  return cross_check::finish();
}
