// tests/aead_ocb_differential_test.cpp — AES-OCB3 against OpenSSL (EVP aes-*-ocb) and
// libgcrypt (GCRY_CIPHER_MODE_OCB), and every backend (with and without its OCB kernels)
// against the portable backend, on random inputs from a fixed-seed PRNG (seed printed;
// AESKIT_TEST_SEED overrides). No fixed vectors.
//
// Per implementation and key size: nonce lengths 1..15 (half of them 12), every tag length
// 8..16 (libgcrypt only where it accepts them: tags of 8, 12, 16 bytes, nonces of 8..15), AD 0..300
// bytes, plaintext of every length 0..(2 × 16 + 4) blocks (twice the widest kernel stride, 16
// blocks, plus 64 bytes), and random lengths up to 1 MiB. Each message: seal with misaligned
// (0..15-byte offset) buffers and in place must equal OpenSSL's and libgcrypt's ct || tag; open
// (misaligned, in place, detached) must return the plaintext; OpenSSL and libgcrypt must open what
// aeskit sealed.
#include <gtest/gtest.h>

#include <cstring>

#include "aead_ocb_support.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;
using aeskit_test::ocb::Impl;

constexpr std::size_t kSweep = (2 * 16 + 4) * 16;
#if defined(AESKIT_TEST_SANITIZED)
// Sanitizer builds: smaller and fewer large messages (the portable backend under ASan).
constexpr std::size_t kLarge = std::size_t{1} << 14;
constexpr int kLargeCount = 1;
#else
constexpr std::size_t kLarge = std::size_t{1} << 20;
constexpr int kLargeCount = 3;
#endif

void put(Bytes& buf, std::size_t offset, const Bytes& src) {
  if (!src.empty()) std::memcpy(buf.data() + offset, src.data(), src.size());
}

class OcbDifferential : public testing::TestWithParam<Impl> {
 protected:
  void check_message(aeskit_test::TestRng& rng, std::size_t key_len, std::size_t len,
                     bool with_gcrypt) {
    const Bytes key_bytes = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(rng.coin() ? 12 : rng.between(1, 15));
    const Bytes ad = rng.bytes(rng.coin() ? rng.between(0, 20) : rng.between(0, 300));
    const Bytes pt = rng.bytes(len);
    const std::size_t tag_len = rng.between(8, 16);
    with_gcrypt = with_gcrypt && aeskit_test::ocb::gcrypt_accepts(nonce.size(), tag_len);
    SCOPED_TRACE("key " + to_hex(key_bytes) + " nonce " + to_hex(nonce) + " ad " +
                 std::to_string(ad.size()) + " len " + std::to_string(len) + " tag " +
                 std::to_string(tag_len));
    auto key = aeskit_test::ocb::make_key(GetParam(), key_bytes, tag_len);
    ASSERT_TRUE(key.has_value());
    const Bytes expected = aeskit_test::ocb::openssl_seal(key_bytes, nonce, ad, pt, tag_len);
    if (with_gcrypt) {
      ASSERT_EQ(to_hex(aeskit_test::ocb::gcrypt_seal(key_bytes, nonce, ad, pt, tag_len)),
                to_hex(expected))
          << "the two references disagree";
    }

    // Seal, misaligned copies of input and output.
    const std::size_t in_off = rng.between(0, 15), out_off = rng.between(0, 15);
    Bytes in_buf(in_off + len), out_buf(out_off + len + tag_len);
    put(in_buf, in_off, pt);
    auto n = key->seal(nonce, ad, std::span(in_buf).subspan(in_off, len),
                       std::span(out_buf).subspan(out_off));
    ASSERT_TRUE(n.ok()) << n.message();
    ASSERT_EQ(to_hex(Bytes(out_buf.begin() + static_cast<long>(out_off), out_buf.end())),
              to_hex(expected));

    // Seal in place.
    Bytes inplace = pt;
    inplace.resize(len + tag_len);
    ASSERT_TRUE(key->seal(nonce, ad, std::span(inplace).first(len), inplace).ok());
    ASSERT_EQ(to_hex(inplace), to_hex(expected)) << "in place";

    // Open: misaligned, in place, detached.
    Bytes c_buf(in_off + expected.size()), p_buf(out_off + len);
    put(c_buf, in_off, expected);
    auto m =
        key->open(nonce, ad, std::span(c_buf).subspan(in_off), std::span(p_buf).subspan(out_off));
    ASSERT_TRUE(m.ok()) << m.message();
    ASSERT_EQ(to_hex(Bytes(p_buf.begin() + static_cast<long>(out_off), p_buf.end())), to_hex(pt));
    Bytes io = expected;
    ASSERT_TRUE(key->open(nonce, ad, io, io).ok());
    ASSERT_EQ(to_hex(Bytes(io.begin(), io.begin() + static_cast<long>(len))), to_hex(pt));
    Bytes det(len);
    ASSERT_TRUE(key->open_detached(nonce, ad, std::span(expected).first(len),
                                   std::span(expected).subspan(len), det)
                    .ok());
    ASSERT_EQ(to_hex(det), to_hex(pt));

    // The references open what aeskit sealed.
    const Bytes sealed(out_buf.begin() + static_cast<long>(out_off), out_buf.end());
    auto back = aeskit_test::ocb::openssl_open(key_bytes, nonce, ad, sealed, tag_len);
    ASSERT_TRUE(back.has_value()) << "OpenSSL rejected aeskit's message";
    ASSERT_EQ(to_hex(*back), to_hex(pt));
    if (with_gcrypt) {
      auto back2 = aeskit_test::ocb::gcrypt_open(key_bytes, nonce, ad, sealed, tag_len);
      ASSERT_TRUE(back2.has_value()) << "libgcrypt rejected aeskit's message";
      ASSERT_EQ(to_hex(*back2), to_hex(pt));
    }
  }
};

