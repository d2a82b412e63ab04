// tests/hash/hash_kat_test.cpp — known answers for SHA-1/SHA-256/SHA-512, HMAC and HKDF, on every
// SHA compressor this CPU runs, plus the API contract (errors, truncation, object states).
//
// Vectors: FIPS 180-4 example messages ("abc", the two-block 448- and 896-bit messages, one
// million 'a', and the empty message) with the digests of the NIST examples document; HMAC-SHA1
// from RFC 2202 §3; HMAC-SHA-256/512 from RFC 4231 §4.2-4.8 (case 5 truncated to 128 bits);
// HKDF from RFC 5869 Appendix A.1-A.7 (PRK and OKM). The expected values were typed from those
// documents and cross-checked with Python's hashlib/hmac.
#include <array>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/hash.hpp"
#include "aeskit/kdf.hpp"
#include "hash_support.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::HashAlgorithm;
using aeskit_test::hash::bytes_of;
using aeskit_test::hash::runnable_backends;

Bytes range(int from, int to) {
  Bytes b;
  for (int i = from; i < to; ++i) b.push_back(static_cast<std::uint8_t>(i));
  return b;
}

struct DigestCase {
  HashAlgorithm alg;
  std::string message;  // "" and "a x 10^6" are built below
  bool million_a;
  const char* digest;
};

const std::string k448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const std::string k896 =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmn"
    "opqrsmnopqrstnopqrstu";

