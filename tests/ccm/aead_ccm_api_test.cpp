// tests/ccm/aead_ccm_api_test.cpp — the AES-CCM contract through AeadKey: descriptors and lookup,
// key/tag/nonce errors, the payload limit the nonce length sets (message_too_long on both sides
// of 2^(8q)), output size and overlap errors (nothing written), the one-shot-only rule, and
// tampering: every single-bit change of the tag, the ciphertext, the AD or the nonce is
// rejected with authentication_failed and the output zeroed, on every backend.
#include <gtest/gtest.h>

#include <algorithm>

#include "aead_ccm_support.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;

TEST(CcmApi, Descriptors) {
  const aeskit::AeadAlgorithm* algs[] = {&aeskit::aead::aes_128_ccm(), &aeskit::aead::aes_192_ccm(),
                                         &aeskit::aead::aes_256_ccm()};
  const char* names[] = {"AES-128-CCM", "AES-192-CCM", "AES-256-CCM"};
  for (int i = 0; i < 3; ++i) {
    const aeskit::AeadAlgorithm& a = *algs[i];
    EXPECT_EQ(a.name(), names[i]);
    EXPECT_EQ(a.key_length(), 16u + 8u * static_cast<unsigned>(i));
    EXPECT_EQ(a.nonce_min(), 7u);
    EXPECT_EQ(a.nonce_max(), 13u);
    EXPECT_EQ(a.nonce_recommended(), 12u);
    EXPECT_EQ(a.default_tag_length(), 16u);
    const std::vector<std::size_t> tags(a.tag_lengths().begin(), a.tag_lengths().end());
    EXPECT_EQ(tags, (std::vector<std::size_t>{4, 6, 8, 10, 12, 14, 16}));
    EXPECT_EQ(aeskit::aead::find(names[i]), &a);
    bool listed = false;
    for (const aeskit::AeadAlgorithm* x : aeskit::aead::algorithms()) listed |= x == &a;
    EXPECT_TRUE(listed);
  }
  EXPECT_EQ(aeskit::aead::find("aes-128-ccm"), &aeskit::aead::aes_128_ccm());
}

TEST(CcmApi, KeyAndTagErrors) {
  const auto& alg = aeskit::aead::aes_128_ccm();
  EXPECT_EQ(aeskit::AeadKey::create(alg, Bytes(24, 1)).code(), Errc::bad_key_length);
  EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_256_ccm(), Bytes(16, 1)).code(),
            Errc::bad_key_length);
  for (std::size_t t : {0u, 1u, 2u, 3u, 5u, 7u, 9u, 15u, 17u, 18u, 32u})
    EXPECT_EQ(aeskit::AeadKey::create(alg, Bytes(16, 1), t).code(), Errc::bad_tag_length) << t;
  for (std::size_t t : {4u, 6u, 8u, 10u, 12u, 14u, 16u}) {
    auto k = aeskit::AeadKey::create(alg, Bytes(16, 1), t);
    ASSERT_TRUE(k.ok()) << t;
    EXPECT_EQ(k->tag_length(), t);
    EXPECT_EQ(k->algorithm(), &alg);
  }
  EXPECT_EQ(aeskit::AeadKey::create(alg, Bytes(16, 1), 16, "no-such-backend").code(),
            Errc::unknown_backend);
}

TEST(CcmApi, NonceLengthErrorsWriteNothing) {
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_ccm(), Bytes(16, 2), 8);
  ASSERT_TRUE(k.ok());
  const Bytes pt(20, 3);
  for (std::size_t n : {0u, 1u, 6u, 14u, 15u, 16u}) {
    Bytes out(28, 0xAA);
    EXPECT_EQ(k->seal(Bytes(n, 0), {}, pt, out).code(), Errc::bad_nonce_length) << n;
    EXPECT_EQ(out, Bytes(28, 0xAA));
    Bytes back(20, 0xAA);
    EXPECT_EQ(k->open(Bytes(n, 0), {}, Bytes(28, 0), back).code(), Errc::bad_nonce_length) << n;
    EXPECT_EQ(back, Bytes(20, 0xAA));
  }
}

// The payload limit: p < 2^(8q), q = 15 - nonce length.
TEST(CcmApi, PayloadLimitFollowsTheNonceLength) {
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_ccm(), Bytes(16, 2), 16);
  ASSERT_TRUE(k.ok());
  // q = 2 (13-byte nonce): 65535 bytes fit, 65536 do not.
  Bytes big(65536 + 16, 0);
  Bytes out(big.size() + 16, 0xAA);
  const Bytes n13(13, 1);
  EXPECT_EQ(k->seal(n13, {}, std::span(big).first(65536), out).code(), Errc::message_too_long);
  EXPECT_EQ(out[0], 0xAA) << "nothing written";
  EXPECT_EQ(k->open(n13, {}, std::span(big).first(65536 + 16), out).code(), Errc::message_too_long);
  auto ok = k->seal(n13, {}, std::span(big).first(65535), out);
  ASSERT_TRUE(ok.ok()) << ok.message();
  EXPECT_EQ(*ok, 65535u + 16u);
  // The same length with a 12-byte nonce (q = 3) is fine.
  EXPECT_TRUE(k->seal(Bytes(12, 1), {}, std::span(big).first(65536), out).ok());
  // Detached too.
  Bytes tag(16);
  EXPECT_EQ(k->seal_detached(n13, {}, std::span(big).first(65536), std::span(out).first(65536), tag)
                .code(),
            Errc::message_too_long);
