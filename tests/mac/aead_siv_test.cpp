// tests/mac/aead_siv_test.cpp — AES-SIV (RFC 5297): SivKey with AD-component vectors and the
// AEAD descriptors "AES-128-SIV" / "AES-192-SIV" / "AES-256-SIV" (V || C, tag first).
// RFC 5297 A.1 (deterministic) and A.2 (nonce-based, two AD components); every record of
// Wycheproof aes_siv_cmac_test.json (deterministic, one AD component; valid sealed and
// opened, invalid rejected with the output zeroed) and aead_aes_siv_cmac_test.json (through
// AeadKey); zero components vs one empty component; random component vectors, lengths,
// offsets and in place against libgcrypt (GCRY_CIPHER_MODE_SIV) and OpenSSL (EVP
// AES-*-SIV), both ways; every backend against portable; every bit flip of V, C, each AD
// component and the nonce rejected with the output zeroed; the API contract.
#include <gtest/gtest.h>

#include <cstring>

#include "mac_support.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AeadKey;
using aeskit::SivKey;
using aeskit_test::hex_field;
using Span = std::span<const std::uint8_t>;

SivKey make(const Bytes& key, std::string_view backend = {}) {
  auto k = SivKey::create(key, backend);
  EXPECT_TRUE(k.ok()) << k.message();
  return k.ok() ? std::move(k).value() : SivKey();
}

std::vector<Span> spans(const std::vector<Bytes>& ad) {
  return std::vector<Span>(ad.begin(), ad.end());
}

Bytes seal(const SivKey& key, const std::vector<Bytes>& ad, const Bytes& pt) {
  Bytes out(pt.size() + 16);
  const auto components = spans(ad);
  auto n = key.seal(components, pt, out);
  EXPECT_TRUE(n.ok()) << n.message();
  return out;
}

std::optional<Bytes> open(const SivKey& key, const std::vector<Bytes>& ad, const Bytes& sealed) {
  Bytes out(sealed.size(), 0xa5);
  const auto components = spans(ad);
  auto n = key.open(components, sealed, out);
  if (!n.ok()) {
    EXPECT_EQ(n.code(), Errc::authentication_failed);
    const std::size_t len = sealed.size() >= 16 ? sealed.size() - 16 : 0;
    EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(len)), Bytes(len, 0));
    return std::nullopt;
  }
  out.resize(*n);
  return out;
}

const aeskit::AeadAlgorithm& siv_for(std::size_t key_len) {
  if (key_len == 32) return aeskit::aead::aes_128_siv();
  if (key_len == 48) return aeskit::aead::aes_192_siv();
  return aeskit::aead::aes_256_siv();
}

constexpr std::size_t kSivKeySizes[] = {32, 48, 64};

TEST(SivKat, Rfc5297A1Deterministic) {
  const Bytes key = from_hex("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  const std::vector<Bytes> ad = {from_hex("101112131415161718191a1b1c1d1e1f2021222324252627")};
  const Bytes pt = from_hex("112233445566778899aabbccddee");
  const std::string expected = "85632d07c6e8f37f950acd320a2ecc9340c02b9690c4dc04daef7f6afe5c";
  for (const std::string& backend : aeskit_test::backend_names()) {
    if (!aeskit_test::backend_available(backend)) continue;
    const SivKey k = make(key, backend);
    EXPECT_EQ(to_hex(seal(k, ad, pt)), expected) << backend;
    auto back = open(k, ad, from_hex(expected));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, pt);
  }
}

TEST(SivKat, Rfc5297A2NonceBased) {
  const Bytes key = from_hex("7f7e7d7c7b7a79787776757473727170404142434445464748494a4b4c4d4e4f");
  const Bytes ad1 =
      from_hex("00112233445566778899aabbccddeeffdeaddadadeaddadaffeeddccbbaa99887766554433221100");
  const Bytes ad2 = from_hex("102030405060708090a0");
  const Bytes nonce = from_hex("09f911029d74e35bd84156c5635688c0");
  const Bytes pt = from_hex(
      "7468697320697320736f6d6520706c61696e7465787420746f20656e6372797074207573696e67205349"
      "562d414553");
  const std::string expected =
      "7bdb6e3b432667eb06f4d14bff2fbd0fcb900f2fddbe404326601965c889bf17dba77ceb094fa663b7a3f748ba"
      "8af829ea64ad544a272e9c485b62a3fd5c0d";
  const SivKey k = make(key);
  EXPECT_EQ(to_hex(seal(k, {ad1, ad2, nonce}, pt)), expected);
  auto back = open(k, {ad1, ad2, nonce}, from_hex(expected));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, pt);
}

