// tests/ct/dudect_timing.cpp — a dudect-style timing smoke test (run outside CI by
// scripts/ct-timing.sh): does the time of an operation depend on a secret?
//
// Method (O. Reparaz, J. Balasch, I. Verbauwhede, "Dude, is my code constant time?", DATE
// 2017): inputs of two classes — class 0 a fixed secret, class 1 a random one — are measured
// in random interleaved order with the cycle counter; the measurements above a few
// percentiles are cropped (each crop is a separate test, as dudect does), and Welch's t
// compares the two classes' means. |t| > 10 is a clear dependence; |t| < 4.5 none seen at
// this number of measurements. A statistical test on a shared machine: a large |t| is a lead
// to investigate (with the MSan/valgrind checks), a small one proves nothing by itself.
//
// Targets: a control (an early-exit tag comparison, which must show a large |t|), the
// one-block AES encryption (secret: the plaintext block; the key's schedule is
// fixed), AES-128-GCM open of a forged 64-byte message (secret: the received tag: class 0
// equals the true tag but for its last byte, class 1 is random, so a comparison that stops
// at the first difference shows), and AES-128-CBC-SHA256 TLS record open of a forged
// 128-byte record (class 0: valid padding and a bad MAC, class 1: random bytes, almost always
// bad padding: the Lucky13 distinction).
// CPU features: x86-64 (rdtsc) or any CPU with std::chrono::steady_clock (the fallback).
// Usage: aeskit_dudect [measurements per target, default 1000000]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "aeskit/aeskit.hpp"
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::size_t kPool = 4096;  // random class-1 inputs, reused in turn

