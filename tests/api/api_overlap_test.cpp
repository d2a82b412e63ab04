// tests/api/api_overlap_test.cpp — buffer aliasing rules: output starting 1..33 bytes before or
// after the input inside the same buffer is overlapping_buffers (one-shot both directions,
// Cipher::update, encrypt_blocks/decrypt_blocks), with the whole buffer left unchanged;
// exact in-place use is accepted for every mode and gives the out-of-place result.
// No vectors: the out-of-place result is the reference.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AesKey;

constexpr std::size_t kLen = 64;
constexpr std::size_t kInAt = 48;  // room for the output to start up to 33 bytes earlier

class Overlap : public testing::TestWithParam<Mode> {};

TEST_P(Overlap, PartialOverlapIsRefusedAndNothingChanges) {
  const Mode mode = GetParam();
  aeskit_test::TestRng rng;
  auto key = AesKey::create(rng.bytes(16));
  ASSERT_TRUE(key.ok());
  const Bytes iv = mode == Mode::ecb ? Bytes{} : rng.bytes(16);
  const Bytes buffer = rng.bytes(kInAt + kLen + 64);
  for (int delta = -33; delta <= 33; ++delta) {
    if (delta == 0) continue;
    SCOPED_TRACE("output at input " + std::string(delta > 0 ? "+" : "") + std::to_string(delta));
    const std::size_t out_at = static_cast<std::size_t>(static_cast<int>(kInAt) + delta);
    for (Direction d : {Direction::encrypt, Direction::decrypt}) {
      Bytes buf = buffer;
      const std::span<const std::uint8_t> in(buf.data() + kInAt, kLen);
      const std::span<std::uint8_t> out(buf.data() + out_at, kLen);
      auto r = d == Direction::encrypt ? aeskit::encrypt(*key, mode, iv, in, out)
                                       : aeskit::decrypt(*key, mode, iv, in, out);
      EXPECT_EQ(r.code(), Errc::overlapping_buffers) << aeskit_test::direction_label(d);
      EXPECT_EQ(buf, buffer) << "buffer changed on error";

      auto c = aeskit::Cipher::create(*key, mode, d, iv);
      ASSERT_TRUE(c.ok());
      auto u = c->update(in, out);
      EXPECT_EQ(u.code(), Errc::overlapping_buffers) << "Cipher::update";
      EXPECT_EQ(buf, buffer) << "buffer changed on Cipher::update error";
    }
    if (mode == Mode::ecb) {
      Bytes buf = buffer;
      const std::span<const std::uint8_t> in(buf.data() + kInAt, kLen);
      const std::span<std::uint8_t> out(buf.data() + out_at, kLen);
      EXPECT_EQ(key->encrypt_blocks(in, out).code(), Errc::overlapping_buffers);
      EXPECT_EQ(key->decrypt_blocks(in, out).code(), Errc::overlapping_buffers);
      EXPECT_EQ(buf, buffer) << "buffer changed on encrypt_blocks error";
    }
  }
}

TEST_P(Overlap, ExactInPlaceIsAccepted) {
  const Mode mode = GetParam();
  aeskit_test::TestRng rng;
  auto key = AesKey::create(rng.bytes(32));
  ASSERT_TRUE(key.ok());
  const Bytes iv = mode == Mode::ecb ? Bytes{} : rng.bytes(16);
  const Bytes pt = rng.bytes(kLen);
  for (Direction d : {Direction::encrypt, Direction::decrypt}) {
    Bytes expect(kLen);
    auto r = d == Direction::encrypt ? aeskit::encrypt(*key, mode, iv, pt, expect)
                                     : aeskit::decrypt(*key, mode, iv, pt, expect);
    ASSERT_TRUE(r.ok()) << r.message();
    Bytes buf = pt;
    auto s = d == Direction::encrypt ? aeskit::encrypt(*key, mode, iv, buf, buf)
                                     : aeskit::decrypt(*key, mode, iv, buf, buf);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(buf, expect) << "in place, " << aeskit_test::direction_label(d);

    auto c = aeskit::Cipher::create(*key, mode, d, iv);
    ASSERT_TRUE(c.ok());
    Bytes buf2 = pt;
    auto u = c->update(buf2, buf2);
    ASSERT_TRUE(u.ok()) << u.message();
    EXPECT_EQ(*u, kLen);
    EXPECT_EQ(buf2, expect) << "Cipher::update in place, " << aeskit_test::direction_label(d);
  }
  if (mode == Mode::ecb) {
    Bytes buf = pt;
    ASSERT_TRUE(key->encrypt_blocks(buf, buf).ok());
    ASSERT_TRUE(key->decrypt_blocks(buf, buf).ok());
    EXPECT_EQ(buf, pt);
  }
}

TEST_P(Overlap, AdjacentButDisjointBuffersAreFine) {
  // Output ending exactly where the input starts (or starting right after it) is no overlap.
  const Mode mode = GetParam();
  auto key = AesKey::create(Bytes(16, 9));
  ASSERT_TRUE(key.ok());
  const Bytes iv = mode == Mode::ecb ? Bytes{} : Bytes(16, 4);
  Bytes buf(3 * kLen, 0x77);
  const std::span<const std::uint8_t> in(buf.data() + kLen, kLen);
  Bytes expect(kLen);
  ASSERT_TRUE(aeskit::encrypt(*key, mode, iv, in, expect).ok());
  for (std::size_t out_at : {std::size_t{0}, 2 * kLen}) {
    auto r = aeskit::encrypt(*key, mode, iv, in, {buf.data() + out_at, kLen});
    ASSERT_TRUE(r.ok()) << "output at " << out_at << ": " << r.message();
    EXPECT_EQ(Bytes(buf.begin() + static_cast<std::ptrdiff_t>(out_at),
                    buf.begin() + static_cast<std::ptrdiff_t>(out_at + kLen)),
              expect);
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, Overlap, testing::ValuesIn(aeskit_test::kAllModes),
                         [](const testing::TestParamInfo<Mode>& param_info) {
                           return aeskit_test::mode_label(param_info.param);
                         });

}  // namespace
