// tests/api/api_first_contact_test.cpp — what a new user meets first (issue 37): the version
// (headers against library), random bytes and AEAD key generation, error details that name
// the algorithm and the lengths, the size an output_too_small call needed (C++ and C), the
// chunked update_bound that holds for every buffered state, and docs/api-cpp.md's table of
// descriptors against aead::algorithms().
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "aeskit/aeskit.h"
#include "aeskit/aeskit.hpp"

namespace {

using aeskit::Errc;
using Bytes = std::vector<std::uint8_t>;
namespace ck = aeskit::chunked;

TEST(FirstContact, VersionOfHeadersAndLibraryAgree) {
  const aeskit::Version v = aeskit::version();
  EXPECT_EQ(v.major, AESKIT_VERSION_MAJOR);
  EXPECT_EQ(v.minor, AESKIT_VERSION_MINOR);
  EXPECT_EQ(v.patch, AESKIT_VERSION_PATCH);
  EXPECT_STREQ(v.string, AESKIT_VERSION_STRING);
  EXPECT_EQ(std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch),
            v.string);
  EXPECT_TRUE(aeskit::headers_match_library());
  EXPECT_FALSE(aeskit::library_compatible(v.major, v.minor + 1));
  EXPECT_FALSE(aeskit::library_compatible(v.major + 1, v.minor));
  if (v.major == 0) {
    EXPECT_FALSE(aeskit::library_compatible(0, v.minor - 1));
  }
  const char* c = nullptr;
  ASSERT_EQ(aeskit_version(&c), AESKIT_OK);
  EXPECT_STREQ(c, v.string);
}

TEST(FirstContact, RandomBytesAndKeysForEveryAlgorithm) {
  Bytes a(64), b(64);
  ASSERT_TRUE(aeskit::random_bytes(a).ok());
  ASSERT_TRUE(aeskit::random_bytes(b).ok());
  EXPECT_NE(a, b);
  EXPECT_TRUE(aeskit::random_bytes({}).ok());
  for (const aeskit::AeadAlgorithm* alg : aeskit::aead::algorithms()) {
    SCOPED_TRACE(std::string(alg->name()));
    Bytes key(alg->key_length() + 5, 0xee);
    ASSERT_TRUE(aeskit::AeadKey::generate(*alg, key).ok());
    EXPECT_EQ(Bytes(key.end() - 5, key.end()), Bytes(5, 0xee)) << "wrote past key_length()";
    auto k = aeskit::AeadKey::create(*alg, std::span(key).first(alg->key_length()));
    EXPECT_TRUE(k.ok());
    Bytes again(alg->key_length());
    ASSERT_TRUE(aeskit::AeadKey::generate(*alg, again).ok());
    EXPECT_NE(again, Bytes(key.begin(), key.begin() + static_cast<long>(alg->key_length())));
    Bytes small(alg->key_length() - 1);
    const aeskit::Status s = aeskit::AeadKey::generate(*alg, small);
    EXPECT_EQ(s.code(), Errc::output_too_small);
    EXPECT_EQ(aeskit::required_size(s), alg->key_length());
  }
}

TEST(FirstContact, WrongKeyLengthSaysWhatTheAlgorithmTakes) {
  const Bytes k15(15), k16(16), k32(32);
  struct Case {
    const aeskit::AeadAlgorithm& alg;
    const Bytes& key;
    const char* want;
  } cases[] = {
      {aeskit::aead::aes_128_gcm(), k32, "AES-128-GCM takes a 16-byte key; got 32 bytes"},
      {aeskit::aead::aes_256_gcm(), k16, "AES-256-GCM takes a 32-byte key; got 16 bytes"},
      {aeskit::aead::aegis_128l(), k15, "AEGIS-128L takes a 16-byte key; got 15 bytes"},
      {aeskit::aead::aes_128_siv(), k16, "AES-128-SIV takes a 32-byte key; got 16 bytes"},
  };
  for (const Case& c : cases) {
    auto k = aeskit::AeadKey::create(c.alg, c.key);
    ASSERT_EQ(k.code(), Errc::bad_key_length);
    EXPECT_STREQ(aeskit::error_detail(k), c.want);
  }
  auto cob = ck::Key::create(ck::Suite::cobblestone_128, k32);
  ASSERT_EQ(cob.code(), Errc::bad_key_length);
  EXPECT_STREQ(aeskit::error_detail(cob), "Cobblestone-128 takes a 16-byte key; got 32 bytes");
  auto aes = aeskit::AesKey::create(k15);
  ASSERT_EQ(aes.code(), Errc::bad_key_length);
  EXPECT_STREQ(aeskit::error_detail(aes), "AES takes a key of 16, 24 or 32 bytes; got 15 bytes");
  auto xts = aeskit::XtsKey::create(k16);
  ASSERT_EQ(xts.code(), Errc::bad_key_length);
  EXPECT_NE(std::string(aeskit::error_detail(xts)).find("AES-XTS takes a key of 32, 48 or 64"),
            std::string::npos);
  // The generic message no longer claims every key is an AES key of 16, 24 or 32 bytes.
  EXPECT_EQ(std::string(aeskit::errc_message(Errc::bad_key_length)).find("must be 16, 24 or 32"),
            std::string::npos);
  // A detail is shown only for the code it explains.
  EXPECT_STREQ(aeskit::error_detail(aeskit::Status(Errc::bad_tag_length)),
               aeskit::errc_message(Errc::bad_tag_length));
}

