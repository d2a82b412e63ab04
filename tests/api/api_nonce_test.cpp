// tests/api/api_nonce_test.cpp — nonce safety (aeskit/nonce.hpp, issue 20): the TLS 1.3 nonce
// construction (RFC 8446 §5.3: base XOR right-aligned big-endian counter), a sequence that
// refuses to wrap or to be replayed, SealingKey's own nonces and message limit (opened with
// AeadKey::open under the nonce it reports), random nonces only for GCM-SIV, XAES-256-GCM,
// DNDK-GCM(-KC) and the AEGIS-256 forms,
// and the error messages that name each cause. No vectors: the construction is checked by hand.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "aeskit/aeskit.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::NonceSequence;

TEST(Nonce, SequenceIsBaseXorCounter) {
  const Bytes base = from_hex("000102030405060708090a0b");
  auto seq = NonceSequence::create(base);
  ASSERT_TRUE(seq.ok());
  Bytes n(12);
  ASSERT_EQ(seq->next(n).value(), 0u);
  EXPECT_EQ(to_hex(n), "000102030405060708090a0b");
  ASSERT_EQ(seq->next(n).value(), 1u);
  EXPECT_EQ(to_hex(n), "000102030405060708090a0a");
  ASSERT_TRUE(seq->nonce_at(0x0102030405060708u, n).ok());
  EXPECT_EQ(to_hex(n), "00010203050705030d0f0d03");  // 04..0b XOR 01..08
  EXPECT_EQ(seq->used(), 2u);
}

TEST(Nonce, SequenceNeverWrapsOrRepeats) {
  auto seq = NonceSequence::create(Bytes(1, 0x5a));  // a one-byte nonce: 256 counters
  ASSERT_TRUE(seq.ok());
  EXPECT_EQ(seq->limit(), 256u);
  std::set<std::string> seen;
  Bytes n(1);
  for (int i = 0; i < 256; ++i) {
    ASSERT_TRUE(seq->next(n).ok()) << i;
    EXPECT_TRUE(seen.insert(to_hex(n)).second) << i;
  }
  Bytes canary(1, 0xEE);
  EXPECT_EQ(seq->next(canary).code(), Errc::nonce_exhausted);
  EXPECT_EQ(canary, Bytes(1, 0xEE));
  EXPECT_EQ(seq->used(), 256u);

  auto capped = NonceSequence::create(Bytes(12, 0), 2);
  ASSERT_TRUE(capped.ok());
  Bytes m(12);
  EXPECT_TRUE(capped->next(m).ok());
  EXPECT_TRUE(capped->next(m).ok());
  EXPECT_EQ(capped->next(m).code(), Errc::nonce_exhausted);
  EXPECT_EQ(capped->next(std::span(m).first(11)).code(), Errc::nonce_exhausted);
  EXPECT_EQ(NonceSequence::create(Bytes{}).code(), Errc::bad_nonce_length);
  EXPECT_EQ(NonceSequence::create(Bytes(33, 0)).code(), Errc::bad_nonce_length);
  NonceSequence empty;
  EXPECT_EQ(empty.next(m).code(), Errc::invalid_state);
}

TEST(Nonce, AcceptRefusesReplayAndReorder) {
  auto seq = NonceSequence::create(Bytes(12, 7));
  ASSERT_TRUE(seq.ok());
  Bytes n(12);
  EXPECT_TRUE(seq->accept(0, n).ok());
  EXPECT_EQ(seq->accept(0, n).code(), Errc::nonce_reused);
  EXPECT_TRUE(seq->accept(5, n).ok());
  EXPECT_EQ(seq->accept(3, n).code(), Errc::nonce_reused);
  EXPECT_TRUE(seq->accept(6, n).ok());
  EXPECT_EQ(seq->accept(~std::uint64_t{0}, n).code(), Errc::nonce_exhausted);
}

TEST(Nonce, SealingKeyPicksFreshNoncesAndStopsAtItsLimit) {
  aeskit_test::TestRng rng;
  const auto& alg = aeskit::aead::aes_128_gcm();
  auto key = aeskit::AeadKey::create(alg, rng.bytes(16));
  ASSERT_TRUE(key.ok());
  auto opener = aeskit::AeadKey::create(alg, Bytes{});
  EXPECT_EQ(opener.code(), Errc::bad_key_length);
  const Bytes key_bytes = rng.bytes(16);
  auto k1 = aeskit::AeadKey::create(alg, key_bytes);
  auto k2 = aeskit::AeadKey::create(alg, key_bytes);
  ASSERT_TRUE(k1.ok() && k2.ok());
  auto sk = aeskit::SealingKey::create(std::move(*k1), Bytes(12, 0xA0), 3);
  ASSERT_TRUE(sk.ok()) << sk.message();
  const Bytes pt = rng.bytes(40), ad = rng.bytes(5);
  std::set<std::string> nonces;
  for (int i = 0; i < 3; ++i) {
    Bytes out(pt.size() + 16), nonce(12), back(pt.size());
    auto n = sk->seal(ad, pt, out, nonce);
    ASSERT_TRUE(n.ok()) << n.message();
    EXPECT_TRUE(nonces.insert(to_hex(nonce)).second);
    auto m = k2->open(nonce, ad, out, back);
    ASSERT_TRUE(m.ok()) << m.message();
    EXPECT_EQ(back, pt);
  }
  Bytes out(pt.size() + 16, 0xEE), nonce(12, 0xEE);
  EXPECT_EQ(sk->seal(ad, pt, out, nonce).code(), Errc::usage_limit_reached);
  EXPECT_EQ(out, Bytes(pt.size() + 16, 0xEE));
  EXPECT_EQ(sk->messages(), 3u);

  // A failed seal consumes no nonce.
  auto k3 = aeskit::AeadKey::create(alg, key_bytes);
  auto sk2 = aeskit::SealingKey::create(std::move(*k3), Bytes(12, 1));
  ASSERT_TRUE(sk2.ok());
  EXPECT_EQ(sk2->max_messages(), std::uint64_t{1} << 32);
  EXPECT_EQ(sk2->seal(ad, pt, std::span(out).first(10), nonce).code(), Errc::output_too_small);
  EXPECT_EQ(sk2->messages(), 0u);
  auto k4 = aeskit::AeadKey::create(alg, key_bytes);
  EXPECT_EQ(aeskit::SealingKey::create(std::move(*k4), Bytes{}).code(), Errc::bad_nonce_length);
}