TEST(SivWycheproof, DeterministicEveryRecord) {
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_siv_cmac_test.json");
  std::size_t count = 0;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& t) {
    ++count;
    const SivKey key = make(hex_field(t, "key"));
    const std::vector<Bytes> ad = {hex_field(t, "aad")};
    const Bytes msg = hex_field(t, "msg");
    const Bytes ct = hex_field(t, "ct");
    ASSERT_NE(t.at("result"), "acceptable");
    if (t.at("result") == "valid") {
      EXPECT_EQ(to_hex(seal(key, ad, msg)), to_hex(ct));
      auto back = open(key, ad, ct);
      ASSERT_TRUE(back.has_value());
      EXPECT_EQ(*back, msg);
    } else {
      EXPECT_FALSE(open(key, ad, ct).has_value());
    }
  });
  EXPECT_EQ(count, doc.at("numberOfTests").get<std::size_t>());
}

TEST(SivWycheproof, AeadEveryRecord) {
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aead_aes_siv_cmac_test.json");
  std::size_t count = 0;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& t) {
    ++count;
    const Bytes key_bytes = hex_field(t, "key");
    auto key = AeadKey::create(siv_for(key_bytes.size()), key_bytes);
    ASSERT_TRUE(key.ok());
    const Bytes nonce = hex_field(t, "iv");
    const Bytes ad = hex_field(t, "aad");
    const Bytes msg = hex_field(t, "msg");
    Bytes sealed = hex_field(t, "tag");
    const Bytes ct = hex_field(t, "ct");
    sealed.insert(sealed.end(), ct.begin(), ct.end());  // V || C
    ASSERT_NE(t.at("result"), "acceptable");
    Bytes out(sealed.size(), 0xa5);
    if (t.at("result") == "valid") {
      ASSERT_TRUE(key->seal(nonce, ad, msg, out).ok());
      EXPECT_EQ(to_hex(out), to_hex(sealed));
      auto n = key->open(nonce, ad, sealed, out);
      ASSERT_TRUE(n.ok());
      EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*n)), msg);
    } else {
      EXPECT_EQ(key->open(nonce, ad, sealed, out).code(), Errc::authentication_failed);
      EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(ct.size())),
                Bytes(ct.size(), 0));
    }
  });
  EXPECT_EQ(count, doc.at("numberOfTests").get<std::size_t>());
}

TEST(SivComponents, ZeroComponentsDifferFromOneEmpty) {
  aeskit_test::TestRng rng;
  for (std::size_t key_len : kSivKeySizes) {
    const Bytes key_bytes = rng.bytes(key_len);
    const SivKey key = make(key_bytes);
    for (std::size_t len : {0, 1, 15, 16, 17, 40}) {
      const Bytes pt = rng.bytes(len);
      const Bytes none = seal(key, {}, pt);
      const Bytes one_empty = seal(key, {Bytes{}}, pt);
      const Bytes two_empty = seal(key, {Bytes{}, Bytes{}}, pt);
      EXPECT_NE(none, one_empty);
      EXPECT_NE(one_empty, two_empty);
      EXPECT_EQ(to_hex(none), to_hex(aeskit_test::macref::gcrypt_siv_seal(key_bytes, {}, {}, pt)));
      EXPECT_EQ(to_hex(one_empty),
                to_hex(aeskit_test::macref::gcrypt_siv_seal(key_bytes, {Bytes{}}, {}, pt)));
      EXPECT_EQ(to_hex(two_empty), to_hex(aeskit_test::macref::gcrypt_siv_seal(
                                       key_bytes, {Bytes{}, Bytes{}}, {}, pt)));
      EXPECT_FALSE(open(key, {Bytes{}}, none).has_value());
      EXPECT_FALSE(open(key, {}, one_empty).has_value());
      EXPECT_TRUE(open(key, {}, none).has_value());
    }
  }
}

