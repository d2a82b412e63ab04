// tests/gcm/aead_gcm_differential_test.cpp — AES-GCM against OpenSSL EVP aes-*-gcm, and every
// AES backend × GHASH backend against portable × portable (generic path), on random inputs
// from a fixed-seed PRNG (seed printed; AESKIT_TEST_SEED overrides). No fixed vectors.
//
// Vs OpenSSL, per implementation and key size: nonce lengths 1..64 (half of them 12), AD
// 0..700 bytes (so short messages run both the short-message and the chunked path), plaintext
// lengths sampled over 0..5120 bytes (2×128+64 blocks: past two
// 4 KiB chunks and any kernel width), every length 0..80, lengths next to the 4 KiB chunk
// boundary, and a few random ones up to 1 MiB. Each message: seal one-shot (input/output
// misaligned 0..15 bytes), in place, detached and incremental (random splits of AD and
// data, some pieces in place) must equal OpenSSL's ct || tag; open must return the
// plaintext by each of the same routes; OpenSSL must open what aeskit sealed. Random tag
// lengths (every allowed one) use the truncated OpenSSL tag.
#include <gtest/gtest.h>

#include "aead_gcm_support.hpp"
#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::gcm::Impl;

constexpr std::size_t kSweep = (2 * 128 + 64) * 16;
// Sanitizer builds: same paths, less time.
constexpr std::size_t kLarge = std::size_t{1} << aeskit_test::scaled(20, 16);

std::size_t random_nonce_length(aeskit_test::TestRng& rng) {
  return rng.coin() ? 12 : rng.between(1, 64);
}

// AD lengths: mostly short, sometimes up to 300 bytes, and sometimes long enough (400..700)
// that even a tiny message leaves the short-message path (gcm_small.cpp) for the chunked one.
std::size_t random_ad_length(aeskit_test::TestRng& rng) {
  switch (rng.between(0, 3)) {
    case 0:
    case 1:
      return rng.between(0, 20);
    case 2:
      return rng.between(0, 300);
    default:
      return rng.between(400, 700);
  }
}

class GcmDifferential : public testing::TestWithParam<Impl> {
 protected:
  // check_message: one random message of `len` bytes through every aeskit route.
  void check_message(aeskit_test::TestRng& rng, std::size_t key_len, std::size_t len,
                     bool all_routes) {
    const Bytes key_bytes = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(random_nonce_length(rng));
    const Bytes ad = rng.bytes(random_ad_length(rng));
    const Bytes pt = rng.bytes(len);
    const auto& tags = aeskit_test::gcm::algorithm_for(key_len).tag_lengths();
    const std::size_t tag_len = rng.coin() ? 16 : tags[rng.between(0, tags.size() - 1)];
    SCOPED_TRACE("length " + std::to_string(len) + ", key " + to_hex(key_bytes) + ", nonce " +
                 to_hex(nonce) + ", AD " + std::to_string(ad.size()) + " bytes, tag " +
                 std::to_string(tag_len));
    aeskit::AeadKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(GetParam(), key_bytes, tag_len, key));
    const auto ref = aeskit_test::gcm::openssl_seal(key_bytes, nonce, ad, pt, tag_len);
    const Bytes ct_tag = ref.joined();
    const std::string ct_tag_hex = to_hex(ct_tag);
    const std::string pt_hex = to_hex(pt);

    const aeskit_test::Placement where{rng.between(0, 15), rng.between(0, 15), false};
    const aeskit_test::Placement in_place{rng.between(0, 15), 0, true};
    auto sealed = aeskit_test::gcm::seal_at(key, nonce, ad, pt, where);
    ASSERT_EQ(sealed.code, Errc::ok);
    EXPECT_TRUE(sealed.guard_ok) << sealed.detail;
    ASSERT_EQ(to_hex(sealed.out), ct_tag_hex)
        << "seal, offsets " << where.in_offset << "/" << where.out_offset;
    auto opened = aeskit_test::gcm::open_at(key, nonce, ad, ct_tag, where);
    ASSERT_EQ(opened.code, Errc::ok);
    EXPECT_TRUE(opened.guard_ok) << opened.detail;
    ASSERT_EQ(to_hex(opened.out), pt_hex) << "open";
    if (!all_routes) return;

    EXPECT_TRUE(
        aeskit_test::produced(aeskit_test::gcm::seal_at(key, nonce, ad, pt, in_place), ct_tag_hex))
        << "seal in place";
    EXPECT_TRUE(
        aeskit_test::produced(aeskit_test::gcm::open_at(key, nonce, ad, ct_tag, in_place), pt_hex))
        << "open in place";

    EXPECT_TRUE(
        aeskit_test::produced(aeskit_test::gcm::seal_detached(key, nonce, ad, pt), ct_tag_hex))
        << "seal_detached";
    auto opened_detached = aeskit_test::gcm::open_detached(key, nonce, ad, ref.ct, ref.tag);
    ASSERT_EQ(opened_detached.code, Errc::ok);
    EXPECT_EQ(to_hex(opened_detached.out), pt_hex) << "open_detached";

