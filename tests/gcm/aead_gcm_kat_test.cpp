// tests/gcm/aead_gcm_kat_test.cpp — AES-GCM known answers: test cases 1-18 of the original GCM
// specification (McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", 2005,
// Appendix B), on every AES backend × GHASH backend. Cases 1-6 use AES-128, 7-12 AES-192,
// 13-18 AES-256; 5/11/17 have an 8-byte IV and 6/12/18 a 60-byte IV (the GHASH-derived J0).
// Each case: seal (one-shot, detached, incremental) gives exactly C and T; open of C||T gives
// exactly P; the tag truncated to every allowed length seals and opens too. OpenSSL is run
// on every case as well, as a check of the transcription.
#include <string>

#include <gtest/gtest.h>

#include "aead_gcm_support.hpp"
#include "aeskit/aeskit.hpp"
#include "support/aead_cases.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::aead::Kat;
using aeskit_test::gcm::Impl;

// Shared inputs of the spec (test cases 3-6, 9-12, 15-18).
#define KEY128 "feffe9928665731c6d6a8f9467308308"
#define KEY192 KEY128 "feffe9928665731c"
#define KEY256 KEY128 KEY128
#define IV96 "cafebabefacedbaddecaf888"
#define IV64 "cafebabefacedbad"
#define IV480                                                                   \
  "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c951568" \
  "09539fcf0e2429a6b525416aedbf5a0de6a57a637b39b"
#define AAD20 "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define PT60                                                                   \
  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c9595" \
  "6809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define PT64 PT60 "1aafd255"
#define ZERO16 "00000000000000000000000000000000"

// sealed: C || T, the spec's ciphertext and its 16-byte tag.
constexpr Kat kCases[] = {
    {"test case 1", ZERO16, "000000000000000000000000", "", "", "58e2fccefa7e3061367f1d57a4e7455a"},
    {"test case 2", ZERO16, "000000000000000000000000", "", ZERO16,
     "0388dace60b6a392f328c2b971b2fe78"
     "ab6e47d42cec13bdf53a67b21257bddf"},
    {"test case 3", KEY128, IV96, "", PT64,
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5a"
     "ac84aa051ba30b396a0aac973d58e091473f5985"
     "4d5c2af327cd64a62cf35abd2ba6fab4"},
    {"test case 4", KEY128, IV96, AAD20, PT60,
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5a"
     "ac84aa051ba30b396a0aac973d58e091"
     "5bc94fbc3221a5db94fae95ae7121a47"},
    {"test case 5", KEY128, IV64, AAD20, PT60,
     "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544"
     "d4896b424989b5e1ebac0f07c23f4598"
     "3612d2e79e3b0785561be14aaca2fccb"},
    {"test case 6", KEY128, IV480, AAD20, PT60,
     "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281"
     "d48c7c6fd62875d2aca417034c34aee5"
     "619cc5aefffe0bfa462af43c1699d050"},
    {"test case 7", ZERO16 "0000000000000000", "000000000000000000000000", "", "",
     "cd33b28ac773f74ba00ed1f312572435"},
    {"test case 8", ZERO16 "0000000000000000", "000000000000000000000000", "", ZERO16,
     "98e7247c07f0fe411c267e4384b0f600"
     "2ff58d80033927ab8ef4d4587514f0fb"},
    {"test case 9", KEY192, IV96, "", PT64,
     "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00c144c525ac619d18"
     "c84a3f4718e2448b2fe324d9ccda2710acade256"
     "9924a7c8587336bfb118024db8674a14"},
    {"test case 10", KEY192, IV96, AAD20, PT60,
     "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00c144c525ac619d18"
     "c84a3f4718e2448b2fe324d9ccda2710"
     "2519498e80f1478f37ba55bd6d27618c"},
    {"test case 11", KEY192, IV64, AAD20, PT60,
     "0f10f599ae14a154ed24b36e25324db8c566632ef2bbb34f8347280fc4507057fddc29df9a471f75c66541d4"
     "d4dad1c9e93a19a58e8b473fa0f062f7"
     "65dcc57fcf623a24094fcca40d3533f8"},
    {"test case 12", KEY192, IV480, AAD20, PT60,
     "d27e88681ce3243c4830165a8fdcf9ff1de9a1d8e6b447ef6ef7b79828666e4581e79012af34ddd9e2f03758"
     "9b292db3e67c036745fa22e7e9b7373b"
     "dcf566ff291c25bbb8568fc3d376a6d9"},
    {"test case 13", ZERO16 ZERO16, "000000000000000000000000", "", "",
     "530f8afbc74536b9a963b4f1c4cb738b"},
    {"test case 14", ZERO16 ZERO16, "000000000000000000000000", "", ZERO16,
     "cea7403d4d606b6e074ec5d3baf39d18"
     "d0d1c8a799996bf0265b98b5d48ab919"},
    {"test case 15", KEY256, IV96, "", PT64,
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b10"
     "56828838c5f61e6393ba7a0abcc9f662898015ad"
     "b094dac5d93471bdec1a502270e3cc6c"},
    {"test case 16", KEY256, IV96, AAD20, PT60,
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b10"
     "56828838c5f61e6393ba7a0abcc9f662"
     "76fc6ece0f4e1768cddf8853bb2d551b"},
    {"test case 17", KEY256, IV64, AAD20, PT60,
     "c3762df1ca787d32ae47c13bf19844cbaf1ae14d0b976afac52ff7d79bba9de0feb582d33934a4f0954cc236"
     "3bc73f7862ac430e64abe499f47c9b1f"
     "3a337dbf46a792c45e454913fe2ea8f2"},
    {"test case 18", KEY256, IV480, AAD20, PT60,
     "5a8def2f0c9e53f1f75d7853659e2a20eeb2b22aafde6419a058ab4f6f746bf40fc0c3b780f244452da3ebf1"
     "c5d82cdea2418997200ef82e44ae7e3f"
     "a44a8266ee1c8eb0c8b5d4cf5ae9f19a"},
};

