// tests/gcm/aead_gcm_wrap_test.cpp — GCM's 32-bit counter wrapping (inc32: mod 2^32, no carry
// into the nonce part), on every AES backend × GHASH backend.
//
// With a 12-byte nonce J0 ends in 00000001, so the data counter starts at 2 and never wraps
// within the length limit. Other nonce lengths give J0 = GHASH_H(nonce || pad || length),
// and we can pick J0: for a 16-byte nonce N, J0 = ((N·H) ^ L)·H with L = 0^64 || [128]_64,
// so N = (J0·H^-1 ^ L)·H^-1 (aead_gcm_support.cpp). Each case picks J0 = random 12 bytes ||
// (2^32 − 1 − k), so the first data block uses counter 2^32 − k and the wrap to 0 comes
// after k blocks, for k = 1..40 (every position in an 8-block kernel iteration in the first
// five, and in a 16-block one in the first two and a half) and k = 0 (J0 itself is ff..ff:
// the data starts at counter 0).
// The test checks the J0 it built with its own GHASH, then compares aeskit with OpenSSL
// (which implements inc32) and checks block k really used counter prefix || 00000000, for a
// long message (chunked path) and a short one (short-message path) per case.
#include <gtest/gtest.h>

#include "aead_gcm_support.hpp"
#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/openssl_ref.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::gcm::Block;
using aeskit_test::gcm::Impl;

class GcmCounterWrap : public testing::TestWithParam<Impl> {
 protected:
  void check(const Bytes& key_bytes, const Bytes& nonce, const Block& j0, const Bytes& ad,
             const Bytes& pt, std::size_t k, aeskit_test::TestRng& rng) {
    const auto ref = aeskit_test::gcm::openssl_seal(key_bytes, nonce, ad, pt);
    // Block k of the key stream is E(prefix || 00000000): the counter wrapped without carry.
    Block wrapped = j0;
    wrapped[12] = wrapped[13] = wrapped[14] = wrapped[15] = 0;
    Block ks{};
    aeskit_test::EvpBlock aes(key_bytes, aeskit::Direction::encrypt);
    aes.crypt(wrapped.data(), ks.data());
    for (std::size_t i = 0; i < 16; ++i)
      ASSERT_EQ(ref.ct[16 * k + i], pt[16 * k + i] ^ ks[i]) << "reference did not wrap";

    aeskit::AeadKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::gcm::make_key(GetParam(), key_bytes, 16, key));
    auto sealed = aeskit_test::gcm::seal_at(key, nonce, ad, pt);
    ASSERT_EQ(sealed.code, Errc::ok);
    EXPECT_EQ(to_hex(sealed.out), to_hex(ref.joined())) << "seal";
    auto streamed = aeskit_test::gcm::seal_incremental(key, nonce, ad, pt, &rng);
    ASSERT_EQ(streamed.code, Errc::ok) << streamed.detail;
    EXPECT_EQ(to_hex(streamed.out), to_hex(ref.joined())) << "AeadSealer, random splits";
    auto opened = aeskit_test::gcm::open_at(key, nonce, ad, ref.joined());
    ASSERT_EQ(opened.code, Errc::ok);
    EXPECT_EQ(to_hex(opened.out), to_hex(pt)) << "open";
  }
};

TEST_P(GcmCounterWrap, Inc32WrapsWithoutCarry) {
  AESKIT_SKIP_UNAVAILABLE_IMPL(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t k = 0; k <= 40; ++k) {
    const std::size_t key_len = aeskit_test::kKeySizes[k % 3];
    SCOPED_TRACE("wrap after " + std::to_string(k) + " blocks, " + std::to_string(key_len * 8) +
                 "-bit key");
    const Bytes key_bytes = rng.bytes(key_len);
    const Block h = aeskit_test::gcm::hash_subkey(key_bytes);
    Block j0{};
    rng.fill({j0.data(), 12});
    const std::uint32_t low = static_cast<std::uint32_t>(0xFFFFFFFFu - k);
    for (int i = 0; i < 4; ++i)
      j0[12 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(low >> (24 - 8 * i));
    const Bytes nonce = aeskit_test::gcm::nonce_for_j0(h, j0);
    ASSERT_EQ(to_hex(aeskit_test::gcm::j0_of(h, nonce)), to_hex(j0)) << "nonce construction";

    const Bytes ad = rng.bytes(rng.between(0, 40));
    // A long message (chunked path) and a short one (gcm_small.cpp: E(J0) and the key stream
    // in one CTR call), both past the wrap.
    for (const std::size_t len : {std::size_t{16 * 56 + 5}, 16 * k + 16 + rng.between(0, 15)}) {
      SCOPED_TRACE(std::to_string(len) + "-byte message");
      ASSERT_NO_FATAL_FAILURE(check(key_bytes, nonce, j0, ad, rng.bytes(len), k, rng));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Impls, GcmCounterWrap, testing::ValuesIn(aeskit_test::gcm::all_impls()),
                         aeskit_test::gcm::impl_param_name);

}  // namespace
