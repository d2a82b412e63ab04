// tests/hash/hash_lengths_test.cpp — every SHA-512 compressor this CPU runs (avx512sha512,
// avx2sha512 on x86) against portable on every message length 0..1000, each hashed in random
// update splits, and HMAC/HKDF through precomputed key states against the one-shot functions:
// an Hmac keyed once and reset per message, HKDF-Extract then HKDF-Expand against hkdf().
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/hash.hpp"
#include "aeskit/kdf.hpp"
#include "backend/sha_backend.hpp"
#include "cpu/features.hpp"
#include "hash_support.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::HashAlgorithm;
using aeskit_test::Bytes;
using aeskit_test::TestRng;

// update_in_splits feeds `m` to `h` in random pieces (including empty ones).
template <class Digest>
void update_in_splits(Digest& h, const Bytes& m, TestRng& rng) {
  std::size_t at = 0;
  while (at < m.size()) {
    const std::size_t n = rng.between(0, m.size() - at);
    ASSERT_TRUE(h.update(std::span(m).subspan(at, n)).ok());
    at += n;
  }
  ASSERT_TRUE(h.update(std::span(m).subspan(at)).ok());
}

TEST(ShaLengths, EverySha512CompressorMatchesPortableOnLengths0To1000) {
  TestRng rng;
  const std::vector<std::string> names =
      aeskit_test::hash::runnable_backends(HashAlgorithm::sha512);
  const auto& f = aeskit::cpu::cpu_features();
  const bool x86 = aeskit::detail::find_sha_compressor("avx2sha512") != nullptr;
  if (x86 && f.has(aeskit::cpu::Feature::avx2) && f.has(aeskit::cpu::Feature::bmi2)) {
    // Where the CPU (after AESKIT_DISABLE) allows them, the vector compressors come first:
    // avx512sha512 with AVX-512, then avx2sha512, then portable.
    const bool avx512 = f.has(aeskit::cpu::Feature::avx512);
    std::vector<std::string> want = {"avx2sha512", "portable"};
    if (avx512) want.insert(want.begin(), "avx512sha512");
    EXPECT_EQ(names, want);
    auto h = aeskit::Hash::create(HashAlgorithm::sha512);
    ASSERT_TRUE(h.ok());
    EXPECT_EQ(h->backend_name(), want.front());
  }
  int compared = 0;
  for (const std::string& name : names) {
    if (name == "portable") continue;
    for (std::size_t len = 0; len <= 1000; ++len) {
      const Bytes m = rng.bytes(len);
      auto hp = aeskit::Hash::create(HashAlgorithm::sha512, "portable");
      auto hb = aeskit::Hash::create(HashAlgorithm::sha512, name);
      ASSERT_TRUE(hp.ok() && hb.ok());
      ASSERT_TRUE(hp->update(m).ok());
      update_in_splits(*hb, m, rng);
      Bytes x(64), y(64);
      ASSERT_TRUE(hp->finish(x).ok() && hb->finish(y).ok());
      ASSERT_EQ(x, y) << name << ", " << len << " bytes";
      ++compared;
    }
  }
  // Nothing to compare only where no SHA-512 compressor but portable runs: say so.
  if (compared == 0) {
    EXPECT_EQ(names, std::vector<std::string>{"portable"});
  } else {
    EXPECT_EQ(compared % 1001, 0);
  }
}

TEST(HmacPrecomputed, KeyedOnceEqualsOneShotForEveryLength) {
  TestRng rng;
  for (HashAlgorithm alg : aeskit_test::hash::kAlgorithms) {
    for (std::size_t key_len : {0u, 16u, 32u, 64u, 128u, 129u, 200u}) {
      const Bytes key = rng.bytes(key_len);
      auto mac = aeskit::Hmac::create(alg, key);
      ASSERT_TRUE(mac.ok());
      for (std::size_t len = 0; len <= 300; len += 1 + len / 16) {
        const Bytes m = rng.bytes(len);
        ASSERT_TRUE(mac->reset().ok());
        update_in_splits(*mac, m, rng);
        Bytes a(aeskit::digest_length(alg)), b(aeskit::digest_length(alg));
        ASSERT_TRUE(mac->finish(a).ok());
        ASSERT_TRUE(aeskit::hmac(alg, key, m, b).ok());
        ASSERT_EQ(a, b) << aeskit::hash_name(alg) << " key " << key_len << " msg " << len;
      }
    }
  }
}

TEST(HkdfPrecomputed, ExtractThenExpandEqualsHkdf) {
  TestRng rng;
  for (HashAlgorithm alg : {HashAlgorithm::sha256, HashAlgorithm::sha512}) {
    const std::size_t d = aeskit::digest_length(alg);
    for (std::size_t out_len : {std::size_t{1}, d - 1, d, d + 1, 3 * d + 5, 255 * d}) {
      const Bytes ikm = rng.bytes(rng.between(0, 100));
      const Bytes salt = rng.bytes(rng.between(0, 200));
      const Bytes info = rng.bytes(rng.between(0, 300));
      Bytes prk(d), a(out_len), b(out_len);
      ASSERT_TRUE(aeskit::hkdf_extract(alg, ikm, salt, prk).ok());
      ASSERT_TRUE(aeskit::hkdf_expand(alg, prk, info, a).ok());
      ASSERT_TRUE(aeskit::hkdf(alg, ikm, salt, info, b).ok());
      ASSERT_EQ(a, b) << aeskit::hash_name(alg) << " L=" << out_len;
      // T(1) is HMAC(PRK, info || 0x01): the first block by the definition.
      Bytes t1_msg = info;
      t1_msg.push_back(1);
      Bytes t1(d);
      ASSERT_TRUE(aeskit::hmac(alg, prk, t1_msg, t1).ok());
      const std::size_t n = out_len < d ? out_len : d;
      ASSERT_EQ(0, std::memcmp(t1.data(), a.data(), n));
    }
  }
}

}  // namespace
