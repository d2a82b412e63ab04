// tests/cross/cross_test.cpp — a self-contained check of the library for targets where
// GoogleTest and the peer libraries are not available (the aarch64 cross build, run under
// qemu-aarch64): every compiled-in backend against the FIPS-197 Appendix B/C known answers and
// the NIST SP 800-38A Appendix F examples (ECB, CBC, CFB8, CFB128, OFB, CTR), then every other
// backend against `portable` on random keys, IVs and lengths, in every mode and direction,
// out of place and in place. Also built and run in the regular (native) test build.
// Prints one line per failure and a summary; exits 1 on any failure, and also if the vperm
// backend is not compiled in and available (it must be on x86 with SSSE3, on AArch64, on
// ARMv7 with NEON and on ppc64le with VSX), or if, on a CPU family without AES instructions
// in this library (everything but x86), keys made without naming a backend do not run on
// vperm: the cross builds must test the vector code, not fall back to portable unnoticed.
// No vectors beyond the published ones embedded below; no gtest.
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/aeskit.hpp"

namespace {

using aeskit::Mode;
using Bytes = std::vector<std::uint8_t>;

int g_checks = 0;
int g_failures = 0;

void expect(bool ok, const std::string& what) {
  ++g_checks;
  if (!ok) {
    ++g_failures;
    if (g_failures <= 50) std::printf("FAIL: %s\n", what.c_str());
  }
}

Bytes from_hex(std::string_view s) {
  Bytes out;
  int hi = -1;
  for (char c : s) {
    int v = -1;
    if (c >= '0' && c <= '9') v = c - '0';
    if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    if (v < 0) continue;  // spaces group the hex digits
    if (hi < 0) {
      hi = v;
    } else {
      out.push_back(static_cast<std::uint8_t>(hi << 4 | v));
      hi = -1;
    }
  }
  return out;
}

std::string to_hex(const Bytes& b) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  for (std::uint8_t v : b) {
    s += kDigits[v >> 4];
    s += kDigits[v & 15];
  }
  return s;
}

// xorshift64*: reproducible test data (not cryptographic).
struct Rng {
  std::uint64_t s = 0x9E3779B97F4A7C15ull;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  Bytes bytes(std::size_t n) {
    Bytes b(n);
    for (auto& v : b) v = static_cast<std::uint8_t>(next() >> 56);
    return b;
  }
};

bool make_key(const Bytes& key, std::string_view backend, aeskit::AesKey& out) {
  auto created = aeskit::AesKey::create(key, backend);
  expect(created.ok(), "AesKey::create on " + std::string(backend));
  if (!created.ok()) return false;
  out = std::move(created).value();
  return true;
}

// run: one-shot encryption or decryption; in place when `in_place`.
Bytes run(const aeskit::AesKey& key, Mode mode, bool enc, const Bytes& iv, const Bytes& in,
          bool in_place, const std::string& what) {
  Bytes out = in;
  Bytes src = in;
  const std::span<const std::uint8_t> input = in_place ? std::span<const std::uint8_t>(out) : src;
  auto n =
      enc ? aeskit::encrypt(key, mode, iv, input, out) : aeskit::decrypt(key, mode, iv, input, out);
  expect(n.ok() && *n == in.size(), what + ": call failed");
  return out;
}

constexpr const char* kPlaintext =
    "6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710";
constexpr const char* kKey128 = "2b7e151628aed2a6abf7158809cf4f3c";
constexpr const char* kKey192 = "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b";
constexpr const char* kKey256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
constexpr const char* kIv = "000102030405060708090a0b0c0d0e0f";
constexpr const char* kCounter = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

struct ModeVector {
  const char* source;
  Mode mode;
  const char* key;
  const char* iv;      // "" for ECB
  std::size_t length;  // bytes of kPlaintext used (CFB8 examples use 18)
  const char* ciphertext;
};

