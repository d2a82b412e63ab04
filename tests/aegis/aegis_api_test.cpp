// tests/aegis/aegis_api_test.cpp — the AEGIS descriptors and their limits (key, nonce and tag
// lengths from draft-irtf-cfrg-aegis-aead-17 §3/§4, P_MAX = A_MAX = 2^61 - 1), every
// single-bit change of ciphertext, tag, AD and nonce rejected with the output zeroed, empty
// message and AD, detached calls, and the incremental API's one_shot_only answer.
#include <gtest/gtest.h>

#include <algorithm>

#include "aegis/aegis_support.hpp"
#include "support/backends.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::Errc;
using aeskit_test::Bytes;
namespace ag = aeskit_test::aegis;

TEST(AegisApi, Descriptors) {
  for (std::string_view variant : ag::kVariants) {
    const aeskit::AeadAlgorithm& a = ag::algorithm(variant);
    const std::size_t n = variant.substr(0, 9) == "AEGIS-128" ? 16 : 32;
    EXPECT_EQ(a.name(), variant);
    EXPECT_EQ(a.key_length(), n);
    EXPECT_EQ(a.nonce_min(), n);
    EXPECT_EQ(a.nonce_max(), n);
    EXPECT_EQ(a.nonce_recommended(), n);
    EXPECT_EQ(std::vector<std::size_t>(a.tag_lengths().begin(), a.tag_lengths().end()),
              (std::vector<std::size_t>{16, 32}));
    EXPECT_EQ(a.max_plaintext(), (std::uint64_t{1} << 61) - 1);
    EXPECT_EQ(a.max_ad(), (std::uint64_t{1} << 61) - 1);
    EXPECT_NE(std::find(aeskit::aead::algorithms().begin(), aeskit::aead::algorithms().end(), &a),
              aeskit::aead::algorithms().end());
  }
  EXPECT_EQ(&aeskit::aead::aegis_128l(), aeskit::aead::find("aegis-128l"));
  EXPECT_EQ(&aeskit::aead::aegis_128x2(), aeskit::aead::find("AEGIS-128X2"));
  EXPECT_EQ(&aeskit::aead::aegis_128x4(), aeskit::aead::find("AEGIS-128X4"));
  EXPECT_EQ(&aeskit::aead::aegis_256(), aeskit::aead::find("AEGIS-256"));
  EXPECT_EQ(&aeskit::aead::aegis_256x2(), aeskit::aead::find("AEGIS-256X2"));
  EXPECT_EQ(&aeskit::aead::aegis_256x4(), aeskit::aead::find("AEGIS-256X4"));
}

TEST(AegisApi, LengthsEnforced) {
  for (std::string_view variant : ag::kVariants) {
    SCOPED_TRACE(std::string(variant));
    const aeskit::AeadAlgorithm& a = ag::algorithm(variant);
    const std::size_t n = a.key_length();
    EXPECT_EQ(aeskit::AeadKey::create(a, Bytes(n + 1)).status().code(), Errc::bad_key_length);
    EXPECT_EQ(aeskit::AeadKey::create(a, Bytes(n - 1)).status().code(), Errc::bad_key_length);
    for (std::size_t t : {0u, 8u, 12u, 15u, 17u, 24u, 31u, 33u})
      EXPECT_EQ(aeskit::AeadKey::create(a, Bytes(n), t).status().code(), Errc::bad_tag_length);
    auto k = aeskit::AeadKey::create(a, Bytes(n));
    ASSERT_TRUE(k.ok());
    EXPECT_EQ(k->tag_length(), 32u);
    Bytes out(64);
    for (std::size_t nl : {std::size_t{0}, n - 1, n + 1, std::size_t{12}}) {
      EXPECT_EQ(k->seal(Bytes(nl), {}, Bytes(8), out).status().code(), Errc::bad_nonce_length);
    }
    auto sealer = aeskit::AeadSealer::create(*k, Bytes(n));
    EXPECT_EQ(sealer.status().code(), Errc::one_shot_only);
    auto opener = aeskit::AeadOpener::create(*k, Bytes(n));
    EXPECT_EQ(opener.status().code(), Errc::one_shot_only);
  }
}

