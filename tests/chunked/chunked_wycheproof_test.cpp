// tests/chunked/chunked_wycheproof_test.cpp — Wycheproof c2sp_chunked_encryption_aes_{128,256}_gcm
// (Cobblestone-128/256; ciphertexts zlib-compressed hex). Every valid vector decrypts to
// msgLength bytes with SHA-512 msgSha512 through every interface (whole buffer on 1 and 2
// threads, push stream in several splits, pull stream, random-access reader, raw mode with
// aeadKey/baseNonce). Every invalid one fails everywhere, with the flags' meaning checked:
// PartialPlaintext (a stream releases at most the valid prefix, then an error that repeats),
// ValidFinalChunk (only those let Reader::size() succeed), HeaderFailure (the error comes from
// the header alone), WrongKey/WrongContext/TrailingData (their own Errc).
#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "chunked_support.hpp"
#include "support/json.hpp"
#include "support/vectors.hpp"

namespace {

using aeskit::Errc;
using aeskit_test::Bytes;
using aeskit_test::hex_field;
using namespace aeskit_test::chunked;
namespace ck = aeskit::chunked;

struct Vector {
  int id = 0;
  std::string comment;
  Suite suite = Suite::cobblestone_128;
  Bytes key, ctx, ct, aead_key, base_nonce;
  bool valid = false;
  bool has_msg = false;
  std::uint64_t msg_length = 0;
  std::string msg_sha512;
  std::set<std::string> flags;
  bool flag(const char* f) const { return flags.count(f) != 0; }
};

std::vector<Vector> load(const std::filesystem::path& path, Suite suite) {
  const nlohmann::json doc = aeskit_test::load_json(path);
  std::vector<Vector> out;
  for (const auto& g : doc.at("testGroups")) {
    for (const auto& t : g.at("tests")) {
      Vector v;
      v.id = t.at("tcId").get<int>();
      v.comment = t.value("comment", "");
      v.suite = suite;
      v.key = hex_field(t, "key");
      v.ctx = hex_field(t, "ctx");
      v.ct = zlib_inflate(hex_field(t, "ct"));
      if (t.contains("aeadKey")) v.aead_key = hex_field(t, "aeadKey");
      if (t.contains("baseNonce")) v.base_nonce = hex_field(t, "baseNonce");
      v.valid = t.at("result").get<std::string>() == "valid";
      if (t.contains("msgLength")) {
        v.has_msg = true;
        v.msg_length = t.at("msgLength").get<std::uint64_t>();
        v.msg_sha512 = t.at("msgSha512").get<std::string>();
      }
      for (const auto& f : t.at("flags")) v.flags.insert(f.get<std::string>());
      out.push_back(std::move(v));
    }
  }
  return out;
}

std::string what(const Vector& v) {
  std::string s = "tcId " + std::to_string(v.id) + " (" + v.comment + ") flags:";
  for (const auto& f : v.flags) s += " " + f;
  return s;
}

void check_valid(const Vector& v) {
  SCOPED_TRACE(what(v));
  ASSERT_TRUE(v.has_msg);
  for (unsigned threads : {1u, 2u}) {
    Bytes out(v.ct.size());
    auto n = ck::open(v.suite, v.key, v.ctx, v.ct, out, threads);
    ASSERT_TRUE(n.ok()) << n.message();
    ASSERT_EQ(*n, v.msg_length);
    EXPECT_EQ(sha512_hex({out.data(), *n}), v.msg_sha512);
  }
  for (std::size_t piece :
       {std::size_t{1} << 20, std::size_t{16400}, std::size_t{4099}, std::size_t{57}}) {
    auto dec = ck::Decryptor::create(v.suite, v.key, v.ctx);
    ASSERT_TRUE(dec.ok());
    auto r = stream_decrypt(std::move(*dec), v.ct, piece);
    ASSERT_EQ(r.error, Errc::ok) << "piece " << piece;
    EXPECT_EQ(r.out.size(), v.msg_length);
    EXPECT_EQ(sha512_hex(r.out), v.msg_sha512);
  }
  auto pdec = ck::Decryptor::create(v.suite, v.key, v.ctx);
  ASSERT_TRUE(pdec.ok());
  auto pr = pull_decrypt(std::move(*pdec), v.ct, 1000, 777);
  ASSERT_EQ(pr.error, Errc::ok);
  EXPECT_EQ(sha512_hex(pr.out), v.msg_sha512);

  auto reader = ck::Reader::open(v.suite, v.key, v.ctx, v.ct);
  ASSERT_TRUE(reader.ok()) << reader.message();
  EXPECT_EQ(reader->claimed_size(), v.msg_length);
  auto size = reader->size();
  ASSERT_TRUE(size.ok()) << size.message();
  EXPECT_EQ(*size, v.msg_length);
  Bytes all(v.msg_length + 10);
  auto got = reader->read(0, all);
  ASSERT_TRUE(got.ok()) << got.message();
  ASSERT_EQ(*got, v.msg_length);
  EXPECT_EQ(sha512_hex({all.data(), *got}), v.msg_sha512);

  ASSERT_FALSE(v.aead_key.empty());
  Bytes raw(v.ct.size());
  auto rn = ck::hazmat::raw_open(v.suite, v.aead_key, v.base_nonce,
                                 std::span<const std::uint8_t>(v.ct).subspan(ck::kHeaderSize), raw);
  ASSERT_TRUE(rn.ok()) << rn.message();
  EXPECT_EQ(sha512_hex({raw.data(), *rn}), v.msg_sha512);
  // The derivation itself against the vector's aeadKey and baseNonce.
  Bytes ak(ck::key_length(v.suite)), bn(12), cm(32);
  ASSERT_TRUE(
      ck::hazmat::derive_keys(v.suite, v.key, std::span(v.ct).first(24), v.ctx, ak, bn, cm));
  EXPECT_EQ(ak, v.aead_key);
  EXPECT_EQ(bn, v.base_nonce);
  EXPECT_EQ(cm, Bytes(v.ct.begin() + 24, v.ct.begin() + 56));
}

void check_invalid(const Vector& v) {
  SCOPED_TRACE(what(v));
  if (v.flag("InvalidKeySize")) {
    EXPECT_EQ(ck::Decryptor::create(v.suite, v.key, v.ctx).code(), Errc::bad_key_length);
    Bytes out(v.ct.size());
    EXPECT_EQ(ck::open(v.suite, v.key, v.ctx, v.ct, out).code(), Errc::bad_key_length);
    EXPECT_EQ(ck::Reader::open(v.suite, v.key, v.ctx, v.ct).code(), Errc::bad_key_length);
    return;
  }
  // Whole buffer: fails, output zeroed, with the specific code where the flag pins it.
  for (unsigned threads : {1u, 2u}) {
    Bytes out(v.ct.size() + 16, 0xa5);
    auto n = ck::open(v.suite, v.key, v.ctx, v.ct, out, threads);
    ASSERT_FALSE(n.ok());
    const std::size_t plain = std::min<std::size_t>(out.size(), v.ct.size());
    bool zeroed = true;
    auto pl = ck::plaintext_length(v.ct.size());
    const std::size_t touched = pl ? static_cast<std::size_t>(*pl) : 0;
    for (std::size_t i = 0; i < touched && i < plain; ++i) zeroed &= out[i] == 0;
    EXPECT_TRUE(zeroed);
    if (v.flag("WrongKey") || v.flag("WrongContext")) {
      EXPECT_EQ(n.code(), Errc::wrong_key_or_context);
    }
    if (v.flag("TrailingData")) {  // after a short final chunk, or garbage in its place
      EXPECT_TRUE(n.code() == Errc::trailing_data || n.code() == Errc::chunk_forged ||
                  n.code() == Errc::truncated)
          << n.message();
    }
    if (v.flag("ChunkReordering")) {
      EXPECT_EQ(n.code(), Errc::chunk_forged);
    }
    if (v.flag("Truncation") && !v.flag("HeaderFailure")) {
      EXPECT_TRUE(n.code() == Errc::truncated || n.code() == Errc::chunk_forged) << n.message();
    }
    if (v.flag("HeaderFailure")) {
      EXPECT_TRUE(n.code() == Errc::truncated || n.code() == Errc::wrong_key_or_context)
          << n.message();
    }
  }
  // Streams: at most the valid prefix, then an error that repeats.
  for (std::size_t piece : {std::size_t{1} << 20, std::size_t{16400}, std::size_t{999}}) {
    auto dec = ck::Decryptor::create(v.suite, v.key, v.ctx);
    ASSERT_TRUE(dec.ok());
    auto r = stream_decrypt(std::move(*dec), v.ct, piece);
    ASSERT_NE(r.error, Errc::ok) << "piece " << piece;
    EXPECT_TRUE(r.error_repeats);
    if (v.flag("PartialPlaintext")) {
      ASSERT_TRUE(v.has_msg);
      EXPECT_LE(r.out.size(), v.msg_length);
      EXPECT_EQ(r.out.size() % ck::kChunkSize, 0u);  // only whole verified chunks
      if (r.out.size() == v.msg_length) {
        EXPECT_EQ(sha512_hex(r.out), v.msg_sha512);
      }
    } else {
      EXPECT_TRUE(r.out.empty());
    }
  }
  auto pdec = ck::Decryptor::create(v.suite, v.key, v.ctx);
  ASSERT_TRUE(pdec.ok());
  auto pr = pull_decrypt(std::move(*pdec), v.ct, 5000, 3000);
  EXPECT_NE(pr.error, Errc::ok);
  EXPECT_TRUE(pr.error_repeats);
  if (v.flag("PartialPlaintext")) {
    EXPECT_LE(pr.out.size(), v.msg_length);
  } else {
    EXPECT_TRUE(pr.out.empty());
  }

  // Header failures: the header bytes alone (or all there is, if shorter) give the error.
  if (v.flag("HeaderFailure")) {
    auto dec = ck::Decryptor::create(v.suite, v.key, v.ctx);
    ASSERT_TRUE(dec.ok());
    const std::size_t h = std::min<std::size_t>(v.ct.size(), ck::kHeaderSize);
    Bytes out(16);
    auto n = dec->update(std::span(v.ct).first(h), out);
    if (v.ct.size() >= ck::kHeaderSize) {
      EXPECT_EQ(n.code(), Errc::wrong_key_or_context);
    } else {
      ASSERT_TRUE(n.ok());
      EXPECT_EQ(*n, 0u);
      EXPECT_EQ(dec->finish(out).code(), Errc::truncated);
    }
    auto reader = ck::Reader::open(v.suite, v.key, v.ctx, v.ct);
    EXPECT_FALSE(reader.ok());
    return;
  }
  // Random access: size() succeeds only for ValidFinalChunk; a full read always fails.
  auto reader = ck::Reader::open(v.suite, v.key, v.ctx, v.ct);
  if (reader.ok()) {
    auto size = reader->size();
    EXPECT_EQ(size.ok(), v.flag("ValidFinalChunk")) << size.message();
    Bytes all(reader->claimed_size() + 1);
    auto fresh = ck::Reader::open(v.suite, v.key, v.ctx, v.ct);
    ASSERT_TRUE(fresh.ok());
    EXPECT_FALSE(fresh->read(0, all).ok());
  } else {
    EXPECT_FALSE(v.flag("ValidFinalChunk"));
    EXPECT_TRUE(reader.code() == Errc::truncated) << reader.message();
  }
  // Raw mode (below the header) rejects the body too.
  if (!v.aead_key.empty() && v.ct.size() >= ck::kHeaderSize) {
    Bytes raw(v.ct.size());
    EXPECT_FALSE(ck::hazmat::raw_open(v.suite, v.aead_key, v.base_nonce,
                                      std::span<const std::uint8_t>(v.ct).subspan(ck::kHeaderSize),
                                      raw)
                     .ok());
  }
}

void run_file(const std::filesystem::path& path, Suite suite, std::size_t& valid,
              std::size_t& invalid) {
  for (const Vector& v : load(path, suite)) {
    if (v.valid) {
      check_valid(v);
      ++valid;
    } else {
      check_invalid(v);
      ++invalid;
    }
  }
}

// The two Cobblestone files, one per suite.
class ChunkedWycheproof : public testing::TestWithParam<Suite> {};

TEST_P(ChunkedWycheproof, EveryRecord) {
  const bool aes128 = GetParam() == Suite::cobblestone_128;
  AESKIT_LOCATE_VECTOR(path, aes128 ? "wycheproof/c2sp_chunked_encryption_aes_128_gcm_test.json"
                                    : "wycheproof/c2sp_chunked_encryption_aes_256_gcm_test.json");
  std::size_t valid = 0, invalid = 0;
  run_file(path, GetParam(), valid, invalid);
  EXPECT_GE(valid, 8u);
  EXPECT_GE(invalid, 20u);
}

INSTANTIATE_TEST_SUITE_P(Files, ChunkedWycheproof,
                         testing::Values(Suite::cobblestone_128, Suite::cobblestone_256),
                         [](const testing::TestParamInfo<Suite>& p) {
                           return std::string(p.param == Suite::cobblestone_128 ? "Cobblestone128"
                                                                                : "Cobblestone256");
                         });

}  // namespace
