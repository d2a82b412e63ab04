// tests/ccm/aead_ccm8_test.cpp — the CCM-8 presets aead::aes_128_ccm_8() / aes_256_ccm_8()
// ("AES-128-CCM-8", "AES-256-CCM-8"): descriptors and lookup, the fixed 8-byte tag (every
// other tag length refused at create), nonces of 7..13 bytes, RFC 3610 packet vector #1 (an
// 8-byte-tag AES-128 vector), and on every backend a differential test against OpenSSL EVP
// CCM with an 8-byte tag in RFC 6655 style (12-byte nonce = 4-byte salt || 8-byte explicit
// part, 13-byte TLS AD) and other nonce/AD lengths, byte-identical to the generic CCM
// descriptor with tag 8; tampering rejected with the output zeroed.
#include <gtest/gtest.h>

#include <algorithm>

#include "aead_ccm_support.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;

const aeskit::AeadAlgorithm& preset_for(std::size_t key_len) {
  return key_len == 16 ? aeskit::aead::aes_128_ccm_8() : aeskit::aead::aes_256_ccm_8();
}

TEST(Ccm8Api, Descriptors) {
  const aeskit::AeadAlgorithm* algs[] = {&aeskit::aead::aes_128_ccm_8(),
                                         &aeskit::aead::aes_256_ccm_8()};
  const char* names[] = {"AES-128-CCM-8", "AES-256-CCM-8"};
  const std::size_t key_lengths[] = {16, 32};
  for (int i = 0; i < 2; ++i) {
    const aeskit::AeadAlgorithm& a = *algs[i];
    EXPECT_EQ(a.name(), names[i]);
    EXPECT_EQ(a.key_length(), key_lengths[i]);
    EXPECT_EQ(a.nonce_min(), 7u);
    EXPECT_EQ(a.nonce_max(), 13u);
    EXPECT_EQ(a.nonce_recommended(), 12u);
    EXPECT_EQ(a.default_tag_length(), 8u);
    const std::vector<std::size_t> tags(a.tag_lengths().begin(), a.tag_lengths().end());
    EXPECT_EQ(tags, (std::vector<std::size_t>{8}));
    EXPECT_EQ(aeskit::aead::find(names[i]), &a);
    bool listed = false;
    for (const aeskit::AeadAlgorithm* x : aeskit::aead::algorithms()) listed |= x == &a;
    EXPECT_TRUE(listed);
  }
  EXPECT_EQ(aeskit::aead::find("aes-256-ccm-8"), &aeskit::aead::aes_256_ccm_8());
  // The presets are their own descriptors, not the generic CCM ones.
  EXPECT_EQ(aeskit::aead::find("AES-128-CCM"), &aeskit::aead::aes_128_ccm());
  EXPECT_NE(&aeskit::aead::aes_128_ccm_8(), &aeskit::aead::aes_128_ccm());
}

TEST(Ccm8Api, OnlyTheEightByteTagIsAccepted) {
  for (std::size_t key_len : {16u, 32u}) {
    const aeskit::AeadAlgorithm& alg = preset_for(key_len);
    for (std::size_t t : {0u, 1u, 4u, 6u, 7u, 9u, 10u, 12u, 14u, 16u, 17u}) {
      EXPECT_EQ(aeskit::AeadKey::create(alg, Bytes(key_len, 1), t).code(), Errc::bad_tag_length)
          << alg.name() << " tag " << t;
    }
    // AeadKey::create without a tag length takes the preset's own 8-byte tag.
    auto unnamed = aeskit::AeadKey::create(alg, Bytes(key_len, 1));
    ASSERT_TRUE(unnamed.ok());
    EXPECT_EQ(unnamed->tag_length(), 8u);
    auto by_default = aeskit::AeadKey::create(alg, Bytes(key_len, 1), alg.default_tag_length());
    ASSERT_TRUE(by_default.ok());
    EXPECT_EQ(by_default->tag_length(), 8u);
    EXPECT_EQ(by_default->algorithm(), &alg);
    auto explicit8 = aeskit::AeadKey::create(alg, Bytes(key_len, 1), 8);
    ASSERT_TRUE(explicit8.ok());
    EXPECT_EQ(explicit8->tag_length(), 8u);
    EXPECT_EQ(aeskit::AeadKey::create(alg, Bytes(key_len == 16 ? 32 : 16, 1), 8).code(),
              Errc::bad_key_length);
  }
}

