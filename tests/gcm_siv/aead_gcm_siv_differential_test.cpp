// tests/gcm_siv/aead_gcm_siv_differential_test.cpp — AES-GCM-SIV against libgcrypt 1.10
// (GCRY_CIPHER_MODE_GCM_SIV) over random keys, nonces, AD and lengths (short path, chunk
// boundaries of the open loop, partial blocks), both directions; and every code path (AES
// backend × GHASH backend × native/mapped POLYVAL) against portable+portable(mapped), at
// unaligned offsets and in place; and every path at every whole block count 0..145
// (0..4 x vaes512's 32-block group + 17: every tail of the 8-, 16- and 32-block CTR32-LE and
// POLYVAL kernels) with byte tail = count mod 16 and AD of every length 0..145.
#include <cstring>

#include <gtest/gtest.h>

#include "aead_gcm_siv_support.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;
using aeskit_test::gcm_siv::Impl;

constexpr std::size_t kLargest = aeskit_test::scaled<std::size_t>(70000, 9000);

std::vector<std::size_t> interesting_lengths() {
  return {0,
          1,
          12,
          15,
          16,
          17,
          31,
          32,
          33,
          100,
          255,
          256,
          447,
          448,
          449,
          496,
          511,
          512,
          513,
          4095,
          4096,
          4097,
          8192 + 16 * 3 + 5,
          kLargest};
}

TEST(GcmSivVsLibgcrypt, RandomMessagesBothDirections) {
  aeskit_test::TestRng rng;
  for (std::size_t key_len : {16u, 32u}) {
    for (std::size_t len : interesting_lengths()) {
      for (std::size_t ad_len : {std::size_t{0}, std::size_t{13}, rng.between(1, 700)}) {
        SCOPED_TRACE("key " + std::to_string(key_len) + ", len " + std::to_string(len) + ", ad " +
                     std::to_string(ad_len));
        const Bytes key = rng.bytes(key_len), nonce = rng.bytes(12), ad = rng.bytes(ad_len),
                    pt = rng.bytes(len);
        auto k = aeskit::AeadKey::create(aeskit_test::gcm_siv::algorithm_for(key_len), key);
        ASSERT_TRUE(k.ok()) << k.message();
        const Bytes ours = aeskit_test::aead::seal(k.value(), nonce, ad, pt);
        const Bytes theirs = aeskit_test::gcm_siv::gcrypt_seal(key, nonce, ad, pt);
        ASSERT_EQ(to_hex(ours), to_hex(theirs));
        const auto back = aeskit_test::gcm_siv::gcrypt_open(key, nonce, ad, ours);
        ASSERT_TRUE(back.has_value()) << "libgcrypt rejected our ciphertext";
        EXPECT_EQ(*back, pt);
        Bytes opened(len);
        ASSERT_TRUE(k.value().open(nonce, ad, theirs, opened).ok());
        EXPECT_EQ(opened, pt);
      }
    }
  }
}

TEST(GcmSivVsLibgcrypt, RejectsWhatLibgcryptRejects) {
  aeskit_test::TestRng rng;
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t key_len = rng.coin() ? 16 : 32;
    const Bytes key = rng.bytes(key_len), nonce = rng.bytes(12), ad = rng.bytes(rng.between(0, 40)),
                pt = rng.bytes(rng.between(0, 600));
    Bytes sealed = aeskit_test::gcm_siv::gcrypt_seal(key, nonce, ad, pt);
    sealed[rng.between(0, sealed.size() - 1)] ^= static_cast<std::uint8_t>(1u << rng.between(0, 7));
    auto k = aeskit::AeadKey::create(aeskit_test::gcm_siv::algorithm_for(key_len), key);
    ASSERT_TRUE(k.ok());
    Bytes out(pt.size(), 0x5a);
    EXPECT_FALSE(k.value().open(nonce, ad, sealed, out).ok());
    EXPECT_EQ(out, Bytes(pt.size(), 0));
    EXPECT_FALSE(aeskit_test::gcm_siv::gcrypt_open(key, nonce, ad, sealed).has_value());
  }
}

class GcmSivPaths : public testing::TestWithParam<Impl> {};