std::uint64_t ticks() {
#if defined(__x86_64__)
  unsigned aux;
  return __rdtscp(&aux);
#else
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

// Welch's t over running sums (one per crop threshold).
struct Welch {
  double n[2] = {0, 0}, mean[2] = {0, 0}, m2[2] = {0, 0};
  void add(int cls, double x) {
    n[cls] += 1;
    const double d = x - mean[cls];
    mean[cls] += d / n[cls];
    m2[cls] += d * (x - mean[cls]);
  }
  double t() const {
    if (n[0] < 2 || n[1] < 2) return 0;
    const double v0 = m2[0] / (n[0] - 1), v1 = m2[1] / (n[1] - 1);
    return (mean[0] - mean[1]) / std::sqrt(v0 / n[0] + v1 / n[1]);
  }
};

// measure: `op(input)` timed `count` times, classes drawn at random. Both classes' inputs
// are copied (untimed) into the same buffer before each call, so the two differ only in
// their bytes, not in where they live (a fixed input read from one hot buffer against
// random inputs spread over a pool measures the cache, not the code). Prints the largest
// |t| over the crops (none, and the 50th..99th percentiles).
template <class Op>
void measure(const char* name, std::size_t count, std::mt19937_64& rng, const Bytes& fixed,
             const std::vector<Bytes>& random_pool, Op op) {
  std::vector<std::uint8_t> cls(count);
  for (auto& c : cls) c = static_cast<std::uint8_t>(rng() & 1);
  std::vector<double> t(count);
  Bytes input(fixed.size());
  // Class 0 reads its copies from a pool of the same size as class 1's: reading one hot
  // buffer against a pool spread over L2 evicts different lines before the timed call.
  const std::vector<Bytes> fixed_pool(random_pool.size(), fixed);
  for (std::size_t i = 0; i < count; ++i) {
    const Bytes& src = (cls[i] == 0 ? fixed_pool : random_pool)[i % random_pool.size()];
    std::copy(src.begin(), src.end(), input.begin());
    const std::uint64_t a = ticks();
    op(input);
    const std::uint64_t b = ticks();
    t[i] = static_cast<double>(b - a);
  }
  std::vector<double> sorted(t.begin() + count / 10, t.end());  // warm-up left out
  std::sort(sorted.begin(), sorted.end());
  const double crops[] = {1.0, 0.5, 0.7, 0.9, 0.95, 0.99};
  double worst = 0, worst_crop = 1;
  for (double q : crops) {
    const double limit =
        q >= 1.0 ? INFINITY : sorted[static_cast<std::size_t>(q * double(sorted.size() - 1))];
    Welch w;
    for (std::size_t i = count / 10; i < count; ++i)
      if (t[i] <= limit) w.add(cls[i], t[i]);
    if (std::fabs(w.t()) > std::fabs(worst)) worst = w.t(), worst_crop = q;
  }
  const double median = sorted[sorted.size() / 2];
  std::printf("%-34s n=%zu median=%.0f ticks  max|t|=%.2f (crop %.2f)  %s\n", name, count, median,
              std::fabs(worst), worst_crop,
              std::fabs(worst) > 10    ? "LEAK SUSPECTED"
              : std::fabs(worst) > 4.5 ? "unclear"
                                       : "ok");
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t count = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  std::mt19937_64 rng(12345);
  auto random_bytes = [&](std::size_t n) {
    Bytes b(n);
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    return b;
  };
  const Bytes key = random_bytes(16);
  std::printf("backend %s\n", std::string(aeskit::default_backend()).c_str());

  {  // control: an early-exit comparison of a 16-byte tag must show (else the test is blind)
    const Bytes tag = random_bytes(16);
    Bytes near = tag;
    near.back() ^= 1;
    std::vector<Bytes> random_tags(kPool);
    for (auto& b : random_tags) b = random_bytes(16);
    volatile int sink = 0;
    measure("control: early-exit tag compare", count, rng, near, random_tags,
            [&](const Bytes& received) {
              int diff = 0;
              for (std::size_t j = 0; j < 16; ++j) {
                if (received[j] != tag[j]) {
                  diff = 1;
                  break;
                }
              }
              sink = diff;
            });
  }
  {  // one block: the plaintext is the secret
    auto k = aeskit::AesKey::create(key);
    std::vector<Bytes> in(kPool);
    const Bytes fixed(16, 0);
    for (auto& b : in) b = random_bytes(16);
    Bytes out(16);
    measure("AES-128 one block (plaintext)", count, rng, fixed, in,
            [&](const Bytes& block) { (void)k->encrypt_blocks(block, out); });
  }
  {  // GCM open with a forged tag: almost right vs random
    auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key);
    const Bytes nonce(12, 1), ad;
    const Bytes pt = random_bytes(64);
    Bytes sealed(80);
    (void)k->seal(nonce, ad, pt, sealed);
    Bytes near = sealed;
    near.back() ^= 1;
    std::vector<Bytes> forged(kPool, sealed);
    for (auto& f : forged) {
      const Bytes tag = random_bytes(16);
      std::copy(tag.begin(), tag.end(), f.end() - 16);
    }
    Bytes out(64);
    measure("AES-128-GCM open 64 B (tag)", count, rng, near, forged,
            [&](const Bytes& received) { (void)k->open(nonce, ad, received, out); });
  }
  {  // TLS CBC-HMAC record open: valid padding + bad MAC vs random (bad padding)
    const aeskit::AeadAlgorithm* alg = aeskit::aead::find("AES-128-CBC-SHA256");
    const Bytes tls_key = random_bytes(alg->key_length());
    auto k = aeskit::AeadKey::create(*alg, tls_key);
    const Bytes iv(16, 2), ad = random_bytes(11);  // the TLS header less its length field
    // A valid record of 128 bytes, one MAC byte flipped: good padding, bad MAC.
    const Bytes pt = random_bytes(128 - 32 - 1);
    Bytes sealed(256);
    auto n = k->seal(iv, ad, pt, sealed);
    sealed.resize(*n);
    // A flipped bit in the first ciphertext block garbles the first plaintext block only:
    // the MAC fails, the padding (in the last block) stays valid.
    Bytes bad_mac = sealed;
    bad_mac[0] ^= 1;
    std::vector<Bytes> random_records(kPool);
    for (auto& r : random_records) r = random_bytes(sealed.size());
    Bytes out(sealed.size());
    measure("TLS AES-128-CBC-SHA256 open (rec)", count, rng, bad_mac, random_records,
            [&](const Bytes& record) { (void)k->open(iv, ad, record, out); });
  }
  return 0;
}
