// tests/block_modes/kat_fips197_test.cpp — the raw block cipher
// (AesKey::encrypt_blocks/decrypt_blocks) on every backend and key size against FIPS-197. Vectors:
// FIPS-197 Appendix C.1-C.3 (example vectors) and Appendix B (cipher example).
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::from_hex;
using aeskit_test::to_hex;

struct BlockVector {
  const char* source;
  const char* key;
  const char* plaintext;
  const char* ciphertext;
};

constexpr BlockVector kVectors[] = {
    {"FIPS-197 C.1", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {"FIPS-197 C.2", "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
    {"FIPS-197 C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
    {"FIPS-197 B", "2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
     "3925841d02dc09fbdc118597196a0b32"},
};

class Fips197 : public testing::TestWithParam<std::string> {};

TEST_P(Fips197, EncryptAndDecryptEveryKeySize) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  for (const BlockVector& v : kVectors) {
    SCOPED_TRACE(v.source);
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(from_hex(v.key), GetParam(), key));
    const Bytes pt = from_hex(v.plaintext);
    Bytes out(16);
    ASSERT_TRUE(key.encrypt_blocks(pt, out).ok());
    EXPECT_EQ(to_hex(out), v.ciphertext);
    ASSERT_TRUE(key.decrypt_blocks(from_hex(v.ciphertext), out).ok());
    EXPECT_EQ(to_hex(out), v.plaintext);
    // In place, both directions.
    out = pt;
    ASSERT_TRUE(key.encrypt_blocks(out, out).ok());
    EXPECT_EQ(to_hex(out), v.ciphertext);
    ASSERT_TRUE(key.decrypt_blocks(out, out).ok());
    EXPECT_EQ(to_hex(out), v.plaintext);
  }
}

TEST_P(Fips197, ManyCopiesOfOneBlockAcrossBatchSizes) {
  // The same block repeated n times must give n copies of the known answer, whatever the
  // backend's batching does with n (0..40 covers 1x, 2x, 4x, 8x interleaves and tails).
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  const BlockVector& v = kVectors[2];
  aeskit::AesKey key;
  ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(from_hex(v.key), GetParam(), key));
  const Bytes pt = from_hex(v.plaintext);
  const Bytes ct = from_hex(v.ciphertext);
  for (std::size_t n = 0; n <= 40; ++n) {
    Bytes in, expect;
    for (std::size_t i = 0; i < n; ++i) {
      in.insert(in.end(), pt.begin(), pt.end());
      expect.insert(expect.end(), ct.begin(), ct.end());
    }
    Bytes out(in.size());
    ASSERT_TRUE(key.encrypt_blocks(in, out).ok());
    EXPECT_EQ(out, expect) << n << " blocks";
    ASSERT_TRUE(key.decrypt_blocks(expect, out).ok());
    EXPECT_EQ(out, in) << n << " blocks";
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Fips197, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
