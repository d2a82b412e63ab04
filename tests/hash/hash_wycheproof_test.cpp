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
using aeskit_test::hex_field;

void run_hmac_file(const std::filesystem::path& path, HashAlgorithm alg) {
  const nlohmann::json doc = aeskit_test::load_json(path);
  int valid = 0, invalid = 0;
  const auto backends = aeskit_test::hash::runnable_backends(alg);
  aeskit_test::for_each_wycheproof_test(
      doc, [&](const nlohmann::json& group, const nlohmann::json& t) {
        const std::size_t tag_bytes = group.at("tagSize").get<std::size_t>() / 8;
        const Bytes key = hex_field(t, "key");
        const Bytes msg = hex_field(t, "msg");
        const Bytes tag = hex_field(t, "tag");
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
      });
  EXPECT_EQ(valid + invalid, doc.at("numberOfTests").get<int>());
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
  ::testing::Test::RecordProperty("valid", valid);
  ::testing::Test::RecordProperty("invalid", invalid);
}

void run_hkdf_file(const std::filesystem::path& path, HashAlgorithm alg) {
  const nlohmann::json doc = aeskit_test::load_json(path);
  int valid = 0, invalid = 0;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& t) {
    const Bytes ikm = hex_field(t, "ikm");
    const Bytes salt = hex_field(t, "salt");
    const Bytes info = hex_field(t, "info");
    const std::size_t size = t.at("size").get<std::size_t>();
    const std::string result = t.at("result").get<std::string>();
    Bytes out(size, 0xa5);
    const aeskit::Status s = aeskit::hkdf(alg, ikm, salt, info, out);
    if (result == "valid") {
      ++valid;
      ASSERT_TRUE(s.ok()) << s.message();
      EXPECT_EQ(out, hex_field(t, "okm"));
      // Extract + expand separately give the same.
      Bytes prk(aeskit::digest_length(alg)), out2(size);
      ASSERT_TRUE(aeskit::hkdf_extract(alg, ikm, salt, prk).ok());
      ASSERT_TRUE(aeskit::hkdf_expand(alg, prk, info, out2).ok());
      EXPECT_EQ(out2, out);
    } else {
      ASSERT_EQ(result, "invalid");
      ++invalid;
      EXPECT_EQ(s.code(), Errc::output_too_long);
      EXPECT_GT(size, aeskit::hkdf_max_output(alg));
      EXPECT_EQ(out, Bytes(size, 0xa5));
    }
  });
  EXPECT_EQ(valid + invalid, doc.at("numberOfTests").get<int>());
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
  ::testing::Test::RecordProperty("valid", valid);
  ::testing::Test::RecordProperty("invalid", invalid);
}

// One Wycheproof file and the hash it is for.
struct HashFile {
  const char* name;
  const char* file;
  HashAlgorithm alg;
};

std::string file_param_name(const testing::TestParamInfo<HashFile>& info) {
  return info.param.name;
}

constexpr HashFile kHmacFiles[] = {
    {"Sha1", "hmac_sha1_test.json", HashAlgorithm::sha1},
    {"Sha256", "hmac_sha256_test.json", HashAlgorithm::sha256},
    {"Sha512", "hmac_sha512_test.json", HashAlgorithm::sha512},
};
constexpr HashFile kHkdfFiles[] = {
    {"Sha256", "hkdf_sha256_test.json", HashAlgorithm::sha256},
    {"Sha512", "hkdf_sha512_test.json", HashAlgorithm::sha512},
};

class HmacWycheproof : public testing::TestWithParam<HashFile> {};
class HkdfWycheproof : public testing::TestWithParam<HashFile> {};

TEST_P(HmacWycheproof, EveryRecord) {
  AESKIT_LOCATE_VECTOR(path, std::string("wycheproof/") + GetParam().file);
  run_hmac_file(path, GetParam().alg);
}

TEST_P(HkdfWycheproof, EveryRecord) {
  AESKIT_LOCATE_VECTOR(path, std::string("wycheproof/") + GetParam().file);
  run_hkdf_file(path, GetParam().alg);
}

INSTANTIATE_TEST_SUITE_P(Files, HmacWycheproof, testing::ValuesIn(kHmacFiles), file_param_name);
INSTANTIATE_TEST_SUITE_P(Files, HkdfWycheproof, testing::ValuesIn(kHkdfFiles), file_param_name);

}  // namespace
