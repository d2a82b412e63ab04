// tests/gcm_siv/aead_gcm_siv_kat_test.cpp — AES-GCM-SIV known answers on every code path (AES
// backend × GHASH backend × native/mapped POLYVAL): RFC 8452 Appendix C (C.1 and C.2 samples, the
// C.3 counter-wrap vectors) and Project Wycheproof (../shared/vectors/wycheproof/
// aes_gcm_siv_test.json: every valid case sealed to exactly ct || tag and opened to exactly
// msg; every invalid case rejected with authentication_failed and a zeroed output).
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aead_gcm_siv_support.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/names.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::aead::Kat;
using aeskit_test::gcm_siv::Impl;

// RFC 8452 Appendix C ("Result" = ciphertext || tag).
const Kat kRfcCases[] = {
    {"C1_empty", "01000000000000000000000000000000", "030000000000000000000000", "", "",
     "dc20e2d83f25705bb49e439eca56de25"},
    {"C1_8_bytes", "01000000000000000000000000000000", "030000000000000000000000", "",
     "0100000000000000", "b5d839330ac7b786578782fff6013b815b287c22493a364c"},
    {"C2_ad_and_21_bytes", "3c535de192eaed3822a2fbbe2ca9dfc88255e14a661b8aa82cc54236093bbc23",
     "688089e55540db1872504e1c",
     "734320ccc9d9bbbb19cb81b2af4ecbc3e72834321f7aa0f70b7282b4f33df23f167541",
     "ced532ce4159b035277d4dfbb7db62968b13cd4eec",
     "626660c26ea6612fb17ad91e8e767639edd6c9faee9d6c7029675b89eaf4ba1ded1a286594"},
    {"C3_counter_wrap_32_bytes", "0000000000000000000000000000000000000000000000000000000000000000",
     "000000000000000000000000", "",
     "000000000000000000000000000000004db923dc793ee6497c76dcc03a98e108",
     "f3f80f2cf0cb2dd9c5984fcda908456cc537703b5ba70324a6793a7bf218d3ea"
     "ffffffff000000000000000000000000"},
    {"C3_counter_wrap_24_bytes", "0000000000000000000000000000000000000000000000000000000000000000",
     "000000000000000000000000", "", "eb3640277c7ffd1303c7a542d02d3e4c0000000000000000",
     "18ce4f0b8cb4d0cac65fea8f79257b20888e53e72299e56dffffffff000000000000000000000000"},
};

class GcmSivKat : public testing::TestWithParam<Impl> {};

TEST_P(GcmSivKat, Rfc8452AppendixC) {
  AESKIT_SKIP_UNAVAILABLE_SIV_IMPL(GetParam());
  for (const Kat& c : kRfcCases) {
    SCOPED_TRACE(c.name);
    const Bytes key = from_hex(c.key), nonce = from_hex(c.nonce), ad = from_hex(c.ad),
                pt = from_hex(c.pt), result = from_hex(c.sealed);
    aeskit::AeadKey k;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm_siv::make_key(GetParam(), key, k));
    EXPECT_EQ(to_hex(aeskit_test::aead::seal(k, nonce, ad, pt)), to_hex(result));
    Bytes opened(pt.size());
    const auto n = k.open(nonce, ad, result, opened);
    ASSERT_TRUE(n.ok()) << n.message();
    EXPECT_EQ(to_hex(opened), to_hex(pt));
    // In place, both directions.
    Bytes buf = pt;
    buf.resize(pt.size() + 16);
    ASSERT_TRUE(k.seal(nonce, ad, std::span<const std::uint8_t>(buf.data(), pt.size()), buf).ok());
    EXPECT_EQ(to_hex(buf), to_hex(result));
    ASSERT_TRUE(k.open(nonce, ad, buf, buf).ok());
    EXPECT_EQ(to_hex(Bytes(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(pt.size()))),
              to_hex(pt));
  }
}

TEST_P(GcmSivKat, Wycheproof) {
  AESKIT_SKIP_UNAVAILABLE_SIV_IMPL(GetParam());
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_gcm_siv_test.json");
  int valid = 0, invalid = 0;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& t) {
    const auto v = aeskit_test::wycheproof_aead(t);
    const Bytes &key = v.key, &nonce = v.iv, &ad = v.aad, &msg = v.msg, &ct = v.ct;
    const std::string& result = v.result;
    ASSERT_TRUE(result == "valid" || result == "invalid") << "unexpected result " << result;
    aeskit::AeadKey k;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm_siv::make_key(GetParam(), key, k));
    const Bytes sealed = v.sealed();
    Bytes out(ct.size(), 0xA5);
    const auto opened = k.open(nonce, ad, sealed, out);
    if (result == "valid") {
      ++valid;
      EXPECT_EQ(to_hex(aeskit_test::aead::seal(k, nonce, ad, msg)), to_hex(sealed));
      ASSERT_TRUE(opened.ok()) << opened.message();
      EXPECT_EQ(to_hex(out), to_hex(msg));
    } else {
      ++invalid;
      ASSERT_FALSE(opened.ok());
      EXPECT_EQ(opened.status().code(), Errc::authentication_failed);
      EXPECT_EQ(out, Bytes(ct.size(), 0)) << "output not zeroed after a rejected open";
    }
  });
  EXPECT_EQ(valid, 136);
  EXPECT_EQ(invalid, 66);
  RecordProperty("valid", valid);
  RecordProperty("invalid", invalid);
}

INSTANTIATE_TEST_SUITE_P(AllPaths, GcmSivKat, testing::ValuesIn(aeskit_test::gcm_siv::all_impls()),
                         aeskit_test::gcm_siv::impl_param_name);

}  // namespace
