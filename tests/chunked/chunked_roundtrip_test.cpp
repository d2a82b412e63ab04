// tests/chunked/chunked_roundtrip_test.cpp — Cobblestone round trips and contract: sizes around
// every chunk boundary through every interface; the library's bytes equal an OpenSSL-only encoder's
// (HKDF-Expand-SHA-512 + AES-GCM); output independent of thread count and of how the stream is
// split; random access vs full decryption at random ranges; tampering of every kind gives its
// own Errc; the chunk counter limit; argument errors. Random data from a fixed-seed PRNG.
#include <cstring>
#include <random>

#include <gtest/gtest.h>

#include "aeskit/aead.hpp"
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

std::vector<std::size_t> boundary_sizes() {
  std::vector<std::size_t> sizes = {0, 1, 15, 16, 17, 1000};
  for (std::size_t c : {1, 2, 3, 4}) {
    for (std::ptrdiff_t d : {-1, 0, 1}) sizes.push_back(c * ck::kChunkSize + d);
  }
#ifndef AESKIT_TEST_SANITIZED
  sizes.push_back((std::size_t{1} << 20) + 7);
  sizes.push_back(3 * (std::size_t{1} << 20));
  sizes.push_back(3 * (std::size_t{1} << 20) + 16383);
#else
  sizes.push_back(17 * ck::kChunkSize + 5);
#endif
  return sizes;
}

class ChunkedSuites : public ::testing::TestWithParam<Suite> {};

TEST_P(ChunkedSuites, RoundTripAtEveryChunkBoundary) {
  const Suite suite = GetParam();
  const Bytes key = random_bytes(ck::key_length(suite), 1);
  const Bytes salt = random_bytes(ck::kSaltSize, 2);
  const Bytes ctx = {'a', 'p', 'p'};
  for (std::size_t size : boundary_sizes()) {
    SCOPED_TRACE("size " + std::to_string(size));
    const Bytes pt = random_bytes(size, static_cast<std::uint32_t>(size));
    auto ct_len = ck::ciphertext_length(size);
    ASSERT_TRUE(ct_len.ok());
    Bytes ct(*ct_len);
    auto n = ck::hazmat::seal_with_salt(suite, key, salt, ctx, pt, ct, 1);
    ASSERT_TRUE(n.ok()) << n.message();
    ASSERT_EQ(*n, ct.size());
    // Independent encoder.
    EXPECT_EQ(ct, openssl_seal(suite, key, salt, ctx, pt));
    EXPECT_EQ(ck::plaintext_length(ct.size()).value(), size);
    // Threads: identical bytes.
    for (unsigned threads : {2u, 3u, 8u, ck::kAllThreads}) {
      Bytes ct2(ct.size());
      ASSERT_TRUE(ck::hazmat::seal_with_salt(suite, key, salt, ctx, pt, ct2, threads).ok());
      EXPECT_EQ(ct2, ct) << threads << " threads";
    }
    // Streaming encryptor, several splits and thread counts: identical bytes.
    for (const auto& splits : std::vector<std::vector<std::size_t>>{
             {1 << 22}, {1, 16383, 16384, 5}, {16384}, {70000, 3}}) {
      auto enc = ck::hazmat::encryptor_with_salt(suite, key, salt, ctx);
      ASSERT_TRUE(enc.ok());
      enc->set_threads(splits.size() == 1 ? 4 : 1);
      EXPECT_EQ(stream_encrypt(std::move(*enc), pt, splits), ct);
    }
    auto penc = ck::hazmat::encryptor_with_salt(suite, key, salt, ctx);
    ASSERT_TRUE(penc.ok());
    EXPECT_EQ(pull_encrypt(std::move(*penc), pt, 5000, 7000), ct);
    // Decrypt: whole buffer (threads), push stream (splits, threads), pull.
    for (unsigned threads : {1u, 2u, 5u}) {
      Bytes out(size + 1);
      auto m = ck::open(suite, key, ctx, ct, out, threads);
      ASSERT_TRUE(m.ok()) << m.message();
      ASSERT_EQ(*m, size);
      EXPECT_TRUE(std::equal(pt.begin(), pt.end(), out.begin()));
    }
    for (std::size_t piece :
         {std::size_t{1} << 22, std::size_t{16400}, std::size_t{16401}, std::size_t{333}}) {
      auto dec = ck::Decryptor::create(suite, key, ctx);
      ASSERT_TRUE(dec.ok());
      dec->set_threads(piece > 100000 ? 3 : 1);
      auto r = stream_decrypt(std::move(*dec), ct, piece);
      ASSERT_EQ(r.error, Errc::ok) << piece;
      EXPECT_EQ(r.out, pt);
    }
    auto pdec = ck::Decryptor::create(suite, key, ctx);
    ASSERT_TRUE(pdec.ok());
    auto pr = pull_decrypt(std::move(*pdec), ct, 4096, 10000);
    ASSERT_EQ(pr.error, Errc::ok);
    EXPECT_EQ(pr.out, pt);
    // Random salt each time: two seals differ, both open.
    auto a = ck::seal(suite, key, ctx, pt);
    auto b = ck::seal(suite, key, ctx, pt);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_NE(*a, *b);
    Bytes out(size);
    EXPECT_TRUE(ck::open(suite, key, ctx, *b, out).ok());
  }
}

