// tests/block_modes/cross_backend_test.cpp — every backend against the portable backend (the
// reference) on identical random inputs (fixed seed, printed): every mode, messages of 0..145
// blocks (every key size up to 101 blocks, then one key size per length, rotating), so every batch
// tail of every kernel width runs: aesni's 8-block groups and 1..7 tails, vaes256's 16-block
// groups of 8 ymm registers and their 1..15-block tails with an odd last block, vaes512's
// 32-block groups of 8 zmm registers and their 1..31-block tails (every count of blocks in
// the last, masked register), i.e. 0..4 x 32 + 17 blocks as issue 16 asks, and 16k-1, 16k,
// 16k+1 blocks for k = 1..9; plus a random non-block tail for the stream modes and PKCS#7
// with a random tail for ECB/CBC; ctr32 counters are sometimes placed just below a 2^32 wrap
// (up to 40 blocks before it, so the wrap lands inside a zmm register and a 32-block group). The
// backend under test also runs each message at random input/output misalignments (0..15 bytes) and
// in place, both directions. (CFB8, one block call per byte, rotates the key size per length
// instead of running all three.) Also, per backend: encrypt_blocks/decrypt_blocks over n blocks
// equals n single-block calls. No fixed vectors: backends check each other.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;

constexpr const char* kReference = "portable";
constexpr std::size_t kAllKeySizesBlocks = 101;  // every key size up to here
constexpr std::size_t kMaxBlocks = 4 * 32 + 17;  // vaes512's group: 32 blocks

using CrossParam = aeskit_test::BackendMode;

class CrossBackend : public testing::TestWithParam<CrossParam> {
 protected:
  void compare(aeskit_test::TestRng& rng, std::size_t key_len, std::size_t len, Padding padding) {
    const CrossParam& p = GetParam();
    SCOPED_TRACE("key " + std::to_string(key_len * 8) + " bits, length " + std::to_string(len) +
                 (padding == Padding::pkcs7 ? " pkcs7" : ""));
    const Bytes key_bytes = rng.bytes(key_len);
    Bytes iv = p.mode == Mode::ecb ? Bytes{} : rng.bytes(16);
    if (p.mode == Mode::ctr32 && rng.between(0, 3) == 0) {
      // Low 32 bits a few blocks short of wrapping.
      iv[12] = iv[13] = iv[14] = 0xff;
      iv[15] = static_cast<std::uint8_t>(0xff - rng.between(0, 40));
    }
    const Bytes pt = rng.bytes(len);
    aeskit::AesKey ref_key, key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes, kReference, ref_key));
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes, p.backend, key));
    SCOPED_TRACE("key " + to_hex(key_bytes) + " iv " + to_hex(iv));

    auto ref_ct = aeskit_test::one_shot(ref_key, p.mode, Direction::encrypt, iv, pt, padding);
    ASSERT_EQ(ref_ct.code, Errc::ok);
    // The backend under test: aligned, misaligned, and in place.
    const aeskit_test::Placement placements[] = {
        {},
        {rng.between(0, 15), rng.between(0, 15), false},
        {rng.between(0, 15), 0, true},
    };
    for (const aeskit_test::Placement& where : placements) {
      SCOPED_TRACE("in offset " + std::to_string(where.in_offset) + ", out offset " +
                   std::to_string(where.out_offset) + (where.in_place ? ", in place" : ""));
      EXPECT_TRUE(aeskit_test::produced(
          aeskit_test::one_shot(key, p.mode, Direction::encrypt, iv, pt, padding, where),
          to_hex(ref_ct.out)))
          << "encrypt differs from " << kReference;
    }

    // Decrypt random "ciphertext" too, so decryption is not only checked as an inverse.
    const Bytes junk = rng.bytes(padding == Padding::pkcs7 ? ref_ct.out.size() : len);
    for (const Bytes* in : std::initializer_list<const Bytes*>{&ref_ct.out, &junk}) {
      auto ref_pt = aeskit_test::one_shot(ref_key, p.mode, Direction::decrypt, iv, *in, padding);
      for (const aeskit_test::Placement& where : placements) {
        SCOPED_TRACE("in offset " + std::to_string(where.in_offset) + ", out offset " +
                     std::to_string(where.out_offset) + (where.in_place ? ", in place" : ""));
        auto got = aeskit_test::one_shot(key, p.mode, Direction::decrypt, iv, *in, padding, where);
        EXPECT_EQ(got.code, ref_pt.code);
        EXPECT_TRUE(got.guard_ok) << got.detail;
        EXPECT_EQ(to_hex(got.out), to_hex(ref_pt.out)) << "decrypt differs from " << kReference;
      }
    }
  }
};

