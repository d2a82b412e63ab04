// tests/mac/aead_eax_test.cpp — AES-EAX through AeadKey ("AES-128-EAX", "AES-192-EAX",
// "AES-256-EAX"): the ten test vectors of the EAX paper (Bellare-Rogaway-Wagner, as
// carried by Wycheproof with source eprint.iacr.org/2003/069) plus two written out here;
// every record of Wycheproof aes_eax_test.json (valid sealed and opened, invalid rejected
// with the output zeroed; nonces of 0..257 bytes); random parameters against libgcrypt
// (GCRY_CIPHER_MODE_EAX) both ways, offsets, in place, detached; every backend against
// portable; every bit flip of tag, ciphertext, AD and nonce rejected with the output
// zeroed; the API contract.
#include <gtest/gtest.h>

#include <cstring>

#include "mac_support.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AeadKey;

const aeskit::AeadAlgorithm& eax_for(std::size_t key_len) {
  return aeskit_test::aead::aes_algorithm("EAX", key_len);
}

AeadKey make(const Bytes& key, std::size_t tag_len = 16, std::string_view backend = {}) {
  auto k = AeadKey::create(eax_for(key.size()), key, tag_len, backend);
  EXPECT_TRUE(k.ok()) << k.message();
  return k.ok() ? std::move(k).value() : AeadKey();
}

using aeskit_test::aead::open;
using aeskit_test::aead::seal;

TEST(EaxKat, PaperVectorsWrittenOut) {
  struct V {
    const char *key, *nonce, *header, *msg, *cipher;
  } const vectors[] = {
      {"233952dee4d5ed5f9b9c6d6ff80ff478", "62ec67f9c3a4a407fcb2a8c49031a8b3", "6bfb914fd07eae6b",
       "", "e037830e8389f27b025a2d6527e79d01"},
      {"91945d3f4dcbee0bf45ef52255f095a4", "becaf043b0a23d843194ba972c66debd", "fa3bfd4806eb53fa",
       "f7fb", "19dd5c4c9331049d0bdab0277408f67967e5"},
  };
  for (const V& v : vectors) {
    for (const std::string& backend : aeskit_test::backend_names()) {
      if (!aeskit_test::backend_available(backend)) continue;
      const AeadKey key = make(from_hex(v.key), 16, backend);
      EXPECT_EQ(to_hex(seal(key, from_hex(v.nonce), from_hex(v.header), from_hex(v.msg))),
                v.cipher);
      auto pt = open(key, from_hex(v.nonce), from_hex(v.header), from_hex(v.cipher));
      ASSERT_TRUE(pt.has_value());
      EXPECT_EQ(to_hex(*pt), v.msg);
    }
  }
}

TEST(EaxWycheproof, EveryRecordAndThePaperVectors) {
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_eax_test.json");
  std::size_t count = 0, paper = 0, empty_nonce = 0;
  aeskit_test::for_each_wycheproof_test(
      doc, [&](const nlohmann::json& group, const nlohmann::json& t) {
        const std::size_t tag_len = group.at("tagSize").get<std::size_t>() / 8;
        ++count;
        const auto v = aeskit_test::wycheproof_aead(t);
        const Bytes &key_bytes = v.key, &nonce = v.iv, &ad = v.aad, &msg = v.msg;
        const Bytes sealed = v.sealed();
        if (v.comment.find("2003/069") != std::string::npos) ++paper;
        if (nonce.empty()) ++empty_nonce;
        const AeadKey key = make(key_bytes, tag_len);
        ASSERT_NE(t.at("result"), "acceptable");
        if (t.at("result") == "valid") {
          EXPECT_EQ(to_hex(seal(key, nonce, ad, msg)), to_hex(sealed));
          auto pt = open(key, nonce, ad, sealed);
          ASSERT_TRUE(pt.has_value());
          EXPECT_EQ(to_hex(*pt), to_hex(msg));
        } else {
          EXPECT_FALSE(open(key, nonce, ad, sealed).has_value());
        }
      });
  EXPECT_EQ(count, doc.at("numberOfTests").get<std::size_t>());
  EXPECT_EQ(paper, 10u);
  EXPECT_GT(empty_nonce, 0u);
}

TEST(EaxDifferential, Libgcrypt) {
  aeskit_test::TestRng rng;
  const std::size_t large = aeskit_test::scaled<std::size_t>(1 << 20, 1 << 14);
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (int iter = 0; iter < 700; ++iter) {
      const Bytes key_bytes = rng.bytes(key_len);
      const std::size_t len = iter < 600
                                  ? static_cast<std::size_t>(iter)
                                  : (iter < 695 ? rng.between(0, 20000) : rng.between(0, large));
      const Bytes pt = rng.bytes(len);
      const Bytes nonce = rng.bytes(rng.coin() ? 16 : rng.between(0, 40));
      const Bytes ad = rng.bytes(rng.coin() ? rng.between(0, 20) : rng.between(0, 300));
      const std::size_t tag_len = rng.between(8, 16);
      SCOPED_TRACE("len " + std::to_string(len) + " nonce " + std::to_string(nonce.size()) +
                   " ad " + std::to_string(ad.size()) + " tag " + std::to_string(tag_len));
      const AeadKey key = make(key_bytes, tag_len);
      const Bytes expected =
          aeskit_test::macref::gcrypt_eax_seal(key_bytes, nonce, ad, pt, tag_len);
      ASSERT_NO_FATAL_FAILURE(aeskit_test::aead::expect_matches_reference(
          key, rng, nonce, ad, pt, expected, {{"libgcrypt", [&](const Bytes& s) {
                                                 return aeskit_test::macref::gcrypt_eax_open(
                                                     key_bytes, nonce, ad, s, tag_len);
                                               }}}));
    }
  }
}