TEST_P(ChunkedSuites, RandomAccessMatchesFullDecryption) {
  const Suite suite = GetParam();
  const Bytes key = random_bytes(ck::key_length(suite), 3);
  const std::size_t size = 9 * ck::kChunkSize + 1234;
  const Bytes pt = random_bytes(size, 4);
  auto ct = ck::seal(suite, key, {}, pt);
  ASSERT_TRUE(ct.ok());
  // Through a ReadAt callback that counts calls, and through a span.
  std::size_t reads = 0;
  const Bytes& c = *ct;
  auto reader =
      ck::Reader::open(suite, key, {}, c.size(),
                       [&](std::uint64_t off, std::span<std::uint8_t> buf) -> aeskit::Status {
                         ++reads;
                         if (off + buf.size() > c.size()) return Errc::truncated;
                         std::memcpy(buf.data(), c.data() + off, buf.size());
                         return {};
                       });
  ASSERT_TRUE(reader.ok());
  EXPECT_EQ(reader->claimed_size(), size);
  auto total = reader->size();
  ASSERT_TRUE(total.ok());
  EXPECT_EQ(*total, size);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 300; ++i) {
    const std::uint64_t off = rng() % (size + 100);
    const std::size_t len = static_cast<std::size_t>(rng() % (3 * ck::kChunkSize));
    Bytes buf(len);
    auto n = reader->read(off, buf);
    ASSERT_TRUE(n.ok()) << n.message();
    const std::size_t expect = off >= size ? 0 : std::min<std::size_t>(len, size - off);
    ASSERT_EQ(*n, expect);
    EXPECT_TRUE(
        std::equal(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(expect),
                   pt.begin() + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(off, size))));
  }
  EXPECT_GT(reads, 300u);
  // Seeking from the end: size() verified the final chunk, the last 100 bytes read back.
  auto span_reader = ck::Reader::open(suite, key, {}, c);
  ASSERT_TRUE(span_reader.ok());
  Bytes tail(100);
  auto n = span_reader->read(span_reader->size().value() - 100, tail);
  ASSERT_TRUE(n.ok());
  EXPECT_TRUE(std::equal(tail.begin(), tail.end(), pt.end() - 100));
  // A modified middle chunk fails only reads that touch it.
  Bytes bad = c;
  bad[ck::kHeaderSize + 4 * ck::kWireChunkSize + 10] ^= 1;
  auto bad_reader = ck::Reader::open(suite, key, {}, bad);
  ASSERT_TRUE(bad_reader.ok());
  EXPECT_TRUE(bad_reader->size().ok());
  Bytes buf(100);
  EXPECT_TRUE(bad_reader->read(0, buf).ok());
  EXPECT_EQ(bad_reader->read(4 * ck::kChunkSize + 5, buf).code(), Errc::chunk_forged);
  EXPECT_EQ(bad_reader->read(4 * ck::kChunkSize - 50, buf).code(), Errc::chunk_forged);
  EXPECT_TRUE(bad_reader->read(5 * ck::kChunkSize, buf).ok());
}

