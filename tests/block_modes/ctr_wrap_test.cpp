// tests/block_modes/ctr_wrap_test.cpp — counter overflow in both CTR flavours, on every backend.
// ctr32: the low 32 bits wrap mod 2^32 and bytes 0..11 never change. Counters start k blocks
// below the wrap for k = 1..96, so the wrap lands on every index of an 8-block batch (aesni),
// of a 16-block group of 8 ymm registers (vaes256: odd k puts it between the two lanes of
// one register, even k between registers) and of a 32-block group of 8 zmm registers
// (vaes512: k mod 4 picks the lane of the register), in the first, second and third group
// (k > 48: one counter prefix per k, alternating). Messages are k + 24 blocks and 7 bytes, so
// the wrap is followed by a whole ymm group and the lengths cross every tail. Reference: the
// counter blocks built here, each encrypted by a single-block encrypt_blocks call.
// ctr128: the whole block is one big-endian counter; starts just below carries out of 32 bits,
// out of 64 bits (between the halves), through all 16 bytes, and at ff..ff (wrap to 00..00),
// k = 1..72 blocks before the carry (every position of the first two 32-block groups and into
// the third), so the carry lands on each lane and register of the ymm and zmm kernels.
// Reference: the same single-block construction, and OpenSSL's aes-*-ctr.
// Each case also runs through Cipher one block per update (the single-block kernel paths).
// No fixed vectors: the references are computed.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/openssl_ref.hpp"
#include "support/rng.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;

// increment adds one to the big-endian integer in counter[first..15].
void increment(Bytes& counter, std::size_t first) {
  for (std::size_t i = 16; i-- > first;)
    if (++counter[i] != 0) break;
}

// reference_ctr: keystream blocks from single encrypt_blocks calls; 32- or 128-bit counter.
Bytes reference_ctr(const aeskit::AesKey& key, Bytes counter, const Bytes& in, bool wrap32) {
  Bytes out(in.size());
  for (std::size_t pos = 0; pos < in.size(); pos += 16) {
    std::uint8_t ks[16];
    EXPECT_TRUE(key.encrypt_blocks(counter, ks).ok());
    for (std::size_t i = 0; i < 16 && pos + i < in.size(); ++i)
      out[pos + i] = static_cast<std::uint8_t>(in[pos + i] ^ ks[i]);
    increment(counter, wrap32 ? 12 : 0);
  }
  return out;
}

class CtrWrap : public testing::TestWithParam<std::string> {
 protected:
  // check compares one-shot (both directions) and incremental output with `expect`.
  void check(const aeskit::AesKey& key, Mode mode, const Bytes& counter, const Bytes& pt,
             const Bytes& expect, aeskit_test::TestRng& rng) {
    for (Direction d : {Direction::encrypt, Direction::decrypt}) {
      SCOPED_TRACE(aeskit_test::direction_label(d));
      auto got = aeskit_test::one_shot(key, mode, d, counter, pt);
      ASSERT_EQ(got.code, Errc::ok);
      EXPECT_EQ(to_hex(got.out), to_hex(expect)) << "one-shot";
      auto inc = aeskit_test::incremental(key, mode, d, counter, pt, Padding::none, &rng);
      ASSERT_EQ(inc.code, Errc::ok) << inc.detail;
      EXPECT_EQ(to_hex(inc.out), to_hex(expect)) << "Cipher, random splits";
      // One block per update: every counter step, the wrap included, goes through the
      // backends' single-block paths.
      auto cipher = aeskit::Cipher::create(key, mode, d, counter, Padding::none);
      ASSERT_TRUE(cipher.ok());
      Bytes blockwise(pt.size());
      for (std::size_t pos = 0; pos < pt.size(); pos += 16) {
        const std::size_t n = pt.size() - pos < 16 ? pt.size() - pos : 16;
        auto res = cipher.value().update(std::span(pt).subspan(pos, n),
                                         std::span(blockwise).subspan(pos, n));
        ASSERT_TRUE(res.ok());
        ASSERT_EQ(res.value(), n);
      }
      EXPECT_EQ(to_hex(blockwise), to_hex(expect)) << "Cipher, one block per update";
    }
  }
};

