// tests/gcm/aead_gcm_wycheproof_test.cpp — AES-GCM and GMAC against Project Wycheproof, on every
// AES backend × GHASH backend. Vectors: ../shared/vectors/wycheproof/aes_gcm_test.json
// (AeadTest) and aes_gmac_test.json (MacWithIvTest).
//
// valid: seal gives exactly ct || tag (one-shot, and incrementally), and open gives exactly
// msg; GMAC compute gives exactly the tag and verify accepts it.
// invalid: open / verify fails and the plaintext span is left zeroed — with
// authentication_failed, or (flag ZeroLengthIv: an empty nonce, which SP 800-38D forbids)
// with bad_nonce_length at key use, before anything is computed.
// acceptable: these files have none today. Should a future version add some, the policy per
// flag is: a flag naming a nonce length (SmallIv, LongIv) — aeskit accepts every nonce length
// ≥ 1 byte, so the case must be accepted with the exact output; any other flag — either
// outcome is allowed, but acceptance must give the exact output and rejection must be clean
// (zeroed output, one of the documented codes). Counts are recorded as test properties.
#include <fstream>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aead_gcm_support.hpp"
#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/names.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::hex_field;
using aeskit_test::gcm::Impl;

bool has_flag(const nlohmann::json& t, const std::string& flag) {
  for (const auto& f : t.at("flags"))
    if (f.get<std::string>() == flag) return true;
  return false;
}

// Acceptable cases whose flag says only "unusual nonce length": aeskit must accept them.
bool acceptable_must_pass(const nlohmann::json& t) {
  return has_flag(t, "SmallIv") || has_flag(t, "LongIv");
}

struct Counts {
  int valid = 0, invalid = 0, acceptable_accepted = 0, acceptable_rejected = 0;
};

class WycheproofGcm : public testing::TestWithParam<Impl> {};

TEST_P(WycheproofGcm, AesGcm) {
  AESKIT_SKIP_UNAVAILABLE_IMPL(GetParam());
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_gcm_test.json");
  Counts n;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& group,
                                                 const nlohmann::json& t) {
    const std::size_t tag_len = group.at("tagSize").get<std::size_t>() / 8;
    const auto v = aeskit_test::wycheproof_aead(t);
    const Bytes &key_bytes = v.key, &iv = v.iv, &aad = v.aad, &msg = v.msg;
    const std::string& result = v.result;
    ASSERT_EQ(v.tag.size(), tag_len);
    aeskit::AeadKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(GetParam(), key_bytes, tag_len, key));
    const Bytes ct_tag = v.sealed();

    auto opened = aeskit_test::gcm::open_at(key, iv, aad, ct_tag);
    EXPECT_TRUE(opened.guard_ok) << opened.detail;
    const bool accepted = opened.code == Errc::ok;
    const bool must_pass = result == "valid" || (result == "acceptable" && acceptable_must_pass(t));
    if (result == "invalid") {
      ++n.invalid;
      const Errc want = iv.empty() ? Errc::bad_nonce_length : Errc::authentication_failed;
      EXPECT_EQ(opened.code, want) << "an invalid case was not rejected as expected";
      auto streamed = aeskit_test::gcm::open_incremental(key, iv, aad, ct_tag, nullptr);
      EXPECT_EQ(streamed.code, want) << "AeadOpener";
      return;
    }
    if (result != "valid" && result != "acceptable") {
      ADD_FAILURE() << "unknown result '" << result << "'";
      return;
    }
    if (must_pass) {
      ASSERT_TRUE(accepted) << "rejected with " << testing::PrintToString(opened.code);
    } else if (!accepted) {
      ++n.acceptable_rejected;
      EXPECT_TRUE(opened.code == Errc::authentication_failed ||
                  opened.code == Errc::bad_nonce_length)
          << testing::PrintToString(opened.code);
      return;
    }
    if (result == "valid") ++n.valid;
    if (result == "acceptable") ++n.acceptable_accepted;
    EXPECT_EQ(to_hex(opened.out), to_hex(msg)) << "open";
    EXPECT_TRUE(aeskit_test::produced(aeskit_test::gcm::seal_at(key, iv, aad, msg), to_hex(ct_tag)))
        << "seal";
    auto streamed = aeskit_test::gcm::seal_incremental(key, iv, aad, msg, nullptr);
    ASSERT_EQ(streamed.code, Errc::ok) << streamed.detail;
    EXPECT_EQ(to_hex(streamed.out), to_hex(ct_tag)) << "AeadSealer";
    auto open_streamed = aeskit_test::gcm::open_incremental(key, iv, aad, ct_tag, nullptr);
    ASSERT_EQ(open_streamed.code, Errc::ok) << open_streamed.detail;
    EXPECT_EQ(to_hex(open_streamed.out), to_hex(msg)) << "AeadOpener";
  });
  EXPECT_GT(n.valid, 200);
  EXPECT_GT(n.invalid, 80);
  RecordProperty("valid", n.valid);
  RecordProperty("invalid", n.invalid);
  RecordProperty("acceptable_accepted", n.acceptable_accepted);
  RecordProperty("acceptable_rejected", n.acceptable_rejected);
}