    EXPECT_TRUE(aeskit_test::produced(aeskit_test::gcm::seal_incremental(key, nonce, ad, pt, &rng),
                                      ct_tag_hex))
        << "AeadSealer, random splits";
    EXPECT_TRUE(aeskit_test::produced(
        aeskit_test::gcm::open_incremental(key, nonce, ad, ct_tag, &rng), pt_hex))
        << "AeadOpener, random splits";

    const auto back = aeskit_test::gcm::openssl_open(key_bytes, nonce, ad, {sealed.out.data(), len},
                                                     {sealed.out.data() + len, tag_len});
    ASSERT_TRUE(back.has_value()) << "OpenSSL rejected aeskit's tag";
    EXPECT_EQ(to_hex(*back), pt_hex);
  }
};

TEST_P(GcmDifferential, SampledLengthsVsOpenssl) {
  AESKIT_SKIP_UNAVAILABLE_IMPL(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    SCOPED_TRACE(std::to_string(key_len * 8) + "-bit key");
    for (std::size_t len = 0; len <= 80; ++len)
      ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, len, true));
    for (int i = 0; i < 24; ++i)
      ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, rng.between(81, kSweep), true));
    for (std::size_t len :
         {std::size_t{4096 - 16}, std::size_t{4095}, std::size_t{4096}, std::size_t{4097},
          std::size_t{4096 + 16}, std::size_t{8192 + 7}, kSweep})
      ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, len, true));
  }
}

TEST_P(GcmDifferential, LargeMessagesVsOpenssl) {
  AESKIT_SKIP_UNAVAILABLE_IMPL(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes)
    ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, rng.between(kSweep, kLarge), false));
  ASSERT_NO_FATAL_FAILURE(check_message(rng, 16, kLarge, true));
}

INSTANTIATE_TEST_SUITE_P(Impls, GcmDifferential, testing::ValuesIn(aeskit_test::gcm::all_impls()),
                         aeskit_test::gcm::impl_param_name);

// Every implementation against the plain-C++ baseline: identical bytes for the same inputs,
// one-shot and with the AES/GHASH work split at every block count around the chunk size.
// Whole block counts 0..145 (0..4 x vaes512's 32-block group + 17: every tail of the 8-,
// 16- and 32-block kernels; above 40 blocks with a byte tail on odd counts and AD up to 20
// blocks), then lengths around the 4 KiB chunks.
class GcmCrossImpl : public testing::TestWithParam<Impl> {};

TEST_P(GcmCrossImpl, MatchesPortableGeneric) {
  AESKIT_SKIP_UNAVAILABLE_IMPL(GetParam());
  const Impl reference = aeskit_test::gcm::reference_impl();
  AESKIT_SKIP_UNAVAILABLE_IMPL(reference);
  aeskit_test::TestRng rng;
  std::vector<std::size_t> lengths;
  for (std::size_t blocks = 0; blocks <= 40; ++blocks) lengths.push_back(16 * blocks);
  for (std::size_t blocks = 41; blocks <= 4 * 32 + 17; ++blocks)
    lengths.push_back(16 * blocks + (blocks % 2 == 1 ? rng.between(1, 15) : 0));
  for (std::size_t blocks : {255, 256, 257, 511, 512, 513}) {
    lengths.push_back(16 * blocks);
    lengths.push_back(16 * blocks + rng.between(1, 15));
  }
  for (int i = 0; i < 16; ++i) lengths.push_back(rng.between(0, kSweep));
  for (std::size_t len : lengths) {
    const std::size_t key_len = aeskit_test::kKeySizes[len % 3];
    SCOPED_TRACE("length " + std::to_string(len) + ", " + std::to_string(key_len * 8) + "-bit key");
    const Bytes key_bytes = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(random_nonce_length(rng));
    const Bytes ad = rng.bytes(len > 16 * 40 && len < 16 * 146 ? rng.between(0, 16 * 20 + 15)
                                                               : rng.between(0, 100));
    const Bytes pt = rng.bytes(len);
    aeskit::AeadKey ours, theirs;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(GetParam(), key_bytes, 16, ours));
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(reference, key_bytes, 16, theirs));
    auto a = aeskit_test::gcm::seal_at(ours, nonce, ad, pt);
    auto b = aeskit_test::gcm::seal_at(theirs, nonce, ad, pt);
    ASSERT_EQ(a.code, Errc::ok);
    ASSERT_EQ(b.code, Errc::ok);
    ASSERT_EQ(to_hex(a.out), to_hex(b.out));
    auto c = aeskit_test::gcm::seal_incremental(ours, nonce, ad, pt, &rng);
    ASSERT_EQ(c.code, Errc::ok) << c.detail;
    ASSERT_EQ(to_hex(c.out), to_hex(b.out)) << "AeadSealer, random splits";
    auto d = aeskit_test::gcm::open_at(ours, nonce, ad, b.out);
    ASSERT_EQ(d.code, Errc::ok);
    ASSERT_EQ(to_hex(d.out), to_hex(pt));
  }
}

INSTANTIATE_TEST_SUITE_P(Impls, GcmCrossImpl, testing::ValuesIn(aeskit_test::gcm::all_impls()),
                         aeskit_test::gcm::impl_param_name);

}  // namespace
