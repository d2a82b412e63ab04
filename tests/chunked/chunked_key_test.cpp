// tests/chunked/chunked_key_test.cpp — chunked::Key (the per-key HMAC-SHA-512 states reused
// across messages): its bytes equal the raw-key functions' and the OpenSSL-only encoder's, a
// message sealed with one form opens with the other (whole buffers, push streams, Reader), the
// errors of create, an empty (default or moved-from) Key refused with invalid_state everywhere,
// output independent of the thread count, and one Key shared by several threads.
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "chunked_support.hpp"

namespace {

using aeskit::Errc;
using aeskit_test::Bytes;
using namespace aeskit_test::chunked;
namespace ck = aeskit::chunked;

Bytes random_bytes(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
  return b;
}

const std::size_t kSizes[] = {
    0, 1, 1000, ck::kChunkSize - 1, ck::kChunkSize, 3 * ck::kChunkSize + 17, 9 * ck::kChunkSize};

class ChunkedKey : public ::testing::TestWithParam<Suite> {};

TEST_P(ChunkedKey, SameBytesAsRawKeyAndOpenSsl) {
  const Suite suite = GetParam();
  const Bytes key = random_bytes(ck::key_length(suite), 11);
  const Bytes salt = random_bytes(ck::kSaltSize, 12);
  const Bytes ctx = {'k', 'e', 'y'};
  auto k = ck::Key::create(suite, key);
  ASSERT_TRUE(k.ok()) << k.message();
  EXPECT_TRUE(k->valid());
  EXPECT_EQ(k->suite(), suite);
  for (std::size_t size : kSizes) {
    SCOPED_TRACE("size " + std::to_string(size));
    const Bytes pt = random_bytes(size, static_cast<std::uint32_t>(size) + 1);
    Bytes a(ck::ciphertext_length(size).value()), b(a.size());
    ASSERT_TRUE(ck::hazmat::seal_with_salt(*k, salt, ctx, pt, a, 1).ok());
    ASSERT_TRUE(ck::hazmat::seal_with_salt(suite, key, salt, ctx, pt, b, 1).ok());
    EXPECT_EQ(a, b);
    EXPECT_EQ(a, openssl_seal(suite, key, salt, ctx, pt));
    auto enc = ck::hazmat::encryptor_with_salt(*k, salt, ctx);
    ASSERT_TRUE(enc.ok());
    EXPECT_EQ(stream_encrypt(std::move(*enc), pt, {1000, 16384, 7}), a);
  }
}

TEST_P(ChunkedKey, KeySealOpensWithRawKeyAndViceVersa) {
  const Suite suite = GetParam();
  const Bytes key = random_bytes(ck::key_length(suite), 21);
  const Bytes ctx = {'c'};
  auto k = ck::Key::create(suite, key);
  ASSERT_TRUE(k.ok());
  for (std::size_t size : kSizes) {
    SCOPED_TRACE("size " + std::to_string(size));
    const Bytes pt = random_bytes(size, static_cast<std::uint32_t>(size) + 2);
    auto by_key = ck::seal(*k, ctx, pt);
    auto by_raw = ck::seal(suite, key, ctx, pt);
    ASSERT_TRUE(by_key.ok() && by_raw.ok());
    Bytes out(size);
    auto n = ck::open(suite, key, ctx, *by_key, out);
    ASSERT_TRUE(n.ok()) << n.message();
    EXPECT_EQ(out, pt);
    n = ck::open(*k, ctx, *by_raw, out);
    ASSERT_TRUE(n.ok()) << n.message();
    EXPECT_EQ(out, pt);
    // Streams and the Reader with a Key.
    auto dec = ck::Decryptor::create(*k, ctx);
    ASSERT_TRUE(dec.ok());
    StreamOutcome got = stream_decrypt(std::move(*dec), *by_raw, 5000);
    EXPECT_EQ(got.error, Errc::ok);
    EXPECT_EQ(got.out, pt);
    auto enc = ck::Encryptor::create(*k, ctx);
    ASSERT_TRUE(enc.ok());
    const Bytes streamed = stream_encrypt(std::move(*enc), pt, {333});
    n = ck::open(suite, key, ctx, streamed, out);
    ASSERT_TRUE(n.ok()) << n.message();
    EXPECT_EQ(out, pt);
    auto reader = ck::Reader::open(*k, ctx, *by_raw);
    ASSERT_TRUE(reader.ok()) << reader.message();
    Bytes all(size);
    auto r = reader->read(0, all);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, size);
    EXPECT_EQ(all, pt);
  }
  // A Key of another key, or another context, is refused from the header.
  Bytes other_key = key;
  other_key[0] ^= 1;
  auto other = ck::Key::create(suite, other_key);
  ASSERT_TRUE(other.ok());
  auto ct = ck::seal(*k, ctx, Bytes(100, 7));
  ASSERT_TRUE(ct.ok());
  Bytes out(100, 0xaa);
  EXPECT_EQ(ck::open(*other, ctx, *ct, out).code(), Errc::wrong_key_or_context);
  EXPECT_EQ(out, Bytes(100));
  EXPECT_EQ(ck::open(*k, {}, *ct, out).code(), Errc::wrong_key_or_context);
  EXPECT_EQ(ck::Reader::open(*other, ctx, *ct).status().code(), Errc::wrong_key_or_context);
}

