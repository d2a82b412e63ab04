// tests/api/api_buffer_errors_test.cpp — length errors: output too small (one-shot, Cipher,
// encrypt_blocks), input not a block multiple (ECB/CBC without padding), padding asked of a
// stream mode (invalid_argument). On every error the output is unchanged (canary fill).
// No vectors: error paths only.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AesKey;
using aeskit_test::kCanary;

AesKey test_key() {
  auto k = AesKey::create(Bytes(16, 0x5a));
  return k.ok() ? std::move(k).value() : AesKey();
}

Bytes iv_for(Mode m) {
  return m == Mode::ecb ? Bytes{} : Bytes(16, 0x33);
}

// expect_error_untouched runs f(out_span) on a canary-filled buffer of `cap` bytes (followed
// by a guard) and expects `code` with the buffer unchanged.
template <class F>
void expect_error_untouched(Errc code, std::size_t cap, F f, const std::string& what) {
  Bytes buf(cap + 16, kCanary);
  auto r = f(std::span<std::uint8_t>(buf.data(), cap));
  EXPECT_EQ(r.code(), code) << what;
  EXPECT_EQ(buf, Bytes(cap + 16, kCanary)) << what << ": output written on error";
}

class BufferErrors : public testing::TestWithParam<Mode> {};

TEST_P(BufferErrors, OutputTooSmallOneShot) {
  const Mode mode = GetParam();
  const AesKey key = test_key();
  const Bytes iv = iv_for(mode);
  for (std::size_t len : {16, 64, 160}) {
    const Bytes in(len, 0x11);
    for (std::size_t cap : {std::size_t{0}, len - 1, len / 2}) {
      const std::string what = aeskit_test::mode_label(mode) + " len " + std::to_string(len) +
                               " out " + std::to_string(cap);
      expect_error_untouched(
          Errc::output_too_small, cap,
          [&](std::span<std::uint8_t> out) { return aeskit::encrypt(key, mode, iv, in, out); },
          "encrypt " + what);
      expect_error_untouched(
          Errc::output_too_small, cap,
          [&](std::span<std::uint8_t> out) { return aeskit::decrypt(key, mode, iv, in, out); },
          "decrypt " + what);
    }
  }
  if (aeskit_test::is_stream_mode(mode)) {
    const Bytes in(5, 0x11);
    expect_error_untouched(
        Errc::output_too_small, 4,
        [&](std::span<std::uint8_t> out) { return aeskit::encrypt(key, mode, iv, in, out); },
        "5-byte stream message into 4 bytes");
  }
}

TEST_P(BufferErrors, OutputTooSmallForPadding) {
  const Mode mode = GetParam();
  if (aeskit_test::is_stream_mode(mode)) {
    // Stream modes refuse padding outright (see PaddingWithStreamModeIsInvalid).
    const AesKey key = test_key();
    Bytes out(32);
    EXPECT_EQ(aeskit::encrypt(key, mode, iv_for(mode), Bytes(16), out, Padding::pkcs7).code(),
              Errc::invalid_argument);
    return;
  }
  const AesKey key = test_key();
  const Bytes iv = iv_for(mode);
  // Encryption with pkcs7 needs the length rounded up to the next multiple of 16.
  for (std::size_t len : {0, 1, 15, 16, 20, 32}) {
    const Bytes in(len, 0x11);
    const std::size_t need = (len / 16 + 1) * 16;
    expect_error_untouched(
        Errc::output_too_small, need - 1,
        [&](std::span<std::uint8_t> out) {
          return aeskit::encrypt(key, mode, iv, in, out, Padding::pkcs7);
        },
        "pkcs7 encrypt of " + std::to_string(len) + " bytes into " + std::to_string(need - 1));
    Bytes exact(need);
    auto r = aeskit::encrypt(key, mode, iv, in, exact, Padding::pkcs7);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(*r, need);
    // Decryption with pkcs7 needs only the unpadded length, and fails below it.
    Bytes back(len);
    auto d = aeskit::decrypt(key, mode, iv, exact, back, Padding::pkcs7);
    ASSERT_TRUE(d.ok()) << "decrypt into exactly the unpadded length: " << d.message();
    EXPECT_EQ(*d, len);
    EXPECT_EQ(back, in);
    if (len > 0) {
      expect_error_untouched(
          Errc::output_too_small, len - 1,
          [&](std::span<std::uint8_t> out) {
            return aeskit::decrypt(key, mode, iv, exact, out, Padding::pkcs7);
          },
          "pkcs7 decrypt to " + std::to_string(len) + " bytes into " + std::to_string(len - 1));
    }
  }
}