TEST_P(OcbDifferential, EveryLengthAcrossTwoStrides) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes)
    for (std::size_t len = 0; len <= kSweep; ++len)
      ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, len, len % 3 == 0));
}

TEST_P(OcbDifferential, RandomLargeMessages) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes)
    for (int i = 0; i < kLargeCount; ++i)
      ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, rng.between(kSweep, kLarge), true));
}

// Every nonce length and every tag length, short messages: vs OpenSSL and libgcrypt.
TEST_P(OcbDifferential, EveryNonceAndTagLength) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (std::size_t nonce_len = 1; nonce_len <= 15; ++nonce_len) {
      for (std::size_t tag_len = 8; tag_len <= 16; ++tag_len) {
        const Bytes k = rng.bytes(key_len), nonce = rng.bytes(nonce_len);
        const Bytes ad = rng.bytes(rng.between(0, 40)), pt = rng.bytes(rng.between(0, 70));
        auto key = aeskit_test::ocb::make_key(GetParam(), k, tag_len);
        ASSERT_TRUE(key.has_value());
        const Bytes ours = aeskit_test::ocb::aeskit_seal(*key, nonce, ad, pt);
        ASSERT_EQ(to_hex(ours), to_hex(aeskit_test::ocb::openssl_seal(k, nonce, ad, pt, tag_len)))
            << "nonce " << nonce_len << " tag " << tag_len;
        if (aeskit_test::ocb::gcrypt_accepts(nonce_len, tag_len)) {
          ASSERT_EQ(to_hex(ours), to_hex(aeskit_test::ocb::gcrypt_seal(k, nonce, ad, pt, tag_len)))
              << "nonce " << nonce_len << " tag " << tag_len;
        }
      }
    }
  }
}

// Every backend, kernels on or off, equals the portable backend's generic path.
TEST_P(OcbDifferential, AgreesWithPortable) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  const Impl portable{"portable", false};
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (int i = 0; i < 60; ++i) {
      const std::size_t len = i < 40 ? rng.between(0, kSweep) : rng.between(0, 70000);
      const Bytes k = rng.bytes(key_len), nonce = rng.bytes(rng.between(1, 15));
      const Bytes ad = rng.bytes(i % 5 == 0 ? rng.between(0, 2000) : rng.between(0, 300));
      const Bytes pt = rng.bytes(len);
      const std::size_t tag_len = rng.between(8, 16);
      auto ours = aeskit_test::ocb::make_key(GetParam(), k, tag_len);
      auto ref = aeskit_test::ocb::make_key(portable, k, tag_len);
      ASSERT_TRUE(ours.has_value() && ref.has_value());
      const Bytes a = aeskit_test::ocb::aeskit_seal(*ours, nonce, ad, pt);
      ASSERT_EQ(to_hex(a), to_hex(aeskit_test::ocb::aeskit_seal(*ref, nonce, ad, pt)))
          << "len " << len << " ad " << ad.size();
      Bytes back(len);
      ASSERT_TRUE(ours->open(nonce, ad, a, back).ok());
      ASSERT_EQ(back, pt);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Impls, OcbDifferential, testing::ValuesIn(aeskit_test::ocb::all_impls()),
                         [](const testing::TestParamInfo<Impl>& p) {
                           return aeskit_test::ocb::impl_name(p.param);
                         });

}  // namespace
