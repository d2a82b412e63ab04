// tests/block_modes/kat_fips197_test.cpp — the raw block cipher
// (AesKey::encrypt_blocks/decrypt_blocks) on every backend and key size against FIPS-197. Vectors:
// FIPS-197 Appendix C.1-C.3 (example vectors) and Appendix B (cipher example), from
// support/fips197_vectors.hpp.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/fips197_vectors.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"

namespace {

using namespace aeskit_test::names;

using aeskit_test::fips197::BlockVector;
using aeskit_test::fips197::kVectors;

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