TEST(Ccm8Api, NonceLengthsSevenToThirteen) {
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_ccm_8(), Bytes(16, 3), 8);
  ASSERT_TRUE(k.ok());
  const Bytes pt(5, 7);
  for (std::size_t n : {0u, 6u, 14u, 16u}) {
    Bytes out(pt.size() + 8, 0xEE);
    EXPECT_EQ(k->seal(Bytes(n, 1), {}, pt, out).code(), Errc::bad_nonce_length) << n;
    EXPECT_EQ(out, Bytes(pt.size() + 8, 0xEE));  // nothing written
  }
  for (std::size_t n = 7; n <= 13; ++n) {
    Bytes out(pt.size() + 8);
    const auto written = k->seal(Bytes(n, 1), {}, pt, out);
    ASSERT_TRUE(written.ok()) << n;
    EXPECT_EQ(written.value(), pt.size() + 8);
  }
  // The payload limit follows the nonce as for CCM: 13-byte nonce, q = 2, below 2^16 bytes.
  Bytes big(65536), out(65536 + 8);
  EXPECT_EQ(k->seal(Bytes(13, 1), {}, big, out).code(), Errc::message_too_long);
}

class Ccm8 : public testing::TestWithParam<std::string> {};

// RFC 3610 §8 packet vector #1: AES-128, 13-byte nonce, 8-byte AD, 8-byte tag.
TEST_P(Ccm8, Rfc3610PacketVector1) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_ccm_8(),
                                   from_hex("c0c1c2c3c4c5c6c7c8c9cacbcccdcecf"), 8, GetParam());
  ASSERT_TRUE(k.ok()) << k.message();
  const Bytes nonce = from_hex("00000003020100a0a1a2a3a4a5");
  const Bytes ad = from_hex("0001020304050607");
  const Bytes pt = from_hex("08090a0b0c0d0e0f101112131415161718191a1b1c1d1e");
  Bytes sealed(pt.size() + 8);
  ASSERT_TRUE(k->seal(nonce, ad, pt, sealed).ok());
  EXPECT_EQ(to_hex(sealed), "588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0");
  Bytes back(pt.size());
  ASSERT_TRUE(k->open(nonce, ad, sealed, back).ok());
  EXPECT_EQ(back, pt);
}

// Against OpenSSL with an 8-byte tag, and identical to the generic descriptor with tag 8.
// RFC 6655: nonce = salt (4 bytes, from the key block) || explicit nonce (8 bytes, the record
// sequence number), AD = the 13-byte TLS header; other nonce and AD lengths too.
TEST_P(Ccm8, MatchesOpenSslAndGenericCcm) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : {16u, 32u}) {
    const Bytes key = rng.bytes(key_len);
    auto preset = aeskit::AeadKey::create(preset_for(key_len), key, 8, GetParam());
    auto generic =
        aeskit::AeadKey::create(aeskit_test::ccm::algorithm_for(key_len), key, 8, GetParam());
    ASSERT_TRUE(preset.ok() && generic.ok());
    const Bytes salt = rng.bytes(4);
    std::vector<std::size_t> lengths;
    for (std::size_t len = 0; len <= 80; ++len) lengths.push_back(len);
    for (std::size_t len : {255u, 256u, 257u, 1024u, 1350u, 16383u, 16384u}) lengths.push_back(len);
    std::uint64_t sequence = rng.between(0, 1000);
    for (std::size_t len : lengths) {
      // RFC 6655 record: 12-byte nonce, 13-byte AD.
      Bytes nonce = salt;
      for (int i = 7; i >= 0; --i) nonce.push_back(static_cast<std::uint8_t>(sequence >> (8 * i)));
      ++sequence;
      Bytes ad = rng.bytes(13);
      if (len % 5 == 1) {  // other nonce lengths and AD lengths (none, long) as well
        nonce = rng.bytes(7 + len % 7);
        ad = rng.bytes(len % 3 == 0 ? 0 : rng.between(1, 300));
      }
      const Bytes pt = rng.bytes(len);
      Bytes sealed(len + 8);
      ASSERT_TRUE(preset->seal(nonce, ad, pt, sealed).ok()) << len;
      EXPECT_EQ(to_hex(sealed), to_hex(aeskit_test::ccm::openssl_seal(key, nonce, ad, pt, 8)))
          << "key " << key_len << " len " << len << " nonce " << nonce.size();
      Bytes generic_sealed(len + 8);
      ASSERT_TRUE(generic->seal(nonce, ad, pt, generic_sealed).ok());
      EXPECT_EQ(sealed, generic_sealed);
      Bytes back(len, 0xEE);
      ASSERT_TRUE(preset->open(nonce, ad, sealed, back).ok()) << len;
      EXPECT_EQ(back, pt);
      const auto theirs = aeskit_test::ccm::openssl_open(key, nonce, ad, sealed, 8);
      ASSERT_TRUE(theirs.has_value()) << len;
      EXPECT_EQ(*theirs, pt);
      // A flipped tag or ciphertext bit: rejected, output zeroed.
      Bytes bad = sealed;
      bad[rng.between(0, bad.size() - 1)] ^= static_cast<std::uint8_t>(1u << rng.between(0, 7));
      Bytes zeroed(len, 0xEE);
      const aeskit::Status s = preset->open(nonce, ad, bad, zeroed).status();
      EXPECT_EQ(s.code(), Errc::authentication_failed) << len;
      EXPECT_TRUE(std::all_of(zeroed.begin(), zeroed.end(), [](std::uint8_t x) { return x == 0; }));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllBackends, Ccm8, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