TEST_P(WycheproofGcm, AesGmac) {
  // GMAC through aeskit::Gmac, which runs on the default GHASH backend; the AES backend is
  // the parameter's. (The AeadKey path it shares is covered per GHASH backend above.)
  const Impl& impl = GetParam();
  AESKIT_SKIP_UNAVAILABLE_IMPL(impl);
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_gmac_test.json");
  Counts n;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& group,
                                                 const nlohmann::json& t) {
    const std::size_t tag_len = group.at("tagSize").get<std::size_t>() / 8;
    const Bytes key_bytes = hex_field(t, "key");
    const Bytes iv = hex_field(t, "iv");
    const Bytes msg = hex_field(t, "msg");
    const Bytes tag = hex_field(t, "tag");
    const std::string result = t.at("result").get<std::string>();
    auto gmac = aeskit::Gmac::create(key_bytes, tag_len, impl.aes);
    ASSERT_TRUE(gmac.ok()) << gmac.message();
    // The same computation on the parameter's exact GHASH backend, as an AeadKey.
    aeskit::AeadKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(impl, key_bytes, tag_len, key));
    const aeskit::Status verified = gmac->verify(iv, msg, tag);
    const auto via_key = aeskit_test::gcm::open_detached(key, iv, msg, {}, tag);
    if (result == "invalid") {
      ++n.invalid;
      EXPECT_EQ(verified.code(), Errc::authentication_failed);
      EXPECT_EQ(via_key.code, Errc::authentication_failed);
      return;
    }
    const bool must_pass = result == "valid" || (result == "acceptable" && acceptable_must_pass(t));
    if (!must_pass && !verified.ok()) {
      ++n.acceptable_rejected;
      EXPECT_EQ(verified.code(), Errc::authentication_failed);
      return;
    }
    if (result == "valid") ++n.valid;
    if (result == "acceptable") ++n.acceptable_accepted;
    EXPECT_TRUE(verified.ok()) << verified.message();
    EXPECT_EQ(via_key.code, Errc::ok);
    Bytes computed(tag_len + 8, 0xA5);
    ASSERT_TRUE(gmac->compute(iv, msg, {computed.data(), tag_len}).ok());
    EXPECT_EQ(to_hex({computed.data(), tag_len}), to_hex(tag));
    for (std::size_t i = tag_len; i < computed.size(); ++i) ASSERT_EQ(computed[i], 0xA5);
    EXPECT_EQ(to_hex(aeskit_test::gcm::seal_detached(key, iv, msg, {}).out), to_hex(tag));
  });
  EXPECT_GT(n.valid, 80);
  EXPECT_GT(n.invalid, 300);
  RecordProperty("valid", n.valid);
  RecordProperty("invalid", n.invalid);
}

INSTANTIATE_TEST_SUITE_P(Impls, WycheproofGcm, testing::ValuesIn(aeskit_test::gcm::all_impls()),
                         aeskit_test::gcm::impl_param_name);

}  // namespace