TEST_P(ChunkedKey, CreateRejectsEveryWrongKeyLength) {
  const Suite suite = GetParam();
  for (std::size_t len : {0, 1, 15, 16, 17, 24, 31, 32, 33, 64}) {
    const Bytes key(len, 3);
    auto k = ck::Key::create(suite, key);
    if (len == ck::key_length(suite)) {
      EXPECT_TRUE(k.ok());
    } else {
      EXPECT_EQ(k.status().code(), Errc::bad_key_length) << len;
    }
  }
}

TEST_P(ChunkedKey, EmptyKeyIsRefusedWithInvalidState) {
  const Suite suite = GetParam();
  auto k = ck::Key::create(suite, random_bytes(ck::key_length(suite), 31));
  ASSERT_TRUE(k.ok());
  ck::Key moved_to = std::move(*k);
  EXPECT_TRUE(moved_to.valid());
  const ck::Key& moved_from = *k;
  EXPECT_FALSE(moved_from.valid());
  const ck::Key empty;
  const Bytes salt(ck::kSaltSize, 1), pt(100, 2);
  auto sealed = ck::seal(moved_to, {}, pt);
  ASSERT_TRUE(sealed.ok());
  for (const ck::Key* bad : {&moved_from, &empty}) {
    Bytes out(sealed->size(), 0x55);
    EXPECT_EQ(ck::seal(*bad, {}, pt, out).status().code(), Errc::invalid_state);
    EXPECT_EQ(ck::seal(*bad, {}, pt).status().code(), Errc::invalid_state);
    EXPECT_EQ(ck::hazmat::seal_with_salt(*bad, salt, {}, pt, out).status().code(),
              Errc::invalid_state);
    EXPECT_EQ(ck::open(*bad, {}, *sealed, out).status().code(), Errc::invalid_state);
    EXPECT_EQ(ck::Encryptor::create(*bad, {}).status().code(), Errc::invalid_state);
    EXPECT_EQ(ck::hazmat::encryptor_with_salt(*bad, salt, {}).status().code(), Errc::invalid_state);
    EXPECT_EQ(ck::Decryptor::create(*bad, {}).status().code(), Errc::invalid_state);
    EXPECT_EQ(ck::Reader::open(*bad, {}, *sealed).status().code(), Errc::invalid_state);
  }
  // Move assignment back makes it usable again; the old target is emptied.
  *k = std::move(moved_to);
  EXPECT_TRUE(k->valid());
  EXPECT_FALSE(moved_to.valid());
  Bytes out(pt.size());
  EXPECT_TRUE(ck::open(*k, {}, *sealed, out).ok());
  EXPECT_EQ(out, pt);
}

TEST_P(ChunkedKey, SameResultsForEveryThreadCount) {
  const Suite suite = GetParam();
  auto k = ck::Key::create(suite, random_bytes(ck::key_length(suite), 41));
  ASSERT_TRUE(k.ok());
  const Bytes salt = random_bytes(ck::kSaltSize, 42);
  const Bytes pt = random_bytes(37 * ck::kChunkSize + 123, 43);
  Bytes reference(ck::ciphertext_length(pt.size()).value());
  ASSERT_TRUE(ck::hazmat::seal_with_salt(*k, salt, {}, pt, reference, 1).ok());
  for (unsigned threads : {0u, 2u, 3u, 8u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    Bytes ct(reference.size());
    ASSERT_TRUE(ck::hazmat::seal_with_salt(*k, salt, {}, pt, ct, threads).ok());
    EXPECT_EQ(ct, reference);
    Bytes out(pt.size());
    auto n = ck::open(*k, {}, reference, out, threads);
    ASSERT_TRUE(n.ok());
    EXPECT_EQ(out, pt);
    // A forged chunk gives the same error and a zeroed output on every thread count.
    Bytes bad = reference;
    bad[ck::kHeaderSize + 20 * ck::kWireChunkSize + 5] ^= 1;
    Bytes dirty(pt.size(), 0xee);
    EXPECT_EQ(ck::open(*k, {}, bad, dirty, threads).status().code(), Errc::chunk_forged);
    EXPECT_EQ(dirty, Bytes(pt.size()));
  }
}

TEST_P(ChunkedKey, OneKeySharedByThreads) {
  const Suite suite = GetParam();
  const Bytes key = random_bytes(ck::key_length(suite), 51);
  auto k = ck::Key::create(suite, key);
  ASSERT_TRUE(k.ok());
  const ck::Key& shared = *k;
  bool ok[4] = {};
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t) {
    workers.emplace_back([&, t] {
      bool good = true;
      for (int i = 0; i < 20 && good; ++i) {
        const Bytes pt = random_bytes(static_cast<std::size_t>(1000 * i + t), 100 * t + i);
        auto ct = ck::seal(shared, {}, pt, 1);
        good = ct.ok();
        Bytes out(pt.size());
        good = good && ck::open(suite, key, {}, *ct, out, 1).ok() && out == pt;
      }
      ok[t] = good;
    });
  }
  for (auto& w : workers) w.join();
  for (bool b : ok) EXPECT_TRUE(b);
}

INSTANTIATE_TEST_SUITE_P(Cobblestone, ChunkedKey,
                         ::testing::Values(Suite::cobblestone_128, Suite::cobblestone_256),
                         [](const auto& param_info) {
                           return param_info.param == Suite::cobblestone_128 ? std::string("C128")
                                                                             : std::string("C256");
                         });

}  // namespace