// NIST SP 800-38A Appendix F (the counter f0..ff never carries out of 32 bits in 4 blocks, so
// the CTR examples hold for both counter widths).
constexpr ModeVector kVectors[] = {
    {"F.1.1 ECB-AES128", Mode::ecb, kKey128, "", 64,
     "3ad77bb40d7a3660a89ecaf32466ef97 f5d3d58503b9699de785895a96fdbaaf"
     "43b1cd7f598ece23881b00e3ed030688 7b0c785e27e8ad3f8223207104725dd4"},
    {"F.1.3 ECB-AES192", Mode::ecb, kKey192, "", 64,
     "bd334f1d6e45f25ff712a214571fa5cc 974104846d0ad3ad7734ecb3ecee4eef"
     "ef7afd2270e2e60adce0ba2face6444e 9a4b41ba738d6c72fb16691603c18e0e"},
    {"F.1.5 ECB-AES256", Mode::ecb, kKey256, "", 64,
     "f3eed1bdb5d2a03c064b5a7e3db181f8 591ccb10d410ed26dc5ba74a31362870"
     "b6ed21b99ca6f4f9f153e7b1beafed1d 23304b7a39f9f3ff067d8d8f9e24ecc7"},
    {"F.2.1 CBC-AES128", Mode::cbc, kKey128, kIv, 64,
     "7649abac8119b246cee98e9b12e9197d 5086cb9b507219ee95db113a917678b2"
     "73bed6b8e3c1743b7116e69e22229516 3ff1caa1681fac09120eca307586e1a7"},
    {"F.2.3 CBC-AES192", Mode::cbc, kKey192, kIv, 64,
     "4f021db243bc633d7178183a9fa071e8 b4d9ada9ad7dedf4e5e738763f69145a"
     "571b242012fb7ae07fa9baac3df102e0 08b0e27988598881d920a9e64f5615cd"},
    {"F.2.5 CBC-AES256", Mode::cbc, kKey256, kIv, 64,
     "f58c4c04d6e5f1ba779eabfb5f7bfbd6 9cfc4e967edb808d679f777bc6702c7d"
     "39f23369a9d9bacfa530e26304231461 b2eb05e2c39be9fcda6c19078c6a9d1b"},
    {"F.3.7 CFB8-AES128", Mode::cfb8, kKey128, kIv, 18, "3b79424c9c0dd436bace9e0ed4586a4f32b9"},
    {"F.3.9 CFB8-AES192", Mode::cfb8, kKey192, kIv, 18, "cda2521ef0a905ca44cd057cbf0d47a0678a"},
    {"F.3.11 CFB8-AES256", Mode::cfb8, kKey256, kIv, 18, "dc1f1a8520a64db55fcc8ac554844e889700"},
    {"F.3.13 CFB128-AES128", Mode::cfb128, kKey128, kIv, 64,
     "3b3fd92eb72dad20333449f8e83cfb4a c8a64537a0b3a93fcde3cdad9f1ce58b"
     "26751f67a3cbb140b1808cf187a4f4df c04b05357c5d1c0eeac4c66f9ff7f2e6"},
    {"F.3.15 CFB128-AES192", Mode::cfb128, kKey192, kIv, 64,
     "cdc80d6fddf18cab34c25909c99a4174 67ce7f7f81173621961a2b70171d3d7a"
     "2e1e8a1dd59b88b1c8e60fed1efac4c9 c05f9f9ca9834fa042ae8fba584b09ff"},
    {"F.3.17 CFB128-AES256", Mode::cfb128, kKey256, kIv, 64,
     "dc7e84bfda79164b7ecd8486985d3860 39ffed143b28b1c832113c6331e5407b"
     "df10132415e54b92a13ed0a8267ae2f9 75a385741ab9cef82031623d55b1e471"},
    {"F.4.1 OFB-AES128", Mode::ofb, kKey128, kIv, 64,
     "3b3fd92eb72dad20333449f8e83cfb4a 7789508d16918f03f53c52dac54ed825"
     "9740051e9c5fecf64344f7a82260edcc 304c6528f659c77866a510d9c1d6ae5e"},
    {"F.4.3 OFB-AES192", Mode::ofb, kKey192, kIv, 64,
     "cdc80d6fddf18cab34c25909c99a4174 fcc28b8d4c63837c09e81700c1100401"
     "8d9a9aeac0f6596f559c6d4daf59a5f2 6d9f200857ca6c3e9cac524bd9acc92a"},
    {"F.4.5 OFB-AES256", Mode::ofb, kKey256, kIv, 64,
     "dc7e84bfda79164b7ecd8486985d3860 4febdc6740d20b3ac88f6ad82a4fb08d"
     "71ab47a086e86eedf39d1c5bba97c408 0126141d67f37be8538f5a8be740e484"},
    {"F.5.1 CTR-AES128 (ctr128)", Mode::ctr128, kKey128, kCounter, 64,
     "874d6191b620e3261bef6864990db6ce 9806f66b7970fdff8617187bb9fffdff"
     "5ae4df3edbd5d35e5b4f09020db03eab 1e031dda2fbe03d1792170a0f3009cee"},
    {"F.5.3 CTR-AES192 (ctr128)", Mode::ctr128, kKey192, kCounter, 64,
     "1abc932417521ca24f2b0459fe7e6e0b 090339ec0aa6faefd5ccc2c6f4ce8e94"
     "1e36b26bd1ebc670d1bd1d665620abf7 4f78a7f6d29809585a97daec58c6b050"},
    {"F.5.5 CTR-AES256 (ctr128)", Mode::ctr128, kKey256, kCounter, 64,
     "601ec313775789a5b7a7f504bbf3d228 f443e3ca4d62b59aca84e990cacaf5c5"
     "2b0930daa23de94ce87017ba2d84988d dfc9c58db67aada613c2dd08457941a6"},
    {"F.5.1 CTR-AES128 (ctr32)", Mode::ctr32, kKey128, kCounter, 64,
     "874d6191b620e3261bef6864990db6ce 9806f66b7970fdff8617187bb9fffdff"
     "5ae4df3edbd5d35e5b4f09020db03eab 1e031dda2fbe03d1792170a0f3009cee"},
    {"F.5.3 CTR-AES192 (ctr32)", Mode::ctr32, kKey192, kCounter, 64,
     "1abc932417521ca24f2b0459fe7e6e0b 090339ec0aa6faefd5ccc2c6f4ce8e94"
     "1e36b26bd1ebc670d1bd1d665620abf7 4f78a7f6d29809585a97daec58c6b050"},
    {"F.5.5 CTR-AES256 (ctr32)", Mode::ctr32, kKey256, kCounter, 64,
     "601ec313775789a5b7a7f504bbf3d228 f443e3ca4d62b59aca84e990cacaf5c5"
     "2b0930daa23de94ce87017ba2d84988d dfc9c58db67aada613c2dd08457941a6"},
};