TEST(SivDifferential, LibgcryptAndOpenssl) {
  aeskit_test::TestRng rng;
  const std::size_t large = aeskit_test::scaled<std::size_t>(1 << 20, 1 << 14);
  for (std::size_t key_len : kSivKeySizes) {
    for (int iter = 0; iter < 500; ++iter) {
      const Bytes key_bytes = rng.bytes(key_len);
      const std::size_t len = iter < 400
                                  ? static_cast<std::size_t>(iter)
                                  : (iter < 495 ? rng.between(0, 20000) : rng.between(0, large));
      const Bytes pt = rng.bytes(len);
      std::vector<Bytes> ad(rng.between(0, 5));
      for (Bytes& a : ad) a = rng.bytes(rng.coin() ? rng.between(0, 20) : rng.between(0, 200));
      SCOPED_TRACE("len " + std::to_string(len) + " components " + std::to_string(ad.size()));
      const SivKey key = make(key_bytes);
      const Bytes expected = aeskit_test::macref::gcrypt_siv_seal(key_bytes, ad, {}, pt);
      ASSERT_EQ(to_hex(seal(key, ad, pt)), to_hex(expected));
      bool nonempty_ad = true;
      for (const Bytes& a : ad) nonempty_ad = nonempty_ad && !a.empty();
      if (nonempty_ad && !pt.empty()) {  // OpenSSL's EVP drops empty updates
        ASSERT_EQ(to_hex(aeskit_test::macref::openssl_siv_seal(key_bytes, ad, pt)),
                  to_hex(expected));
        auto theirs = aeskit_test::macref::openssl_siv_open(key_bytes, ad, expected);
        ASSERT_TRUE(theirs.has_value());
        ASSERT_EQ(*theirs, pt);
      }
      auto back = aeskit_test::macref::gcrypt_siv_open(key_bytes, ad, {}, expected);
      ASSERT_TRUE(back.has_value());
      ASSERT_EQ(*back, pt);
      const auto components = spans(ad);
      // Misaligned buffers.
      const std::size_t off = rng.between(0, 15), out_off = rng.between(0, 15);
      Bytes in_buf(len + 16), out_buf(len + 32);
      if (len) std::memcpy(in_buf.data() + off, pt.data(), len);
      ASSERT_TRUE(key.seal(components, Span(in_buf.data() + off, len),
                           std::span<std::uint8_t>(out_buf.data() + out_off, len + 16))
                      .ok());
      ASSERT_EQ(to_hex({out_buf.data() + out_off, len + 16}), to_hex(expected));
      // In place, both alignments: out at the plaintext, and out 16 bytes before it.
      Bytes buf = pt;
      buf.resize(len + 16);
      ASSERT_TRUE(key.seal(components, Span(buf.data(), len), buf).ok());
      ASSERT_EQ(buf, expected);
      Bytes buf2(16);
      buf2.insert(buf2.end(), pt.begin(), pt.end());
      ASSERT_TRUE(key.seal(components, Span(buf2.data() + 16, len), buf2).ok());
      ASSERT_EQ(buf2, expected);
      // Open in place at the start and at the ciphertext.
      auto n = key.open(components, buf, buf);
      ASSERT_TRUE(n.ok());
      ASSERT_EQ(Bytes(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(len)), pt);
      n = key.open(components, buf2, std::span<std::uint8_t>(buf2.data() + 16, len));
      ASSERT_TRUE(n.ok());
      ASSERT_EQ(Bytes(buf2.begin() + 16, buf2.end()), pt);
      // The AEAD form: components {AD, nonce}, as libgcrypt's setiv.
      const Bytes nonce = rng.bytes(rng.between(1, 32));
      const Bytes aead_ad = ad.empty() ? Bytes{} : ad[0];
      auto aead = AeadKey::create(siv_for(key_len), key_bytes);
      ASSERT_TRUE(aead.ok());
      Bytes sealed(len + 16);
      ASSERT_TRUE(aead->seal(nonce, aead_ad, pt, sealed).ok());
      ASSERT_EQ(to_hex(sealed),
                to_hex(aeskit_test::macref::gcrypt_siv_seal(key_bytes, {aead_ad}, nonce, pt)));
      ASSERT_EQ(to_hex(sealed), to_hex(seal(key, {aead_ad, nonce}, pt)));
      Bytes ct(len), tag(16), plain(len);
      ASSERT_TRUE(aead->seal_detached(nonce, aead_ad, pt, ct, tag).ok());
      ASSERT_EQ(to_hex(tag) + to_hex(ct), to_hex(sealed));
      ASSERT_TRUE(aead->open_detached(nonce, aead_ad, ct, tag, plain).ok());
      ASSERT_EQ(plain, pt);
    }
  }
}