TEST(GcmSpecVectors, TranscriptionMatchesOpenssl) {
  for (const Kat& c : kCases) {
    SCOPED_TRACE(c.name);
    const auto sealed = aeskit_test::gcm::openssl_seal(from_hex(c.key), from_hex(c.nonce),
                                                       from_hex(c.ad), from_hex(c.pt));
    EXPECT_EQ(to_hex(sealed.ct) + to_hex(sealed.tag), c.sealed);
    EXPECT_EQ(sealed.tag.size(), 16u);
  }
}

class GcmSpec : public testing::TestWithParam<Impl> {};

TEST_P(GcmSpec, TestCases1To18) {
  AESKIT_SKIP_UNAVAILABLE_IMPL(GetParam());
  for (const Kat& c : kCases) {
    SCOPED_TRACE(c.name);
    const Bytes key_bytes = from_hex(c.key);
    const Bytes iv = from_hex(c.nonce), aad = from_hex(c.ad), pt = from_hex(c.pt);
    const Bytes ct_tag = from_hex(c.sealed);
    ASSERT_EQ(ct_tag.size(), pt.size() + 16);
    const Bytes ct(ct_tag.begin(), ct_tag.end() - 16), tag(ct_tag.end() - 16, ct_tag.end());
    for (std::size_t tag_len : aeskit_test::gcm::algorithm_for(key_bytes.size()).tag_lengths()) {
      SCOPED_TRACE("tag length " + std::to_string(tag_len));
      aeskit::AeadKey key;
      ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(GetParam(), key_bytes, tag_len, key));
      Bytes expect = ct;
      expect.insert(expect.end(), tag.begin(), tag.begin() + static_cast<std::ptrdiff_t>(tag_len));
      const std::string expect_hex = to_hex(expect);

      EXPECT_TRUE(aeskit_test::produced(aeskit_test::gcm::seal_at(key, iv, aad, pt), expect_hex))
          << "seal";
      EXPECT_TRUE(
          aeskit_test::produced(aeskit_test::gcm::seal_detached(key, iv, aad, pt), expect_hex))
          << "seal_detached";
      auto streamed = aeskit_test::gcm::seal_incremental(key, iv, aad, pt, nullptr);
      ASSERT_EQ(streamed.code, Errc::ok) << streamed.detail;
      EXPECT_EQ(to_hex(streamed.out), expect_hex) << "AeadSealer";

      EXPECT_TRUE(aeskit_test::produced(aeskit_test::gcm::open_at(key, iv, aad, expect), c.pt))
          << "open";
      auto opened_detached =
          aeskit_test::gcm::open_detached(key, iv, aad, ct, {expect.data() + ct.size(), tag_len});
      ASSERT_EQ(opened_detached.code, Errc::ok);
      EXPECT_EQ(to_hex(opened_detached.out), c.pt) << "open_detached";
      auto open_streamed = aeskit_test::gcm::open_incremental(key, iv, aad, expect, nullptr);
      ASSERT_EQ(open_streamed.code, Errc::ok) << open_streamed.detail;
      EXPECT_EQ(to_hex(open_streamed.out), c.pt) << "AeadOpener";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Impls, GcmSpec, testing::ValuesIn(aeskit_test::gcm::all_impls()),
                         aeskit_test::gcm::impl_param_name);

}  // namespace
