// tests/aead_eax_test.cpp — AES-EAX through AeadKey ("AES-128-EAX", "AES-192-EAX",
// "AES-256-EAX"): the ten test vectors of the EAX paper (Bellare-Rogaway-Wagner, as
// carried by Wycheproof with source eprint.iacr.org/2003/069) plus two written out here;
// every record of Wycheproof aes_eax_test.json (valid sealed and opened, invalid rejected
// with the output zeroed; nonces of 0..257 bytes); random parameters against libgcrypt
// (GCRY_CIPHER_MODE_EAX) both ways, offsets, in place, detached; every backend against
// portable; every bit flip of tag, ciphertext, AD and nonce rejected with the output
// zeroed; the API contract.
#include <gtest/gtest.h>

#include <cstring>

#include "mac_support.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"
#include "support/vectors.hpp"

namespace {

using aeskit::AeadKey;
using aeskit::Errc;
using aeskit_test::Bytes;
using aeskit_test::from_hex;
using aeskit_test::to_hex;

const aeskit::AeadAlgorithm& eax_for(std::size_t key_len) {
  if (key_len == 16) return aeskit::aead::aes_128_eax();
  if (key_len == 24) return aeskit::aead::aes_192_eax();
  return aeskit::aead::aes_256_eax();
}

AeadKey make(const Bytes& key, std::size_t tag_len = 16, std::string_view backend = {}) {
  auto k = AeadKey::create(eax_for(key.size()), key, tag_len, backend);
  EXPECT_TRUE(k.ok()) << k.message();
  return k.ok() ? std::move(k).value() : AeadKey();
}

Bytes seal(const AeadKey& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt) {
  Bytes out(pt.size() + key.tag_length());
  auto n = key.seal(nonce, ad, pt, out);
  EXPECT_TRUE(n.ok()) << n.message();
  return out;
}

// open: the plaintext, or nullopt after checking the output span was zeroed.
std::optional<Bytes> open(const AeadKey& key, const Bytes& nonce, const Bytes& ad,
                          const Bytes& sealed) {
  Bytes out(sealed.size(), 0xa5);
  auto n = key.open(nonce, ad, sealed, out);
  if (!n.ok()) {
    EXPECT_EQ(n.code(), Errc::authentication_failed);
    const std::size_t len =
        sealed.size() >= key.tag_length() ? sealed.size() - key.tag_length() : 0;
    EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(len)), Bytes(len, 0));
    return std::nullopt;
  }
  out.resize(*n);
  return out;
}

TEST(EaxKat, PaperVectorsWrittenOut) {
  struct V {
    const char *key, *nonce, *header, *msg, *cipher;
  } const vectors[] = {
      {"233952dee4d5ed5f9b9c6d6ff80ff478", "62ec67f9c3a4a407fcb2a8c49031a8b3", "6bfb914fd07eae6b",
       "", "e037830e8389f27b025a2d6527e79d01"},
      {"91945d3f4dcbee0bf45ef52255f095a4", "becaf043b0a23d843194ba972c66debd", "fa3bfd4806eb53fa",
       "f7fb", "19dd5c4c9331049d0bdab0277408f67967e5"},
  };
  for (const V& v : vectors) {
    for (const std::string& backend : aeskit_test::backend_names()) {
      if (!aeskit_test::backend_available(backend)) continue;
      const AeadKey key = make(from_hex(v.key), 16, backend);
      EXPECT_EQ(to_hex(seal(key, from_hex(v.nonce), from_hex(v.header), from_hex(v.msg))),
                v.cipher);
      auto pt = open(key, from_hex(v.nonce), from_hex(v.header), from_hex(v.cipher));
      ASSERT_TRUE(pt.has_value());
      EXPECT_EQ(to_hex(*pt), v.msg);
    }
  }
}

