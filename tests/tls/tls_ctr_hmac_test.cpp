// tests/tls/tls_ctr_hmac_test.cpp — AES-128/256-CTR-HMAC-SHA256 against the construction rebuilt
// from OpenSSL's AES-CTR and HMAC-SHA256 (BoringSSL's layout: le64 lengths, nonce, AD, zero
// pad to the block, ciphertext), both directions, every tag length, random lengths; every
// single-byte change to ciphertext, tag, nonce or AD fails with the output zeroed.
#include <gtest/gtest.h>

#include "aeskit/aead.hpp"
#include "support/rng.hpp"
#include "tls_support.hpp"

namespace {

using aeskit::Errc;
using aeskit_test::Bytes;
using aeskit_test::TestRng;

constexpr int kRounds = aeskit_test::scaled(300, 60);

Bytes reference(std::size_t aes_len, const Bytes& key, const Bytes& nonce, const Bytes& ad,
                const Bytes& pt, std::size_t tag_len) {
  const Bytes aes(key.begin(), key.begin() + static_cast<long>(aes_len));
  const Bytes mac_key(key.begin() + static_cast<long>(aes_len), key.end());
  Bytes counter = nonce;
  counter.resize(16, 0);
  const Bytes ct = aeskit_test::tls::aes_raw("CTR", aes_len, true, aes, counter, pt);
  Bytes msg;
  for (std::uint64_t v :
       {static_cast<std::uint64_t>(ad.size()), static_cast<std::uint64_t>(ct.size())})
    for (int i = 0; i < 8; ++i) msg.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  msg.insert(msg.end(), nonce.begin(), nonce.end());
  msg.insert(msg.end(), ad.begin(), ad.end());
  while (msg.size() % 64 != 0) msg.push_back(0);
  msg.insert(msg.end(), ct.begin(), ct.end());
  const Bytes t = aeskit_test::tls::hmac_of(EVP_sha256(), mac_key, msg);
  Bytes out = ct;
  out.insert(out.end(), t.begin(), t.begin() + static_cast<long>(tag_len));
  return out;
}

TEST(CtrHmacSha256, MatchesOpenSslConstructionBothWays) {
  TestRng rng;
  for (std::size_t aes_len : {16, 32}) {
    const auto* alg =
        aeskit::aead::find(aes_len == 16 ? "AES-128-CTR-HMAC-SHA256" : "AES-256-CTR-HMAC-SHA256");
    ASSERT_NE(alg, nullptr);
    EXPECT_EQ(alg->default_tag_length(), 32u);
    for (int r = 0; r < kRounds; ++r) {
      const Bytes key = rng.bytes(aes_len + 32);
      const std::size_t tag_len = rng.between(16, 32);
      auto k = aeskit::AeadKey::create(*alg, key, tag_len);
      ASSERT_TRUE(k.ok()) << k.message();
      const Bytes nonce = rng.bytes(12), ad = rng.bytes(rng.between(0, 150));
      const Bytes pt = rng.bytes(rng.coin() ? rng.between(0, 100) : rng.between(0, 5000));
      const Bytes want = reference(aes_len, key, nonce, ad, pt, tag_len);
      Bytes sealed(pt.size() + tag_len);
      ASSERT_TRUE(k->seal(nonce, ad, pt, sealed).ok());
      ASSERT_EQ(sealed, want) << "length " << pt.size();
      Bytes out(pt.size(), 0xee);
      ASSERT_TRUE(k->open(nonce, ad, want, out).ok());
      ASSERT_EQ(out, pt);
    }
  }
}

TEST(CtrHmacSha256, EveryByteChangeFails) {
  TestRng rng;
  const auto& alg = aeskit::aead::aes_128_ctr_hmac_sha256();
  const Bytes key = rng.bytes(48);
  auto k = aeskit::AeadKey::create(alg, key, 32);
  ASSERT_TRUE(k.ok());
  const Bytes nonce = rng.bytes(12), ad = rng.bytes(13), pt = rng.bytes(70);
  Bytes sealed(pt.size() + 32);
  ASSERT_TRUE(k->seal(nonce, ad, pt, sealed).ok());
  auto fails = [&](const Bytes& n, const Bytes& a, const Bytes& s) {
    Bytes out(pt.size(), 0x55);
    EXPECT_EQ(k->open(n, a, s, out).code(), Errc::authentication_failed);
    EXPECT_EQ(out, Bytes(pt.size(), 0));
  };
  for (std::size_t i = 0; i < sealed.size(); ++i) {
    Bytes bad = sealed;
    bad[i] ^= 0x20;
    fails(nonce, ad, bad);
  }
  for (std::size_t i = 0; i < nonce.size(); ++i) {
    Bytes bad = nonce;
    bad[i] ^= 1;
    fails(bad, ad, sealed);
  }
  for (std::size_t i = 0; i < ad.size(); ++i) {
    Bytes bad = ad;
    bad[i] ^= 0x80;
    fails(nonce, bad, sealed);
  }
  EXPECT_EQ(aeskit::AeadKey::create(alg, key, 15).code(), Errc::bad_tag_length);
  auto by_default = aeskit::AeadKey::create(alg, key);  // the longest tag, as BoringSSL
  ASSERT_TRUE(by_default.ok());
  EXPECT_EQ(by_default->tag_length(), 32u);
  EXPECT_EQ(aeskit::AeadKey::create(alg, Bytes(47, 0), 32).code(), Errc::bad_key_length);
  Bytes out(pt.size() + 32);
  EXPECT_EQ(k->seal(Bytes(16, 0), ad, pt, out).code(), Errc::bad_nonce_length);
}

}  // namespace