class EaxBackends : public testing::TestWithParam<std::string> {};

TEST_P(EaxBackends, MatchPortable) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const Bytes key_bytes = rng.bytes(key_len);
    const AeadKey mine = make(key_bytes, 16, GetParam());
    const AeadKey portable = make(key_bytes, 16, "portable");
    EXPECT_EQ(mine.backend_name(), GetParam());
    EXPECT_EQ(mine.kernel().rfind(GetParam() + ":", 0), 0u) << mine.kernel();
    for (std::size_t len = 0; len < 16 * 36 + 3; len += (len < 300 ? 1 : 7)) {
      const Bytes pt = rng.bytes(len);
      const Bytes nonce = rng.bytes(rng.between(0, 33));
      const Bytes ad = rng.bytes(rng.between(0, 40));
      const Bytes sealed = seal(mine, nonce, ad, pt);
      ASSERT_EQ(to_hex(sealed), to_hex(seal(portable, nonce, ad, pt))) << "len " << len;
      auto back = open(mine, nonce, ad, sealed);
      ASSERT_TRUE(back.has_value());
      ASSERT_EQ(*back, pt);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, EaxBackends, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

// Tags of 8, 13 and 16 bytes (the conformance suite runs the default, 16).
TEST(EaxMutation, EveryBitFlipRejectedOutputZeroed) {
  aeskit_test::TestRng rng;
  for (std::size_t tag_len : {8, 13, 16}) {
    const AeadKey key = make(rng.bytes(16), tag_len);
    const Bytes pt = rng.bytes(37);
    aeskit_test::aead::Message m{rng.bytes(16), rng.bytes(21), {}};
    m.sealed = seal(key, m.nonce, m.ad, pt);
    aeskit_test::aead::expect_tamper_rejected(key, m, pt);
    // Header and nonce are not interchangeable (OMAC^0 vs OMAC^1).
    EXPECT_FALSE(open(key, m.ad, m.nonce, m.sealed).has_value());
  }
}

TEST(EaxApi, DescriptorsAndErrors) {
  EXPECT_EQ(aeskit::aead::find("aes-128-eax"), &aeskit::aead::aes_128_eax());
  EXPECT_EQ(aeskit::aead::find("AES-192-EAX"), &aeskit::aead::aes_192_eax());
  EXPECT_EQ(aeskit::aead::find("AES-256-EAX"), &aeskit::aead::aes_256_eax());
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const auto& alg = eax_for(key_len);
    EXPECT_EQ(alg.key_length(), key_len);
    EXPECT_EQ(alg.nonce_min(), 0u);
    EXPECT_EQ(alg.default_tag_length(), 16u);
    EXPECT_EQ(alg.tag_lengths().front(), 8u);
    EXPECT_EQ(AeadKey::create(alg, Bytes(key_len + 1, 1)).code(), Errc::bad_key_length);
    EXPECT_EQ(AeadKey::create(alg, Bytes(key_len - 1, 1)).code(), Errc::bad_key_length);
    for (std::size_t bad : {0, 4, 7, 17})
      EXPECT_EQ(AeadKey::create(alg, Bytes(key_len, 1), bad).code(), Errc::bad_tag_length);
  }
  const AeadKey key = make(Bytes(16, 9));
  EXPECT_EQ(aeskit::AeadSealer::create(key, Bytes(16)).code(), Errc::one_shot_only);
  EXPECT_EQ(aeskit::AeadOpener::create(key, Bytes(16)).code(), Errc::one_shot_only);
  const Bytes nonce(16, 1), ad(5, 2), pt(40, 3);
  Bytes small(55, 0xee);
  EXPECT_EQ(key.seal(nonce, ad, pt, small).code(), Errc::output_too_small);
  EXPECT_EQ(small, Bytes(55, 0xee));
  // Partial overlap of plaintext and output, and output over the AD or nonce.
  Bytes buf(100, 4);
  EXPECT_EQ(key.seal(nonce, ad, std::span<const std::uint8_t>(buf.data() + 1, 40),
                     std::span<std::uint8_t>(buf.data(), 56))
                .code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(key.seal(std::span<const std::uint8_t>(buf.data() + 50, 16), ad, pt,
                     std::span<std::uint8_t>(buf.data(), 56))
                .code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(key.seal(nonce, std::span<const std::uint8_t>(buf.data() + 50, 5), pt,
                     std::span<std::uint8_t>(buf.data(), 56))
                .code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(buf, Bytes(100, 4));
  // The empty nonce and empty everything work.
  const Bytes sealed = seal(key, {}, {}, {});
  EXPECT_EQ(sealed.size(), 16u);
  EXPECT_TRUE(open(key, {}, {}, sealed).has_value());
  EXPECT_EQ(key.open(nonce, ad, Bytes(15), small).code(), Errc::authentication_failed);
  // Open with a wrong-length detached tag zeroes the output.
  Bytes ct(40), tag(16), out(40, 0xee);
  ASSERT_TRUE(key.seal_detached(nonce, ad, pt, ct, tag).ok());
  EXPECT_EQ(key.open_detached(nonce, ad, ct, Bytes(tag.begin(), tag.end() - 1), out).code(),
            Errc::authentication_failed);
  EXPECT_EQ(out, Bytes(40, 0));
  EXPECT_FALSE(key.kernel().empty());
}

}  // namespace