struct BlockVector {
  const char* source;
  const char* key;
  const char* plaintext;
  const char* ciphertext;
};

constexpr BlockVector kBlockVectors[] = {
    {"FIPS-197 B", "2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
     "3925841d02dc09fbdc118597196a0b32"},
    {"FIPS-197 C.1", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {"FIPS-197 C.2", "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
    {"FIPS-197 C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
};

void known_answers(std::string_view backend) {
  const std::string on = " on " + std::string(backend);
  for (const BlockVector& v : kBlockVectors) {
    aeskit::AesKey key;
    if (!make_key(from_hex(v.key), backend, key)) continue;
    const Bytes pt = from_hex(v.plaintext), ct = from_hex(v.ciphertext);
    Bytes out(16);
    expect(key.encrypt_blocks(pt, out).ok() && out == ct, std::string(v.source) + " encrypt" + on);
    expect(key.decrypt_blocks(ct, out).ok() && out == pt, std::string(v.source) + " decrypt" + on);
  }
  for (const ModeVector& v : kVectors) {
    aeskit::AesKey key;
    if (!make_key(from_hex(v.key), backend, key)) continue;
    Bytes pt = from_hex(kPlaintext);
    pt.resize(v.length);
    const Bytes ct = from_hex(v.ciphertext), iv = from_hex(v.iv);
    for (bool in_place : {false, true}) {
      const std::string what = std::string(v.source) + on + (in_place ? " in place" : "");
      expect(run(key, v.mode, true, iv, pt, in_place, what) == ct, what + " encrypt");
      expect(run(key, v.mode, false, iv, ct, in_place, what) == pt, what + " decrypt");
    }
  }
}

// versus_portable: random keys, IVs and lengths (0..70 blocks, plus partial blocks for the
// stream modes), every mode and direction, `backend` against portable.
void versus_portable(std::string_view backend, Rng& rng) {
  constexpr Mode kModes[] = {Mode::ecb,    Mode::cbc,  Mode::ctr32, Mode::ctr128,
                             Mode::cfb128, Mode::cfb8, Mode::ofb};
  for (std::size_t key_len : {16u, 24u, 32u}) {
    for (int trial = 0; trial < 12; ++trial) {
      const Bytes key_bytes = rng.bytes(key_len);
      aeskit::AesKey key, ref;
      if (!make_key(key_bytes, backend, key) || !make_key(key_bytes, "portable", ref)) return;
      for (Mode mode : kModes) {
        const bool stream = mode != Mode::ecb && mode != Mode::cbc;
        // (casts: size_t is 32 bits on ARMv7; every value here is small)
        std::size_t len = 16 * static_cast<std::size_t>(rng.next() % 71);
        if (stream && mode != Mode::cfb8) len += static_cast<std::size_t>(rng.next() % 16);
        if (mode == Mode::cfb8) len = static_cast<std::size_t>(rng.next() % 200);
        Bytes iv = mode == Mode::ecb ? Bytes() : rng.bytes(16);
        // Counter blocks near a 32-bit (and for ctr128, 64-bit) wrap now and then.
        if ((mode == Mode::ctr32 || mode == Mode::ctr128) && trial % 3 == 0)
          for (std::size_t b = 8; b < 16; ++b) iv[b] = 0xFF;
        const Bytes data = rng.bytes(len);
        const std::string what = std::string(backend) + " vs portable, " +
                                 std::string(aeskit::mode_name(mode)) + ", key " +
                                 std::to_string(key_len) + ", " + std::to_string(len) + " bytes";
        for (bool enc : {true, false}) {
          const Bytes want = run(ref, mode, enc, iv, data, false, what);
          expect(run(key, mode, enc, iv, data, false, what) == want,
                 what + (enc ? " encrypt" : " decrypt") + ": " + to_hex(want).substr(0, 32));
          expect(run(key, mode, enc, iv, data, true, what) == want,
                 what + (enc ? " encrypt" : " decrypt") + " in place");
        }
      }
    }
  }
}

}  // namespace

int main() {
  bool have_vperm = false;
  Rng rng;
  for (const aeskit::BackendInfo& info : aeskit::backends()) {
    if (!info.available) {
      std::printf("backend %s: not available on this CPU, not run\n",
                  std::string(info.name).c_str());
      continue;
    }
    if (info.name == "vperm") have_vperm = true;
    known_answers(info.name);
    if (info.name != "portable") versus_portable(info.name, rng);
    std::printf("backend %s: checked\n", std::string(info.name).c_str());
  }
  expect(have_vperm, "the vperm backend is compiled in and available");
#if !defined(__x86_64__) && !defined(__i386__)
  // No AES-instruction backend exists here, so the dispatcher must pick vperm.
  const std::string chosen(aeskit::default_backend());
  std::printf("default backend: %s\n", chosen.c_str());
  expect(chosen == "vperm", "default backend is vperm, not " + chosen);
  const auto any = aeskit::AesKey::create(from_hex(kKey128));
  expect(any.ok() && any->backend_name() == "vperm",
         "a key made without naming a backend runs on vperm");
#endif
  std::printf("%d checks, %d failures\n", g_checks, g_failures);
  return g_failures == 0 ? 0 : 1;
}