TEST(EaxWycheproof, EveryRecordAndThePaperVectors) {
  AESKIT_LOCATE_VECTOR(path, "wycheproof/aes_eax_test.json");
  const auto doc = aeskit_test::macref::load_json(path.string());
  std::size_t count = 0, paper = 0, empty_nonce = 0;
  for (const auto& group : doc.at("testGroups")) {
    const std::size_t tag_len = group.at("tagSize").get<std::size_t>() / 8;
    for (const auto& t : group.at("tests")) {
      ++count;
      SCOPED_TRACE("tcId " + std::to_string(t.at("tcId").get<int>()));
      const Bytes key_bytes = from_hex(t.at("key").get<std::string>());
      const Bytes nonce = from_hex(t.at("iv").get<std::string>());
      const Bytes ad = from_hex(t.at("aad").get<std::string>());
      const Bytes msg = from_hex(t.at("msg").get<std::string>());
      Bytes sealed = from_hex(t.at("ct").get<std::string>());
      const Bytes tag = from_hex(t.at("tag").get<std::string>());
      sealed.insert(sealed.end(), tag.begin(), tag.end());
      if (t.at("comment").get<std::string>().find("2003/069") != std::string::npos) ++paper;
      if (nonce.empty()) ++empty_nonce;
      const AeadKey key = make(key_bytes, tag_len);
      ASSERT_NE(t.at("result"), "acceptable");
      if (t.at("result") == "valid") {
        EXPECT_EQ(to_hex(seal(key, nonce, ad, msg)), to_hex(sealed));
        auto pt = open(key, nonce, ad, sealed);
        ASSERT_TRUE(pt.has_value());
        EXPECT_EQ(to_hex(*pt), to_hex(msg));
      } else {
        EXPECT_FALSE(open(key, nonce, ad, sealed).has_value());
      }
    }
  }
  EXPECT_EQ(count, doc.at("numberOfTests").get<std::size_t>());
  EXPECT_EQ(paper, 10u);
  EXPECT_GT(empty_nonce, 0u);
}

TEST(EaxDifferential, Libgcrypt) {
  aeskit_test::TestRng rng;
#if defined(AESKIT_TEST_SANITIZED)
  const std::size_t large = 1 << 14;
#else
  const std::size_t large = 1 << 20;
#endif
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (int iter = 0; iter < 700; ++iter) {
      const Bytes key_bytes = rng.bytes(key_len);
      const std::size_t len = iter < 600
                                  ? static_cast<std::size_t>(iter)
                                  : (iter < 695 ? rng.between(0, 20000) : rng.between(0, large));
      const Bytes pt = rng.bytes(len);
      const Bytes nonce = rng.bytes(rng.coin() ? 16 : rng.between(0, 40));
      const Bytes ad = rng.bytes(rng.coin() ? rng.between(0, 20) : rng.between(0, 300));
      const std::size_t tag_len = rng.between(8, 16);
      SCOPED_TRACE("len " + std::to_string(len) + " nonce " + std::to_string(nonce.size()) +
                   " ad " + std::to_string(ad.size()) + " tag " + std::to_string(tag_len));
      const AeadKey key = make(key_bytes, tag_len);
      const Bytes expected =
          aeskit_test::macref::gcrypt_eax_seal(key_bytes, nonce, ad, pt, tag_len);
      // Misaligned buffers.
      const std::size_t off = rng.between(0, 15);
      Bytes in_buf(len + 16), out_buf(len + tag_len + 16);
      if (len) std::memcpy(in_buf.data() + off, pt.data(), len);
      const std::size_t out_off = rng.between(0, 15);
      auto n = key.seal(nonce, ad, std::span<const std::uint8_t>(in_buf.data() + off, len),
                        std::span<std::uint8_t>(out_buf.data() + out_off, len + tag_len));
      ASSERT_TRUE(n.ok());
      ASSERT_EQ(to_hex({out_buf.data() + out_off, len + tag_len}), to_hex(expected));
      // In place.
      Bytes buf = pt;
      buf.resize(len + tag_len);
      ASSERT_TRUE(key.seal(nonce, ad, std::span<const std::uint8_t>(buf.data(), len), buf).ok());
      ASSERT_EQ(buf, expected);
      auto opened = key.open(nonce, ad, buf, buf);
      ASSERT_TRUE(opened.ok());
      ASSERT_EQ(Bytes(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(len)), pt);
      // Detached, and libgcrypt opens what aeskit sealed.
      Bytes ct(len), tag(tag_len), back(len);
      ASSERT_TRUE(key.seal_detached(nonce, ad, pt, ct, tag).ok());
      ASSERT_TRUE(key.open_detached(nonce, ad, ct, tag, back).ok());
      ASSERT_EQ(back, pt);
      auto theirs = aeskit_test::macref::gcrypt_eax_open(key_bytes, nonce, ad, expected, tag_len);
      ASSERT_TRUE(theirs.has_value());
      ASSERT_EQ(*theirs, pt);
    }
  }
}