TEST(Nonce, RandomNoncesOnlyWhereTheModeToleratesThem) {
  std::size_t allowed = 0;
  for (const aeskit::AeadAlgorithm* alg : aeskit::aead::algorithms()) {
    SCOPED_TRACE(std::string(alg->name()));
    Bytes a(32, 0), b(32, 0);
    const aeskit::Status s = aeskit::random_nonce(*alg, a);
    const std::string name(alg->name());
    const bool want = name.find("GCM-SIV") != std::string::npos || name == "XAES-256-GCM" ||
                      name.starts_with("DNDK-GCM") || name.starts_with("AEGIS-256");
    EXPECT_EQ(aeskit::random_nonce_allowed(*alg), want);
    if (!want) {
      EXPECT_EQ(s.code(), Errc::random_nonce_unsafe);
      EXPECT_EQ(a, Bytes(32, 0));
      continue;
    }
    ++allowed;
    ASSERT_TRUE(s.ok()) << s.message();
    ASSERT_TRUE(aeskit::random_nonce(*alg, b).ok());
    EXPECT_NE(a, b);
    EXPECT_EQ(aeskit::random_nonce(*alg, std::span(b).first(alg->nonce_recommended() - 1)).code(),
              Errc::output_too_small);
  }
  EXPECT_EQ(allowed, 8u);  // 2 GCM-SIV, XAES-256-GCM, 2 DNDK-GCM forms, 3 AEGIS-256 forms
  EXPECT_EQ(aeskit::message_limit(aeskit::aead::xaes_256_gcm()), ~std::uint64_t{0});
  EXPECT_EQ(aeskit::message_limit(aeskit::aead::dndk_gcm()), ~std::uint64_t{0});
  EXPECT_EQ(aeskit::message_limit(aeskit::aead::dndk_gcm_kc()), ~std::uint64_t{0});
  EXPECT_EQ(aeskit::message_limit(aeskit::aead::aegis_256x4()), ~std::uint64_t{0});
  EXPECT_EQ(aeskit::message_limit(aeskit::aead::aegis_128l()), std::uint64_t{1} << 32);
  EXPECT_EQ(aeskit::message_limit(aeskit::aead::aes_256_gcm()), std::uint64_t{1} << 32);
}

TEST(ErrorMessages, EachCauseHasItsOwnCodeAndMessage) {
  const Errc codes[] = {Errc::backend_lacks_algorithm,
                        Errc::too_many_ad_components,
                        Errc::not_semiblock_multiple,
                        Errc::empty_input,
                        Errc::one_shot_only,
                        Errc::no_detached_tag,
                        Errc::nonce_reused,
                        Errc::nonce_exhausted,
                        Errc::usage_limit_reached,
                        Errc::random_nonce_unsafe};
  std::set<std::string> messages;
  for (int c = 0; c <= static_cast<int>(Errc::random_failed); ++c)
    EXPECT_TRUE(messages.insert(aeskit::errc_message(static_cast<Errc>(c))).second) << c;
  for (Errc c : codes) EXPECT_STRNE(aeskit::errc_message(c), "unknown error");
  EXPECT_NE(std::string(aeskit::errc_message(Errc::unknown_backend)).find("primitive"),
            std::string::npos);
  EXPECT_EQ(std::string(aeskit::errc_message(Errc::backend_unavailable)).find("AES backend"),
            std::string::npos);
  // Hash backends: SHA-512 on shani is a missing algorithm, an AES name is no SHA backend.
  EXPECT_EQ(aeskit::Hash::create(aeskit::HashAlgorithm::sha512, "shani").code(),
            Errc::backend_lacks_algorithm);
  EXPECT_EQ(aeskit::Hash::create(aeskit::HashAlgorithm::sha256, "aesni").code(),
            Errc::unknown_backend);
}

TEST(FactoryOrder, TagLengthBeforeBackendEverywhere) {
  const Bytes key(16, 1);
  auto cmac = aeskit::Cmac::create(key, 8);
  ASSERT_TRUE(cmac.ok());
  EXPECT_EQ(cmac->tag_length(), 8u);
  auto cmac_p = aeskit::Cmac::create(key, 8, "portable");
  ASSERT_TRUE(cmac_p.ok());
  EXPECT_EQ(cmac_p->backend_name(), "portable");
  auto gmac = aeskit::Gmac::create(key, 12, "portable");
  ASSERT_TRUE(gmac.ok());
  EXPECT_EQ(gmac->tag_length(), 12u);
  auto aead = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key, 12, "portable");
  ASSERT_TRUE(aead.ok());
  EXPECT_EQ(aead->backend_name(), "portable");
  // HKDF: ikm before salt in extract as in hkdf(); RFC 5869 A.1.
  const Bytes ikm(22, 0x0b), salt = from_hex("000102030405060708090a0b0c");
  Bytes prk(32);
  ASSERT_TRUE(aeskit::hkdf_extract(aeskit::HashAlgorithm::sha256, ikm, salt, prk).ok());
  EXPECT_EQ(to_hex(prk), "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
}

}  // namespace
