// tests/ccm/aead_ccm_differential_test.cpp — AES-CCM against OpenSSL (EVP aes-*-ccm) and libgcrypt
// (GCRY_CIPHER_MODE_CCM) on every AES backend, on random inputs from a fixed-seed PRNG (seed
// printed; AESKIT_TEST_SEED overrides). No fixed vectors.
//
// Per backend and key size: nonce lengths 7..13, tag lengths 4..16 (even), AD of 0..300 bytes
// (now and then past 0xff00 bytes: the 6-byte length encoding), plaintext of every length
// 0..(2 × 16 + 4) blocks and random lengths up to 1 MiB (nonce short enough for the length).
// Each message: seal with misaligned buffers and in place must equal both references; open
// (misaligned, in place, detached) must give the plaintext back; both references must open
// what aeskit sealed. Plus the L boundary: the longest message a 13-byte nonce allows (2^16 − 1
// bytes), and a 12-byte nonce's counter carrying out of its low two bytes (1 MiB + 37 bytes).
#include <gtest/gtest.h>

#include <cstring>

#include "aead_ccm_support.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;
namespace ref = aeskit_test::ccm;

using aeskit_test::aead::kLarge;
using aeskit_test::aead::kLargeCount;
using aeskit_test::aead::kSweep;

class CcmDifferential : public testing::TestWithParam<std::string> {
 protected:
  void check_message(aeskit_test::TestRng& rng, std::size_t key_len, std::size_t len,
                     std::size_t nonce_len, std::size_t ad_len) {
    const Bytes key_bytes = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(nonce_len);
    const Bytes ad = rng.bytes(ad_len);
    const Bytes pt = rng.bytes(len);
    const std::size_t tag_len = 2 * rng.between(2, 8);
    SCOPED_TRACE("key " + to_hex(key_bytes) + " nonce " + to_hex(nonce) + " ad " +
                 std::to_string(ad.size()) + " len " + std::to_string(len) + " tag " +
                 std::to_string(tag_len));
    auto key = aeskit::AeadKey::create(ref::algorithm_for(key_len), key_bytes, tag_len, GetParam());
    ASSERT_TRUE(key.ok()) << key.message();
    const Bytes expected = ref::openssl_seal(key_bytes, nonce, ad, pt, tag_len);
    ASSERT_EQ(to_hex(ref::gcrypt_seal(key_bytes, nonce, ad, pt, tag_len)), to_hex(expected))
        << "the two references disagree";

    ASSERT_NO_FATAL_FAILURE(aeskit_test::aead::expect_matches_reference(
        *key, rng, nonce, ad, pt, expected,
        {{"OpenSSL",
          [&](const Bytes& s) { return ref::openssl_open(key_bytes, nonce, ad, s, tag_len); }},
         {"libgcrypt",
          [&](const Bytes& s) { return ref::gcrypt_open(key_bytes, nonce, ad, s, tag_len); }}}));
  }

  std::size_t random_ad(aeskit_test::TestRng& rng) {
    const std::size_t pick = rng.between(0, 99);
    if (pick < 5) return rng.between(0xff00 - 20, 0xff00 + 20);  // both sides of the 2/6 switch
    return rng.coin() ? rng.between(0, 20) : rng.between(0, 300);
  }
};

TEST_P(CcmDifferential, EveryLengthAndParameterVsOpenSslAndLibgcrypt) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (std::size_t len = 0; len <= kSweep; ++len) {
      ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, len, rng.between(7, 13), random_ad(rng)));
    }
    for (int i = 0; i < kLargeCount; ++i) {
      // Nonces of 7..12 bytes: q >= 3, room for messages up to 16 MiB.
      ASSERT_NO_FATAL_FAILURE(
          check_message(rng, key_len, rng.between(kSweep, kLarge), rng.between(7, 12), 13));
    }
  }
}

TEST_P(CcmDifferential, LongestMessageTheNonceAllows) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  ASSERT_NO_FATAL_FAILURE(check_message(rng, 16, 0xffff, 13, 7));  // q = 2: the longest
  // q = 3: the counter's low two bytes roll over into the third (block 2^16).
  ASSERT_NO_FATAL_FAILURE(check_message(rng, 32, (std::size_t{1} << 20) + 37, 12, 0));
}

INSTANTIATE_TEST_SUITE_P(AllBackends, CcmDifferential,
                         testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
