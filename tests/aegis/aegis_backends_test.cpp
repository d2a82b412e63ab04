// tests/aegis/aegis_backends_test.cpp — every AES backend's AEGIS kernels against the portable
// reference (aegis_portable.cpp), for all six variants and both tag lengths: messages of
// 0..300 bytes (every tail of every rate: 32/64/128 bytes for the 128 family, 16/32/64 for
// 256) with AD of a rotating length, then random lengths up to 8 KiB with random AD; each
// sealed output must equal the reference's, open it back, and also work in place. Backends
// this CPU lacks are skipped visibly, per backend.
#include <gtest/gtest.h>

#include <algorithm>

#include "aegis/aegis_support.hpp"
#include "support/backends.hpp"
#include "support/rng.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;
namespace ag = aeskit_test::aegis;

class AegisBackend : public testing::TestWithParam<std::string> {};

void compare(const aeskit::AeadKey& ref, const aeskit::AeadKey& k, const Bytes& nonce,
             const Bytes& ad, const Bytes& pt) {
  const Bytes expected = ag::seal(ref, nonce, ad, pt);
  const Bytes got = ag::seal(k, nonce, ad, pt);
  ASSERT_EQ(to_hex(got), to_hex(expected)) << "len " << pt.size() << " ad " << ad.size();
  auto back = ag::open(k, nonce, ad, got);
  ASSERT_TRUE(back.has_value());
  ASSERT_TRUE(*back == pt);
  // In place: seal into the buffer holding the plaintext, open it where it lies.
  Bytes buf = pt;
  buf.resize(pt.size() + k.tag_length());
  auto n = k.seal(nonce, ad, std::span(buf).first(pt.size()), buf);
  ASSERT_TRUE(n.ok());
  ASSERT_EQ(to_hex(buf), to_hex(expected));
  auto m = k.open(nonce, ad, buf, std::span(buf).first(pt.size()));
  ASSERT_TRUE(m.ok());
  ASSERT_TRUE(std::equal(pt.begin(), pt.end(), buf.begin()));
}

TEST_P(AegisBackend, MatchesPortable) {
  const std::string& backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  aeskit_test::TestRng rng;
  for (std::string_view variant : ag::kVariants) {
    const aeskit::AeadAlgorithm& alg = ag::algorithm(variant);
    for (std::size_t tag_len : {16u, 32u}) {
      SCOPED_TRACE(std::string(variant) + " tag " + std::to_string(tag_len));
      const Bytes key = rng.bytes(alg.key_length());
      auto ref = ag::make(variant, key, tag_len, "portable");
      auto k = ag::make(variant, key, tag_len, backend);
      ASSERT_TRUE(ref && k);
      for (std::size_t len = 0; len <= 300; ++len) {
        const Bytes nonce = rng.bytes(alg.nonce_recommended());
        const Bytes ad = rng.bytes((len * 7) % 131);
        ASSERT_NO_FATAL_FAILURE(compare(*ref, *k, nonce, ad, rng.bytes(len)));
      }
      for (int i = 0; i < aeskit_test::scaled(40, 8); ++i) {
        const Bytes nonce = rng.bytes(alg.nonce_recommended());
        const Bytes ad = rng.bytes(rng.between(0, 600));
        ASSERT_NO_FATAL_FAILURE(compare(*ref, *k, nonce, ad, rng.bytes(rng.between(0, 8192))));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, AegisBackend, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

// The kernel report names the AEGIS kernel for every variant.
TEST(AegisBackendReport, KernelNamed) {
  for (std::string_view variant : ag::kVariants) {
    const aeskit::AeadAlgorithm& alg = ag::algorithm(variant);
    auto k = ag::make(variant, Bytes(alg.key_length(), 1), 16);
    ASSERT_TRUE(k.has_value());
    const std::string d = k->kernel();
    EXPECT_EQ(d.rfind(std::string(k->backend_name()) + ":aegis " + std::string(variant), 0), 0u)
        << d;
    EXPECT_NE(d.find("kernel ["), std::string::npos) << d;
  }
}

}  // namespace
