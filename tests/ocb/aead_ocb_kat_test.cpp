// tests/ocb/aead_ocb_kat_test.cpp — AES-OCB3 known answers, on every backend with and without its
// OCB kernels:
//   - RFC 7253 Appendix A: all sixteen AES-128 / TAGLEN 128 samples (key 000102..0f) and the
//     AES-128 / TAGLEN 96 sample (key 0f0e..00); seal (one-shot, detached, in place) must give
//     C || T, open must give P back.
//   - RFC 7253 Appendix A iterated long-message test, every key size, tag lengths 8..16 bytes:
//     published outputs for 64/96/128-bit tags (12-byte nonces; also 13/14/15-byte nonces from
//     the ocb-test-vectors set that extends it), OpenSSL's result for the other tag lengths
//     (and OpenSSL must agree with the published ones, which checks the harness).
#include <gtest/gtest.h>

#include <cstring>

#include "aead_ocb_support.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::aead::Kat;
using aeskit_test::ocb::Impl;

// RFC 7253 Appendix A: the sixteen samples with K = 000102030405060708090A0B0C0D0E0F and
// TAGLEN = 128, and the one with K = 0F0E..00 and TAGLEN = 96 (tag length: |sealed| - |P|).
constexpr const char* kKey128 = "000102030405060708090A0B0C0D0E0F";
constexpr const char* kKey96 = "0F0E0D0C0B0A09080706050403020100";
constexpr Kat kSamples[] = {
    {"TAGLEN 128", kKey128, "BBAA99887766554433221100", "", "", "785407BFFFC8AD9EDCC5520AC9111EE6"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221101", "0001020304050607", "0001020304050607",
     "6820B3657B6F615A5725BDA0D3B4EB3A257C9AF1F8F03009"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221102", "0001020304050607", "",
     "81017F8203F081277152FADE694A0A00"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221103", "", "0001020304050607",
     "45DD69F8F5AAE72414054CD1F35D82760B2CD00D2F99BFA9"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221104", "000102030405060708090A0B0C0D0E0F",
     "000102030405060708090A0B0C0D0E0F",
     "571D535B60B277188BE5147170A9A22C3AD7A4FF3835B8C5701C1CCEC8FC3358"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221105", "000102030405060708090A0B0C0D0E0F", "",
     "8CF761B6902EF764462AD86498CA6B97"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221106", "", "000102030405060708090A0B0C0D0E0F",
     "5CE88EC2E0692706A915C00AEB8B2396F40E1C743F52436BDF06D8FA1ECA343D"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221107",
     "000102030405060708090A0B0C0D0E0F1011121314151617",
     "000102030405060708090A0B0C0D0E0F1011121314151617",
     "1CA2207308C87C010756104D8840CE1952F09673A448A122C92C62241051F57356D7F3C90BB0E07F"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221108",
     "000102030405060708090A0B0C0D0E0F1011121314151617", "", "6DC225A071FC1B9F7C69F93B0F1E10DE"},
    {"TAGLEN 128", kKey128, "BBAA99887766554433221109", "",
     "000102030405060708090A0B0C0D0E0F1011121314151617",
     "221BD0DE7FA6FE993ECCD769460A0AF2D6CDED0C395B1C3CE725F32494B9F914D85C0B1EB38357FF"},
    {"TAGLEN 128", kKey128, "BBAA9988776655443322110A",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
     "BD6F6C496201C69296C11EFD138A467ABD3C707924B964DEAFFC40319AF5A485"
     "40FBBA186C5553C68AD9F592A79A4240"},
    {"TAGLEN 128", kKey128, "BBAA9988776655443322110B",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", "",
     "FE80690BEE8A485D11F32965BC9D2A32"},
    {"TAGLEN 128", kKey128, "BBAA9988776655443322110C", "",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
     "2942BFC773BDA23CABC6ACFD9BFD5835BD300F0973792EF46040C53F1432BCDF"
     "B5E1DDE3BC18A5F840B52E653444D5DF"},
    {"TAGLEN 128", kKey128, "BBAA9988776655443322110D",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F2021222324252627",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F2021222324252627",
     "D5CA91748410C1751FF8A2F618255B68A0A12E093FF454606E59F9C1D0DDC54B"
     "65E8628E568BAD7AED07BA06A4A69483A7035490C5769E60"},
    {"TAGLEN 128", kKey128, "BBAA9988776655443322110E",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F2021222324252627", "",
     "C5CD9D1850C141E358649994EE701B68"},
    {"TAGLEN 128", kKey128, "BBAA9988776655443322110F", "",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F2021222324252627",
     "4412923493C57D5DE0D700F753CCE0D1D2D95060122E9F15A5DDBFC5787E50B5"
     "CC55EE507BCB084E479AD363AC366B95A98CA5F3000B1479"},
    {"TAGLEN 96", kKey96, "BBAA9988776655443322110D",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F2021222324252627",
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F2021222324252627",
     "1792A4E31E0755FB03E31B22116E6C2DDF9EFD6E33D536F1A0124B0A55BAE884ED93481529C76B6AD0C515F4"
     "D1CDD4FDAC4F02AA"},
};

