// tests/api/ocb_shared_key_test.cpp — AES-OCB's per-key Ktop cache (src/aead/ocb_ktop_cache.hpp)
// is invisible: one key used for many messages, by one thread or by four at once, seals and
// opens every message exactly as a key used for that message alone (whose cache is empty, so
// it computes Ktop with the cipher). Nonces: a counter run across many 64-message tops and
// across the carry from the nonce block's low 64-bit word into the high one, random nonces,
// two tops alternating, and per-thread counters of which two run in step. The threaded test
// also runs under ThreadSanitizer in CI (its name matches the tsan preset's filter).
#include <barrier>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aead.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::AeadKey;
using aeskit_test::Bytes;

struct Sealed {
  Bytes ct;
  Bytes tag;
  bool operator==(const Sealed&) const = default;
};

AeadKey make(const aeskit::AeadAlgorithm& alg, const Bytes& key) {
  auto k = AeadKey::create(alg, key, 16);
  EXPECT_TRUE(k.ok());
  return std::move(k).value();
}

Sealed seal(const AeadKey& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt) {
  Sealed s{Bytes(pt.size()), Bytes(16)};
  EXPECT_TRUE(key.seal_detached(nonce, ad, pt, s.ct, s.tag).ok());
  return s;
}

// fresh: the message sealed by a key that has never seen another nonce.
Sealed fresh(const aeskit::AeadAlgorithm& alg, const Bytes& key, const Bytes& nonce,
             const Bytes& ad, const Bytes& pt) {
  return seal(make(alg, key), nonce, ad, pt);
}

// counter_nonce: a 12-byte nonce whose last 8 bytes hold `low` big-endian, after `high`.
Bytes counter_nonce(std::uint32_t high, std::uint64_t low) {
  Bytes n(12);
  for (int i = 0; i < 4; ++i) n[i] = static_cast<std::uint8_t>(high >> (24 - 8 * i));
  for (int i = 0; i < 8; ++i) n[4 + i] = static_cast<std::uint8_t>(low >> (56 - 8 * i));
  return n;
}

// check: seal with the shared key, compare with a fresh key, open with the shared key.
void check(const aeskit::AeadAlgorithm& alg, const AeadKey& shared, const Bytes& key,
           const Bytes& nonce, aeskit_test::TestRng& rng, const std::string& what) {
  const Bytes ad = rng.bytes(rng.between(0, 40));
  const Bytes pt = rng.bytes(rng.between(0, 300));
  const Sealed got = seal(shared, nonce, ad, pt);
  ASSERT_EQ(got, fresh(alg, key, nonce, ad, pt)) << what << " nonce " << aeskit_test::to_hex(nonce);
  Bytes back(pt.size());
  ASSERT_TRUE(shared.open_detached(nonce, ad, got.ct, got.tag, back).ok()) << what;
  ASSERT_EQ(back, pt) << what;
}

const aeskit::AeadAlgorithm* const kAlgorithms[] = {
    &aeskit::aead::aes_128_ocb(), &aeskit::aead::aes_192_ocb(), &aeskit::aead::aes_256_ocb()};

TEST(OcbSharedKey, CounterNoncesAcrossTopsAndTheWordCarryMatchAFreshKey) {
  aeskit_test::TestRng rng;
  for (const aeskit::AeadAlgorithm* alg : kAlgorithms) {
    const Bytes key = rng.bytes(alg->key_length());
    const AeadKey shared = make(*alg, key);
    // The nonce's last 8 bytes are the block's low word: 2^64 - 200 + i carries into the
    // high word at i = 200, and crosses a 64-message top every 64 messages.
    const std::uint64_t start = ~std::uint64_t{0} - 199;
    for (std::uint64_t i = 0; i < 330; ++i) {
      const std::uint64_t low = start + i;
      const std::uint32_t high = 0x01020304u + (low < start ? 1u : 0u);
      ASSERT_NO_FATAL_FAILURE(
          check(*alg, shared, key, counter_nonce(high, low), rng, "counter " + std::to_string(i)));
    }
  }
}

TEST(OcbSharedKey, RandomShortAndAlternatingNoncesMatchAFreshKey) {
  aeskit_test::TestRng rng;
  for (const aeskit::AeadAlgorithm* alg : kAlgorithms) {
    const Bytes key = rng.bytes(alg->key_length());
    const AeadKey shared = make(*alg, key);
    for (int i = 0; i < 100; ++i)  // every nonce length OCB allows (1..15 bytes)
      ASSERT_NO_FATAL_FAILURE(
          check(*alg, shared, key, rng.bytes(1 + i % 15), rng, "random " + std::to_string(i)));
    // Two tops in turn: the cache keeps at most one; each must still come out right. And
    // nonces equal but for their last 6 bits, one after another (same top, other bottom).
    const Bytes a = rng.bytes(12);
    Bytes b = a;
    b[5] ^= 0x40;
    for (int i = 0; i < 64; ++i) {
      Bytes n = i % 2 == 0 ? a : b;
      n[11] = static_cast<std::uint8_t>((n[11] & 0xc0) | (i & 0x3f));
      ASSERT_NO_FATAL_FAILURE(check(*alg, shared, key, n, rng, "alternating " + std::to_string(i)));
    }
  }
}

// Four threads share one key, each sealing its own counter run; threads 0 and 1 run the same
// counter range in step (same tops), so they find and offer the same cache entry, while 2 and
// 3 run ranges of their own. Every output is compared with the fresh-key result computed
// before the threads start.
TEST(OcbSharedKey, CounterNoncesAcrossThreads) {
  constexpr int kThreads = 4;
  constexpr int kMessages = 300;
  aeskit_test::TestRng rng;
  const aeskit::AeadAlgorithm& alg = aeskit::aead::aes_128_ocb();
  const Bytes key = rng.bytes(16);
  const std::uint64_t base[kThreads] = {1000, 1000, 5'000'000'000ull, 77};
  std::vector<std::vector<Bytes>> nonces(kThreads), ads(kThreads), pts(kThreads);
  std::vector<std::vector<Sealed>> want(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kMessages; ++i) {
      nonces[t].push_back(counter_nonce(0xa0b0c0d0u + (t == 3 ? 1 : 0), base[t] + i));
      ads[t].push_back(rng.bytes(rng.between(0, 20)));
      pts[t].push_back(rng.bytes(rng.between(0, 200)));
      want[t].push_back(fresh(alg, key, nonces[t][i], ads[t][i], pts[t][i]));
    }
  }
  const AeadKey shared = make(alg, key);
  std::vector<std::vector<Sealed>> got(kThreads, std::vector<Sealed>(kMessages));
  std::vector<char> opened(kThreads * kMessages, 0);
  std::barrier go(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      go.arrive_and_wait();
      for (int i = 0; i < kMessages; ++i) {
        got[t][i] = seal(shared, nonces[t][i], ads[t][i], pts[t][i]);
        Bytes back(pts[t][i].size());
        opened[t * kMessages + i] =
            shared.open_detached(nonces[t][i], ads[t][i], got[t][i].ct, got[t][i].tag, back).ok() &&
            back == pts[t][i];
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kMessages; ++i) {
      ASSERT_EQ(got[t][i], want[t][i]) << "thread " << t << " message " << i;
      ASSERT_EQ(opened[t * kMessages + i], 1) << "thread " << t << " message " << i;
    }
  }
}

}  // namespace
