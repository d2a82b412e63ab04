// tests/api/api_streaming_in_place_test.cpp — Cipher::update over one buffer with chunks that
// are not whole blocks (issue 20): for ECB/CBC the output may trail the input by pending()
// bytes, and streaming so over a single buffer, any chunking, gives the one-shot result in
// place; an output trailing by more than pending(), or leading the input, is refused with
// the buffer unchanged; stream modes stream in place with out == in.
// No vectors: the one-shot out-of-place result is the reference.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AesKey;
using aeskit::Cipher;

struct Case {
  Mode mode;
  Direction direction;
  Padding padding;
};

// stream_in_place runs one buffer through a Cipher in random chunks (read position r, write
// position w = r - pending()) and returns the buffer's first `written` bytes.
Bytes stream_in_place(const AesKey& key, const Case& c, const Bytes& iv, Bytes buf,
                      std::size_t in_len, aeskit_test::TestRng& rng) {
  auto cipher = Cipher::create(key, c.mode, c.direction, iv, c.padding);
  EXPECT_TRUE(cipher.ok());
  std::size_t r = 0, w = 0;
  while (r < in_len) {
    const std::size_t len = std::min(in_len - r, rng.between(0, 40));
    EXPECT_EQ(r - w, cipher->pending());
    auto n = cipher->update(std::span(buf).subspan(r, len), std::span(buf).subspan(w));
    EXPECT_TRUE(n.ok()) << n.message();
    if (!n.ok()) return {};
    w += *n;
    r += len;
  }
  auto f = cipher->finish(std::span(buf).subspan(w));
  EXPECT_TRUE(f.ok()) << f.message();
  if (!f.ok()) return {};
  buf.resize(w + *f);
  return buf;
}

TEST(StreamingInPlace, AnyChunkingOverOneBufferGivesTheOneShotResult) {
  aeskit_test::TestRng rng;
  auto key = AesKey::create(rng.bytes(16));
  ASSERT_TRUE(key.ok());
  const Case cases[] = {
      {Mode::ecb, Direction::encrypt, Padding::none},
      {Mode::ecb, Direction::decrypt, Padding::none},
      {Mode::cbc, Direction::encrypt, Padding::none},
      {Mode::cbc, Direction::decrypt, Padding::none},
      {Mode::ecb, Direction::encrypt, Padding::pkcs7},
      {Mode::cbc, Direction::encrypt, Padding::pkcs7},
      {Mode::cbc, Direction::decrypt, Padding::pkcs7},
      {Mode::ctr128, Direction::encrypt, Padding::none},
      {Mode::cfb8, Direction::decrypt, Padding::none},
  };
  std::size_t runs = 0;
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(aeskit::mode_name(c.mode)) +
                 (c.direction == Direction::encrypt ? " encrypt" : " decrypt") +
                 (c.padding == Padding::pkcs7 ? " pkcs7" : ""));
    const Bytes iv = c.mode == Mode::ecb ? Bytes{} : rng.bytes(16);
    for (std::size_t blocks : {0u, 1u, 3u, 17u, 70u}) {
      std::size_t len = 16 * blocks;
      if (c.padding == Padding::pkcs7 && c.direction == Direction::encrypt) len += blocks % 16;
      Bytes input = rng.bytes(len);
      if (c.padding == Padding::pkcs7 && c.direction == Direction::decrypt) {
        // A valid padded ciphertext: encrypt random data one-shot.
        const Bytes pt = rng.bytes(len == 0 ? 5 : len - 3);
        Bytes ct(pt.size() + 16);
        auto n = aeskit::encrypt(*key, c.mode, iv, pt, ct, Padding::pkcs7);
        ASSERT_TRUE(n.ok());
        ct.resize(*n);
        input = ct;
        len = input.size();
      }
      Bytes want(len + 16);
      auto n = c.direction == Direction::encrypt
                   ? aeskit::encrypt(*key, c.mode, iv, input, want, c.padding)
                   : aeskit::decrypt(*key, c.mode, iv, input, want, c.padding);
      ASSERT_TRUE(n.ok()) << n.message();
      want.resize(*n);
      for (int trial = 0; trial < 8; ++trial) {
        Bytes buf = input;
        buf.resize(len + 16);  // room for the padding block
        ASSERT_EQ(to_hex(stream_in_place(*key, c, iv, buf, len, rng)), to_hex(want))
            << blocks << " blocks, trial " << trial;
        ++runs;
      }
    }
  }
  EXPECT_EQ(runs, 9u * 5u * 8u);
}

TEST(StreamingInPlace, TrailingByMoreThanPendingOrLeadingIsRefused) {
  aeskit_test::TestRng rng;
  auto key = AesKey::create(rng.bytes(16));
  ASSERT_TRUE(key.ok());
  const Bytes iv = rng.bytes(16);
  for (Mode mode : {Mode::ecb, Mode::cbc}) {
    auto c = Cipher::create(*key, mode, Direction::encrypt, mode == Mode::ecb ? Bytes{} : iv);
    ASSERT_TRUE(c.ok());
    Bytes buf = rng.bytes(128);
    auto first = c->update(std::span(buf).first(5), std::span(buf).first(5));
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(*first, 0u);
    EXPECT_EQ(c->pending(), 5u);
    const Bytes before = buf;
    // Trailing by 6 > pending(): refused, nothing written, nothing consumed.
    EXPECT_EQ(c->update(std::span(buf).subspan(11, 40), std::span(buf).subspan(5)).code(),
              Errc::overlapping_buffers);
    // Leading the input by one byte: refused.
    EXPECT_EQ(c->update(std::span(buf).subspan(5, 40), std::span(buf).subspan(6)).code(),
              Errc::overlapping_buffers);
    EXPECT_EQ(buf, before);
    EXPECT_EQ(c->pending(), 5u);
    // Trailing by exactly pending(): accepted, writes 32 bytes from offset 0.
    auto ok = c->update(std::span(buf).subspan(5, 40), std::span(buf).first(64));
    ASSERT_TRUE(ok.ok()) << ok.message();
    EXPECT_EQ(*ok, 32u);
    EXPECT_EQ(c->pending(), 13u);
  }
}

TEST(StreamingInPlace, StreamModesHoldNothingBack) {
  aeskit_test::TestRng rng;
  auto key = AesKey::create(rng.bytes(32));
  ASSERT_TRUE(key.ok());
  auto c = Cipher::create(*key, Mode::ctr32, Direction::encrypt, rng.bytes(16));
  ASSERT_TRUE(c.ok());
  Bytes buf = rng.bytes(40);
  ASSERT_TRUE(c->update(std::span(buf).first(7), std::span(buf).first(7)).ok());
  EXPECT_EQ(c->pending(), 0u);
}

}  // namespace
