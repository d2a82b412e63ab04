// tests/hash/hash_wycheproof_test.cpp — HMAC-SHA1/256/512 and HKDF-SHA256/512 against Project
// Wycheproof (../shared/vectors/wycheproof/hmac_sha{1,256,512}_test.json, MacTest;
// hkdf_sha{256,512}_test.json, HkdfTest).
//
// HMAC: each group's tagSize (bits) is the tag length: a valid case must give exactly `tag`
// (truncated to tagSize) and verify; an invalid one (ModifiedTag) must fail verify with
// authentication_failed, on every SHA compressor this CPU runs. The files have no
// "acceptable" results; one appearing fails the test so that its policy gets decided.
// HKDF: valid cases must give exactly `okm`; invalid ones (SizeTooLarge: size > 255·HashLen)
// must fail with output_too_long and write nothing.
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aeskit/hash.hpp"
#include "aeskit/kdf.hpp"
#include "hash_support.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/vectors.hpp"

namespace {

using aeskit::Errc;
using aeskit::HashAlgorithm;
using aeskit_test::Bytes;
using aeskit_test::from_hex;

void run_hmac_file(const std::filesystem::path& path, HashAlgorithm alg, int expected_tests) {
  const nlohmann::json doc = aeskit_test::load_json(path);
  int valid = 0, invalid = 0;
  const auto backends = aeskit_test::hash::runnable_backends(alg);
  for (const auto& group : doc.at("testGroups")) {
    const std::size_t tag_bytes = group.at("tagSize").get<std::size_t>() / 8;
    for (const auto& t : group.at("tests")) {
      SCOPED_TRACE("tcId " + std::to_string(t.at("tcId").get<int>()));
      const Bytes key = from_hex(t.at("key").get<std::string>());
      const Bytes msg = from_hex(t.at("msg").get<std::string>());
      const Bytes tag = from_hex(t.at("tag").get<std::string>());
      const std::string result = t.at("result").get<std::string>();
      ASSERT_EQ(tag.size(), tag_bytes);
      ASSERT_TRUE(result == "valid" || result == "invalid") << result;
      Bytes got(tag_bytes);
      ASSERT_TRUE(aeskit::hmac(alg, key, msg, got).ok());
      const aeskit::Status verdict = aeskit::hmac_verify(alg, key, msg, tag);
      if (result == "valid") {
        ++valid;
        EXPECT_EQ(got, tag);
        EXPECT_TRUE(verdict.ok());
      } else {
        ++invalid;
        EXPECT_NE(got, tag);
        EXPECT_EQ(verdict.code(), Errc::authentication_failed);
      }
      for (const std::string& b : backends) {
        auto m = aeskit::Hmac::create(alg, key, b);
        ASSERT_TRUE(m.ok());
        ASSERT_TRUE(m->update(msg).ok());
        EXPECT_EQ(m->verify(tag).ok(), result == "valid") << b;
      }
    }
  }
  EXPECT_EQ(valid + invalid, expected_tests);
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
  ::testing::Test::RecordProperty("valid", valid);
  ::testing::Test::RecordProperty("invalid", invalid);
}

void run_hkdf_file(const std::filesystem::path& path, HashAlgorithm alg, int expected_tests) {
  const nlohmann::json doc = aeskit_test::load_json(path);
  int valid = 0, invalid = 0;
  for (const auto& group : doc.at("testGroups")) {
    for (const auto& t : group.at("tests")) {
      SCOPED_TRACE("tcId " + std::to_string(t.at("tcId").get<int>()));
      const Bytes ikm = from_hex(t.at("ikm").get<std::string>());
      const Bytes salt = from_hex(t.at("salt").get<std::string>());
      const Bytes info = from_hex(t.at("info").get<std::string>());
      const std::size_t size = t.at("size").get<std::size_t>();
      const std::string result = t.at("result").get<std::string>();
      Bytes out(size, 0xa5);
      const aeskit::Status s = aeskit::hkdf(alg, ikm, salt, info, out);
      if (result == "valid") {
        ++valid;
        ASSERT_TRUE(s.ok()) << s.message();
        EXPECT_EQ(out, from_hex(t.at("okm").get<std::string>()));
        // Extract + expand separately give the same.
        Bytes prk(aeskit::digest_length(alg)), out2(size);
        ASSERT_TRUE(aeskit::hkdf_extract(alg, salt, ikm, prk).ok());
        ASSERT_TRUE(aeskit::hkdf_expand(alg, prk, info, out2).ok());
        EXPECT_EQ(out2, out);
      } else {
        ASSERT_EQ(result, "invalid");
        ++invalid;
        EXPECT_EQ(s.code(), Errc::output_too_long);
        EXPECT_GT(size, aeskit::hkdf_max_output(alg));
        EXPECT_EQ(out, Bytes(size, 0xa5));
      }
    }
  }
  EXPECT_EQ(valid + invalid, expected_tests);
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
  ::testing::Test::RecordProperty("valid", valid);
  ::testing::Test::RecordProperty("invalid", invalid);
}

TEST(HmacWycheproof, Sha1) {
  AESKIT_LOCATE_VECTOR(path, "wycheproof/hmac_sha1_test.json");
  run_hmac_file(path, HashAlgorithm::sha1,
                aeskit_test::load_json(path).at("numberOfTests").get<int>());
}
TEST(HmacWycheproof, Sha256) {
  AESKIT_LOCATE_VECTOR(path, "wycheproof/hmac_sha256_test.json");
  run_hmac_file(path, HashAlgorithm::sha256,
                aeskit_test::load_json(path).at("numberOfTests").get<int>());
}
TEST(HmacWycheproof, Sha512) {
  AESKIT_LOCATE_VECTOR(path, "wycheproof/hmac_sha512_test.json");
  run_hmac_file(path, HashAlgorithm::sha512,
                aeskit_test::load_json(path).at("numberOfTests").get<int>());
}
TEST(HkdfWycheproof, Sha256) {
  AESKIT_LOCATE_VECTOR(path, "wycheproof/hkdf_sha256_test.json");
  run_hkdf_file(path, HashAlgorithm::sha256,
                aeskit_test::load_json(path).at("numberOfTests").get<int>());
}
TEST(HkdfWycheproof, Sha512) {
  AESKIT_LOCATE_VECTOR(path, "wycheproof/hkdf_sha512_test.json");
  run_hkdf_file(path, HashAlgorithm::sha512,
                aeskit_test::load_json(path).at("numberOfTests").get<int>());
}

}  // namespace