TEST_P(ChunkedSuites, EveryKindOfDamageHasItsOwnError) {
  const Suite suite = GetParam();
  const Bytes key = random_bytes(ck::key_length(suite), 6);
  const Bytes ctx = {'x'};
  const Bytes pt = random_bytes(3 * ck::kChunkSize + 100, 7);
  auto sealed = ck::seal(suite, key, ctx, pt);
  ASSERT_TRUE(sealed.ok());
  const Bytes ct = *sealed;
  auto open_code = [&](const Bytes& c, const Bytes& k, const Bytes& x) {
    Bytes out(c.size() + 16);
    for (unsigned threads : {1u, 4u}) {
      auto r = ck::open(suite, k, x, c, out, threads);
      auto dec = ck::Decryptor::create(suite, k, x);
      auto s = stream_decrypt(std::move(*dec), c, 5000);
      EXPECT_EQ(r.ok() ? Errc::ok : r.code(), s.error);
      if (threads == 4) return s.error;
    }
    return Errc::ok;
  };
  EXPECT_EQ(open_code(ct, key, ctx), Errc::ok);
  Bytes other_key = key;
  other_key[0] ^= 1;
  EXPECT_EQ(open_code(ct, other_key, ctx), Errc::wrong_key_or_context);
  EXPECT_EQ(open_code(ct, key, Bytes{'y'}), Errc::wrong_key_or_context);
  EXPECT_EQ(open_code(ct, key, Bytes{}), Errc::wrong_key_or_context);
  for (std::size_t at : {std::size_t{0}, std::size_t{30}}) {  // salt, commitment
    Bytes c = ct;
    c[at] ^= 0x80;
    EXPECT_EQ(open_code(c, key, ctx), Errc::wrong_key_or_context);
  }
  for (std::size_t chunk = 0; chunk < 4; ++chunk) {
    for (std::size_t within : {std::size_t{0}, std::size_t{99}, std::size_t{109}}) {
      Bytes c = ct;
      c[ck::kHeaderSize + chunk * ck::kWireChunkSize + within] ^= 4;
      EXPECT_EQ(open_code(c, key, ctx), Errc::chunk_forged) << chunk << " " << within;
    }
  }
  // Truncation: inside the header, at a chunk boundary (final chunk dropped), short tag.
  for (std::size_t len :
       {std::size_t{0}, std::size_t{20}, std::size_t{55}, ck::kHeaderSize + 3 * ck::kWireChunkSize,
        ck::kHeaderSize + 3 * ck::kWireChunkSize + 15, ck::kHeaderSize + 2 * ck::kWireChunkSize}) {
    Bytes c(ct.begin(), ct.begin() + static_cast<std::ptrdiff_t>(len));
    EXPECT_EQ(open_code(c, key, ctx), Errc::truncated) << len;
  }
  // Cut inside a chunk: the piece cannot verify.
  Bytes cut(ct.begin(), ct.end() - 50);
  EXPECT_EQ(open_code(cut, key, ctx), Errc::chunk_forged);
  // Trailing data: garbage, a copy of the last chunk, another whole message.
  for (std::size_t extra : {std::size_t{1}, std::size_t{16}, std::size_t{20000}}) {
    Bytes c = ct;
    Bytes more = random_bytes(extra, 8);
    c.insert(c.end(), more.begin(), more.end());
    EXPECT_EQ(open_code(c, key, ctx), Errc::trailing_data) << extra;
  }
  // Reordered chunks.
  Bytes swapped = ct;
  std::swap_ranges(swapped.begin() + ck::kHeaderSize,
                   swapped.begin() + ck::kHeaderSize + ck::kWireChunkSize,
                   swapped.begin() + ck::kHeaderSize + ck::kWireChunkSize);
  EXPECT_EQ(open_code(swapped, key, ctx), Errc::chunk_forged);
}