TEST_P(CtrWrap, Ctr32WrapsWithoutCarryAtEveryBatchIndex) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t k = 1; k <= 96; ++k) {
    for (bool all_ones_prefix : {false, true}) {
      if (k > 48 && all_ones_prefix != (k % 2 == 0)) continue;
      const std::size_t key_len = aeskit_test::kKeySizes[k % 3];
      SCOPED_TRACE("wrap after " + std::to_string(k) + " blocks, " + std::to_string(key_len * 8) +
                   "-bit key" + (all_ones_prefix ? ", prefix ff..ff" : ", random prefix"));
      aeskit::AesKey key;
      ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng.bytes(key_len), GetParam(), key));
      Bytes counter = rng.bytes(16);
      if (all_ones_prefix) std::fill(counter.begin(), counter.begin() + 12, 0xff);
      const std::uint32_t low = static_cast<std::uint32_t>(0x100000000ULL - k);
      for (int i = 0; i < 4; ++i) counter[12 + i] = static_cast<std::uint8_t>(low >> (24 - 8 * i));
      const Bytes pt = rng.bytes(16 * (k + 24) + 7);
      const Bytes expect = reference_ctr(key, counter, pt, true);
      // The reference really wrapped without carry: block k used prefix || 00000000.
      Bytes wrapped(counter.begin(), counter.begin() + 12);
      wrapped.resize(16, 0);
      std::uint8_t ks[16];
      ASSERT_TRUE(key.encrypt_blocks(wrapped, ks).ok());
      for (std::size_t i = 0; i < 16; ++i)
        ASSERT_EQ(expect[16 * k + i], pt[16 * k + i] ^ ks[i]) << "test reference is wrong";
      ASSERT_NO_FATAL_FAILURE(check(key, Mode::ctr32, counter, pt, expect, rng));
    }
  }
}

TEST_P(CtrWrap, Ctr128CarriesThroughAllBytes) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  // Start patterns: bytes [first..15] are ff, then k is subtracted from the whole counter.
  struct Start {
    const char* what;
    std::size_t first_ff;  // bytes first_ff..15 start as ff
  };
  constexpr Start kStarts[] = {{"carry out of the low 32 bits", 12},
                               {"carry between the 64-bit halves", 8},
                               {"carry into byte 0", 1},
                               {"wrap of the whole block", 0}};
  for (const Start& s : kStarts) {
    for (std::size_t k = 1; k <= 72; ++k) {
      const std::size_t key_len = aeskit_test::kKeySizes[k % 3];
      SCOPED_TRACE(std::string(s.what) + ", " + std::to_string(k) + " blocks before it, " +
                   std::to_string(key_len * 8) + "-bit key");
      const Bytes key_bytes = rng.bytes(key_len);
      aeskit::AesKey key;
      ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes, GetParam(), key));
      Bytes counter = rng.bytes(16);
      if (s.first_ff > 0 && counter[s.first_ff - 1] == 0xff) counter[s.first_ff - 1] = 0x7f;
      std::fill(counter.begin() + static_cast<std::ptrdiff_t>(s.first_ff), counter.end(), 0xff);
      // Subtract (k - 1): counter becomes ...ff - (k-1); the carry happens after k blocks.
      counter[15] = static_cast<std::uint8_t>(0xff - (k - 1));
      const Bytes pt = rng.bytes(16 * (k + 20) + 9);
      const Bytes expect = reference_ctr(key, counter, pt, false);
      const auto openssl =
          aeskit_test::openssl_crypt(Mode::ctr128, Direction::encrypt, key_bytes, counter, pt);
      ASSERT_TRUE(openssl.has_value());
      ASSERT_EQ(to_hex(*openssl), to_hex(expect)) << "test reference disagrees with OpenSSL";
      ASSERT_NO_FATAL_FAILURE(check(key, Mode::ctr128, counter, pt, expect, rng));
    }
  }
}

TEST_P(CtrWrap, Ctr32AndCtr128DifferOnlyAfterTheWrap) {
  // Same start just below a 32-bit wrap: the two flavours agree up to the wrap and differ from
  // the wrapping block on (ctr128 carries into byte 11, ctr32 does not).
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  aeskit::AesKey key;
  ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng.bytes(16), GetParam(), key));
  Bytes counter = rng.bytes(16);
  counter[12] = counter[13] = counter[14] = 0xff;
  counter[15] = 0xfd;  // wraps after 3 blocks
  const Bytes pt(16 * 12, 0);
  auto a = aeskit_test::one_shot(key, Mode::ctr32, Direction::encrypt, counter, pt);
  auto b = aeskit_test::one_shot(key, Mode::ctr128, Direction::encrypt, counter, pt);
  ASSERT_EQ(a.code, Errc::ok);
  ASSERT_EQ(b.code, Errc::ok);
  EXPECT_EQ(to_hex({a.out.data(), 48}), to_hex({b.out.data(), 48}));
  for (std::size_t blk = 3; blk < 12; ++blk)
    EXPECT_NE(to_hex({a.out.data() + 16 * blk, 16}), to_hex({b.out.data() + 16 * blk, 16}))
        << "block " << blk;
}

INSTANTIATE_TEST_SUITE_P(Backends, CtrWrap, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
