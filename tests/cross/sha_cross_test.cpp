// tests/cross/sha_cross_test.cpp — every SHA compressor compiled into this build (AArch64:
// armv8sha1, armv8sha256, armv8sha512; x86: shani, avx512sha512, avx2sha512; and portable)
// against portable, and the public aeskit::hash against FIPS 180-4's examples, without
// GoogleTest (cross builds under qemu).
// Fails if, on AArch64 with the SHA instructions, the one-shot hash does not pick them.
//
// Random chaining values and 0..9 blocks per call for every entry a compressor has; the
// examples are "abc" and the two-block "abcdbcde...nopq" (FIPS 180-4 / the NIST CSRC
// examples for SHA-1 and SHA-256) and "abc" for SHA-512.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/hash.hpp"
#include "backend/sha_backend.hpp"
#include "cpu/features.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;
int g_checks = 0;
int g_failures = 0;

void expect(bool ok, const std::string& what) {
  ++g_checks;
  if (!ok && ++g_failures <= 50) std::printf("FAIL: %s\n", what.c_str());
}

struct Rng {  // xorshift64*: reproducible test data
  std::uint64_t s = 0x243F6A8885A308D3ull;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
};

std::string hex(const std::uint8_t* p, std::size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    s += kDigits[p[i] >> 4];
    s += kDigits[p[i] & 15];
  }
  return s;
}

struct Example {
  aeskit::HashAlgorithm alg;
  const char* message;
  const char* digest;
};

constexpr Example kExamples[] = {
    {aeskit::HashAlgorithm::sha1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {aeskit::HashAlgorithm::sha1, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
    {aeskit::HashAlgorithm::sha256, "abc",
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {aeskit::HashAlgorithm::sha256, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {aeskit::HashAlgorithm::sha512, "abc",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
};

}  // namespace

int main() {
  using aeskit::detail::ShaCompressor;
  const aeskit::cpu::FeatureSet features = aeskit::cpu::cpu_features();
  const ShaCompressor& ref = aeskit::detail::kShaPortable;
  Rng rng;
  constexpr aeskit::HashAlgorithm kAlgs[] = {
      aeskit::HashAlgorithm::sha1, aeskit::HashAlgorithm::sha256, aeskit::HashAlgorithm::sha512};
  for (std::size_t i = 0; i < aeskit::detail::sha_compressor_count(); ++i) {
    const ShaCompressor& c = aeskit::detail::sha_compressor_at(i);
    const std::string name(c.name);
    if (!c.supported(features)) {
      std::printf("sha %s: not supported on this CPU, not run\n", name.c_str());
      continue;
    }
    for (aeskit::HashAlgorithm alg : kAlgs) {
      const aeskit::detail::CompressFn fn = aeskit::detail::compress_fn(c, alg);
      if (fn == nullptr || &c == &ref) continue;
      const std::size_t block = alg == aeskit::HashAlgorithm::sha512 ? 128 : 64;
      for (int t = 0; t < 40; ++t) {
        const std::size_t blocks = static_cast<std::size_t>(t % 10);
        Bytes data(block * blocks + 1);
        for (auto& b : data) b = static_cast<std::uint8_t>(rng.next() >> 56);
        aeskit::detail::HashWords got{}, want{};
        for (int w = 0; w < 8; ++w) want.w64[w] = got.w64[w] = rng.next();
        fn(got, data.data() + (t & 1), blocks);  // odd addresses too
        aeskit::detail::compress_fn(ref, alg)(want, data.data() + (t & 1), blocks);
        expect(std::memcmp(&got, &want, sizeof got) == 0,
               name + ": " + std::to_string(blocks) + " blocks vs portable");
      }
    }
    std::printf("sha %s: checked\n", name.c_str());
  }
  for (const Example& e : kExamples) {
    std::uint8_t digest[64];
    const std::string_view m(e.message);
    const std::size_t n = std::strlen(e.digest) / 2;
    const auto status = aeskit::hash(
        e.alg, {reinterpret_cast<const std::uint8_t*>(m.data()), m.size()}, {digest, n});
    expect(status.ok() && hex(digest, n) == e.digest,
           std::string("FIPS 180-4 example ") + e.message);
  }
#if defined(__aarch64__)
  // With the SHA instructions, the one-shot hash must run on them.
  const char* want1 = features.has(aeskit::cpu::Feature::sha1) ? "armv8sha1" : "portable";
  const char* want256 = features.has(aeskit::cpu::Feature::sha2) ? "armv8sha256" : "portable";
  const auto& c1 = aeskit::detail::best_sha_compressor(features, aeskit::HashAlgorithm::sha1);
  const auto& c256 = aeskit::detail::best_sha_compressor(features, aeskit::HashAlgorithm::sha256);
  const char* want512 = features.has(aeskit::cpu::Feature::sha512) ? "armv8sha512" : "portable";
  const auto& c512 = aeskit::detail::best_sha_compressor(features, aeskit::HashAlgorithm::sha512);
  expect(c512.name == want512, "SHA-512 runs on " + std::string(want512));
  std::printf("sha-1 on %.*s, sha-256 on %.*s\n", static_cast<int>(c1.name.size()), c1.name.data(),
              static_cast<int>(c256.name.size()), c256.name.data());
  expect(c1.name == want1, "SHA-1 runs on " + std::string(want1));
  expect(c256.name == want256, "SHA-256 runs on " + std::string(want256));
#endif
#if defined(__powerpc64__)
  // With the vector crypto instructions, SHA-256 and SHA-512 run on power8sha.
  const char* want_p8 = features.has(aeskit::cpu::Feature::vcrypto) ? "power8sha" : "portable";
  for (auto alg : {aeskit::HashAlgorithm::sha256, aeskit::HashAlgorithm::sha512}) {
    const auto& c = aeskit::detail::best_sha_compressor(features, alg);
    expect(c.name == want_p8,
           "SHA-256/512 run on " + std::string(want_p8) + ", not " + std::string(c.name));
  }
#endif
  std::printf("%d passed, %d failed\n", g_checks - g_failures, g_failures);
  return g_failures == 0 ? 0 : 1;
}