TEST_P(ChunkedSuites, ChunkCounterLimitAndNonceEncoding) {
  const Suite suite = GetParam();
  const Bytes ak = random_bytes(ck::key_length(suite), 9);
  const Bytes nonce = random_bytes(12, 10);
  const Bytes pt = random_bytes(ck::kChunkSize, 11);
  Bytes out(ck::kWireChunkSize), back(ck::kChunkSize);
  const std::uint64_t last = ck::kMaxChunks - 1;
  // The final chunk may take index 2^38 - 1, a full chunk only up to 2^38 - 2.
  EXPECT_TRUE(ck::hazmat::seal_chunk(suite, ak, nonce, last, true, std::span(pt).first(10), out));
  EXPECT_TRUE(ck::hazmat::open_chunk(suite, ak, nonce, last, true, std::span(out).first(26), back));
  EXPECT_EQ(Bytes(back.begin(), back.begin() + 10), Bytes(pt.begin(), pt.begin() + 10));
  EXPECT_EQ(ck::hazmat::seal_chunk(suite, ak, nonce, last + 1, true, std::span(pt).first(10), out),
            aeskit::Status(Errc::message_too_long));
  EXPECT_EQ(ck::hazmat::seal_chunk(suite, ak, nonce, last, false, pt, out),
            aeskit::Status(Errc::message_too_long));
  EXPECT_TRUE(ck::hazmat::seal_chunk(suite, ak, nonce, last - 1, false, pt, out));
  // Nonce = base XOR BE64(index): compare with the raw stream at index 1 and with a
  // direct AES-GCM seal through the AEAD API using the XORed nonce.
  const std::uint64_t index = 0x3f'0102'0304;
  ASSERT_TRUE(ck::hazmat::seal_chunk(suite, ak, nonce, index, false, pt, out));
  Bytes n2 = nonce;
  for (int b = 0; b < 8; ++b) n2[11 - b] ^= static_cast<std::uint8_t>(index >> (8 * b));
  auto aead = aeskit::AeadKey::create(
      suite == Suite::cobblestone_128 ? aeskit::aead::aes_128_gcm() : aeskit::aead::aes_256_gcm(),
      ak);
  ASSERT_TRUE(aead.ok());
  Bytes direct(ck::kWireChunkSize);
  ASSERT_TRUE(aead->seal(n2, {}, pt, direct).ok());
  EXPECT_EQ(direct, out);
  // Size rules.
  EXPECT_EQ(ck::ciphertext_length(ck::kMaxPlaintext + 1).code(), Errc::message_too_long);
  EXPECT_TRUE(ck::ciphertext_length(ck::kMaxPlaintext).ok());
  EXPECT_EQ(ck::plaintext_length(ck::ciphertext_length(ck::kMaxPlaintext).value()).value(),
            ck::kMaxPlaintext);
  EXPECT_EQ(
      ck::plaintext_length(ck::ciphertext_length(ck::kMaxPlaintext).value() + ck::kWireChunkSize)
          .code(),
      Errc::message_too_long);
  EXPECT_EQ(ck::plaintext_length(55).code(), Errc::truncated);
  EXPECT_EQ(ck::plaintext_length(56 + ck::kWireChunkSize).code(), Errc::truncated);
  EXPECT_EQ(ck::plaintext_length(56 + 16).value(), 0u);
}

TEST_P(ChunkedSuites, ArgumentErrorsWriteNothing) {
  const Suite suite = GetParam();
  const Bytes key = random_bytes(ck::key_length(suite), 12);
  const Bytes pt = random_bytes(40000, 13);
  Bytes small(100, 0x77);
  EXPECT_EQ(ck::seal(suite, key, {}, pt, small).code(), Errc::output_too_small);
  EXPECT_EQ(small, Bytes(100, 0x77));
  Bytes wrong_key(ck::key_length(suite) + 1);
  EXPECT_EQ(ck::seal(suite, wrong_key, {}, pt).code(), Errc::bad_key_length);
  EXPECT_EQ(ck::Encryptor::create(suite, wrong_key, {}).code(), Errc::bad_key_length);
  auto enc = ck::Encryptor::create(suite, key, {});
  ASSERT_TRUE(enc.ok());
  // One byte under what this update writes (header + 2 full chunks) fails, untouched.
  Bytes out(ck::kHeaderSize + 2 * ck::kWireChunkSize - 1);
  EXPECT_EQ(enc->update(pt, out).code(), Errc::output_too_small);
  Bytes buf(1 << 17);
  EXPECT_EQ(enc->update(std::span(buf).first(20000), std::span(buf).subspan(1000)).code(),
            Errc::overlapping_buffers);
  out.resize(enc->update_bound(pt.size()));
  EXPECT_TRUE(enc->update(pt, out).ok());
  Bytes fin(ck::Encryptor::kFinishBound);
  EXPECT_TRUE(enc->finish(fin).ok());
  EXPECT_EQ(enc->finish(fin).code(), Errc::invalid_state);
  EXPECT_EQ(enc->update(pt, out).code(), Errc::invalid_state);
  EXPECT_EQ(ck::hazmat::raw_encryptor(suite, key, Bytes(11)).code(), Errc::bad_nonce_length);
  EXPECT_EQ(ck::suite_for_key_length(24).code(), Errc::bad_key_length);
  Bytes k16(16), k32(32);
  EXPECT_TRUE(ck::generate_key(k16));
  EXPECT_TRUE(ck::generate_key(k32));
  EXPECT_NE(k16, Bytes(16));
  Bytes k24(24);
  EXPECT_EQ(ck::generate_key(k24).code(), Errc::bad_key_length);
}

INSTANTIATE_TEST_SUITE_P(Cobblestone, ChunkedSuites,
                         ::testing::Values(Suite::cobblestone_128, Suite::cobblestone_256),
                         [](const auto& param_info) {
                           return param_info.param == Suite::cobblestone_128 ? std::string("C128")
                                                                             : std::string("C256");
                         });

}  // namespace
