// tests/hash/hash_differential_test.cpp — SHA-1/256/512, HMAC and HKDF against OpenSSL 3
// (EVP_Digest, HMAC(), EVP_KDF "HKDF") over random lengths 0..2000 and random update splits, and
// every SHA compressor this CPU runs against the portable one, both through the public Hash
// (backend by name) and directly on the compression functions over random block counts and chaining
// values.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "aeskit/hash.hpp"
#include "aeskit/kdf.hpp"
#include "backend/sha_backend.hpp"
#include "hash_support.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::HashAlgorithm;
using aeskit_test::Bytes;
using aeskit_test::TestRng;

constexpr int kRounds = aeskit_test::scaled(600, 150);

const EVP_MD* md_of(HashAlgorithm alg) {
  switch (alg) {
    case HashAlgorithm::sha1:
      return EVP_sha1();
    case HashAlgorithm::sha256:
      return EVP_sha256();
    case HashAlgorithm::sha512:
      return EVP_sha512();
  }
  return nullptr;
}

const char* md_name(HashAlgorithm alg) {
  return alg == HashAlgorithm::sha1 ? "SHA1" : alg == HashAlgorithm::sha256 ? "SHA256" : "SHA512";
}

Bytes openssl_digest(HashAlgorithm alg, const Bytes& m) {
  Bytes out(EVP_MAX_MD_SIZE);
  unsigned n = 0;
  EXPECT_EQ(EVP_Digest(m.data(), m.size(), out.data(), &n, md_of(alg), nullptr), 1);
  out.resize(n);
  return out;
}

Bytes openssl_hmac(HashAlgorithm alg, const Bytes& key, const Bytes& m) {
  Bytes out(EVP_MAX_MD_SIZE);
  unsigned n = 0;
  static const std::uint8_t dummy = 0;
  EXPECT_NE(HMAC(md_of(alg), key.empty() ? &dummy : key.data(), static_cast<int>(key.size()),
                 m.data(), m.size(), out.data(), &n),
            nullptr);
  out.resize(n);
  return out;
}

Bytes openssl_hkdf(HashAlgorithm alg, const Bytes& ikm, const Bytes& salt, const Bytes& info,
                   std::size_t len) {
  EVP_KDF* kdf = EVP_KDF_fetch(nullptr, "HKDF", nullptr);
  EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(kdf);
  EVP_KDF_free(kdf);
  std::string digest = md_name(alg);
  std::uint8_t dummy = 0;
  auto ptr = [&](const Bytes& b) {
    return b.empty() ? &dummy : const_cast<std::uint8_t*>(b.data());
  };
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest.data(), 0),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, ptr(ikm), ikm.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, ptr(salt), salt.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, ptr(info), info.size()),
      OSSL_PARAM_construct_end()};
  Bytes out(len);
  EXPECT_EQ(EVP_KDF_derive(ctx, out.data(), out.size(), params), 1);
  EVP_KDF_CTX_free(ctx);
  return out;
}

// Feeds m to `update` in random pieces (including empty ones).
template <class F>
void feed_split(TestRng& rng, const Bytes& m, F&& update) {
  std::size_t pos = 0;
  while (pos < m.size()) {
    std::size_t n = rng.between(0, std::min<std::size_t>(m.size() - pos, rng.coin() ? 70 : 300));
    ASSERT_TRUE(update(std::span(m).subspan(pos, n)).ok());
    pos += n;
  }
}

TEST(HashDifferential, DigestsMatchOpenSslWithRandomSplits) {
  TestRng rng;
  for (HashAlgorithm alg : aeskit_test::hash::kAlgorithms) {
    const auto backends = aeskit_test::hash::runnable_backends(alg);
    for (int r = 0; r < kRounds; ++r) {
      const Bytes m = rng.bytes(rng.between(0, 2000));
      const Bytes want = openssl_digest(alg, m);
      Bytes got(want.size());
      ASSERT_TRUE(aeskit::hash(alg, m, got).ok());
      ASSERT_EQ(got, want) << aeskit::hash_name(alg) << " length " << m.size();
      const std::string& b = backends[static_cast<std::size_t>(r) % backends.size()];
      auto h = aeskit::Hash::create(alg, b);
      ASSERT_TRUE(h.ok());
      feed_split(rng, m, [&](std::span<const std::uint8_t> p) { return h->update(p); });
      std::fill(got.begin(), got.end(), 0);
      ASSERT_TRUE(h->finish(got).ok());
      ASSERT_EQ(got, want) << aeskit::hash_name(alg) << " on " << b << " length " << m.size();
    }
  }
}

