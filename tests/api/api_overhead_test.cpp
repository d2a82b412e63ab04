// tests/api/api_overhead_test.cpp — AeadAlgorithm::max_overhead (the descriptor's answer to
// "how much room does seal need beyond the plaintext", which the C API's
// aeskit_aead_max_overhead returns): for every algorithm of aead::algorithms() and every tag
// length it allows, seal at every plaintext length 0..48 never writes more than
// plaintext + max_overhead(tag), and some length needs all of it. No vectors: sizes only.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "aeskit/aead.hpp"

namespace {

TEST(AeadOverhead, EverySealFitsAndTheBoundIsReached) {
  for (const aeskit::AeadAlgorithm* alg : aeskit::aead::algorithms()) {
    const std::string name(alg->name());
    const bool record = name.find("-CBC-SHA") != std::string::npos;
    for (std::size_t tag : alg->tag_lengths()) {
      const std::vector<std::uint8_t> key(alg->key_length(), 0x11);
      auto k = aeskit::AeadKey::create(*alg, key, tag);
      ASSERT_TRUE(k.ok()) << name << " tag " << tag << ": " << k.message();
      const std::size_t bound = alg->max_overhead(tag);
      EXPECT_EQ(bound, tag + (record ? 16 : 0)) << name;
      const std::vector<std::uint8_t> nonce(alg->nonce_recommended(), 0x22);
      const std::vector<std::uint8_t> ad(11, 0x33);  // the TLS records take exactly 11 bytes
      std::size_t most = 0;
      for (std::size_t len = 0; len <= 48; ++len) {
        const std::vector<std::uint8_t> pt(len, 0x44);
        std::vector<std::uint8_t> out(len + bound);
        auto n = k->seal(nonce, ad, pt, out);
        ASSERT_TRUE(n.ok()) << name << " len " << len << ": " << n.message();
        EXPECT_LE(*n, len + bound) << name << " len " << len;
        most = std::max(most, *n - len);
      }
      EXPECT_EQ(most, bound) << name << " tag " << tag;
    }
  }
}

}  // namespace