// Iterated test outputs: RFC 7253 Appendix A (12-byte nonces), and the same test with 13-,
// 14- and 15-byte nonces (ocb-test-vectors, test-vector-3-nonce{104,112,120}).
struct Iterated {
  std::size_t key_len, tag_len, nonce_len;
  const char* output;
};
constexpr Iterated kIterated[] = {
    {16, 16, 12, "67E944D23256C5E0B6C61FA22FDF1EA2"},
    {24, 16, 12, "F673F2C3E7174AAE7BAE986CA9F29E17"},
    {32, 16, 12, "D90EB8E9C977C88B79DD793D7FFA161C"},
    {16, 12, 12, "77A3D8E73589158D25D01209"},
    {24, 12, 12, "05D56EAD2752C86BE6932C5E"},
    {32, 12, 12, "5458359AC23B0CBA9E6330DD"},
    {16, 8, 12, "192C9B7BD90BA06A"},
    {24, 8, 12, "0066BC6E0EF34E24"},
    {32, 8, 12, "7D4EA5D445501CBE"},
    {16, 16, 13, "C47F5F0341E15326D4D1C46F47F05062"},
    {24, 16, 13, "95B9167A38EB80495DFC561A8486E109"},
    {32, 16, 13, "AFE1CDDB97028FD92F8FB3C8CFBA7D83"},
    {16, 12, 13, "F471B4983BA80946DF217A54"},
    {24, 12, 13, "5AE828BC51C24D85FA5CC7B2"},
    {32, 12, 13, "8C8335982E2B734616CAD14C"},
    {16, 8, 13, "B553F74B85FD1E5B"},
    {24, 8, 13, "3B49D20E513531F9"},
    {32, 8, 13, "ED6DA5B1216BF8BB"},
    {16, 16, 14, "CA8AFCA031BAC3F480A583BD6C50A547"},
    {24, 16, 14, "D170C1DF356308079DA9A3F619147148"},
    {32, 16, 14, "57F94381F2F9231EFB04AECD323757C3"},
    {16, 12, 14, "3A618B2531ED39F260C750DC"},
    {24, 12, 14, "9071EB89FEDBADDA88FD286E"},
    {32, 12, 14, "FDF0EFB97F21A39AC4BAB5AC"},
    {16, 8, 14, "FAB2FF3A8DD82A13"},
    {24, 8, 14, "AC01D912BD0737D3"},
    {32, 8, 14, "9D1FD0B500EA4ECF"},
    {16, 16, 15, "9E043A7140A25FB91F43BCC9DD7E0F46"},
    {24, 16, 15, "680000E53908323A7F396B955B8EC641"},
    {32, 16, 15, "8304B97FAACDA56E676602E1878A7E6F"},
    {16, 12, 15, "81F978AC9867E825D339847D"},
    {24, 12, 15, "EFCF2D60B24926ADA48CF5B1"},
    {32, 12, 15, "84961DC56E917B165E58C174"},
    {16, 8, 15, "227AEE6C9D905A61"},
    {24, 8, 15, "541DE691B9E1A2F9"},
    {32, 8, 15, "B0E761381C7129FC"},
};

const char* published(std::size_t key_len, std::size_t tag_len, std::size_t nonce_len) {
  for (const Iterated& it : kIterated)
    if (it.key_len == key_len && it.tag_len == tag_len && it.nonce_len == nonce_len)
      return it.output;
  return nullptr;
}

