// tests/gcm_siv/aead_gcm_siv_api_test.cpp — AES-GCM-SIV through the AEAD interface: descriptors and
// their limits, argument errors (nothing written), nonce-misuse behaviour (same nonce and
// message give the same output; different messages differ), and mutation: every single-bit
// flip of ciphertext, tag, AD and nonce is rejected with a zeroed output.
#include <gtest/gtest.h>

#include "aead_gcm_siv_support.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::Errc;
using aeskit_test::Bytes;

TEST(GcmSivApi, Descriptors) {
  for (const aeskit::AeadAlgorithm* a :
       {&aeskit::aead::aes_128_gcm_siv(), &aeskit::aead::aes_256_gcm_siv()}) {
    EXPECT_EQ(aeskit::aead::find(a->name()), a);
    EXPECT_EQ(a->nonce_min(), 12u);
    EXPECT_EQ(a->nonce_max(), 12u);
    EXPECT_EQ(a->default_tag_length(), 16u);
    EXPECT_EQ(a->tag_lengths().size(), 1u);
    EXPECT_EQ(a->max_plaintext(), std::uint64_t{1} << 36);  // RFC 8452 §6
    EXPECT_EQ(a->max_ad(), std::uint64_t{1} << 36);
  }
  EXPECT_EQ(aeskit::aead::find("aes-128-gcm-siv"), &aeskit::aead::aes_128_gcm_siv());
  EXPECT_EQ(aeskit::aead::aes_128_gcm_siv().key_length(), 16u);
  EXPECT_EQ(aeskit::aead::aes_256_gcm_siv().key_length(), 32u);
  bool listed = false;
  for (const aeskit::AeadAlgorithm* a : aeskit::aead::algorithms())
    listed |= a == &aeskit::aead::aes_256_gcm_siv();
  EXPECT_TRUE(listed);
}

TEST(GcmSivApi, CreateErrors) {
  const Bytes key24(24, 1), key16(16, 1);
  EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_128_gcm_siv(), key24).status().code(),
            Errc::bad_key_length);
  EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_256_gcm_siv(), key16).status().code(),
            Errc::bad_key_length);
  EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_128_gcm_siv(), key16, 12).status().code(),
            Errc::bad_tag_length);
  EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_128_gcm_siv(), key16, 16, "nonexistent")
                .status()
                .code(),
            Errc::unknown_backend);
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm_siv(), key16);
  ASSERT_TRUE(k.ok());
  EXPECT_NE(k.value().kernel().find("gcm-siv"), std::string::npos) << k.value().kernel();
  EXPECT_FALSE(k.value().ghash_backend_name().empty());
}

TEST(GcmSivApi, ArgumentErrorsWriteNothing) {
  auto created = aeskit::AeadKey::create(aeskit::aead::aes_256_gcm_siv(), Bytes(32, 7));
  ASSERT_TRUE(created.ok());
  const aeskit::AeadKey& k = created.value();
  const Bytes pt(40, 3), ad(5, 4);
  for (std::size_t nonce_len : {0u, 8u, 11u, 13u, 16u, 24u}) {
    Bytes out(pt.size() + 16, 0xEE);
    EXPECT_EQ(k.seal(Bytes(nonce_len, 1), ad, pt, out).status().code(), Errc::bad_nonce_length);
    EXPECT_EQ(out, Bytes(pt.size() + 16, 0xEE));
    EXPECT_EQ(k.open(Bytes(nonce_len, 1), ad, out, out).status().code(), Errc::bad_nonce_length);
  }
  const Bytes nonce(12, 9);
  Bytes small(pt.size() + 15, 0xEE);
  EXPECT_EQ(k.seal(nonce, ad, pt, small).status().code(), Errc::output_too_small);
  EXPECT_EQ(small, Bytes(pt.size() + 15, 0xEE));
  // Partial overlap of input and output.
  Bytes buf(100, 1);
  EXPECT_EQ(k.seal(nonce, ad, std::span<const std::uint8_t>(buf).first(40),
                   std::span<std::uint8_t>(buf).subspan(1, 56))
                .status()
                .code(),
            Errc::overlapping_buffers);
  // Too short to hold a tag.
  Bytes out(8);
  EXPECT_EQ(k.open(nonce, ad, Bytes(15, 0), out).status().code(), Errc::authentication_failed);
  // An empty key object.
  aeskit::AeadKey empty;
  EXPECT_EQ(empty.seal(nonce, ad, pt, out).status().code(), Errc::invalid_state);
  // One-shot only: the incremental API rejects GCM-SIV.
  EXPECT_FALSE(aeskit::AeadSealer::create(k, nonce).ok());
}

TEST(GcmSivApi, NonceReuseRevealsOnlyEquality) {
  auto created = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm_siv(), Bytes(16, 2));
  ASSERT_TRUE(created.ok());
  const Bytes nonce(12, 0), ad(3, 1), p1(50, 0x11), p2(50, 0x12);
  const Bytes a = aeskit_test::aead::seal(created.value(), nonce, ad, p1);
  const Bytes b = aeskit_test::aead::seal(created.value(), nonce, ad, p1);
  const Bytes c = aeskit_test::aead::seal(created.value(), nonce, ad, p2);
  EXPECT_EQ(a, b);
  // Different plaintexts give different tags, hence unrelated key streams: no byte of the
  // ciphertext XOR is the plaintext XOR (0x03) everywhere, as it would be for plain CTR.
  Bytes x(50);
  for (std::size_t i = 0; i < 50; ++i) x[i] = static_cast<std::uint8_t>(a[i] ^ c[i]);
  EXPECT_NE(x, Bytes(50, 0x03));
  EXPECT_NE(Bytes(a.end() - 16, a.end()), Bytes(c.end() - 16, c.end()));
}

class GcmSivMutation : public testing::TestWithParam<aeskit_test::gcm_siv::Impl> {};

// Every AES × GHASH backend, native and mapped POLYVAL (the conformance suite runs each AES
// backend's default path).
TEST_P(GcmSivMutation, EverySingleBitFlipIsRejected) {
  AESKIT_SKIP_UNAVAILABLE_SIV_IMPL(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : {16u, 32u}) {
    const Bytes key = rng.bytes(key_len);
    aeskit::AeadKey k;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm_siv::make_key(GetParam(), key, k));
    for (std::size_t len : {0u, 5u, 16u, 37u, 600u}) {
      const Bytes pt = rng.bytes(len);
      aeskit_test::aead::Message m{rng.bytes(12), rng.bytes(len % 23), {}};
      m.sealed = aeskit_test::aead::seal(k, m.nonce, m.ad, pt);
      // long messages: a sample of the sealed bits
      aeskit_test::aead::expect_tamper_rejected(k, m, pt, m.sealed.size() > 64 ? 7 : 1);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllPaths, GcmSivMutation,
                         testing::ValuesIn(aeskit_test::gcm_siv::all_impls()),
                         aeskit_test::gcm_siv::impl_param_name);

}  // namespace
