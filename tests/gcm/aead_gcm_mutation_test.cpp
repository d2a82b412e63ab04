// tests/gcm/aead_gcm_mutation_test.cpp — any change to a sealed message is rejected, on every
// AES backend × GHASH backend: flipping each bit of the tag, the ciphertext, the AD and the
// nonce; truncating or extending ciphertext || tag by one byte; a different key; the tag
// with every allowed length. Every rejection is the one opaque authentication_failed, and
// leaves the whole plaintext span zeroed (open, open_detached) — nothing else written.
// AeadOpener::finish and Gmac::verify reject the same changes. No fixed vectors.
#include <gtest/gtest.h>

#include "aead_gcm_support.hpp"
#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::Errc;
using aeskit_test::Bytes;
using aeskit_test::gcm::Impl;

void flip(Bytes& b, std::size_t bit) {
  b[bit / 8] = static_cast<std::uint8_t>(b[bit / 8] ^ (1u << (bit % 8)));
}

class GcmMutation : public testing::TestWithParam<Impl> {
 protected:
  void expect_rejected(const aeskit::AeadKey& key, const Bytes& nonce, const Bytes& ad,
                       const Bytes& ct_tag, const char* what) {
    auto got = aeskit_test::gcm::open_at(key, nonce, ad, ct_tag);
    EXPECT_EQ(got.code, Errc::authentication_failed) << what;
    EXPECT_TRUE(got.guard_ok) << what << ": " << got.detail;
  }
};

TEST_P(GcmMutation, EveryBitAndLengthChangeIsRejected) {
  AESKIT_SKIP_UNAVAILABLE_IMPL(GetParam());
  aeskit_test::TestRng rng;
  struct Shape {
    std::size_t nonce, ad, pt, tag;
  };
  const Shape shapes[] = {{12, 0, 0, 16}, {12, 13, 1, 16}, {12, 5, 17, 12}, {7, 20, 33, 16},
                          {16, 3, 16, 8}, {20, 0, 15, 4},  {1, 16, 48, 14}};
  for (const Shape& s : shapes) {
    const std::size_t key_len = aeskit_test::kKeySizes[s.pt % 3];
    SCOPED_TRACE("nonce " + std::to_string(s.nonce) + ", AD " + std::to_string(s.ad) + ", pt " +
                 std::to_string(s.pt) + ", tag " + std::to_string(s.tag));
    const Bytes key_bytes = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(s.nonce), ad = rng.bytes(s.ad), pt = rng.bytes(s.pt);
    aeskit::AeadKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(GetParam(), key_bytes, s.tag, key));
    auto sealed = aeskit_test::gcm::seal_at(key, nonce, ad, pt);
    ASSERT_EQ(sealed.code, Errc::ok);
    const Bytes ct_tag = sealed.out;
    ASSERT_EQ(aeskit_test::gcm::open_at(key, nonce, ad, ct_tag).code, Errc::ok);

    for (std::size_t bit = 0; bit < 8 * ct_tag.size(); ++bit) {
      Bytes m = ct_tag;
      flip(m, bit);
      expect_rejected(key, nonce, ad, m, bit < 8 * s.pt ? "ciphertext bit" : "tag bit");
      if (bit % 5 == 0) {  // the detached and incremental forms, on a sample of the bits
        const Bytes ct(m.begin(), m.begin() + static_cast<std::ptrdiff_t>(s.pt));
        const Bytes tag(m.begin() + static_cast<std::ptrdiff_t>(s.pt), m.end());
        auto det = aeskit_test::gcm::open_detached(key, nonce, ad, ct, tag);
        EXPECT_EQ(det.code, Errc::authentication_failed);
        EXPECT_TRUE(det.guard_ok) << det.detail;
        EXPECT_EQ(aeskit_test::gcm::open_incremental(key, nonce, ad, m, &rng).code,
                  Errc::authentication_failed);
      }
    }
    for (std::size_t bit = 0; bit < 8 * ad.size(); ++bit) {
      Bytes m = ad;
      flip(m, bit);
      expect_rejected(key, nonce, m, ct_tag, "AD bit");
    }
    for (std::size_t bit = 0; bit < 8 * nonce.size(); ++bit) {
      Bytes m = nonce;
      flip(m, bit);
      expect_rejected(key, m, ad, ct_tag, "nonce bit");
    }
    Bytes shorter(ct_tag.begin(), ct_tag.end() - 1);
    expect_rejected(key, nonce, ad, shorter, "truncated by one byte");
    Bytes longer = ct_tag;
    longer.push_back(rng.bytes(1)[0]);
    expect_rejected(key, nonce, ad, longer, "extended by one byte");
    expect_rejected(key, nonce, ad,
                    Bytes(ct_tag.begin(), ct_tag.begin() + static_cast<std::ptrdiff_t>(s.tag - 1)),
                    "shorter than a tag");
    // Extra or missing AD byte, nonce byte; AD and nonce swapped roles.
    Bytes ad_longer = ad;
    ad_longer.push_back(0);
    expect_rejected(key, nonce, ad_longer, ct_tag, "AD extended by a zero byte");
    Bytes nonce_longer = nonce;
    nonce_longer.push_back(0);
    expect_rejected(key, nonce_longer, ad, ct_tag, "nonce extended by a zero byte");
    // The detached tag truncated or extended by one byte.
    const Bytes ct(ct_tag.begin(), ct_tag.begin() + static_cast<std::ptrdiff_t>(s.pt));
    const Bytes tag(ct_tag.begin() + static_cast<std::ptrdiff_t>(s.pt), ct_tag.end());
    for (const Bytes& t : {Bytes(tag.begin(), tag.end() - 1), [&] {
                             Bytes x = tag;
                             x.push_back(0);
                             return x;
                           }()}) {
      auto det = aeskit_test::gcm::open_detached(key, nonce, ad, ct, t);
      EXPECT_EQ(det.code, Errc::authentication_failed)
          << "detached tag of " << t.size() << " bytes";
      EXPECT_TRUE(det.guard_ok) << det.detail;
    }
    // Another key.
    Bytes other_key = key_bytes;
    flip(other_key, rng.between(0, 8 * key_len - 1));
    aeskit::AeadKey wrong;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(GetParam(), other_key, s.tag, wrong));
    expect_rejected(wrong, nonce, ad, ct_tag, "different key");
  }
}