class SivBackends : public testing::TestWithParam<std::string> {};

TEST_P(SivBackends, MatchPortable) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : kSivKeySizes) {
    const Bytes key_bytes = rng.bytes(key_len);
    const SivKey mine = make(key_bytes, GetParam());
    const SivKey portable = make(key_bytes, "portable");
    EXPECT_EQ(mine.backend_name(), GetParam());
    EXPECT_EQ(mine.kernel().rfind(GetParam() + ":", 0), 0u) << mine.kernel();
    for (std::size_t len = 0; len < 16 * 36 + 3; len += (len < 300 ? 1 : 7)) {
      const Bytes pt = rng.bytes(len);
      std::vector<Bytes> ad(rng.between(0, 3));
      for (Bytes& a : ad) a = rng.bytes(rng.between(0, 40));
      const Bytes sealed = seal(mine, ad, pt);
      ASSERT_EQ(to_hex(sealed), to_hex(seal(portable, ad, pt))) << "len " << len;
      auto back = open(mine, ad, sealed);
      ASSERT_TRUE(back.has_value());
      ASSERT_EQ(*back, pt);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, SivBackends, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

TEST(SivMutation, EveryBitFlipRejectedOutputZeroed) {
  aeskit_test::TestRng rng;
  const SivKey key = make(rng.bytes(32));
  const std::vector<Bytes> ad = {rng.bytes(13), rng.bytes(16), rng.bytes(12)};  // last: nonce
  const Bytes pt = rng.bytes(37);
  const Bytes sealed = seal(key, ad, pt);
  ASSERT_TRUE(open(key, ad, sealed).has_value());
  for (std::size_t bit = 0; bit < sealed.size() * 8; ++bit) {
    Bytes s = sealed;
    s[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    EXPECT_FALSE(open(key, ad, s).has_value()) << "sealed bit " << bit;
  }
  for (std::size_t c = 0; c < ad.size(); ++c) {
    for (std::size_t bit = 0; bit < ad[c].size() * 8; ++bit) {
      std::vector<Bytes> a = ad;
      a[c][bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      EXPECT_FALSE(open(key, a, sealed).has_value()) << "component " << c << " bit " << bit;
    }
    std::vector<Bytes> shorter = ad;
    shorter[c].pop_back();
    EXPECT_FALSE(open(key, shorter, sealed).has_value());
    std::vector<Bytes> longer = ad;
    longer[c].push_back(0);
    EXPECT_FALSE(open(key, longer, sealed).has_value());
  }
  // Components swapped, dropped, added.
  EXPECT_FALSE(open(key, {ad[1], ad[0], ad[2]}, sealed).has_value());
  EXPECT_FALSE(open(key, {ad[0], ad[1]}, sealed).has_value());
  EXPECT_FALSE(open(key, {ad[0], ad[1], ad[2], Bytes{}}, sealed).has_value());
  EXPECT_FALSE(open(key, ad, Bytes(sealed.begin(), sealed.end() - 1)).has_value());
  // The AEAD form: nonce bit flips.
  auto aead = AeadKey::create(aeskit::aead::aes_128_siv(), rng.bytes(32));
  ASSERT_TRUE(aead.ok());
  const Bytes nonce = rng.bytes(16);
  Bytes s(pt.size() + 16), out(pt.size(), 0xee);
  ASSERT_TRUE(aead->seal(nonce, ad[0], pt, s).ok());
  for (std::size_t bit = 0; bit < nonce.size() * 8; ++bit) {
    Bytes n = nonce;
    n[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    EXPECT_EQ(aead->open(n, ad[0], s, out).code(), Errc::authentication_failed);
    EXPECT_EQ(out, Bytes(pt.size(), 0));
  }
}

TEST(SivApi, DescriptorsAndErrors) {
  EXPECT_EQ(aeskit::aead::find("aes-128-siv"), &aeskit::aead::aes_128_siv());
  EXPECT_EQ(aeskit::aead::find("AEAD_AES_SIV_CMAC_256"), &aeskit::aead::aes_128_siv());
  EXPECT_EQ(aeskit::aead::find("AES-SIV-CMAC-384"), &aeskit::aead::aes_192_siv());
  EXPECT_EQ(aeskit::aead::find("aead_aes_siv_cmac_512"), &aeskit::aead::aes_256_siv());
  for (std::size_t key_len : kSivKeySizes) {
    const auto& alg = siv_for(key_len);
    EXPECT_EQ(alg.key_length(), key_len);
    EXPECT_EQ(alg.nonce_min(), 1u);
    EXPECT_EQ(alg.default_tag_length(), 16u);
    EXPECT_EQ(alg.tag_lengths().size(), 1u);
    EXPECT_EQ(AeadKey::create(alg, Bytes(key_len - 1, 1)).code(), Errc::bad_key_length);
    EXPECT_EQ(AeadKey::create(alg, Bytes(key_len, 1), 12).code(), Errc::bad_tag_length);
  }
  for (std::size_t bad : {0, 16, 24, 31, 33, 47, 49, 63, 65})
    EXPECT_EQ(SivKey::create(Bytes(bad, 1)).code(), Errc::bad_key_length) << bad;
  EXPECT_EQ(SivKey::create(Bytes(32, 1), "no-such-backend").code(), Errc::unknown_backend);

  auto aead = AeadKey::create(aeskit::aead::aes_128_siv(), Bytes(32, 5));
  ASSERT_TRUE(aead.ok());
  Bytes out(20, 0xee);
  EXPECT_EQ(aead->seal({}, {}, Bytes(4), out).code(), Errc::bad_nonce_length);
  EXPECT_EQ(aeskit::AeadSealer::create(*aead, Bytes(16)).code(), Errc::one_shot_only);

  const SivKey key = make(Bytes(64, 3));
  EXPECT_EQ(key.key_length(), 64u);
  const Bytes pt(30, 4);
  // 126 components accepted, 127 refused.
  std::vector<Bytes> many(126, Bytes(3, 1));
  const Bytes sealed = seal(key, many, pt);
  EXPECT_TRUE(open(key, many, sealed).has_value());
  many.push_back(Bytes(3, 1));
  const auto too_many = spans(many);
  Bytes o(46, 0xee);
  EXPECT_EQ(key.seal(too_many, pt, o).code(), Errc::too_many_ad_components);
  EXPECT_EQ(key.open(too_many, sealed, o).code(), Errc::too_many_ad_components);
  EXPECT_EQ(o, Bytes(46, 0xee));
  // Output size, short input, overlaps.
  EXPECT_EQ(key.seal({}, pt, std::span<std::uint8_t>(o.data(), 45)).code(), Errc::output_too_small);
  EXPECT_EQ(key.open({}, Bytes(15), o).code(), Errc::authentication_failed);
  EXPECT_EQ(key.open({}, sealed, std::span<std::uint8_t>(o.data(), 29)).code(),
            Errc::output_too_small);
  Bytes buf(100, 7);
  const std::vector<Span> ad_in_out = {Span(buf.data() + 40, 4)};
  EXPECT_EQ(key.seal(ad_in_out, pt, std::span<std::uint8_t>(buf.data(), 46)).code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(key.seal({}, Span(buf.data() + 3, 30), std::span<std::uint8_t>(buf.data(), 46)).code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(key.seal({}, Span(buf.data() + 17, 30), std::span<std::uint8_t>(buf.data(), 46)).code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(buf, Bytes(100, 7));
  EXPECT_EQ(key.open({}, Span(buf.data() + 5, 46), std::span<std::uint8_t>(buf.data(), 30)).code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(buf, Bytes(100, 7));

  SivKey moved = make(Bytes(32, 1));
  SivKey other = std::move(moved);
  EXPECT_TRUE(other.valid());
  SivKey empty;
  EXPECT_EQ(empty.seal({}, pt, o).code(), Errc::invalid_state);
  EXPECT_EQ(empty.open({}, sealed, o).code(), Errc::invalid_state);
  EXPECT_EQ(empty.key_length(), 0u);
}

}  // namespace