class OcbKat : public testing::TestWithParam<Impl> {
 protected:
  // check_sample: seal (one-shot, in place, detached) and open (one-shot, in place).
  void check_sample(const aeskit::AeadKey& key, const Kat& s) {
    const Bytes nonce = from_hex(s.nonce), ad = from_hex(s.ad), pt = from_hex(s.pt);
    const Bytes expected = from_hex(s.sealed);
    ASSERT_EQ(expected.size(), pt.size() + key.tag_length());
    EXPECT_EQ(to_hex(aeskit_test::aead::seal(key, nonce, ad, pt)), to_hex(expected));

    Bytes buf = pt;
    buf.resize(pt.size() + key.tag_length());
    auto n = key.seal(nonce, ad, std::span<const std::uint8_t>(buf.data(), pt.size()), buf);
    ASSERT_TRUE(n.ok()) << n.message();
    EXPECT_EQ(to_hex(buf), to_hex(expected)) << "in place";

    Bytes ct(pt.size()), tag(key.tag_length());
    ASSERT_TRUE(key.seal_detached(nonce, ad, pt, ct, tag).ok());
    EXPECT_EQ(to_hex(ct) + to_hex(tag), to_hex(expected)) << "detached";

    Bytes back(pt.size());
    auto m = key.open(nonce, ad, expected, back);
    ASSERT_TRUE(m.ok()) << m.message();
    EXPECT_EQ(to_hex(back), to_hex(pt));
    Bytes inplace = expected;
    auto m2 = key.open(nonce, ad, inplace, inplace);
    ASSERT_TRUE(m2.ok()) << m2.message();
    EXPECT_EQ(to_hex(Bytes(inplace.begin(), inplace.begin() + static_cast<long>(pt.size()))),
              to_hex(pt));
    Bytes back2(pt.size());
    ASSERT_TRUE(key.open_detached(nonce, ad, std::span(expected).first(pt.size()),
                                  std::span(expected).subspan(pt.size()), back2)
                    .ok());
    EXPECT_EQ(to_hex(back2), to_hex(pt));
  }
};

TEST_P(OcbKat, Rfc7253AppendixASamples) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  for (const Kat& s : kSamples) {
    SCOPED_TRACE(std::string(s.name) + ", nonce " + s.nonce);
    const std::size_t tag_len = (std::strlen(s.sealed) - std::strlen(s.pt)) / 2;
    auto key = aeskit_test::ocb::make_key(GetParam(), from_hex(s.key), tag_len);
    ASSERT_TRUE(key.has_value());
    check_sample(*key, s);
  }
}

TEST_P(OcbKat, Rfc7253IteratedEveryTagLength) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  int published_checked = 0;
  for (std::size_t key_len : {16, 24, 32}) {
    for (std::size_t tag_len = 8; tag_len <= 16; ++tag_len) {
      for (std::size_t nonce_len : {12, 13, 14, 15}) {
        SCOPED_TRACE("key " + std::to_string(key_len) + " tag " + std::to_string(tag_len) +
                     " nonce " + std::to_string(nonce_len));
        const char* expected = published(key_len, tag_len, nonce_len);
        if (expected == nullptr && nonce_len != 12) continue;  // OpenSSL comparisons: 12 only
        std::optional<aeskit::AeadKey> key;
        const Bytes ours = aeskit_test::ocb::rfc7253_iterated(
            key_len, tag_len, nonce_len,
            [&](const Bytes& k, const Bytes& n, const Bytes& a, const Bytes& p) {
              if (!key) key = aeskit_test::ocb::make_key(GetParam(), k, tag_len);
              return aeskit_test::aead::seal(*key, n, a, p);
            });
        const Bytes theirs = aeskit_test::ocb::rfc7253_iterated(
            key_len, tag_len, nonce_len,
            [&](const Bytes& k, const Bytes& n, const Bytes& a, const Bytes& p) {
              return aeskit_test::ocb::openssl_seal(k, n, a, p, tag_len);
            });
        ASSERT_EQ(ours.size(), tag_len);
        EXPECT_EQ(to_hex(ours), to_hex(theirs)) << "vs OpenSSL";
        if (expected != nullptr) {
          EXPECT_EQ(to_hex(ours), to_hex(from_hex(expected))) << "vs published";
          EXPECT_EQ(to_hex(theirs), to_hex(from_hex(expected))) << "OpenSSL vs published";
          ++published_checked;
        }
      }
    }
  }
  EXPECT_EQ(published_checked, 36);
}

INSTANTIATE_TEST_SUITE_P(Impls, OcbKat, testing::ValuesIn(aeskit_test::ocb::all_impls()),
                         [](const testing::TestParamInfo<Impl>& p) {
                           return aeskit_test::ocb::impl_name(p.param);
                         });

}  // namespace