TEST_P(BufferErrors, OutputTooSmallIncremental) {
  const Mode mode = GetParam();
  const AesKey key = test_key();
  for (Direction d : {Direction::encrypt, Direction::decrypt}) {
    auto c = aeskit::Cipher::create(key, mode, d, iv_for(mode));
    ASSERT_TRUE(c.ok()) << c.message();
    const Bytes in(48, 0x11);
    const std::size_t bound = c->update_output_bound(in.size());
    ASSERT_GE(bound, 48u);
    // Every complete block of this input must be written now, so 47 bytes cannot do.
    expect_error_untouched(
        Errc::output_too_small, 47, [&](std::span<std::uint8_t> out) { return c->update(in, out); },
        "Cipher::update " + aeskit_test::direction_label(d));
  }
  if (!aeskit_test::is_stream_mode(mode)) {
    // Encryption with padding writes a whole block in finish().
    auto c = aeskit::Cipher::create(key, mode, Direction::encrypt, iv_for(mode), Padding::pkcs7);
    ASSERT_TRUE(c.ok()) << c.message();
    Bytes sink(16);
    ASSERT_TRUE(c->update(Bytes(3, 1), sink).ok());
    expect_error_untouched(
        Errc::output_too_small, 15, [&](std::span<std::uint8_t> out) { return c->finish(out); },
        "Cipher::finish with padding into 15 bytes");
  }
}

TEST_P(BufferErrors, NotBlockMultiple) {
  const Mode mode = GetParam();
  const AesKey key = test_key();
  const Bytes iv = iv_for(mode);
  for (std::size_t len : {1, 15, 17, 31, 33, 129}) {
    const Bytes in(len, 0x11);
    const std::string what = aeskit_test::mode_label(mode) + " " + std::to_string(len) + " bytes";
    if (aeskit_test::is_stream_mode(mode)) {
      // Stream modes take any length.
      Bytes out(len);
      auto r = aeskit::encrypt(key, mode, iv, in, out);
      ASSERT_TRUE(r.ok()) << what << ": " << r.message();
      EXPECT_EQ(*r, len);
      continue;
    }
    expect_error_untouched(
        Errc::not_block_multiple, len + 16,
        [&](std::span<std::uint8_t> out) { return aeskit::encrypt(key, mode, iv, in, out); },
        "encrypt " + what);
    expect_error_untouched(
        Errc::not_block_multiple, len + 16,
        [&](std::span<std::uint8_t> out) { return aeskit::decrypt(key, mode, iv, in, out); },
        "decrypt " + what);
    expect_error_untouched(
        Errc::not_block_multiple, len + 16,
        [&](std::span<std::uint8_t> out) {
          return aeskit::decrypt(key, mode, iv, in, out, Padding::pkcs7);
        },
        "pkcs7 decrypt " + what);
    // Incremental: the partial block is only an error at finish().
    for (Direction d : {Direction::encrypt, Direction::decrypt}) {
      auto c = aeskit::Cipher::create(key, mode, d, iv);
      ASSERT_TRUE(c.ok());
      Bytes sink(c->update_output_bound(len));
      ASSERT_TRUE(c->update(in, sink).ok()) << what;
      expect_error_untouched(
          Errc::not_block_multiple, 16, [&](std::span<std::uint8_t> out) { return c->finish(out); },
          "Cipher::finish " + aeskit_test::direction_label(d) + " " + what);
    }
  }
}

TEST_P(BufferErrors, PaddingWithStreamModeIsInvalid) {
  const Mode mode = GetParam();
  const AesKey key = test_key();
  const Bytes iv = iv_for(mode);
  const Bytes in(32, 0x11);
  if (!aeskit_test::is_stream_mode(mode)) {
    Bytes out(48);
    EXPECT_TRUE(aeskit::encrypt(key, mode, iv, in, out, Padding::pkcs7).ok());
    return;
  }
  for (Direction d : {Direction::encrypt, Direction::decrypt}) {
    expect_error_untouched(
        Errc::invalid_argument, 48,
        [&](std::span<std::uint8_t> out) {
          return d == Direction::encrypt ? aeskit::encrypt(key, mode, iv, in, out, Padding::pkcs7)
                                         : aeskit::decrypt(key, mode, iv, in, out, Padding::pkcs7);
        },
        aeskit_test::mode_label(mode) + " with pkcs7, " + aeskit_test::direction_label(d));
    EXPECT_EQ(aeskit::Cipher::create(key, mode, d, iv, Padding::pkcs7).code(),
              Errc::invalid_argument);
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, BufferErrors, testing::ValuesIn(aeskit_test::kAllModes),
                         [](const testing::TestParamInfo<Mode>& param_info) {
                           return aeskit_test::mode_label(param_info.param);
                         });

TEST(BlockBufferErrors, EncryptBlocksChecksLengths) {
  const AesKey key = test_key();
  const Bytes in(48, 0x11);
  for (bool enc : {true, false}) {
    auto op = [&](std::span<const std::uint8_t> i, std::span<std::uint8_t> o) {
      return enc ? key.encrypt_blocks(i, o) : key.decrypt_blocks(i, o);
    };
    Bytes small(47, kCanary);
    EXPECT_EQ(op(in, small).code(), Errc::output_too_small);
    EXPECT_EQ(small, Bytes(47, kCanary));
    Bytes out(64, kCanary);
    EXPECT_EQ(op(Bytes(17, 1), out).code(), Errc::not_block_multiple);
    EXPECT_EQ(op(Bytes(15, 1), out).code(), Errc::not_block_multiple);
    EXPECT_EQ(out, Bytes(64, kCanary));
    EXPECT_TRUE(op(Bytes{}, std::span<std::uint8_t>{}).ok()) << "zero blocks is fine";
  }
}

}  // namespace