TEST(HmacDifferential, MatchesOpenSslWithRandomKeysAndSplits) {
  TestRng rng;
  for (HashAlgorithm alg : aeskit_test::hash::kAlgorithms) {
    const auto backends = aeskit_test::hash::runnable_backends(alg);
    for (int r = 0; r < kRounds; ++r) {
      // Keys around the block length (shorter, equal, longer: hashed first).
      const Bytes key = rng.bytes(rng.coin() ? rng.between(0, 300) : aeskit::block_length(alg));
      const Bytes m = rng.bytes(rng.between(0, 2000));
      const Bytes want = openssl_hmac(alg, key, m);
      Bytes got(want.size());
      ASSERT_TRUE(aeskit::hmac(alg, key, m, got).ok());
      ASSERT_EQ(got, want) << "key " << key.size() << " msg " << m.size();
      const std::string& b = backends[static_cast<std::size_t>(r) % backends.size()];
      auto mac = aeskit::Hmac::create(alg, key, b);
      ASSERT_TRUE(mac.ok());
      feed_split(rng, m, [&](std::span<const std::uint8_t> p) { return mac->update(p); });
      const std::size_t tag_len = rng.between(aeskit::kMinHmacVerifyTagLength, want.size());
      ASSERT_TRUE(mac->verify(std::span(want).first(tag_len)).ok()) << b;
    }
  }
}

TEST(HkdfDifferential, MatchesOpenSslEvpKdf) {
  TestRng rng;
  for (HashAlgorithm alg : aeskit_test::hash::kAlgorithms) {
    for (int r = 0; r < kRounds / 4; ++r) {
      const Bytes ikm = rng.bytes(rng.between(0, 200));
      const Bytes salt = rng.bytes(rng.between(0, 200));
      const Bytes info = rng.bytes(rng.between(0, 200));
      const std::size_t len = rng.between(1, rng.coin() ? 100 : aeskit::hkdf_max_output(alg));
      const Bytes want = openssl_hkdf(alg, ikm, salt, info, len);
      Bytes got(len);
      ASSERT_TRUE(aeskit::hkdf(alg, ikm, salt, info, got).ok());
      ASSERT_EQ(got, want) << "L " << len;
    }
  }
}

// Every compressor against portable, on the compression function itself: random chaining
// values (not only H(0)) and random block counts, so a wrong word order or a lost carry
// between blocks shows.
TEST(ShaBackends, EveryCompressorMatchesPortable) {
  TestRng rng;
  int compared = 0;
  for (HashAlgorithm alg : aeskit_test::hash::kAlgorithms) {
    const auto portable = aeskit::detail::compress_fn(aeskit::detail::kShaPortable, alg);
    for (const std::string& name : aeskit_test::hash::runnable_backends(alg)) {
      const auto* c = aeskit::detail::find_sha_compressor(name);
      ASSERT_NE(c, nullptr);
      const auto fn = aeskit::detail::compress_fn(*c, alg);
      for (int r = 0; r < kRounds; ++r) {
        const std::size_t blocks = rng.between(0, 20);
        const Bytes data = rng.bytes(blocks * aeskit::block_length(alg) + 1);
        aeskit::detail::HashWords a{}, b{};
        rng.fill(std::span(reinterpret_cast<std::uint8_t*>(&a), sizeof a));
        if (alg == HashAlgorithm::sha1)
          for (int i = 5; i < 8; ++i) a.w32[i] = 0;
        b = a;
        // Unaligned input: start one byte in.
        portable(a, data.data() + 1, blocks);
        fn(b, data.data() + 1, blocks);
        ASSERT_EQ(0, std::memcmp(&a, &b, sizeof a)) << name << " " << aeskit::hash_name(alg);
        ++compared;
      }
      // And through Hash, random lengths, against a portable Hash.
      for (int r = 0; r < kRounds / 2; ++r) {
        const Bytes m = rng.bytes(rng.between(0, 2000));
        Bytes x(64), y(64);
        auto hp = aeskit::Hash::create(alg, "portable");
        auto hb = aeskit::Hash::create(alg, name);
        ASSERT_TRUE(hp.ok() && hb.ok());
        ASSERT_TRUE(hp->update(m).ok() && hb->update(m).ok());
        ASSERT_TRUE(hp->finish(x).ok() && hb->finish(y).ok());
        ASSERT_EQ(x, y) << name;
      }
    }
  }
  EXPECT_GT(compared, 0);
  // On a CPU with the SHA extensions, SHA-NI must be among the compressors compared.
  if (aeskit::cpu::cpu_features().has(aeskit::cpu::Feature::sha) &&
      aeskit::cpu::cpu_features().has(aeskit::cpu::Feature::sse41)) {
    EXPECT_EQ(aeskit_test::hash::runnable_backends(HashAlgorithm::sha256).front(), "shani");
  }
}

}  // namespace
