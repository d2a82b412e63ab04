// tests/cross/hctr2_cross_test.cpp — HCTR2 on every backend the CPU (or emulator) runs,
// self-contained (no gtest, no OpenSSL) so cross builds run it under qemu: the published
// vectors (tests/hctr2/hctr2_vectors.hpp) encrypting and decrypting, out of place and in place;
// every backend against portable at every message length 16..300 (tweaks 0..40 bytes) and
// 4096 + 15 bytes, from unaligned buffers; decrypt(encrypt(x)) = x; each backend's xctr entry
// against portable's encrypt_blocks on S ^ counter across the 32-bit wrap. With
// AESKIT_CROSS_EXPECT_DEFAULT the default key must be on that backend, and with
// AESKIT_CROSS_EXPECT_XCTR_KERNEL=1 it must run its own xctr kernel (armv8ce, power8/9).
// References: ePrint 2021/1441 (HCTR2, XCTR); backend/backend.hpp (xctr).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/hctr2.hpp"
#include "backend/backend.hpp"
#include "backend/portable/portable.hpp"
#include "cpu/features.hpp"
#include "cross_check.hpp"
#include "hctr2/hctr2_vectors.hpp"

namespace {

using cross_check::expect;
using Bytes = std::vector<std::uint8_t>;

Bytes hex(const char* s) {
  Bytes out;
  const auto nibble = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  for (std::size_t i = 0; s[i] != 0 && s[i + 1] != 0; i += 2)
    out.push_back(static_cast<std::uint8_t>(nibble(s[i]) << 4 | nibble(s[i + 1])));
  return out;
}

std::vector<std::string> usable_backends() {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < aeskit::detail::backend_count(); ++i) {
    const aeskit::detail::AesBackend& b = aeskit::detail::backend_at(i);
    if (aeskit::Hctr2Key::create(Bytes(16, 1), b.name).ok()) out.emplace_back(b.name);
  }
  return out;
}

void known_answers(const std::string& backend) {
  for (const hctr2_vectors::Vector& v : hctr2_vectors::kVectors) {
    const Bytes key = hex(v.key), tweak = hex(v.tweak), pt = hex(v.plaintext),
                ct = hex(v.ciphertext);
    const std::string what = backend + " vector key " + v.key;
    auto k = aeskit::Hctr2Key::create(key, backend);
    expect(k.ok(), what + ": create");
    if (!k.ok()) continue;
    Bytes out(pt.size());
    expect(k.value().encrypt(tweak, pt, out).ok() && out == ct, what + ": encrypt");
    expect(k.value().decrypt(tweak, ct, out).ok() && out == pt, what + ": decrypt");
    Bytes buf = pt;
    expect(k.value().encrypt(tweak, buf, buf).ok() && buf == ct, what + ": encrypt in place");
    expect(k.value().decrypt(tweak, buf, buf).ok() && buf == pt, what + ": decrypt in place");
  }
}

void vs_portable(const std::string& backend, cross_check::Xorshift64Star& rng) {
  const auto bytes = [&](std::size_t n) {
    Bytes b(n);
    for (auto& x : b) x = rng.byte();
    return b;
  };
  std::vector<std::size_t> lengths;
  for (std::size_t n = 16; n <= 300; ++n) lengths.push_back(n);
  lengths.push_back(4096 + 15);
  for (std::size_t n : lengths) {
    const Bytes key = bytes(16 + 8 * (n % 3)), tweak = bytes(n % 41), pt = bytes(n);
    auto mine = aeskit::Hctr2Key::create(key, backend);
    auto ref = aeskit::Hctr2Key::create(key, "portable");
    const std::string what = backend + " vs portable, " + std::to_string(n) + " bytes";
    if (!mine.ok() || !ref.ok()) {
      expect(false, what + ": create");
      continue;
    }
    const std::size_t off = n % 16;
    Bytes in(n + off), out(n + off), want(n);
    std::memcpy(in.data() + off, pt.data(), n);
    const std::span<const std::uint8_t> src(in.data() + off, n);
    const std::span<std::uint8_t> dst(out.data() + off, n);
    expect(ref.value().encrypt(tweak, pt, want).ok(), what + ": portable");
    expect(
        mine.value().encrypt(tweak, src, dst).ok() && std::memcmp(dst.data(), want.data(), n) == 0,
        what + ": encrypt");
    Bytes back = want;
    expect(mine.value().decrypt(tweak, back, back).ok() && back == pt, what + ": decrypt");
  }
}

void xctr_entry(const std::string& backend, cross_check::Xorshift64Star& rng) {
  const aeskit::detail::AesBackend* b = aeskit::detail::find_backend(backend);
  if (b == nullptr || b->xctr == nullptr) return;
  const aeskit::detail::AesBackend& p = aeskit::detail::kPortableBackend;
  for (std::size_t key_len : {16u, 24u, 32u}) {
    std::uint8_t key[32];
    for (auto& x : key) x = rng.byte();
    aeskit::detail::RoundKeys enc, ref;
    b->expand_key(key, key_len, enc);
    p.expand_key(key, key_len, ref);
    for (std::size_t blocks = 1; blocks <= 70; ++blocks) {
      std::uint8_t s[16], counter[16];
      for (auto& x : s) x = rng.byte();
      for (auto& x : counter) x = rng.byte();
      const std::uint32_t start = 0xffffffffu - static_cast<std::uint32_t>(blocks / 2);
      for (int i = 0; i < 4; ++i) counter[i] = static_cast<std::uint8_t>(start >> (8 * i));
      Bytes in(16 * blocks), stream(16 * blocks), out(16 * blocks);
      for (auto& x : in) x = rng.byte();
      std::uint8_t c[16];
      std::memcpy(c, counter, 16);
      for (std::size_t i = 0; i < blocks; ++i) {
        for (int j = 0; j < 16; ++j) stream[16 * i + j] = static_cast<std::uint8_t>(s[j] ^ c[j]);
        for (int j = 0; j < 4 && ++c[j] == 0; ++j) {
        }
      }
      p.encrypt_blocks(ref, stream.data(), stream.data(), blocks);
      for (std::size_t i = 0; i < in.size(); ++i) stream[i] ^= in[i];
      const std::size_t done = b->xctr(enc, s, counter, in.data(), out.data(), blocks);
      expect(done == blocks && out == stream && std::memcmp(counter, c, 16) == 0,
             backend + " xctr entry, " + std::to_string(blocks) + " blocks, key " +
                 std::to_string(key_len));
    }
  }
}

}  // namespace

int main() {
  cross_check::Xorshift64Star rng{0x4c7a2e5b9d13f001ull};
  const std::vector<std::string> backends = usable_backends();
  for (const std::string& name : backends) {
    std::printf("backend %s\n", name.c_str());
    known_answers(name);
    vs_portable(name, rng);
    xctr_entry(name, rng);
  }
  auto def = aeskit::Hctr2Key::create(Bytes(32, 9));
  expect(def.ok(), "default key");
  if (def.ok()) {
    std::printf("default: %s\n", def.value().kernel().c_str());
    if (const char* want = std::getenv("AESKIT_CROSS_EXPECT_DEFAULT"))
      expect(def.value().backend_name() == std::string_view(want),
             std::string("default backend ") + std::string(def.value().backend_name()) +
                 ", expected " + want);
    if (const char* k = std::getenv("AESKIT_CROSS_EXPECT_XCTR_KERNEL"); k && *k == '1')
      expect(def.value().kernel().find("xctr (bulk kernel") != std::string::npos,
             "default key runs its backend's xctr kernel: " + def.value().kernel());
  }
  return cross_check::finish();
}