TEST(FirstContact, WrongNonceOrTagLengthSaysWhatTheAlgorithmTakes) {
  const Bytes key16(16), pt(10);
  Bytes out(64);
  auto ccm = aeskit::AeadKey::create(aeskit::aead::aes_128_ccm(), key16);
  ASSERT_TRUE(ccm.ok());
  auto r = ccm->seal(Bytes(14), {}, pt, out);
  ASSERT_EQ(r.code(), Errc::bad_nonce_length);
  EXPECT_STREQ(aeskit::error_detail(r),
               "AES-128-CCM takes nonces of 7 to 13 bytes (12 recommended); got 14");
  auto gcm = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key16);
  ASSERT_TRUE(gcm.ok());
  r = gcm->seal({}, {}, pt, out);
  ASSERT_EQ(r.code(), Errc::bad_nonce_length);
  EXPECT_STREQ(aeskit::error_detail(r),
               "AES-128-GCM takes nonces of at least 1 byte (12 recommended); got 0");
  auto xaes = aeskit::AeadKey::create(aeskit::aead::xaes_256_gcm(), Bytes(32));
  ASSERT_TRUE(xaes.ok());
  r = xaes->seal(Bytes(12), {}, pt, out);
  EXPECT_STREQ(aeskit::error_detail(r), "XAES-256-GCM takes a 24-byte nonce; got 12 bytes");
  auto tag = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key16, 10);
  ASSERT_EQ(tag.code(), Errc::bad_tag_length);
  EXPECT_STREQ(aeskit::error_detail(tag),
               "AES-128-GCM takes tags of 4, 8, 12, 13, 14, 15 or 16 bytes; got 10");
}

TEST(FirstContact, UnknownNameSuggestsTheNearest) {
  EXPECT_EQ(aeskit::aead::nearest("AES-128-GMC"), "AES-128-GCM");
  EXPECT_EQ(aeskit::aead::nearest("aes128gcm"), "AES-128-GCM");
  EXPECT_EQ(aeskit::aead::nearest("aegis128l"), "AEGIS-128L");
  EXPECT_EQ(aeskit::aead::nearest("xaes256gcm"), "XAES-256-GCM");
  EXPECT_EQ(aeskit::aead::nearest("aes-256-gcmsiv"), "AES-256-GCM-SIV");
  EXPECT_EQ(aeskit::aead::nearest("chacha20-poly1305"), "");
  EXPECT_EQ(aeskit::aead::nearest(std::string(500, 'a')), "");
  // A swap of neighbours is one edit (GMC -> GCM), so it beats two substitutions (CBC).
  const std::string_view modes[] = {"aes-128-cbc", "aes-128-gcm"};
  EXPECT_EQ(aeskit::nearest_name("AES_128_GMC", modes), "aes-128-gcm");
  EXPECT_EQ(aeskit::nearest_name("aes-128-cbx", modes), "aes-128-cbc");
  EXPECT_EQ(aeskit::nearest_name("rot13", modes), "");
  const aeskit::Status s = aeskit::aead::unknown_name("AES-256-GMC");
  EXPECT_EQ(s.code(), Errc::unknown_algorithm);
  const std::string detail = aeskit::error_detail(s);
  EXPECT_NE(detail.find("'AES-256-GMC'"), std::string::npos) << detail;
  EXPECT_NE(detail.find("did you mean AES-256-GCM?"), std::string::npos) << detail;
  EXPECT_NE(detail.find("algorithms()"), std::string::npos) << detail;
  aeskit_aead* ctx = nullptr;
  const std::uint8_t key[16] = {};
  ASSERT_EQ(aeskit_aead_new(&ctx, "chacha20", key, 16, 0), AESKIT_E_UNKNOWN_ALGORITHM);
  EXPECT_NE(std::string(aeskit_error_detail(AESKIT_E_UNKNOWN_ALGORITHM)).find("enc --list"),
            std::string::npos);
  EXPECT_NE(std::string(aeskit::errc_message(Errc::unknown_algorithm)).find("algorithms()"),
            std::string::npos);
}

