// tests/ocb/aead_ocb_api_test.cpp — AES-OCB3 through the AEAD API: tampering and argument errors.
//
// Mutation (every backend, kernels on and off): for messages of 0, 15, 16, 17, 100 and 300
// bytes with and without AD, flipping any single bit of the tag, the ciphertext, the AD or
// the nonce, and dropping or adding one byte of ciphertext||tag, AD or nonce, must be
// rejected with the one authentication_failed (or bad_nonce_length for a nonce grown past 15
// bytes) and leave the plaintext output all zero.
// API: descriptors and lookup, key/tag/nonce length errors, output too small, overlap rules,
// AeadSealer/AeadOpener refusing OCB keys, kernel description.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "aead_ocb_support.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::Errc;
using aeskit_test::Bytes;
using aeskit_test::ocb::Impl;

class OcbMutation : public testing::TestWithParam<Impl> {};

// With and without the backend's OCB kernels (the conformance suite runs the default path).
TEST_P(OcbMutation, EveryBitFlipAndLengthChangeIsRejected) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t tag_len : {8, 12, 16}) {
    for (std::size_t len : {0, 15, 16, 17, 100, 300}) {
      for (std::size_t ad_len : {0, 13, 40}) {
        const Bytes k = rng.bytes(16 + 8 * rng.between(0, 2));
        auto key = aeskit_test::ocb::make_key(GetParam(), k, tag_len);
        ASSERT_TRUE(key.has_value());
        const Bytes pt = rng.bytes(len);
        aeskit_test::aead::Message m{rng.bytes(12), rng.bytes(ad_len), {}};
        m.sealed = aeskit_test::aead::seal(*key, m.nonce, m.ad, pt);
        aeskit_test::aead::expect_tamper_rejected(*key, m, pt);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Impls, OcbMutation, testing::ValuesIn(aeskit_test::ocb::all_impls()),
                         [](const testing::TestParamInfo<Impl>& p) {
                           return aeskit_test::ocb::impl_name(p.param);
                         });

TEST(OcbApi, DescriptorsAndLookup) {
  const aeskit::AeadAlgorithm* algs[] = {&aeskit::aead::aes_128_ocb(), &aeskit::aead::aes_192_ocb(),
                                         &aeskit::aead::aes_256_ocb()};
  const char* names[] = {"AES-128-OCB", "AES-192-OCB", "AES-256-OCB"};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(algs[i]->name(), names[i]);
    EXPECT_EQ(algs[i]->key_length(), 16u + 8u * static_cast<unsigned>(i));
    EXPECT_EQ(aeskit::aead::find(names[i]), algs[i]);
    EXPECT_EQ(algs[i]->nonce_min(), 1u);
    EXPECT_EQ(algs[i]->nonce_max(), 15u);
    EXPECT_EQ(algs[i]->nonce_recommended(), 12u);
    EXPECT_EQ(algs[i]->default_tag_length(), 16u);
    for (std::size_t t = 0; t <= 20; ++t)
      EXPECT_EQ(algs[i]->allows_tag_length(t), t >= 8 && t <= 16);
    EXPECT_EQ(algs[i]->max_plaintext(), std::uint64_t{1} << 52);
    bool listed = false;
    for (const aeskit::AeadAlgorithm* a : aeskit::aead::algorithms()) listed |= a == algs[i];
    EXPECT_TRUE(listed);
  }
  EXPECT_EQ(aeskit::aead::find("aes-256-ocb"), algs[2]);
}

TEST(OcbApi, CreateErrors) {
  const Bytes k16(16, 1), k32(32, 1);
  EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_128_ocb(), k32).code(), Errc::bad_key_length);
  EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_256_ocb(), k16).code(), Errc::bad_key_length);
  for (std::size_t t : {0, 4, 7, 17}) {
    EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_128_ocb(), k16, t).code(),
              Errc::bad_tag_length);
  }
  EXPECT_EQ(aeskit::AeadKey::create(aeskit::aead::aes_128_ocb(), k16, 16, "nope").code(),
            Errc::unknown_backend);
  auto key = aeskit::AeadKey::create(aeskit::aead::aes_128_ocb(), k16, 12);
  ASSERT_TRUE(key.ok());
  EXPECT_EQ(key->tag_length(), 12u);
  EXPECT_EQ(key->algorithm(), &aeskit::aead::aes_128_ocb());
  EXPECT_TRUE(key->ghash_backend_name().empty());
  const std::string kernel = key->kernel();
  EXPECT_EQ(kernel.rfind(std::string(key->backend_name()) + ":ocb", 0), 0u) << kernel;
}

