// tests/cross/stitch_cross_test.cpp — the stitched AES-CBC + SHA kernels of the build
// (AArch64: src/backend/arm64/sha/; x86: src/backend/x86/sha/) without GoogleTest, for
// the cross builds under qemu:
//   - which kernel set the CPU gets: on AArch64 with AES, SHA1 and SHA256, the seal-only set,
//     and the seal-and-open set when the CPU also has SHA3 (AESKIT_DISABLE removes them);
//   - each kernel the set has against the unstitched pieces (the portable SHA compressor and
//     the AES backend's one-block functions), 0..24 iterations, AES-128/192/256, separate
//     unaligned buffers, in place with the hash window 51 bytes ahead (seal) and trailing
//     (open), as src/aead/cbc_hmac.cpp places them;
//   - the TLS CBC-HMAC AEADs on the stitched backend against the portable backend (never
//     stitched): equal records at lengths around the stitch thresholds, both open each
//     other's records, and a flipped byte fails with a zeroed output.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "aeskit/aead.hpp"
#include "backend/backend.hpp"
#include "backend/sha_backend.hpp"
#include "backend/sha_stitch.hpp"
#include "cpu/features.hpp"
#include "cross_check.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;
using cross_check::expect;
namespace d = aeskit::detail;

cross_check::Xorshift64Star g_rng{0x9E3779B97F4A7C15ull};

Bytes random_bytes(std::size_t n) {
  Bytes b(n);
  for (auto& x : b) x = g_rng.byte();
  return b;
}

// reference: per iteration, compress the hash block, then CBC the four blocks one at a time.
void reference(const d::AesBackend& b, const d::RoundKeys& rk, bool encrypt, std::uint8_t iv[16],
               const std::uint8_t* in, std::uint8_t* out, d::CompressFn compress, d::HashWords& h,
               const std::uint8_t* hash_in, std::size_t groups) {
  for (std::size_t g = 0; g < groups; ++g) {
    compress(h, hash_in + 64 * g, 1);
    for (int i = 0; i < 4; ++i) {
      std::uint8_t x[16], c[16];
      std::memcpy(c, in + 64 * g + 16 * i, 16);
      if (encrypt) {
        for (int j = 0; j < 16; ++j) x[j] = static_cast<std::uint8_t>(c[j] ^ iv[j]);
        b.encrypt_blocks(rk, x, out + 64 * g + 16 * i, 1);
        std::memcpy(iv, out + 64 * g + 16 * i, 16);
      } else {
        b.decrypt_blocks(rk, c, x, 1);
        for (int j = 0; j < 16; ++j)
          out[64 * g + 16 * i + j] = static_cast<std::uint8_t>(x[j] ^ iv[j]);
        std::memcpy(iv, c, 16);
      }
    }
  }
}

void check_kernels(const d::CbcShaStitch& s, const d::AesBackend& aes) {
  const std::string name(s.name);
  for (aeskit::HashAlgorithm alg : {aeskit::HashAlgorithm::sha1, aeskit::HashAlgorithm::sha256}) {
    for (std::size_t key_len : {16u, 24u, 32u}) {
      for (bool encrypt : {true, false}) {
        const d::CbcShaFn fn = d::stitch_fn(s, alg, encrypt);
        if (fn == nullptr) continue;  // a seal-only set: open is unstitched (checked in main)
        const std::string what = name + (alg == aeskit::HashAlgorithm::sha1 ? " sha1" : " sha256") +
                                 " key " + std::to_string(key_len) + (encrypt ? " enc" : " dec");
        const Bytes key = random_bytes(key_len);
        d::RoundKeys enc{}, dec{};
        aes.expand_key(key.data(), key.size(), enc);
        aes.derive_decrypt_key(enc, dec);
        const d::RoundKeys& rk = encrypt ? enc : dec;
        for (std::size_t groups = 0; groups <= 24; ++groups) {
          for (int layout = 0; layout < 3; ++layout) {
            const std::size_t n = 64 * groups;
            Bytes buf = random_bytes(n + 256), buf2 = buf, src = random_bytes(n + 256);
            Bytes hashbuf = random_bytes(n + 64);
            d::HashWords h1{}, h2{};
            for (auto& w : h1.w64) w = g_rng.next();
            h2 = h1;
            Bytes iv = random_bytes(16), iv2 = iv;
            const std::uint8_t *in1, *in2, *hin1, *hin2;
            std::uint8_t *out1, *out2;
            if (layout == 0) {  // separate, odd addresses
              in1 = in2 = src.data() + 3;
              out1 = buf.data() + 5;
              out2 = buf2.data() + 5;
              hin1 = hin2 = hashbuf.data() + 1;
            } else {  // in place; the hash 51 bytes ahead (seal) or trailing (open)
              in1 = out1 = buf.data() + 128;
              in2 = out2 = buf2.data() + 128;
              hin1 = buf.data() + (layout == 1 ? 128 + 51 : 51);
              hin2 = buf2.data() + (layout == 1 ? 128 + 51 : 51);
            }
            fn(rk, iv.data(), in1, out1, h1, hin1, groups);
            reference(aes, rk, encrypt, iv2.data(), in2, out2, d::compress_fn(d::kShaPortable, alg),
                      h2, hin2, groups);
            const std::string at =
                what + " groups " + std::to_string(groups) + " layout " + std::to_string(layout);
            expect(buf == buf2, at + ": output");
            expect(iv == iv2, at + ": chaining value");
            expect(std::memcmp(h1.w32, h2.w32, sizeof h1.w32) == 0, at + ": hash state");
          }
        }
      }
    }
  }
  std::printf("stitch %s: kernels checked\n", name.c_str());
}