#if !defined(AESKIT_TEST_SANITIZED)
  // q = 3 (12-byte nonce): 2^24 bytes are one too many.
  Bytes huge((std::size_t{1} << 24) + 16, 0);
  EXPECT_EQ(k->seal(Bytes(12, 1), {}, std::span(huge).first(std::size_t{1} << 24), huge).code(),
            Errc::message_too_long);
  EXPECT_TRUE(k->seal(Bytes(11, 1), {}, std::span(huge).first(std::size_t{1} << 24), huge).ok());
#endif
}

TEST(CcmApi, BufferErrorsWriteNothing) {
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_256_ccm(), Bytes(32, 4), 12);
  ASSERT_TRUE(k.ok());
  const Bytes nonce(12, 5), ad(9, 6);
  Bytes buf(64, 7);
  Bytes small(20 + 11, 0xAA);
  EXPECT_EQ(k->seal(nonce, ad, std::span(buf).first(20), small).code(), Errc::output_too_small);
  EXPECT_EQ(small, Bytes(31, 0xAA));
  // Partial overlap of input and output.
  EXPECT_EQ(k->seal(nonce, ad, std::span(buf).first(20), std::span(buf).subspan(1)).code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(buf, Bytes(64, 7));
  // Open of an input shorter than the tag.
  Bytes out(4, 0xAA);
  EXPECT_EQ(k->open(nonce, ad, Bytes(11, 0), out).code(), Errc::authentication_failed);
  // Empty key object.
  aeskit::AeadKey empty;
  EXPECT_EQ(empty.seal(nonce, ad, std::span(buf).first(4), small).code(), Errc::invalid_state);
}

TEST(CcmApi, IncrementalInterfacesRejectCcm) {
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_ccm(), Bytes(16, 2), 16);
  ASSERT_TRUE(k.ok());
  EXPECT_EQ(aeskit::AeadSealer::create(*k, Bytes(12, 1)).code(), Errc::one_shot_only);
  EXPECT_EQ(aeskit::AeadOpener::create(*k, Bytes(12, 1)).code(), Errc::one_shot_only);
}

TEST(CcmApi, EmptyMessageAndEmptyAd) {
  // Tag only: CBC-MAC over B_0 alone, and B_0 plus AD.
  const Bytes key(16, 9), nonce(13, 8), ad(5, 7);
  for (const Bytes& a : {Bytes{}, ad}) {
    const Bytes expected = aeskit_test::ccm::openssl_seal(key, nonce, a, {}, 8);
    auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_ccm(), key, 8);
    ASSERT_TRUE(k.ok());
    Bytes out(8);
    ASSERT_TRUE(k->seal(nonce, a, {}, out).ok());
    EXPECT_EQ(to_hex(out), to_hex(expected));
    Bytes none;
    EXPECT_TRUE(k->open(nonce, a, out, none).ok());
  }
}

class CcmMutation : public testing::TestWithParam<std::string> {};

// Nonces of every length 7..13 with tags of 16 and 4 bytes (the conformance suite runs the
// 12-byte nonce and the default tag).
TEST_P(CcmMutation, EveryBitFlipIsRejectedAndOutputZeroed) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t len : {0u, 1u, 16u, 37u, 130u}) {
    const std::size_t tag_len = len % 2 == 0 ? 16 : 4;
    auto k =
        aeskit::AeadKey::create(aeskit::aead::aes_128_ccm(), rng.bytes(16), tag_len, GetParam());
    ASSERT_TRUE(k.ok());
    const Bytes pt = rng.bytes(len);
    aeskit_test::aead::Message m{rng.bytes(7 + len % 7), rng.bytes(len % 19 + 1), {}};
    m.sealed = aeskit_test::aead::seal(*k, m.nonce, m.ad, pt);
    aeskit_test::aead::expect_tamper_rejected(*k, m, pt);
    // And the untouched message still opens in place.
    Bytes inplace = m.sealed;
    auto r = k->open(m.nonce, m.ad, inplace, inplace);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(to_hex(std::span(inplace).first(len)), to_hex(pt));
  }
}

INSTANTIATE_TEST_SUITE_P(AllBackends, CcmMutation, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