// Every single-bit change of ciphertext, tag, AD or nonce is rejected (output zeroed by
// ag::open); on the default backend and the portable one, both tag lengths.
TEST(AegisApi, EveryBitFlipRejected) {
  aeskit_test::TestRng rng;
  for (std::string_view variant : ag::kVariants) {
    const aeskit::AeadAlgorithm& a = ag::algorithm(variant);
    for (const char* backend : {"", "portable"}) {
      for (std::size_t tag_len : {16u, 32u}) {
        SCOPED_TRACE(std::string(variant) + " '" + backend + "' tag " + std::to_string(tag_len));
        auto k = ag::make(variant, rng.bytes(a.key_length()), tag_len, backend);
        ASSERT_TRUE(k.has_value());
        Bytes nonce = rng.bytes(a.nonce_recommended());
        Bytes ad = rng.bytes(21);
        const Bytes pt = rng.bytes(45);
        Bytes sealed = ag::seal(*k, nonce, ad, pt);
        ASSERT_TRUE(ag::open(*k, nonce, ad, sealed).has_value());
        for (std::size_t bit = 0; bit < 8 * sealed.size(); ++bit) {
          sealed[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
          EXPECT_FALSE(ag::open(*k, nonce, ad, sealed).has_value()) << "sealed bit " << bit;
          sealed[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        }
        for (std::size_t bit = 0; bit < 8 * ad.size(); ++bit) {
          ad[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
          EXPECT_FALSE(ag::open(*k, nonce, ad, sealed).has_value()) << "ad bit " << bit;
          ad[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        }
        for (std::size_t bit = 0; bit < 8 * nonce.size(); ++bit) {
          nonce[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
          EXPECT_FALSE(ag::open(*k, nonce, ad, sealed).has_value()) << "nonce bit " << bit;
          nonce[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        }
        // Truncated or extended inputs fail too.
        EXPECT_FALSE(ag::open(*k, nonce, ad, Bytes(sealed.begin(), sealed.end() - 1)).has_value());
        Bytes longer = sealed;
        longer.push_back(0);
        EXPECT_FALSE(ag::open(*k, nonce, ad, longer).has_value());
      }
    }
  }
}

TEST(AegisApi, EmptyMessageAndAd) {
  aeskit_test::TestRng rng;
  for (std::string_view variant : ag::kVariants) {
    SCOPED_TRACE(std::string(variant));
    const aeskit::AeadAlgorithm& a = ag::algorithm(variant);
    auto k = ag::make(variant, rng.bytes(a.key_length()), 16);
    ASSERT_TRUE(k.has_value());
    const Bytes nonce = rng.bytes(a.nonce_recommended());
    const Bytes empty_both = ag::seal(*k, nonce, {}, {});
    EXPECT_EQ(empty_both.size(), 16u);
    auto r = ag::open(*k, nonce, {}, empty_both);
    ASSERT_TRUE(r.has_value());
    EXPECT_TRUE(r->empty());
    // An empty AD and a one-byte zero AD are different inputs (lengths are authenticated).
    EXPECT_FALSE(ag::open(*k, nonce, Bytes(1, 0), empty_both).has_value());
    const Bytes pt = rng.bytes(100);
    const Bytes s = ag::seal(*k, nonce, {}, pt);
    EXPECT_TRUE(ag::open(*k, nonce, {}, s).has_value());
    EXPECT_NE(ag::seal(*k, nonce, Bytes(1, 0), pt), s);
  }
}

TEST(AegisApi, DetachedMatchesCombined) {
  aeskit_test::TestRng rng;
  for (std::string_view variant : ag::kVariants) {
    SCOPED_TRACE(std::string(variant));
    const aeskit::AeadAlgorithm& a = ag::algorithm(variant);
    auto k = ag::make(variant, rng.bytes(a.key_length()), 32);
    ASSERT_TRUE(k.has_value());
    const Bytes nonce = rng.bytes(a.nonce_recommended()), ad = rng.bytes(9);
    const Bytes pt = rng.bytes(77);
    const Bytes combined = ag::seal(*k, nonce, ad, pt);
    Bytes ct(pt.size()), tag(32);
    ASSERT_TRUE(k->seal_detached(nonce, ad, pt, ct, tag).ok());
    EXPECT_TRUE(std::equal(ct.begin(), ct.end(), combined.begin()));
    EXPECT_TRUE(std::equal(tag.begin(), tag.end(), combined.begin() + 77));
    Bytes out(pt.size());
    ASSERT_TRUE(k->open_detached(nonce, ad, ct, tag, out).ok());
    EXPECT_EQ(out, pt);
    tag[31] ^= 1;
    EXPECT_EQ(k->open_detached(nonce, ad, ct, tag, out).code(), Errc::authentication_failed);
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0; }));
  }
}

// The X forms are distinct algorithms: same key and nonce, different output.
TEST(AegisApi, VariantsDiffer) {
  const Bytes key16(16, 7), key32(32, 7), n16(16, 3), n32(32, 3), pt(64, 1);
  auto l = ag::make("AEGIS-128L", key16, 16), x2 = ag::make("AEGIS-128X2", key16, 16),
       x4 = ag::make("AEGIS-128X4", key16, 16);
  ASSERT_TRUE(l && x2 && x4);
  EXPECT_NE(ag::seal(*l, n16, {}, pt), ag::seal(*x2, n16, {}, pt));
  EXPECT_NE(ag::seal(*x2, n16, {}, pt), ag::seal(*x4, n16, {}, pt));
  auto s = ag::make("AEGIS-256", key32, 16), s2 = ag::make("AEGIS-256X2", key32, 16);
  ASSERT_TRUE(s && s2);
  EXPECT_NE(ag::seal(*s, n32, {}, pt), ag::seal(*s2, n32, {}, pt));
}

}  // namespace
