// tests/capi/capi_wycheproof_test.cpp — the Wycheproof AEAD vectors through the C API
// (aeskit/aeskit.h): AES-GCM, AES-GCM-SIV, AES-CCM, AES-EAX and AES-SIV (AEAD form), every
// record. Vectors: ../shared/vectors/wycheproof/{aes_gcm,aes_gcm_siv,aes_ccm,aes_eax,
// aead_aes_siv_cmac}_test.json. A C++ driver reads the JSON (tests/support/json.hpp) and calls
// only the C functions.
//
// valid: aeskit_aead_new succeeds; seal gives exactly the sealed record (SIV: tag || ct,
// else ct || tag), open gives exactly msg, and the detached forms agree.
// invalid: key creation refuses it, or seal/open fail; open must fail and leave the plaintext
// it would have written zeroed. There are no "acceptable" records in these files; one would
// fail the test until a policy is written for it.
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aeskit/aeskit.h"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/vectors.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;

struct File {
  const char* path;
  const char* format;  // printf format of the algorithm name from the key size in bits
  unsigned key_divisor;
  bool tag_first;
};

const File kFiles[] = {
    {"wycheproof/aes_gcm_test.json", "AES-%u-GCM", 1, false},
    {"wycheproof/aes_gcm_siv_test.json", "AES-%u-GCM-SIV", 1, false},
    {"wycheproof/aes_ccm_test.json", "AES-%u-CCM", 1, false},
    {"wycheproof/aes_eax_test.json", "AES-%u-EAX", 1, false},
    {"wycheproof/aead_aes_siv_cmac_test.json", "AES-%u-SIV", 2, true},
};

class CapiWycheproof : public testing::TestWithParam<File> {};

TEST_P(CapiWycheproof, EveryRecord) {
  const File& f = GetParam();
  AESKIT_LOAD_VECTOR_JSON(doc, f.path);
  int valid = 0, invalid = 0, refused_at_new = 0;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& group,
                                                 const nlohmann::json& t) {
    const auto v = aeskit_test::wycheproof_aead(t);
    const unsigned bits = group.at("keySize").get<unsigned>() / f.key_divisor;
    char name[40];
    std::snprintf(name, sizeof name, f.format, bits);
    ASSERT_TRUE(v.result == "valid" || v.result == "invalid") << "no policy for " << v.result;
    const bool is_valid = v.result == "valid";
    Bytes sealed = f.tag_first ? v.tag : v.ct;
    const Bytes& rest = f.tag_first ? v.ct : v.tag;
    sealed.insert(sealed.end(), rest.begin(), rest.end());

    aeskit_aead* ctx = nullptr;
    const int made = aeskit_aead_new(&ctx, name, v.key.data(), v.key.size(), v.tag.size());
    if (made != AESKIT_OK) {
      ASSERT_FALSE(is_valid) << name << ": " << aeskit_error_message(made);
      ++refused_at_new;
      ++invalid;
      return;
    }
    // Open (into a canary-filled buffer).
    Bytes out(sealed.size() + 16, 0xA5);
    std::size_t out_len = 0;
    const int opened =
        aeskit_aead_open(ctx, out.data(), &out_len, out.size(), v.iv.data(), v.iv.size(),
                         sealed.data(), sealed.size(), v.aad.data(), v.aad.size());
    if (!is_valid) {
      ++invalid;
      EXPECT_NE(opened, AESKIT_OK) << "an invalid record was accepted";
      if (opened == AESKIT_E_AUTHENTICATION_FAILED && sealed.size() >= v.tag.size()) {
        const std::size_t n = sealed.size() - v.tag.size();
        EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<long>(n)), Bytes(n, 0))
            << "failed open did not zero its output";
      }
      aeskit_aead_free(ctx);
      return;
    }
    ++valid;
    ASSERT_EQ(opened, AESKIT_OK) << aeskit_error_message(opened);
    EXPECT_EQ(to_hex(Bytes(out.begin(), out.begin() + static_cast<long>(out_len))), to_hex(v.msg));
    // Seal.
    Bytes sealed_out(v.msg.size() + 64, 0);
    std::size_t sealed_len = 0;
    std::size_t overhead = 0;
    ASSERT_EQ(aeskit_aead_max_overhead(ctx, &overhead), AESKIT_OK);
    EXPECT_EQ(overhead, v.tag.size());
    ASSERT_EQ(
        aeskit_aead_seal(ctx, sealed_out.data(), &sealed_len, v.msg.size() + overhead, v.iv.data(),
                         v.iv.size(), v.msg.data(), v.msg.size(), v.aad.data(), v.aad.size()),
        AESKIT_OK);
    sealed_out.resize(sealed_len);
    EXPECT_EQ(to_hex(sealed_out), to_hex(sealed));
    // Detached.
    Bytes ct(v.msg.size()), tag(16);
    std::size_t tag_len = 0;
    ASSERT_EQ(aeskit_aead_seal_detached(ctx, ct.data(), tag.data(), &tag_len, tag.size(),
                                        v.iv.data(), v.iv.size(), v.msg.data(), v.msg.size(),
                                        v.aad.data(), v.aad.size()),
              AESKIT_OK);
    tag.resize(tag_len);
    EXPECT_EQ(to_hex(ct), to_hex(v.ct));
    EXPECT_EQ(to_hex(tag), to_hex(v.tag));
    Bytes back(v.msg.size());
    EXPECT_EQ(
        aeskit_aead_open_detached(ctx, back.data(), v.iv.data(), v.iv.size(), ct.data(), ct.size(),
                                  tag.data(), tag.size(), v.aad.data(), v.aad.size()),
        AESKIT_OK);
    EXPECT_EQ(to_hex(back), to_hex(v.msg));
    aeskit_aead_free(ctx);
  });
  std::printf("%s: %d valid, %d invalid (%d refused at key creation)\n", f.path, valid, invalid,
              refused_at_new);
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
  RecordProperty("valid", valid);
  RecordProperty("invalid", invalid);
}

INSTANTIATE_TEST_SUITE_P(Files, CapiWycheproof, testing::ValuesIn(kFiles),
                         [](const testing::TestParamInfo<File>& p) {
                           std::string n = p.param.path + 11;  // after "wycheproof/"
                           return n.substr(0, n.find('.'));
                         });

}  // namespace