TEST(OcbApi, ArgumentErrorsWriteNothing) {
  auto key = aeskit::AeadKey::create(aeskit::aead::aes_128_ocb(), Bytes(16, 7));
  ASSERT_TRUE(key.ok());
  const Bytes pt(40, 3), ad(5, 4), nonce(12, 5);
  Bytes out(pt.size() + 16, 0xcc);
  const Bytes untouched = out;
  EXPECT_EQ(key->seal(Bytes{}, ad, pt, out).code(), Errc::bad_nonce_length);
  EXPECT_EQ(key->seal(Bytes(16, 1), ad, pt, out).code(), Errc::bad_nonce_length);
  EXPECT_EQ(key->seal(nonce, ad, pt, std::span(out).first(pt.size() + 15)).code(),
            Errc::output_too_small);
  EXPECT_EQ(out, untouched);
  // Partial overlap of input and output is refused; exact in place is fine.
  Bytes buf(200, 9);
  for (std::size_t shift : {1, 15, 16, 33}) {
    EXPECT_EQ(key->seal(nonce, ad, std::span(buf).subspan(shift, 40), buf).code(),
              Errc::overlapping_buffers);
    EXPECT_EQ(key->seal(nonce, ad, std::span(buf).first(40), std::span(buf).subspan(shift)).code(),
              Errc::overlapping_buffers);
  }
  EXPECT_EQ(key->seal(nonce, std::span(buf).first(5), std::span(buf).subspan(100, 40),
                      std::span(buf).first(56))
                .code(),
            Errc::overlapping_buffers);
  EXPECT_TRUE(key->seal(nonce, ad, std::span(buf).first(40), std::span(buf).first(56)).ok());
  // Open: too short for the tag is authentication_failed.
  Bytes small(10);
  EXPECT_EQ(key->open(nonce, ad, Bytes(15, 0), small).code(), Errc::authentication_failed);
  Bytes sealed(pt.size() + 16);
  ASSERT_TRUE(key->seal(nonce, ad, pt, sealed).ok());
  Bytes p(pt.size());
  EXPECT_EQ(key->open(nonce, ad, sealed, std::span(p).first(pt.size() - 1)).code(),
            Errc::output_too_small);
  EXPECT_EQ(key->open_detached(nonce, ad, std::span(sealed).first(40),
                               std::span(sealed).subspan(40, 15), p)
                .code(),
            Errc::authentication_failed);
  EXPECT_TRUE(aeskit_test::aead::all_zero(p));
}

TEST(OcbApi, StreamingRejectsOcbKeys) {
  auto key = aeskit::AeadKey::create(aeskit::aead::aes_256_ocb(), Bytes(32, 7));
  ASSERT_TRUE(key.ok());
  EXPECT_EQ(aeskit::AeadSealer::create(*key, Bytes(12, 0)).code(), Errc::one_shot_only);
  EXPECT_EQ(aeskit::AeadOpener::create(*key, Bytes(12, 0)).code(), Errc::one_shot_only);
  aeskit::AeadKey empty;
  EXPECT_EQ(empty.seal(Bytes(12, 0), {}, {}, {}).code(), Errc::invalid_state);
}

}  // namespace