TEST_P(GcmMutation, GmacRejectsEveryBitFlip) {
  const Impl& impl = GetParam();
  AESKIT_SKIP_UNAVAILABLE_IMPL(impl);
  aeskit_test::TestRng rng;
  for (std::size_t len : {0, 1, 16, 37}) {
    const Bytes key_bytes = rng.bytes(16), nonce = rng.bytes(12), data = rng.bytes(len);
    auto gmac = aeskit::Gmac::create(key_bytes, 16, impl.aes);
    ASSERT_TRUE(gmac.ok());
    Bytes tag(16);
    ASSERT_TRUE(gmac->compute(nonce, data, tag).ok());
    ASSERT_TRUE(gmac->verify(nonce, data, tag).ok());
    for (std::size_t bit = 0; bit < 128; ++bit) {
      Bytes t = tag;
      flip(t, bit);
      EXPECT_EQ(gmac->verify(nonce, data, t).code(), Errc::authentication_failed);
    }
    for (std::size_t bit = 0; bit < 8 * len; ++bit) {
      Bytes d = data;
      flip(d, bit);
      EXPECT_EQ(gmac->verify(nonce, d, tag).code(), Errc::authentication_failed);
    }
    for (std::size_t bit = 0; bit < 96; ++bit) {
      Bytes n = nonce;
      flip(n, bit);
      EXPECT_EQ(gmac->verify(n, data, tag).code(), Errc::authentication_failed);
    }
    EXPECT_EQ(gmac->verify(nonce, data, {tag.data(), 15}).code(), Errc::authentication_failed);
  }
}

INSTANTIATE_TEST_SUITE_P(Impls, GcmMutation, testing::ValuesIn(aeskit_test::gcm::all_impls()),
                         aeskit_test::gcm::impl_param_name);

}  // namespace