TEST(FirstContact, OutputTooSmallReportsTheSizeNeeded) {
  Bytes key(16, 1), nonce(12, 2), pt(1030, 3);
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key);
  ASSERT_TRUE(k.ok());
  Bytes out(1045);
  auto r = k->seal(nonce, {}, pt, out);
  ASSERT_EQ(r.code(), Errc::output_too_small);
  EXPECT_EQ(aeskit::required_size(r.status()), 1046u);
  EXPECT_STREQ(aeskit::error_detail(r),
               "output buffer too small: the result needs 1046 bytes, the buffer has 1045");
  // CBC with padding, one-shot: needs the padded length.
  auto aes = aeskit::AesKey::create(key);
  ASSERT_TRUE(aes.ok());
  Bytes iv(16), small(16);
  auto e = aeskit::encrypt(*aes, aeskit::Mode::cbc, iv, Bytes(20), small, aeskit::Padding::pkcs7);
  ASSERT_EQ(e.code(), Errc::output_too_small);
  EXPECT_EQ(aeskit::required_size(e.status()), 32u);
  // required_size of any other status is 0.
  EXPECT_EQ(aeskit::required_size(aeskit::Status(Errc::bad_padding)), 0u);
  // The C API writes it to the length argument (BoringSSL's max_out_len callers retry).
  aeskit_aead* ctx = nullptr;
  ASSERT_EQ(aeskit_aead_new(&ctx, "AES-128-GCM", key.data(), 16, 0), AESKIT_OK);
  std::size_t out_len = 0;
  EXPECT_EQ(aeskit_aead_seal(ctx, out.data(), &out_len, 100, nonce.data(), 12, pt.data(), pt.size(),
                             nullptr, 0),
            AESKIT_E_OUTPUT_TOO_SMALL);
  EXPECT_EQ(out_len, 1046u);
  aeskit_aead_free(ctx);
}