std::vector<DigestCase> digest_cases() {
  return {
      {HashAlgorithm::sha1, "abc", false, "a9993e364706816aba3e25717850c26c9cd0d89d"},
      {HashAlgorithm::sha1, k448, false, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
      {HashAlgorithm::sha1, "", true, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
      {HashAlgorithm::sha1, "", false, "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
      {HashAlgorithm::sha256, "abc", false,
       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {HashAlgorithm::sha256, k448, false,
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
      {HashAlgorithm::sha256, "", true,
       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
      {HashAlgorithm::sha256, "", false,
       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {HashAlgorithm::sha512, "abc", false,
       "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3f"
       "eebbd454d4423643ce80e2a9ac94fa54ca49f"},
      {HashAlgorithm::sha512, k896, false,
       "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b"
       "5433ac7d329eeb6dd26545e96e55b874be909"},
      {HashAlgorithm::sha512, "", true,
       "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce57"
       "7c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
      {HashAlgorithm::sha512, "", false,
       "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877"
       "eec2f63b931bd47417a81a538327af927da3e"},
  };
}

TEST(HashKat, Fips180ExamplesOnEveryBackend) {
  int checked = 0;
  for (const DigestCase& c : digest_cases()) {
    const std::string msg = c.million_a ? std::string(1000000, 'a') : c.message;
    for (const std::string& backend : runnable_backends(c.alg)) {
      SCOPED_TRACE(std::string(aeskit::hash_name(c.alg)) + " on " + backend + ", " +
                   std::to_string(msg.size()) + " bytes");
      auto h = aeskit::Hash::create(c.alg, backend);
      ASSERT_TRUE(h.ok()) << h.message();
      EXPECT_EQ(h->backend_name(), backend);
      // One update, then the same again after reset in 1000-byte pieces.
      std::array<std::uint8_t, 64> out{};
      ASSERT_TRUE(h->update(bytes_of(msg)).ok());
      ASSERT_TRUE(h->finish(out).ok());
      EXPECT_EQ(to_hex(std::span(out).first(h->digest_length())), c.digest);
      ASSERT_TRUE(h->reset().ok());
      for (std::size_t i = 0; i < msg.size(); i += 1000)
        ASSERT_TRUE(h->update(bytes_of(std::string_view(msg).substr(i, 1000))).ok());
      out.fill(0);
      ASSERT_TRUE(h->finish(out).ok());
      EXPECT_EQ(to_hex(std::span(out).first(h->digest_length())), c.digest);
      ++checked;
    }
    std::array<std::uint8_t, 64> one{};
    ASSERT_TRUE(aeskit::hash(c.alg, bytes_of(msg), one).ok());
    EXPECT_EQ(to_hex(std::span(one).first(aeskit::digest_length(c.alg))), c.digest);
  }
  EXPECT_GE(checked, 12);
}

struct MacCase {
  HashAlgorithm alg;
  Bytes key;
  std::string data;
  const char* mac;  // possibly truncated
};

std::vector<MacCase> mac_cases() {
  const std::string long_key_1 = "Test Using Larger Than Block-Size Key - Hash Key First";
  const std::string long_data_4231 =
      "This is a test using a larger than block-size key and a larger than block-size data. The "
      "key needs to be hashed before being used by the HMAC algorithm.";
  const Bytes k0b(20, 0x0b), kaa(20, 0xaa), k0c(20, 0x0c), kaa80(80, 0xaa), kaa131(131, 0xaa);
  const std::string dd(50, '\xdd'), cd(50, '\xcd');
  const Bytes jefe = {'J', 'e', 'f', 'e'};
  const std::string what = "what do ya want for nothing?";
  using H = HashAlgorithm;
  return {
      // RFC 2202 §3, HMAC-SHA-1 (case 5: the full 160 bits and the 96-bit truncation).
      {H::sha1, k0b, "Hi There", "b617318655057264e28bc0b6fb378c8ef146be00"},
      {H::sha1, jefe, what, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
      {H::sha1, kaa, dd, "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
      {H::sha1, range(1, 26), cd, "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},
      {H::sha1, k0c, "Test With Truncation", "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"},
      {H::sha1, k0c, "Test With Truncation", "4c1a03424b55e07fe7f27be1"},
      {H::sha1, kaa80, long_key_1, "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
      {H::sha1, kaa80, "Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data",
       "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"},
      // RFC 4231 §4.2-4.8, HMAC-SHA-256.
      {H::sha256, k0b, "Hi There",
       "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
      {H::sha256, jefe, what, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
      {H::sha256, kaa, dd, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
      {H::sha256, range(1, 26), cd,
       "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
      {H::sha256, k0c, "Test With Truncation", "a3b6167473100ee06e0c796c2955552b"},
      {H::sha256, kaa131, long_key_1,
       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
      {H::sha256, kaa131, long_data_4231,
       "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
      // RFC 4231 §4.2-4.8, HMAC-SHA-512.
      {H::sha512, k0b, "Hi There",
       "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eae"
       "a3f4e4be9d914eeb61f1702e696c203a126854"},
      {H::sha512, jefe, what,
       "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8"
       "f0e6fdcaeab1a34d4a6b4b636e070a38bce737"},
      {H::sha512, kaa, dd,
       "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e"
       "67c807b946a337bee8942674278859e13292fb"},
      {H::sha512, range(1, 26), cd,
       "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5"
       "788063a5f19741120c4f2de2adebeb10a298dd"},
      {H::sha512, k0c, "Test With Truncation", "415fad6271580a531d4179bc891d87a6"},
      {H::sha512, kaa131, long_key_1,
       "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d"
       "6a1e5295e64f73f63f0aec8b915a985d786598"},
      {H::sha512, kaa131, long_data_4231,
       "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3"
       "e4de15134676fb6de0446065c97440fa8c6a58"},
  };
}

TEST(HmacKat, Rfc2202And4231OnEveryBackend) {
  for (const MacCase& c : mac_cases()) {
    const Bytes want = from_hex(c.mac);
    SCOPED_TRACE(std::string(aeskit::hash_name(c.alg)) + " tag " + c.mac);
    // One-shot into a buffer of exactly the (truncated) tag length.
    Bytes got(want.size());
    ASSERT_TRUE(aeskit::hmac(c.alg, c.key, bytes_of(c.data), got).ok());
    EXPECT_EQ(got, want);
    EXPECT_TRUE(aeskit::hmac_verify(c.alg, c.key, bytes_of(c.data), want).ok());
    for (const std::string& backend : runnable_backends(c.alg)) {
      SCOPED_TRACE(backend);
      auto m = aeskit::Hmac::create(c.alg, c.key, backend);
      ASSERT_TRUE(m.ok()) << m.message();
      // Byte-by-byte updates; then the same message again after reset.
      for (char ch : c.data) ASSERT_TRUE(m->update(bytes_of(std::string_view(&ch, 1))).ok());
      Bytes inc(want.size());
      ASSERT_TRUE(m->finish(inc).ok());
      EXPECT_EQ(inc, want);
      ASSERT_TRUE(m->reset().ok());
      ASSERT_TRUE(m->update(bytes_of(c.data)).ok());
      EXPECT_TRUE(m->verify(want).ok());
    }
  }
}

struct HkdfCase {
  const char* name;
  HashAlgorithm alg;
  Bytes ikm, salt, info;
  bool salt_absent;  // A.7: salt not provided
  const char* prk;
  const char* okm;
};

std::vector<HkdfCase> hkdf_cases() {
  using H = HashAlgorithm;
  return {
      {"A.1", H::sha256, Bytes(22, 0x0b), range(0, 13), range(0xf0, 0xfa), false,
       "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
       "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
      {"A.2", H::sha256, range(0, 0x50), range(0x60, 0xb0), range(0xb0, 0x100), false,
       "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
       "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e5"
       "90e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"},
      {"A.3",
       H::sha256,
       Bytes(22, 0x0b),
       {},
       {},
       false,
       "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
       "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"},
      {"A.4", H::sha1, Bytes(11, 0x0b), range(0, 13), range(0xf0, 0xfa), false,
       "9b6c18c432a7bf8f0e71c8eb88f4b30baa2ba243",
       "085a01ea1b10f36933068b56efa5ad81a4f14b822f5b091568a9cdd4f155fda2c22e422478d305f3f896"},
      {"A.5", H::sha1, range(0, 0x50), range(0x60, 0xb0), range(0xb0, 0x100), false,
       "8adae09a2a307059478d309b26c4115a224cfaf6",
       "0bd770a74d1160f7c9f12cd5912a06ebff6adcae899d92191fe4305673ba2ffe8fa3f1a4e5ad79f3f334b3b202b"
       "2173c486ea37ce3d397ed034c7f9dfeb15c5e927336d0441f4c4300e2cff0d0900b52d3b4"},
      {"A.6",
       H::sha1,
       Bytes(22, 0x0b),
       {},
       {},
       false,
       "da8c8a73c7fa77288ec6f5e7c297786aa0d32d01",
       "0ac1af7002b3d761d1e55298da9d0506b9ae52057220a306e07b6b87e8df21d0ea00033de03984d34918"},
      {"A.7",
       H::sha1,
       Bytes(22, 0x0c),
       {},
       {},
       true,
       "2adccada18779e7c2077ad2eb19d3f3e731385dd",
       "2c91117204d745f3500d636a62f64f0ab3bae548aa53d423b0d1f27ebba6f5e5673a081d70cce7acfc48"},
  };
}

TEST(HkdfKat, Rfc5869AppendixA) {
  for (const HkdfCase& c : hkdf_cases()) {
    SCOPED_TRACE(c.name);
    const std::size_t d = aeskit::digest_length(c.alg);
    // A.7 leaves the salt out: RFC 5869 §2.2 makes that HashLen zero bytes; test both forms.
    const Bytes salt = c.salt_absent ? Bytes(d, 0) : c.salt;
    Bytes prk(d);
    ASSERT_TRUE(aeskit::hkdf_extract(c.alg, c.ikm, salt, prk).ok());
    EXPECT_EQ(to_hex(prk), c.prk);
    const Bytes want = from_hex(c.okm);
    Bytes okm(want.size());
    ASSERT_TRUE(aeskit::hkdf_expand(c.alg, prk, c.info, okm).ok());
    EXPECT_EQ(okm, want);
    Bytes okm2(want.size());
    ASSERT_TRUE(aeskit::hkdf(c.alg, c.ikm, c.salt, c.info, okm2).ok());
    EXPECT_EQ(okm2, want);
    // A shorter output is a prefix of the longer one.
    Bytes part(d + 3);
    ASSERT_TRUE(aeskit::hkdf(c.alg, c.ikm, c.salt, c.info, part).ok());
    EXPECT_EQ(part, Bytes(want.begin(), want.begin() + static_cast<long>(d + 3)));
  }
}

TEST(HashApi, ErrorsAndStates) {
  std::array<std::uint8_t, 64> out{};
  // Too-small outputs: nothing written.
  std::array<std::uint8_t, 31> small{};
  EXPECT_EQ(aeskit::hash(HashAlgorithm::sha256, bytes_of("abc"), small).code(),
            Errc::output_too_small);
  EXPECT_EQ(small, (std::array<std::uint8_t, 31>{}));
  auto h = aeskit::Hash::create(HashAlgorithm::sha512);
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->digest_length(), 64u);
  EXPECT_EQ(h->finish(std::span(out).first(63)).code(), Errc::output_too_small);
  ASSERT_TRUE(h->update(bytes_of("abc")).ok());
  ASSERT_TRUE(h->finish(out).ok());
  EXPECT_EQ(to_hex(out).substr(0, 16), "ddaf35a193617aba");
  EXPECT_EQ(h->update(bytes_of("x")).code(), Errc::invalid_state);
  EXPECT_EQ(h->finish(out).code(), Errc::invalid_state);
  // Moved-from and default objects are empty.
  aeskit::Hash moved = std::move(*h);
  EXPECT_TRUE(moved.valid());
  EXPECT_FALSE(h->valid());
  EXPECT_EQ(h->update(bytes_of("x")).code(), Errc::invalid_state);
  EXPECT_EQ(h->reset().code(), Errc::invalid_state);
  EXPECT_TRUE(moved.reset().ok());
  aeskit::Hash empty;
  EXPECT_EQ(empty.finish(out).code(), Errc::invalid_state);
  // Backends by name.
  EXPECT_EQ(aeskit::Hash::create(HashAlgorithm::sha1, "nonesuch").code(), Errc::unknown_backend);
  EXPECT_TRUE(aeskit::Hash::create(HashAlgorithm::sha512, "portable").ok());
  // SHA-NI has no SHA-512: asking for it is backend_lacks_algorithm (also when the CPU lacks
  // SHA-NI), and an AES backend's name is no SHA backend's.
  EXPECT_EQ(aeskit::Hash::create(HashAlgorithm::sha512, "shani").code(),
            Errc::backend_lacks_algorithm);
  EXPECT_EQ(aeskit::Hash::create(HashAlgorithm::sha256, "aesni").code(), Errc::unknown_backend);
  const bool shani = aeskit::cpu::cpu_features().has(aeskit::cpu::Feature::sha) &&
                     aeskit::cpu::cpu_features().has(aeskit::cpu::Feature::sse41);
  EXPECT_EQ(aeskit::Hash::create(HashAlgorithm::sha256, "shani").ok(), shani);
  EXPECT_EQ(aeskit::Hash::create(HashAlgorithm::sha256).value().backend_name(),
            shani ? "shani" : "portable");
  EXPECT_EQ(aeskit::digest_length(HashAlgorithm::sha1), 20u);
  EXPECT_EQ(aeskit::block_length(HashAlgorithm::sha512), 128u);
}

TEST(HmacApi, TruncationVerifyAndStates) {
  const Bytes key(32, 0x42);
  const auto msg = bytes_of("message");
  Bytes full(32), big(40, 0xee), cut(12);
  ASSERT_TRUE(aeskit::hmac(HashAlgorithm::sha256, key, msg, full).ok());
  // A longer buffer receives the digest and is left alone past it.
  ASSERT_TRUE(aeskit::hmac(HashAlgorithm::sha256, key, msg, big).ok());
  EXPECT_EQ(Bytes(big.begin(), big.begin() + 32), full);
  EXPECT_EQ(Bytes(big.begin() + 32, big.end()), Bytes(8, 0xee));
  ASSERT_TRUE(aeskit::hmac(HashAlgorithm::sha256, key, msg, cut).ok());
  EXPECT_EQ(cut, Bytes(full.begin(), full.begin() + 12));
  EXPECT_EQ(aeskit::hmac(HashAlgorithm::sha256, key, msg, std::span<std::uint8_t>{}).code(),
            Errc::output_too_small);
  // Verify: every tag length from 10 to 32 accepted, shorter/longer/altered refused.
  for (std::size_t n = 0; n <= 33; ++n) {
    Bytes tag(n, 0);
    for (std::size_t i = 0; i < n && i < 32; ++i) tag[i] = full[i];
    const bool ok = n >= aeskit::kMinHmacVerifyTagLength && n <= 32;
    EXPECT_EQ(aeskit::hmac_verify(HashAlgorithm::sha256, key, msg, tag).ok(), ok) << n;
    if (ok) {
      tag[n - 1] ^= 1;
      EXPECT_EQ(aeskit::hmac_verify(HashAlgorithm::sha256, key, msg, tag).code(),
                Errc::authentication_failed);
    }
  }
  auto m = aeskit::Hmac::create(HashAlgorithm::sha1, key);
  ASSERT_TRUE(m.ok());
  ASSERT_TRUE(m->update(msg).ok());
  Bytes tag(20);
  ASSERT_TRUE(m->finish(tag).ok());
  EXPECT_EQ(m->finish(tag).code(), Errc::invalid_state);
  EXPECT_EQ(m->verify(tag).code(), Errc::invalid_state);
  ASSERT_TRUE(m->reset().ok());
  ASSERT_TRUE(m->update(msg).ok());
  tag[0] ^= 0x80;
  EXPECT_EQ(m->verify(tag).code(), Errc::authentication_failed);
  aeskit::Hmac other = std::move(*m);
  EXPECT_FALSE(m->valid());
  EXPECT_EQ(m->update(msg).code(), Errc::invalid_state);
  EXPECT_TRUE(other.reset().ok());
  EXPECT_EQ(aeskit::Hmac::create(HashAlgorithm::sha1, key, "bogus").code(), Errc::unknown_backend);
}

TEST(HkdfApi, LimitsAndErrors) {
  const Bytes ikm(16, 1), salt(8, 2), info(5, 3);
  for (HashAlgorithm alg : aeskit_test::hash::kAlgorithms) {
    const std::size_t d = aeskit::digest_length(alg);
    EXPECT_EQ(aeskit::hkdf_max_output(alg), 255 * d);
    Bytes max(255 * d), over(255 * d + 1, 0x77);
    EXPECT_TRUE(aeskit::hkdf(alg, ikm, salt, info, max).ok());
    EXPECT_EQ(aeskit::hkdf(alg, ikm, salt, info, over).code(), Errc::output_too_long);
    EXPECT_EQ(over, Bytes(255 * d + 1, 0x77));  // nothing written
    Bytes prk(d);
    ASSERT_TRUE(aeskit::hkdf_extract(alg, ikm, salt, prk).ok());
    EXPECT_EQ(aeskit::hkdf_expand(alg, prk, info, over).code(), Errc::output_too_long);
    Bytes out(40, 0x55);
    EXPECT_EQ(aeskit::hkdf_expand(alg, std::span(prk).first(d - 1), info, out).code(),
              Errc::prk_too_short);
    EXPECT_EQ(out, Bytes(40, 0x55));
    // A longer PRK is accepted (HMAC keys of any length), and L = 0 is a valid request.
    Bytes long_prk(d + 7, 9);
    EXPECT_TRUE(aeskit::hkdf_expand(alg, long_prk, info, out).ok());
    EXPECT_TRUE(aeskit::hkdf_expand(alg, prk, info, std::span<std::uint8_t>{}).ok());
    // Output overlapping info is refused; overlapping ikm/salt is fine (read first).
    Bytes buf(64, 4);
    EXPECT_EQ(aeskit::hkdf_expand(alg, prk, std::span(buf).first(10), std::span(buf).subspan(5, 20))
                  .code(),
              Errc::overlapping_buffers);
    EXPECT_EQ(aeskit::hkdf_extract(alg, ikm, salt, std::span(prk).first(d - 1)).code(),
              Errc::output_too_small);
    Bytes a(48, 6), b(48, 6);
    ASSERT_TRUE(
        aeskit::hkdf(alg, std::span(a).first(16), salt, info, std::span(a).subspan(8, 40)).ok());
    ASSERT_TRUE(
        aeskit::hkdf(alg, std::span(b).first(16), salt, info, std::span(out).first(40)).ok());
    EXPECT_EQ(Bytes(a.begin() + 8, a.end()), Bytes(out.begin(), out.begin() + 40));
  }
  EXPECT_STRNE(aeskit::errc_message(Errc::output_too_long), "unknown error");
  EXPECT_STRNE(aeskit::errc_message(Errc::prk_too_short), "unknown error");
}

}  // namespace