TEST_P(CrossBackend, MatchesPortableForEveryLength) {
  const CrossParam& p = GetParam();
  AESKIT_SKIP_UNAVAILABLE(p.backend);
  AESKIT_SKIP_UNAVAILABLE(kReference);
  aeskit_test::TestRng rng;
  const bool stream = aeskit_test::is_stream_mode(p.mode);
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (std::size_t n = 0; n <= kMaxBlocks; ++n) {
      // CFB8 is one block-cipher call per byte with no batching to have tails: one key size per
      // length (rotating) keeps its runtime in line with the other modes, and it stops at 101.
      // Above 101 blocks every mode takes one key size per length.
      if (p.mode == Mode::cfb8 && n > kAllKeySizesBlocks) break;
      if ((p.mode == Mode::cfb8 || n > kAllKeySizesBlocks) &&
          aeskit_test::kKeySizes[n % 3] != key_len)
        continue;
      ASSERT_NO_FATAL_FAILURE(compare(rng, key_len, 16 * n, Padding::none));
      if (stream) {
        ASSERT_NO_FATAL_FAILURE(compare(rng, key_len, 16 * n + rng.between(1, 15), Padding::none));
      } else {
        ASSERT_NO_FATAL_FAILURE(compare(rng, key_len, 16 * n + rng.between(0, 15), Padding::pkcs7));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, CrossBackend,
                         testing::ValuesIn(aeskit_test::backend_modes(aeskit_test::kAllModes,
                                                                      kReference)),
                         [](const testing::TestParamInfo<CrossParam>& param_info) {
                           return aeskit_test::identifier(param_info.param.backend) +
                                  "_vs_portable_" + aeskit_test::mode_label(param_info.param.mode);
                         });
// A build with only the portable backend has nothing to cross-check.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(CrossBackend);

class BlocksEqualSingleCalls : public testing::TestWithParam<std::string> {};

TEST_P(BlocksEqualSingleCalls, EncryptAndDecrypt) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (std::size_t n = 0; n <= kMaxBlocks; ++n) {
      if (n > kAllKeySizesBlocks && aeskit_test::kKeySizes[n % 3] != key_len) continue;
      SCOPED_TRACE(std::to_string(key_len * 8) + "-bit key, " + std::to_string(n) + " blocks");
      aeskit::AesKey key;
      ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng.bytes(key_len), GetParam(), key));
      const Bytes in = rng.bytes(16 * n);
      for (Direction d : {Direction::encrypt, Direction::decrypt}) {
        Bytes all(in.size()), single(in.size());
        auto op = [&](std::span<const std::uint8_t> i, std::span<std::uint8_t> o) {
          return d == Direction::encrypt ? key.encrypt_blocks(i, o) : key.decrypt_blocks(i, o);
        };
        ASSERT_TRUE(op(in, all).ok());
        for (std::size_t b = 0; b < n; ++b)
          ASSERT_TRUE(
              op(std::span(in).subspan(16 * b, 16), std::span(single).subspan(16 * b, 16)).ok());
        EXPECT_EQ(to_hex(all), to_hex(single)) << aeskit_test::direction_label(d);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, BlocksEqualSingleCalls,
                         testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