TEST_P(GcmSivPaths, MatchPortableAtOffsetsAndInPlace) {
  AESKIT_SKIP_UNAVAILABLE_SIV_IMPL(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : {16u, 32u}) {
    const Bytes key = rng.bytes(key_len);
    aeskit::AeadKey ours, ref;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm_siv::make_key(GetParam(), key, ours));
    ASSERT_NO_FATAL_FAILURE(
        aeskit_test::gcm_siv::make_key(aeskit_test::gcm_siv::reference_impl(), key, ref));
    for (std::size_t len : interesting_lengths()) {
      const std::size_t ad_len = rng.between(0, 300);
      const std::size_t offset = rng.between(0, 15);
      SCOPED_TRACE("key " + std::to_string(key_len) + ", len " + std::to_string(len) + ", ad " +
                   std::to_string(ad_len) + ", offset " + std::to_string(offset));
      const Bytes nonce = rng.bytes(12), ad = rng.bytes(ad_len), pt = rng.bytes(len);
      const Bytes expected = aeskit_test::aead::seal(ref, nonce, ad, pt);
      // Unaligned, out of place.
      Bytes in_buf(offset + len), out_buf(offset + len + 16);
      if (len != 0) std::memcpy(in_buf.data() + offset, pt.data(), len);
      const auto n = ours.seal(nonce, ad, std::span<const std::uint8_t>(in_buf).subspan(offset),
                               std::span<std::uint8_t>(out_buf).subspan(offset));
      ASSERT_TRUE(n.ok()) << n.message();
      ASSERT_EQ(to_hex(Bytes(out_buf.begin() + static_cast<std::ptrdiff_t>(offset), out_buf.end())),
                to_hex(expected));
      // In place (seal, then open).
      Bytes buf(offset + len + 16);
      if (len != 0) std::memcpy(buf.data() + offset, pt.data(), len);
      auto whole = std::span<std::uint8_t>(buf).subspan(offset);
      ASSERT_TRUE(ours.seal(nonce, ad, whole.first(len), whole).ok());
      ASSERT_EQ(to_hex(Bytes(whole.begin(), whole.end())), to_hex(expected));
      ASSERT_TRUE(ours.open(nonce, ad, whole, whole).ok());
      EXPECT_EQ(to_hex(Bytes(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(len))),
                to_hex(pt));
      // Detached open, unaligned.
      Bytes opened(offset + len);
      ASSERT_TRUE(ours.open_detached(nonce, ad, std::span<const std::uint8_t>(expected).first(len),
                                     std::span<const std::uint8_t>(expected).subspan(len),
                                     std::span<std::uint8_t>(opened).subspan(offset))
                      .ok());
      EXPECT_EQ(to_hex(Bytes(opened.begin() + static_cast<std::ptrdiff_t>(offset), opened.end())),
                to_hex(pt));
    }
  }
}

TEST_P(GcmSivPaths, EveryBlockCountAndAdLengthMatchPortable) {
  AESKIT_SKIP_UNAVAILABLE_SIV_IMPL(GetParam());
  aeskit_test::TestRng rng;
  aeskit::AeadKey ours[2], refs[2];
  for (int i = 0; i < 2; ++i) {
    const Bytes key = rng.bytes(i == 0 ? 16 : 32);
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm_siv::make_key(GetParam(), key, ours[i]));
    ASSERT_NO_FATAL_FAILURE(
        aeskit_test::gcm_siv::make_key(aeskit_test::gcm_siv::reference_impl(), key, refs[i]));
  }
  for (std::size_t blocks = 0; blocks <= 4 * 32 + 17; ++blocks) {
    const std::size_t len = 16 * blocks + blocks % 16;
    const std::size_t ad_len = blocks;
    SCOPED_TRACE("len " + std::to_string(len) + ", ad " + std::to_string(ad_len) + ", key " +
                 (blocks % 2 ? "32" : "16"));
    const Bytes nonce = rng.bytes(12), ad = rng.bytes(ad_len), pt = rng.bytes(len);
    const aeskit::AeadKey& k = ours[blocks % 2];
    const Bytes expected = aeskit_test::aead::seal(refs[blocks % 2], nonce, ad, pt);
    ASSERT_EQ(to_hex(aeskit_test::aead::seal(k, nonce, ad, pt)), to_hex(expected));
    Bytes io = expected;
    ASSERT_TRUE(k.open(nonce, ad, io, io).ok());
    EXPECT_EQ(to_hex(Bytes(io.begin(), io.begin() + static_cast<std::ptrdiff_t>(len))), to_hex(pt));
  }
}

INSTANTIATE_TEST_SUITE_P(AllPaths, GcmSivPaths,
                         testing::ValuesIn(aeskit_test::gcm_siv::all_impls()),
                         aeskit_test::gcm_siv::impl_param_name);

}  // namespace
