// tests/block_modes/chained_test.cpp — aeskit::encrypt_chained / decrypt_chained (CBC and
// OFB whole blocks with the caller's chaining value) against the existing one-shot
// aeskit::encrypt / decrypt on every backend: a random message cut into random runs of
// whole blocks (one block at a time half of the runs: the provider's case), out of place and
// in place, must give the one-shot's bytes, and the chain coming out must be what continues
// the message (CBC: the last ciphertext block; OFB: the last key-stream block). Also the
// refusals: another mode, a length not a multiple of 16, a short output, overlaps (the chain
// with the data, data with data), an empty key; an empty input leaves the chain alone.
#include <gtest/gtest.h>

#include <cstring>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;

class Chained : public testing::TestWithParam<std::string> {};

TEST_P(Chained, MatchesOneShotInPieces) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  const int rounds = aeskit_test::scaled(300, 60);
  for (int round = 0; round < rounds; ++round) {
    const std::size_t key_len = aeskit_test::kKeySizes[round % 3];
    const Mode mode = round % 2 ? Mode::cbc : Mode::ofb;
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng.bytes(key_len), GetParam(), key));
    const std::size_t blocks = rng.between(0, round % 10 == 0 ? 200 : 40);
    const Bytes iv = rng.bytes(16), pt = rng.bytes(16 * blocks);
    SCOPED_TRACE(aeskit_test::mode_label(mode) + ", " + std::to_string(key_len * 8) + "-bit key, " +
                 std::to_string(blocks) + " blocks");
    Bytes ct(pt.size());
    ASSERT_TRUE(aeskit::encrypt(key, mode, iv, pt, ct).ok());
    for (Direction d : {Direction::encrypt, Direction::decrypt}) {
      const Bytes& in = d == Direction::encrypt ? pt : ct;
      const Bytes& want = d == Direction::encrypt ? ct : pt;
      const bool in_place = rng.coin();
      Bytes out = in_place ? in : Bytes(in.size());
      std::uint8_t chain[16];
      std::memcpy(chain, iv.data(), 16);
      for (std::size_t done = 0; done < blocks;) {
        const std::size_t n = rng.coin() ? 1 : rng.between(1, blocks - done);
        const std::span<const std::uint8_t> src =
            std::span<const std::uint8_t>(in_place ? out : in).subspan(16 * done, 16 * n);
        const std::span<std::uint8_t> dst = std::span(out).subspan(16 * done, 16 * n);
        const auto s = d == Direction::encrypt
                           ? aeskit::encrypt_chained(key, mode, chain, src, dst)
                           : aeskit::decrypt_chained(key, mode, chain, src, dst);
        ASSERT_TRUE(s.ok()) << aeskit_test::direction_label(d);
        done += n;
        // What continues the message after `done` blocks.
        Bytes next(16);
        if (mode == Mode::cbc) {
          std::memcpy(next.data(), ct.data() + 16 * (done - 1), 16);
        } else {
          for (std::size_t i = 0; i < 16; ++i)
            next[i] = static_cast<std::uint8_t>(ct[16 * (done - 1) + i] ^ pt[16 * (done - 1) + i]);
        }
        ASSERT_EQ(to_hex(Bytes(chain, chain + 16)), to_hex(next))
            << aeskit_test::direction_label(d) << " after " << done << " blocks";
      }
      EXPECT_EQ(to_hex(out), to_hex(want)) << aeskit_test::direction_label(d);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Chained, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

TEST(ChainedArgs, Refusals) {
  aeskit_test::TestRng rng;
  auto k = aeskit::AesKey::create(rng.bytes(16));
  ASSERT_TRUE(k.ok());
  const aeskit::AesKey& key = *k;
  Bytes buf = rng.bytes(64), out(64);
  std::uint8_t chain[16] = {1};
  const std::uint8_t before = chain[0];
  for (Mode m : {Mode::ecb, Mode::ctr128, Mode::ctr32, Mode::cfb128, Mode::cfb8})
    EXPECT_EQ(aeskit::encrypt_chained(key, m, chain, buf, out).code(), Errc::invalid_argument);
  EXPECT_EQ(aeskit::encrypt_chained(key, Mode::cbc, chain, std::span(buf).first(15), out).code(),
            Errc::not_block_multiple);
  EXPECT_EQ(aeskit::decrypt_chained(key, Mode::cbc, chain, buf, std::span(out).first(48)).code(),
            Errc::output_too_small);
  EXPECT_EQ(aeskit::encrypt_chained(key, Mode::ofb, chain, std::span(buf).first(32),
                                    std::span(buf).subspan(16, 32))
                .code(),
            Errc::overlapping_buffers);
  // The chain inside the data, or exactly at its start.
  for (std::size_t at : {0, 8, 16, 48}) {
    std::span<std::uint8_t, 16> inside(buf.data() + at, 16);
    EXPECT_EQ(aeskit::encrypt_chained(key, Mode::cbc, inside, buf, out).code(),
              Errc::overlapping_buffers);
    EXPECT_EQ(aeskit::decrypt_chained(key, Mode::cbc, inside, out, buf).code(),
              Errc::overlapping_buffers);
  }
  EXPECT_EQ(chain[0], before);  // nothing moved on a refusal
  // Empty input: nothing to do, the chain kept.
  EXPECT_TRUE(aeskit::encrypt_chained(key, Mode::cbc, chain, {}, {}).ok());
  EXPECT_EQ(chain[0], before);
  aeskit::AesKey empty;
  EXPECT_EQ(aeskit::encrypt_chained(empty, Mode::cbc, chain, buf, out).code(), Errc::invalid_state);
}

}  // namespace