// The TLS AEADs: the stitched backend against portable.
void check_aeads(const std::string& backend) {
  static const char* const kAlgorithms[] = {"AES-128-CBC-SHA1", "AES-256-CBC-SHA1",
                                            "AES-128-CBC-SHA256"};
  static const std::size_t kMacLen[] = {20, 20, 32};
  static const std::size_t kAesLen[] = {16, 32, 16};
  static const std::size_t kLengths[] = {0,   50,  114, 115, 116,  180,  300,       371,
                                         372, 373, 500, 777, 1024, 3000, 16384 - 40};
  for (int a = 0; a < 3; ++a) {
    const aeskit::AeadAlgorithm* alg = aeskit::aead::find(kAlgorithms[a]);
    expect(alg != nullptr, std::string("algorithm ") + kAlgorithms[a]);
    if (alg == nullptr) continue;
    const Bytes key = random_bytes(kMacLen[a] + kAesLen[a]);
    auto fast = aeskit::AeadKey::create(*alg, key, kMacLen[a], backend);
    auto slow = aeskit::AeadKey::create(*alg, key, kMacLen[a], "portable");
    expect(fast.ok() && slow.ok(), std::string("keys for ") + kAlgorithms[a]);
    if (!fast.ok() || !slow.ok()) continue;
    expect(
        fast.value().kernel().find("stitched") != std::string::npos,
        std::string(kAlgorithms[a]) + " on " + backend + " is stitched: " + fast.value().kernel());
    for (std::size_t len : kLengths) {
      const std::string at = std::string(kAlgorithms[a]) + " len " + std::to_string(len);
      const Bytes pt = random_bytes(len), nonce = random_bytes(16), ad = random_bytes(11);
      Bytes r1(len + kMacLen[a] + 16), r2(r1.size());
      auto n1 = fast.value().seal(nonce, ad, pt, r1);
      auto n2 = slow.value().seal(nonce, ad, pt, r2);
      expect(n1.ok() && n2.ok() && n1.value() == n2.value() && r1 == r2, at + ": seal");
      if (!n1.ok() || !n2.ok()) continue;
      r1.resize(n1.value());
      Bytes o1(r1.size(), 0xaa), o2(r1.size(), 0xbb);
      auto m1 = fast.value().open(nonce, ad, r1, o1);
      auto m2 = slow.value().open(nonce, ad, r1, o2);
      expect(m1.ok() && m2.ok() && m1.value() == len &&
                 std::equal(pt.begin(), pt.end(), o1.begin()) && o1 == o2,
             at + ": open");
      Bytes bad = r1;
      bad[g_rng.next() % bad.size()] ^= 0x20;
      Bytes o3(bad.size(), 0xcc);
      auto m3 = fast.value().open(nonce, ad, bad, o3);
      expect(!m3.ok() && m3.code() == aeskit::Errc::authentication_failed &&
                 o3 == Bytes(bad.size(), 0),
             at + ": a flipped byte fails, output zeroed");
    }
  }
  std::printf("TLS CBC-HMAC on %s: checked against portable\n", backend.c_str());
}

}  // namespace

int main() {
  const aeskit::cpu::FeatureSet& f = aeskit::cpu::cpu_features();
  std::string backend;
#if defined(__aarch64__)
  backend = "armv8ce";
  const bool want = f.has(aeskit::cpu::Feature::arm_aes) && f.has(aeskit::cpu::Feature::sha1) &&
                    f.has(aeskit::cpu::Feature::sha2);
  const bool want_open = want && f.has(aeskit::cpu::Feature::sha3);
#elif defined(__x86_64__)
  backend = "aesni";
  const bool want = f.has(aeskit::cpu::Feature::aesni) && f.has(aeskit::cpu::Feature::sha);
  const bool want_open = want;
#else
  const bool want = false, want_open = false;
#endif
  const d::CbcShaStitch* s = backend.empty() ? nullptr : d::find_cbc_sha_stitch(f, backend);
  expect((s != nullptr) == want, "a stitched kernel set exactly when the CPU has the features");
  if (s == nullptr) {
    std::printf("no stitched kernel set on this CPU / AESKIT_DISABLE: kernels NOT run\n");
    return cross_check::finish();
  }
  expect((d::stitch_fn(*s, aeskit::HashAlgorithm::sha256, false) != nullptr) == want_open,
         "open stitched exactly on the cores where it pays");
  expect(d::find_cbc_sha_stitch(f, "portable") == nullptr, "no stitch for portable schedules");
  const d::AesBackend* aes = d::find_backend(backend);
  expect(aes != nullptr, "the stitch's AES backend is compiled in");
  if (aes != nullptr) check_kernels(*s, *aes);
  check_aeads(backend);
  return cross_check::finish();
}