// Pieces of 100,003 bytes (not a multiple of 16,384) with one update_bound figure reused:
// the second update used to fail because the first left bytes buffered.
TEST(FirstContact, ChunkedUpdateBoundHoldsForEveryBufferedState) {
  for (ck::Suite suite : {ck::Suite::cobblestone_128, ck::Suite::cobblestone_256}) {
    Bytes key(ck::key_length(suite), 9);
    const std::size_t piece = 100003, pieces = 5;
    Bytes msg(piece * pieces);
    ASSERT_TRUE(aeskit::random_bytes(msg).ok());
    auto enc = ck::Encryptor::create(suite, key, {});
    ASSERT_TRUE(enc.ok());
    const std::size_t bound = enc->update_bound(piece);
    Bytes buf(bound), ct;
    for (std::size_t i = 0; i < pieces; ++i) {
      auto n = enc->update(std::span(msg).subspan(i * piece, piece), buf);
      ASSERT_TRUE(n.ok()) << "update " << i << ": " << aeskit::error_detail(n);
      ASSERT_LE(*n, bound);
      ct.insert(ct.end(), buf.begin(), buf.begin() + static_cast<long>(*n));
    }
    Bytes fin(ck::Encryptor::kFinishBound);
    auto f = enc->finish(fin);
    ASSERT_TRUE(f.ok());
    ct.insert(ct.end(), fin.begin(), fin.begin() + static_cast<long>(*f));

    auto dec = ck::Decryptor::create(suite, key, {});
    ASSERT_TRUE(dec.ok());
    const std::size_t dbound = dec->update_bound(piece);
    Bytes pt, out(dbound);
    for (std::size_t at = 0; at < ct.size(); at += piece) {
      const std::size_t n = std::min(piece, ct.size() - at);
      ASSERT_LE(dec->update_bound(n), dbound);
      auto r = dec->update(std::span(ct).subspan(at, n), out);
      ASSERT_TRUE(r.ok()) << "decrypt update at " << at << ": " << aeskit::error_detail(r);
      pt.insert(pt.end(), out.begin(), out.begin() + static_cast<long>(*r));
    }
    Bytes last(ck::Decryptor::kFinishBound);
    auto g = dec->finish(last);
    ASSERT_TRUE(g.ok());
    pt.insert(pt.end(), last.begin(), last.begin() + static_cast<long>(*g));
    EXPECT_EQ(pt, msg);

    // An update needs only what it writes: exactly that much works, one byte less fails with
    // the exact figure in required_size.
    auto e2 = ck::Encryptor::create(suite, key, {});
    ASSERT_TRUE(e2.ok());
    Bytes none;
    auto probe = e2->update(std::span(msg).first(piece), none);
    ASSERT_EQ(probe.code(), Errc::output_too_small);
    const std::size_t exact = aeskit::required_size(probe.status());
    EXPECT_EQ(exact, ck::kHeaderSize + piece / ck::kChunkSize * ck::kWireChunkSize);
    Bytes tight(exact - 1);
    EXPECT_EQ(e2->update(std::span(msg).first(piece), tight).code(), Errc::output_too_small);
    tight.resize(exact);
    auto ok = e2->update(std::span(msg).first(piece), tight);
    ASSERT_TRUE(ok.ok());
    EXPECT_EQ(*ok, exact);
  }
  // The C twin reuses one figure the same way.
  std::uint8_t key[16] = {1};
  aeskit_chunked_encryptor* e = nullptr;
  ASSERT_EQ(aeskit_chunked_encryptor_new(&e, key, 16, nullptr, 0), AESKIT_OK);
  std::size_t bound = 0;
  ASSERT_EQ(aeskit_chunked_encryptor_update_bound(e, 100003, &bound), AESKIT_OK);
  Bytes in(100003, 7), out(bound);
  for (int i = 0; i < 4; ++i) {
    std::size_t n = 0;
    ASSERT_EQ(aeskit_chunked_encryptor_update(e, in.data(), in.size(), out.data(), &n, bound),
              AESKIT_OK)
        << "update " << i;
  }
  aeskit_chunked_encryptor_free(e);
}

// docs/api-cpp.md lists every public descriptor: its table (between the aead-descriptors
// markers) names exactly aead::algorithms(), and each row's key length is the descriptor's.
TEST(FirstContact, DocumentedDescriptorsAreExactlyTheAlgorithms) {
  std::ifstream f(AESKIT_DOCS_DIR "/api-cpp.md");
  ASSERT_TRUE(f) << "cannot read " AESKIT_DOCS_DIR "/api-cpp.md";
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str();
  const auto begin = doc.find("<!-- aead-descriptors");
  const auto end = doc.find("<!-- /aead-descriptors -->");
  ASSERT_NE(begin, std::string::npos);
  ASSERT_NE(end, std::string::npos);
  const std::string table = doc.substr(begin, end - begin);
  const std::regex row(R"(\| `aead::(\w+)\(\)` \| `([^`]+)` \| (\d+) \|)");
  std::set<std::string> documented;
  for (auto it = std::sregex_iterator(table.begin(), table.end(), row);
       it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[2];
    const aeskit::AeadAlgorithm* alg = aeskit::aead::find(name);
    ASSERT_NE(alg, nullptr) << "documented but unknown: " << name;
    EXPECT_EQ(alg->name(), name) << "documented under another spelling";
    EXPECT_EQ(std::to_string(alg->key_length()), (*it)[3].str()) << name;
    EXPECT_TRUE(documented.insert(name).second) << "listed twice: " << name;
  }
  std::set<std::string> built;
  for (const aeskit::AeadAlgorithm* a : aeskit::aead::algorithms()) built.emplace(a->name());
  EXPECT_EQ(documented, built);
}

}  // namespace