class EaxBackends : public testing::TestWithParam<std::string> {};

TEST_P(EaxBackends, MatchPortable) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const Bytes key_bytes = rng.bytes(key_len);
    const AeadKey mine = make(key_bytes, 16, GetParam());
    const AeadKey portable = make(key_bytes, 16, "portable");
    EXPECT_EQ(mine.backend_name(), GetParam());
    EXPECT_EQ(mine.kernel().rfind(GetParam() + ":", 0), 0u) << mine.kernel();
    for (std::size_t len = 0; len < 16 * 36 + 3; len += (len < 300 ? 1 : 7)) {
      const Bytes pt = rng.bytes(len);
      const Bytes nonce = rng.bytes(rng.between(0, 33));
      const Bytes ad = rng.bytes(rng.between(0, 40));
      const Bytes sealed = seal(mine, nonce, ad, pt);
      ASSERT_EQ(to_hex(sealed), to_hex(seal(portable, nonce, ad, pt))) << "len " << len;
      auto back = open(mine, nonce, ad, sealed);
      ASSERT_TRUE(back.has_value());
      ASSERT_EQ(*back, pt);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, EaxBackends, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

TEST(EaxMutation, EveryBitFlipRejectedOutputZeroed) {
  aeskit_test::TestRng rng;
  for (std::size_t tag_len : {8, 13, 16}) {
    const AeadKey key = make(rng.bytes(16), tag_len);
    const Bytes nonce = rng.bytes(16), ad = rng.bytes(21), pt = rng.bytes(37);
    const Bytes sealed = seal(key, nonce, ad, pt);
    ASSERT_TRUE(open(key, nonce, ad, sealed).has_value());
    for (std::size_t bit = 0; bit < sealed.size() * 8; ++bit) {
      Bytes s = sealed;
      s[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      EXPECT_FALSE(open(key, nonce, ad, s).has_value()) << "sealed bit " << bit;
    }
    for (std::size_t bit = 0; bit < ad.size() * 8; ++bit) {
      Bytes a = ad;
      a[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      EXPECT_FALSE(open(key, nonce, a, sealed).has_value()) << "ad bit " << bit;
    }
    for (std::size_t bit = 0; bit < nonce.size() * 8; ++bit) {
      Bytes n = nonce;
      n[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      EXPECT_FALSE(open(key, n, ad, sealed).has_value()) << "nonce bit " << bit;
    }
    // ±1 byte of every part.
    EXPECT_FALSE(open(key, nonce, ad, Bytes(sealed.begin(), sealed.end() - 1)).has_value());
    Bytes longer = sealed;
    longer.push_back(0);
    EXPECT_FALSE(open(key, nonce, ad, longer).has_value());
    EXPECT_FALSE(open(key, nonce, Bytes(ad.begin(), ad.end() - 1), sealed).has_value());
    Bytes ad2 = ad;
    ad2.push_back(0);
    EXPECT_FALSE(open(key, nonce, ad2, sealed).has_value());
    EXPECT_FALSE(open(key, Bytes(nonce.begin(), nonce.end() - 1), ad, sealed).has_value());
    Bytes n2 = nonce;
    n2.push_back(0);
    EXPECT_FALSE(open(key, n2, ad, sealed).has_value());
    // Header and nonce are not interchangeable (OMAC^0 vs OMAC^1).
    EXPECT_FALSE(open(key, ad, nonce, seal(key, nonce, ad, pt)).has_value());
  }
}

TEST(EaxApi, DescriptorsAndErrors) {
  EXPECT_EQ(aeskit::aead::find("aes-128-eax"), &aeskit::aead::aes_128_eax());
  EXPECT_EQ(aeskit::aead::find("AES-192-EAX"), &aeskit::aead::aes_192_eax());
  EXPECT_EQ(aeskit::aead::find("AES-256-EAX"), &aeskit::aead::aes_256_eax());
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const auto& alg = eax_for(key_len);
    EXPECT_EQ(alg.key_length(), key_len);
    EXPECT_EQ(alg.nonce_min(), 0u);
    EXPECT_EQ(alg.default_tag_length(), 16u);
    EXPECT_EQ(alg.tag_lengths().front(), 8u);
    EXPECT_EQ(AeadKey::create(alg, Bytes(key_len + 1, 1)).code(), Errc::bad_key_length);
    EXPECT_EQ(AeadKey::create(alg, Bytes(key_len - 1, 1)).code(), Errc::bad_key_length);
    for (std::size_t bad : {0, 4, 7, 17})
      EXPECT_EQ(AeadKey::create(alg, Bytes(key_len, 1), bad).code(), Errc::bad_tag_length);
  }
  const AeadKey key = make(Bytes(16, 9));
  EXPECT_EQ(aeskit::AeadSealer::create(key, Bytes(16)).code(), Errc::invalid_argument);
  EXPECT_EQ(aeskit::AeadOpener::create(key, Bytes(16)).code(), Errc::invalid_argument);
  const Bytes nonce(16, 1), ad(5, 2), pt(40, 3);
  Bytes small(55, 0xee);
  EXPECT_EQ(key.seal(nonce, ad, pt, small).code(), Errc::output_too_small);
  EXPECT_EQ(small, Bytes(55, 0xee));
  // Partial overlap of plaintext and output, and output over the AD or nonce.
  Bytes buf(100, 4);
  EXPECT_EQ(key.seal(nonce, ad, std::span<const std::uint8_t>(buf.data() + 1, 40),
                     std::span<std::uint8_t>(buf.data(), 56))
                .code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(key.seal(std::span<const std::uint8_t>(buf.data() + 50, 16), ad, pt,
                     std::span<std::uint8_t>(buf.data(), 56))
                .code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(key.seal(nonce, std::span<const std::uint8_t>(buf.data() + 50, 5), pt,
                     std::span<std::uint8_t>(buf.data(), 56))
                .code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(buf, Bytes(100, 4));
  // The empty nonce and empty everything work.
  const Bytes sealed = seal(key, {}, {}, {});
  EXPECT_EQ(sealed.size(), 16u);
  EXPECT_TRUE(open(key, {}, {}, sealed).has_value());
  EXPECT_EQ(key.open(nonce, ad, Bytes(15), small).code(), Errc::authentication_failed);
  // Open with a wrong-length detached tag zeroes the output.
  Bytes ct(40), tag(16), out(40, 0xee);
  ASSERT_TRUE(key.seal_detached(nonce, ad, pt, ct, tag).ok());
  EXPECT_EQ(key.open_detached(nonce, ad, ct, Bytes(tag.begin(), tag.end() - 1), out).code(),
            Errc::authentication_failed);
  EXPECT_EQ(out, Bytes(40, 0));
  EXPECT_FALSE(key.kernel().empty());
}

}  // namespace
