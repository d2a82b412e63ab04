// tests/api/concurrency_test.cpp — one AesKey shared by 4 threads: all start CBC decryption at the
// same moment on a fresh key, so the lazily built decryption schedule is first requested
// concurrently; every thread must get the right plaintext. Repeated on fresh keys, per backend.
// No fixed vectors: the expected plaintext is the random input that was encrypted.
#include <atomic>
#include <barrier>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::Mode;
using aeskit_test::Bytes;

constexpr int kThreads = 4;
constexpr int kRounds = 40;

class SharedKey : public testing::TestWithParam<std::string> {};

TEST_P(SharedKey, ConcurrentFirstCbcDecrypt) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (int round = 0; round < kRounds; ++round) {
    const Bytes key_bytes = rng.bytes(aeskit_test::kKeySizes[round % 3]);
    const Bytes iv = rng.bytes(16);
    const Bytes pt = rng.bytes(16 * (1 + rng.between(0, 40)));
    Bytes ct(pt.size());
    {
      // Encrypt with a separate key object, so the shared one has never decrypted.
      aeskit::AesKey enc_key;
      ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes, GetParam(), enc_key));
      ASSERT_TRUE(aeskit::encrypt(enc_key, Mode::cbc, iv, pt, ct).ok());
    }
    aeskit::AesKey shared;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes, GetParam(), shared));
    std::vector<Bytes> outputs(kThreads, Bytes(pt.size()));
    std::vector<char> ok(kThreads, 0);  // not vector<bool>: threads write their own element
    std::barrier start(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        start.arrive_and_wait();
        auto r = aeskit::decrypt(shared, Mode::cbc, iv, ct, outputs[t]);
        ok[t] = r.ok() && *r == pt.size() ? 1 : 0;
      });
    }
    for (std::thread& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) {
      EXPECT_EQ(ok[t], 1) << "round " << round << " thread " << t;
      EXPECT_EQ(outputs[t], pt) << "round " << round << " thread " << t;
    }
    if (HasFailure()) break;
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, SharedKey, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
