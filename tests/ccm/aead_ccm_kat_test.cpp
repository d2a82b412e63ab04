// tests/ccm/aead_ccm_kat_test.cpp — AES-CCM known answers on every AES backend: RFC 3610 §8 packet
// vectors (the first 8 or 12 bytes of each packet are the AD), NIST SP 800-38C Appendix C
// examples C.1-C.4 (C.4: 2^16 bytes of AD, the 6-byte AD length encoding), and Project
// Wycheproof aes_ccm_test.json.
//
// valid: seal gives exactly ct || tag and open gives exactly msg.
// invalid: InvalidTagSize, InsecureTagSize (2-byte tags) — AeadKey::create refuses the tag
// (bad_tag_length); InvalidNonceSize —
// seal and open refuse the nonce (bad_nonce_length); everything else (ModifiedTag, ...) —
// open fails with authentication_failed and the plaintext span is zeroed.
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aead_ccm_support.hpp"
#include "aeskit/aeskit.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/names.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::aead::Kat;

// RFC 3610 §8, packet vectors #1-#12 (key C0..CF) and #13-#24 (key D7828D13...).
const Kat kRfc3610[] = {
    {"#1", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000003020100a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
     "588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0"},
    {"#2", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000004030201a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "72c91a36e135f8cf291ca894085c87e3cc15c439c9e43a3ba091d56e10400916"},
    {"#3", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000005040302a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
     "51b1e5f44a197d1da46b0f8e2d282ae871e838bb64da8596574adaa76fbd9fb0c5"},
    {"#4", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000006050403a0a1a2a3a4a5",
     "000102030405060708090a0b", "0c0d0e0f101112131415161718191a1b1c1d1e",
     "a28c6865939a9a79faaa5c4c2a9d4a91cdac8c96c861b9c9e61ef1"},
    {"#5", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000007060504a0a1a2a3a4a5",
     "000102030405060708090a0b", "0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "dcf1fb7b5d9e23fb9d4e131253658ad86ebdca3e51e83f077d9c2d93"},
    {"#6", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000008070605a0a1a2a3a4a5",
     "000102030405060708090a0b", "0c0d0e0f101112131415161718191a1b1c1d1e1f20",
     "6fc1b011f006568b5171a42d953d469b2570a4bd87405a0443ac91cb94"},
    {"#7", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000009080706a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
     "0135d1b2c95f41d5d1d4fec185d166b8094e999dfed96c048c56602c97acbb7490"},
    {"#8", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "0000000a090807a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "7b75399ac0831dd2f0bbd75879a2fd8f6cae6b6cd9b7db24c17b4433f434963f34b4"},
    {"#9", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "0000000b0a0908a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
     "82531a60cc24945a4b8279181ab5c84df21ce7f9b73f42e197ea9c07e56b5eb17e5f4e"},
    {"#10", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "0000000c0b0a09a0a1a2a3a4a5",
     "000102030405060708090a0b", "0c0d0e0f101112131415161718191a1b1c1d1e",
     "07342594157785152b074098330abb141b947b566aa9406b4d999988dd"},
    {"#11", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "0000000d0c0b0aa0a1a2a3a4a5",
     "000102030405060708090a0b", "0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "676bb20380b0e301e8ab79590a396da78b834934f53aa2e9107a8b6c022c"},
    {"#12", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "0000000e0d0c0ba0a1a2a3a4a5",
     "000102030405060708090a0b", "0c0d0e0f101112131415161718191a1b1c1d1e1f20",
     "c0ffa0d6f05bdb67f24d43a4338d2aa4bed7b20e43cd1aa31662e7ad65d6db"},
    {"#13", "d7828d13b2b0bdc325a76236df93cc6b", "00412b4ea9cdbe3c9696766cfa", "0be1a88bace018b1",
     "08e8cf97d820ea258460e96ad9cf5289054d895ceac47c",
     "4cb97f86a2a4689a877947ab8091ef5386a6ffbdd080f8e78cf7cb0cddd7b3"},
    {"#14", "d7828d13b2b0bdc325a76236df93cc6b", "0033568ef7b2633c9696766cfa", "63018f76dc8a1bcb",
     "9020ea6f91bdd85afa0039ba4baff9bfb79c7028949cd0ec",
     "4ccb1e7ca981befaa0726c55d378061298c85c92814abc33c52ee81d7d77c08a"},
    {"#15", "d7828d13b2b0bdc325a76236df93cc6b", "00f8b678094e3b3c9696766cfa",
     "77b60f011c03e1525899bcae", "e88b6a46c78d63e52eb8c546efb5de6f75e9cc0d",
     "5545ff1a085ee2efbf52b2e04bee1e2336c73e3f762c0c7744fe7e3c"},
    {"#16", "d7828d13b2b0bdc325a76236df93cc6b", "00d560912d3f703c9696766cfa",
     "cd9044d2b71fdb8120ea60c0", "6435acbafb11a82e2f071d7ca4a5ebd93a803ba87f",
     "009769ecabdf48625594c59251e6035722675e04c847099e5ae0704551"},
    {"#17", "d7828d13b2b0bdc325a76236df93cc6b", "0042fff8f1951c3c9696766cfa", "d85bc7e69f944fb8",
     "8a19b950bcf71a018e5e6701c91787659809d67dbedd18",
     "bc218daa947427b6db386a99ac1aef23ade0b52939cb6a637cf9bec2408897c6ba"},
    {"#18", "d7828d13b2b0bdc325a76236df93cc6b", "00920f40e56cdc3c9696766cfa", "74a0ebc9069f5b37",
     "1761433c37c5a35fc1f39f406302eb907c6163be38c98437",
     "5810e6fd25874022e80361a478e3e9cf484ab04f447efff6f0a477cc2fc9bf548944"},
    {"#19", "d7828d13b2b0bdc325a76236df93cc6b", "0027ca0c7120bc3c9696766cfa", "44a3aa3aae6475ca",
     "a434a8e58500c6e41530538862d686ea9e81301b5ae4226bfa",
     "f2beed7bc5098e83feb5b31608f8e29c38819a89c8e776f1544d4151a4ed3a8b87b9ce"},
    {"#20", "d7828d13b2b0bdc325a76236df93cc6b", "005b8ccbcd9af83c9696766cfa",
     "ec46bb63b02520c33c49fd70", "b96b49e21d621741632875db7f6c9243d2d7c2",
     "31d750a09da3ed7fddd49a2032aabf17ec8ebf7d22c8088c666be5c197"},
    {"#21", "d7828d13b2b0bdc325a76236df93cc6b", "003ebe94044b9a3c9696766cfa",
     "47a65ac78b3d594227e85e71", "e2fcfbb880442c731bf95167c8ffd7895e337076",
     "e882f1dbd38ce3eda7c23f04dd65071eb41342acdf7e00dccec7ae52987d"},
    {"#22", "d7828d13b2b0bdc325a76236df93cc6b", "008d493b30ae8b3c9696766cfa",
     "6e37a6ef546d955d34ab6059", "abf21c0b02feb88f856df4a37381bce3cc128517d4",
     "f32905b88a641b04b9c9ffb58cc390900f3da12ab16dce9e82efa16da62059"},
};

// SP 800-38C Appendix C (C.4's AD is built in the test: 65536 bytes, byte i = i mod 256).
const Kat kSp80038c[] = {
    {"C.1", "404142434445464748494a4b4c4d4e4f", "10111213141516", "0001020304050607", "20212223",
     "7162015b4dac255d"},
    {"C.2", "404142434445464748494a4b4c4d4e4f", "1011121314151617",
     "000102030405060708090a0b0c0d0e0f", "202122232425262728292a2b2c2d2e2f",
     "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd"},
    {"C.3", "404142434445464748494a4b4c4d4e4f", "101112131415161718191a1b",
     "000102030405060708090a0b0c0d0e0f10111213", "202122232425262728292a2b2c2d2e2f3031323334353637",
     "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951"},
    {"C.4", "404142434445464748494a4b4c4d4e4f", "101112131415161718191a1b1c", "",
     "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
     "69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72b4ac6bec93e8598e7f0dadbcea5"
     "b"},
};

class CcmKat : public testing::TestWithParam<std::string> {
 protected:
  // expect_answer: seal gives exactly `expected` (ct || tag) and open of it gives exactly `pt`.
  void expect_answer(const Bytes& key, std::size_t tag_len, const Bytes& nonce, const Bytes& ad,
                     const Bytes& pt, const Bytes& expected) {
    auto k = aeskit::AeadKey::create(aeskit_test::ccm::algorithm_for(key.size()), key, tag_len,
                                     GetParam());
    ASSERT_TRUE(k.ok()) << k.message();
    Bytes out(pt.size() + tag_len);
    auto n = k->seal(nonce, ad, pt, out);
    ASSERT_TRUE(n.ok()) << n.message();
    EXPECT_EQ(to_hex(out), to_hex(expected));
    Bytes back(pt.size(), 0xEE);
    auto m = k->open(nonce, ad, expected, back);
    ASSERT_TRUE(m.ok()) << m.message();
    EXPECT_EQ(to_hex(back), to_hex(pt));
  }
  void check(const Kat& kat, const Bytes& ad) {
    SCOPED_TRACE(kat.name);
    const Bytes pt = from_hex(kat.pt), sealed = from_hex(kat.sealed);
    ASSERT_GT(sealed.size(), pt.size());
    expect_answer(from_hex(kat.key), sealed.size() - pt.size(), from_hex(kat.nonce), ad, pt,
                  sealed);
  }
};

TEST_P(CcmKat, Rfc3610PacketVectors) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  for (const Kat& kat : kRfc3610) check(kat, from_hex(kat.ad));
}

TEST_P(CcmKat, Sp80038cAppendixC) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  for (const Kat& kat : kSp80038c) {
    Bytes ad = from_hex(kat.ad);
    if (std::string(kat.name) == "C.4") {
      ad.resize(65536);
      for (std::size_t i = 0; i < ad.size(); ++i) ad[i] = static_cast<std::uint8_t>(i);
    }
    check(kat, ad);
  }
}

bool has_flag(const nlohmann::json& t, const std::string& flag) {
  for (const auto& f : t.at("flags"))
    if (f.get<std::string>() == flag) return true;
  return false;
}

TEST_P(CcmKat, Wycheproof) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_ccm_test.json");
  int valid = 0, invalid = 0;
  aeskit_test::for_each_wycheproof_test(
      doc, [&](const nlohmann::json& group, const nlohmann::json& t) {
        const std::size_t tag_len = group.at("tagSize").get<std::size_t>() / 8;
        const auto v = aeskit_test::wycheproof_aead(t);
        const Bytes &key = v.key, &nonce = v.iv, &ad = v.aad, &msg = v.msg;
        const Bytes sealed = v.sealed();
        const std::string& result = v.result;
        if (result == "valid") {
          ++valid;
          ASSERT_NO_FATAL_FAILURE(expect_answer(key, tag_len, nonce, ad, msg, sealed));
          return;
        }
        auto k = aeskit::AeadKey::create(aeskit_test::ccm::algorithm_for(key.size()), key, tag_len,
                                         GetParam());
        ASSERT_EQ(result, "invalid");
        ++invalid;
        if (has_flag(t, "InvalidTagSize") || has_flag(t, "InsecureTagSize")) {
          ASSERT_FALSE(k.ok());
          EXPECT_EQ(k.code(), Errc::bad_tag_length);
          return;
        }
        ASSERT_TRUE(k.ok()) << k.message();
        Bytes back(sealed.size() >= tag_len ? sealed.size() - tag_len : 0, 0xEE);
        auto m = k->open(nonce, ad, sealed, back);
        ASSERT_FALSE(m.ok());
        if (has_flag(t, "InvalidNonceSize")) {
          EXPECT_EQ(m.code(), Errc::bad_nonce_length);
          Bytes out(msg.size() + tag_len);
          EXPECT_EQ(k->seal(nonce, ad, msg, out).code(), Errc::bad_nonce_length);
        } else {
          EXPECT_EQ(m.code(), Errc::authentication_failed);
          for (std::uint8_t b : back) ASSERT_EQ(b, 0) << "output not zeroed";
        }
      });
  EXPECT_EQ(valid, 405);
  EXPECT_EQ(invalid, 147);
  RecordProperty("valid", valid);
  RecordProperty("invalid", invalid);
}

INSTANTIATE_TEST_SUITE_P(AllBackends, CcmKat, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
