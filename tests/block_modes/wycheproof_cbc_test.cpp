// tests/block_modes/wycheproof_cbc_test.cpp — AES-CBC with PKCS#7 padding on every backend against
// Project Wycheproof. Vectors: ../shared/vectors/wycheproof/aes_cbc_pkcs5_test.json.
// valid: decrypts to msg and encrypts to ct exactly (one-shot with an output span of exactly
// the result size, and incrementally). invalid (BadPadding, NoPadding): decryption fails with
// bad_padding or not_block_multiple and writes nothing. The file has no "acceptable" cases;
// one appearing would fail the test so that someone decides what to expect.
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/names.hpp"
#include "support/run_modes.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::hex_field;

class WycheproofCbc : public testing::TestWithParam<std::string> {};

TEST_P(WycheproofCbc, AllTestGroups) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_cbc_pkcs5_test.json");
  int valid = 0, invalid = 0;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& group,
                                                 const nlohmann::json& t) {
    ASSERT_EQ(group.at("ivSize").get<int>(), 128);
    const Bytes key_bytes = hex_field(t, "key");
    ASSERT_EQ(key_bytes.size() * 8, group.at("keySize").get<std::size_t>());
    const Bytes iv = hex_field(t, "iv");
    const Bytes msg = hex_field(t, "msg");
    const Bytes ct = hex_field(t, "ct");
    const std::string result = t.at("result").get<std::string>();
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes, GetParam(), key));

    if (result == "valid") {
      ++valid;
      // Encrypt: output span exactly ct.size().
      Bytes out(ct.size());
      auto n = aeskit::encrypt(key, Mode::cbc, iv, msg, out, Padding::pkcs7);
      ASSERT_TRUE(n.ok()) << n.message();
      out.resize(*n);
      EXPECT_EQ(to_hex(out), to_hex(ct));
      // Decrypt: output span exactly msg.size() (the unpadded length suffices).
      Bytes back(msg.size());
      auto m = aeskit::decrypt(key, Mode::cbc, iv, ct, back, Padding::pkcs7);
      ASSERT_TRUE(m.ok()) << m.message();
      back.resize(*m);
      EXPECT_EQ(to_hex(back), to_hex(msg));
      auto inc = aeskit_test::incremental(key, Mode::cbc, Direction::decrypt, iv, ct,
                                          Padding::pkcs7, nullptr);
      ASSERT_EQ(inc.code, Errc::ok) << inc.detail;
      EXPECT_EQ(to_hex(inc.out), to_hex(msg));
      auto inc_enc = aeskit_test::incremental(key, Mode::cbc, Direction::encrypt, iv, msg,
                                              Padding::pkcs7, nullptr);
      ASSERT_EQ(inc_enc.code, Errc::ok) << inc_enc.detail;
      EXPECT_EQ(to_hex(inc_enc.out), to_hex(ct));
    } else if (result == "invalid") {
      ++invalid;
      auto got = aeskit_test::one_shot(key, Mode::cbc, Direction::decrypt, iv, ct, Padding::pkcs7);
      EXPECT_TRUE(got.code == Errc::bad_padding || got.code == Errc::not_block_multiple)
          << "decryption of an invalid ciphertext returned " << testing::PrintToString(got.code);
      EXPECT_TRUE(got.guard_ok) << got.detail;
      auto inc = aeskit_test::incremental(key, Mode::cbc, Direction::decrypt, iv, ct,
                                          Padding::pkcs7, nullptr);
      EXPECT_TRUE(inc.code == Errc::bad_padding || inc.code == Errc::not_block_multiple)
          << "Cipher::finish on an invalid ciphertext returned "
          << testing::PrintToString(inc.code);
    } else {
      ADD_FAILURE() << "unexpected result '" << result << "': decide what aeskit must do";
    }
  });
  EXPECT_GT(valid, 50);
  EXPECT_GT(invalid, 100);
  RecordProperty("valid", valid);
  RecordProperty("invalid", invalid);
}

INSTANTIATE_TEST_SUITE_P(Backends, WycheproofCbc, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
