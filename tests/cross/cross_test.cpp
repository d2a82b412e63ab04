// tests/cross/cross_test.cpp — a self-contained check of the library for targets where
// GoogleTest and the peer libraries are not available (the aarch64 cross build, run under
// qemu-aarch64): every compiled-in backend against the FIPS-197 Appendix B/C known answers and
// the NIST SP 800-38A Appendix F examples (ECB, CBC, CFB8, CFB128, OFB, CTR), then every other
// backend against `portable` on random keys, IVs and lengths, in every mode and direction,
// out of place and in place, and every AEAD, XTS and CMAC likewise; DNDK-GCM's draft vectors
// (draft-gueron-cfrg-dndkgcm-03 Appendix A) on every backend. Also built and run in the
// regular (native) test build. Prints one line per failure and a summary; exits 1 on any failure,
// and also if the vperm backend is not compiled in and available (it must be on x86 with SSSE3, on
// AArch64, on ARMv7 with NEON and on ppc64le with VSX), or if, on a CPU family without AES
// instructions in this library (everything but x86, AArch64 with the Crypto Extensions and POWER8+
// with vector crypto), keys made without naming a backend do not run on vperm (armv8ce on such
// AArch64, power8 on such ppc64le): the cross builds
// must test the vector code, not fall back to portable unnoticed.
// AESKIT_CROSS_EXPECT_NO_VECTOR_UNIT=1 turns the vperm check around, for a CPU that has no
// vector unit the library uses (scripts/cpu-models.sh: qemu64, SSE2 only): vperm must then be
// reported unavailable, and everything available is still checked.
// No vectors beyond the published ones (tests/support/fips197_vectors.hpp and
// sp800_38a_vectors.hpp, and the DNDK-GCM draft's, inline); no gtest.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "cross_check.hpp"
#include "support/fips197_vectors.hpp"
#include "support/sp800_38a_vectors.hpp"

namespace {

using cross_check::expect;

using aeskit::Mode;
using Bytes = std::vector<std::uint8_t>;

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

// Reproducible test data (not cryptographic).
struct Rng : cross_check::Xorshift64Star {
  Rng() : Xorshift64Star{0x9E3779B97F4A7C15ull} {}
  Bytes bytes(std::size_t n) {
    Bytes b(n);
    for (auto& v : b) v = byte();
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

using aeskit_test::sp800_38a::kKey128;
using aeskit_test::sp800_38a::kPlaintext;
using aeskit_test::sp800_38a::kVectors;
using aeskit_test::sp800_38a::ModeVector;

using aeskit_test::fips197::BlockVector;

void known_answers(std::string_view backend) {
  const std::string on = " on " + std::string(backend);
  for (const BlockVector& v : aeskit_test::fips197::kVectors) {
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

// counter_bytes_versus_portable: CTR with the counter's last byte at every value from 0xd8 to
// 0xff (a group of 8 that starts there crosses its wrap; the armv8ce byte-step runs end
// there) and 0x00, over 1..5 groups plus a tail, both counter widths, against portable.
void counter_bytes_versus_portable(std::string_view backend, Rng& rng) {
  const Bytes key_bytes = rng.bytes(16);
  aeskit::AesKey key, ref;
  if (!make_key(key_bytes, backend, key) || !make_key(key_bytes, "portable", ref)) return;
  for (unsigned last = 0xd8; last <= 0x100; ++last) {
    for (std::size_t blocks : {7u, 8u, 9u, 17u, 33u, 41u}) {
      for (Mode mode : {Mode::ctr32, Mode::ctr128}) {
        Bytes iv = rng.bytes(16);
        iv[15] = static_cast<std::uint8_t>(last);
        const Bytes data = rng.bytes(16 * blocks + 5);
        const std::string what = std::string(backend) + " vs portable, " +
                                 std::string(aeskit::mode_name(mode)) + ", last counter byte " +
                                 std::to_string(last & 0xff) + ", " + std::to_string(blocks) +
                                 " blocks";
        expect(run(key, mode, true, iv, data, false, what) ==
                   run(ref, mode, true, iv, data, false, what),
               what);
      }
    }
  }
}

// gcm_counter_wrap_versus_portable: AES-GCM sealed in two update() calls split after `split`
// blocks, so the second call's first counter has every last byte from 2 to 10 and 248 to 257
// (mod 256): runs of the fused kernel's byte steps (armv8ce: ByteRun) end at the wrap in
// every position of a group. 262 and 300 blocks cross the wrap once, 520 twice. Output and
// tag against portable's one-shot seal; the backend's one-shot open gives the message back.
void gcm_counter_wrap_versus_portable(std::string_view backend, Rng& rng) {
  const aeskit::AeadAlgorithm& alg = aeskit::aead::aes_128_gcm();
  const Bytes key_bytes = rng.bytes(16);
  auto key = aeskit::AeadKey::create(alg, key_bytes, 16, backend);
  auto ref = aeskit::AeadKey::create(alg, key_bytes, 16, "portable");
  expect(key.ok() && ref.ok(), std::string(backend) + ": GCM AeadKey::create");
  if (!key.ok() || !ref.ok()) return;
  for (std::size_t split : {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 246u, 253u, 254u, 255u}) {
    for (std::size_t blocks : {262u, 300u, 520u}) {
      const std::string what = std::string(backend) + " vs portable, GCM split after " +
                               std::to_string(split) + " of " + std::to_string(blocks) + " blocks";
      const Bytes nonce = rng.bytes(12);
      const Bytes ad = rng.bytes(13);
      const Bytes msg = rng.bytes(16 * blocks + 7);
      Bytes want(msg.size() + 16);
      expect(ref->seal(nonce, ad, msg, want).ok(), what + ": portable seal");
      auto sealer = aeskit::AeadSealer::create(*key, nonce);
      expect(sealer.ok(), what + ": AeadSealer::create");
      if (!sealer.ok()) continue;
      Bytes got(msg.size() + 16);
      const std::size_t first = 16 * split;
      const std::span<const std::uint8_t> m(msg);
      const std::span<std::uint8_t> g(got);
      const bool ok = sealer->update_ad(ad).ok() &&
                      sealer->update(m.first(first), g.first(first)).ok() &&
                      sealer->update(m.subspan(first), g.subspan(first, msg.size() - first)).ok() &&
                      sealer->finish(g.subspan(msg.size())).ok();
      expect(ok && got == want, what + ": seal");
      Bytes opened(msg.size());
      auto o = key->open(nonce, ad, want, opened);
      expect(o.ok() && opened == msg, what + ": open");
    }
  }
}

// aead_xts_cmac_versus_portable: every AEAD of aead::algorithms(), XTS and CMAC made on
// `backend` against the same made on portable: random keys, nonces, AD and message lengths
// crossing the kernels' groups of 8 (and 32) blocks and their tails; seal output and tag equal,
// open gives the message back, a flipped tag bit fails. These reach the backend's XTS, OCB,
// CBC-MAC, CTR+CBC-MAC (CCM, EAX) and little-endian CTR (GCM-SIV) entries.
void aead_xts_cmac_versus_portable(std::string_view backend, Rng& rng) {
  constexpr std::size_t kLengths[] = {0, 1, 15, 16, 17, 127, 128, 129, 143, 257, 520, 1000};
  for (const aeskit::AeadAlgorithm* alg : aeskit::aead::algorithms()) {
    for (std::size_t len : kLengths) {
      const std::string what = std::string(backend) + " vs portable, " + std::string(alg->name()) +
                               ", " + std::to_string(len) + " bytes";
      const Bytes key_bytes = rng.bytes(alg->key_length());
      auto key = aeskit::AeadKey::create(*alg, key_bytes, alg->default_tag_length(), backend);
      auto ref = aeskit::AeadKey::create(*alg, key_bytes, alg->default_tag_length(), "portable");
      expect(key.ok() && ref.ok(), what + ": AeadKey::create");
      if (!key.ok() || !ref.ok()) continue;
      const Bytes nonce = rng.bytes(alg->nonce_recommended());
      // TLS CBC-HMAC takes the 11-byte record AD and pads: its output is up to a block longer.
      const bool tls = alg->name().find("CBC-SHA") != std::string_view::npos;
      const Bytes ad = rng.bytes(tls ? 11 : static_cast<std::size_t>(rng.next() % 40));
      const Bytes msg = rng.bytes(len);
      Bytes sealed(len + key->tag_length() + 16), want(sealed.size());
      auto n = key->seal(nonce, ad, msg, sealed);
      auto m = ref->seal(nonce, ad, msg, want);
      expect(n.ok() && m.ok() && *n == *m && sealed == want, what + ": seal");
      if (!n.ok()) continue;
      sealed.resize(*n);
      Bytes opened(sealed.size());
      auto o = key->open(nonce, ad, sealed, opened);
      expect(o.ok() && *o == len && Bytes(opened.begin(), opened.begin() + len) == msg,
             what + ": open");
      sealed.back() ^= 1;
      expect(!key->open(nonce, ad, sealed, opened).ok(), what + ": open of a forged record fails");
    }
  }
  for (std::size_t key_len : {32u, 64u}) {
    for (std::size_t len : {16u, 17u, 31u, 128u, 129u, 200u, 512u, 1000u}) {
      const std::string what = std::string(backend) + " vs portable, XTS key " +
                               std::to_string(key_len) + ", " + std::to_string(len) + " bytes";
      Bytes key_bytes = rng.bytes(key_len);
      auto key = aeskit::XtsKey::create(key_bytes, backend);
      auto ref = aeskit::XtsKey::create(key_bytes, "portable");
      expect(key.ok() && ref.ok(), what + ": XtsKey::create");
      if (!key.ok() || !ref.ok()) continue;
      const Bytes tweak = rng.bytes(16), data = rng.bytes(len);
      Bytes got(len), want(len), back(len);
      expect(key->encrypt(tweak, data, got).ok() && ref->encrypt(tweak, data, want).ok() &&
                 got == want,
             what + ": encrypt");
      expect(key->decrypt(tweak, got, back).ok() && back == data, what + ": decrypt");
    }
  }
  for (std::size_t len : {0u, 15u, 16u, 17u, 128u, 129u, 1000u}) {
    const std::string what =
        std::string(backend) + " vs portable, CMAC, " + std::to_string(len) + " bytes";
    const Bytes key_bytes = rng.bytes(16), data = rng.bytes(len);
    auto key = aeskit::Cmac::create(key_bytes, 16, backend);
    auto ref = aeskit::Cmac::create(key_bytes, 16, "portable");
    expect(key.ok() && ref.ok(), what + ": Cmac::create");
    if (!key.ok() || !ref.ok()) continue;
    Bytes got(16), want(16);
    expect(key->compute(data, got).ok() && ref->compute(data, want).ok() && got == want, what);
  }
}

// dndk_known_answers: DNDK-GCM and DNDK-GCM-KC on `backend` against the draft's test vectors
// (draft-gueron-cfrg-dndkgcm-03 Appendix A: root key 01 00..00, AD 0100000011, P 11000001;
// nonce lengths 24 and 12, with and without key commitment), sealed C || T (|| KC) and opened.
void dndk_known_answers(std::string_view backend) {
  struct Vector {
    const char* name;
    const char* nonce;
    const char* sealed;
  };
  static constexpr Vector kDndkVectors[] = {
      {"DNDK-GCM-KC", "000102030405060708090a0b0c0d0e0f1011121314151617",
       "8eee8a4b8a1c8d0ceb7e07e3c834cafe75aa001f"
       "2baf00efd298de13055c9a6c39e05aee571583384357635e144fa21444239968"},
      {"DNDK-GCM", "000102030405060708090a0b0c0d0e0f1011121314151617",
       "7f6e39ccb61df0a502c167164e99fa23b7d12b9d"},
      {"DNDK-GCM-KC", "000102030405060708090a0b",
       "1915d0bd187b392eeb9b231a57a852db20e02201"
       "675fb3ec6d0e56002333c2504d1b70db47c3713775999c9600bedcfda76f8d8c"},
      {"DNDK-GCM", "000102030405060708090a0b", "b95cf25839e74511d997eaafd0f567d13758305b"},
  };
  const Bytes key = from_hex("0100000000000000000000000000000000000000000000000000000000000000");
  const Bytes ad = from_hex("0100000011"), msg = from_hex("11000001");
  for (const Vector& v : kDndkVectors) {
    const std::string what =
        std::string(backend) + ", " + v.name + " draft vector, nonce " + v.nonce;
    const aeskit::AeadAlgorithm* alg = aeskit::aead::find(v.name);
    auto k = alg ? aeskit::AeadKey::create(*alg, key, alg->default_tag_length(), backend)
                 : aeskit::Result<aeskit::AeadKey>(aeskit::Errc::unknown_algorithm);
    expect(k.ok(), what + ": AeadKey::create");
    if (!k.ok()) continue;
    const Bytes nonce = from_hex(v.nonce), want = from_hex(v.sealed);
    Bytes sealed(want.size()), opened(msg.size());
    auto n = k->seal(nonce, ad, msg, sealed);
    expect(n.ok() && sealed == want, what + ": seal");
    auto o = k->open(nonce, ad, want, opened);
    expect(o.ok() && opened == msg, what + ": open");
  }
}

// kernels_on: every block mode in both directions (aeskit::kernel_for, what `aeskit cpu`
// prints) and every AEAD (AeadKey::kernel) of a default key run on `backend`; AES-GCM on
// `gcm` (its fused kernel) when that is given.
[[maybe_unused]] void kernels_on(const std::string& backend, const std::string& gcm) {
  constexpr Mode kModes[] = {Mode::ecb,    Mode::cbc,  Mode::ctr32, Mode::ctr128,
                             Mode::cfb128, Mode::cfb8, Mode::ofb};
  for (Mode mode : kModes) {
    for (auto dir : {aeskit::Direction::encrypt, aeskit::Direction::decrypt}) {
      const std::string k = aeskit::kernel_for(mode, dir, 128);
      expect(k.rfind(backend + ":", 0) == 0,
             std::string(aeskit::mode_name(mode)) + " runs on " + backend + ": " + k);
    }
  }
  for (const aeskit::AeadAlgorithm* alg : aeskit::aead::algorithms()) {
    const Bytes key_bytes(alg->key_length(), 7);
    auto key = aeskit::AeadKey::create(*alg, key_bytes);
    if (!key.ok()) continue;
    const std::string k = key->kernel();
    expect(k.find(backend) != std::string::npos,
           std::string(alg->name()) + " runs on " + backend + ": " + k);
    if (!gcm.empty() && alg->name().find("-GCM") != std::string_view::npos &&
        alg->name().find("SIV") == std::string_view::npos &&
        alg->name().find("XAES") == std::string_view::npos &&
        alg->name().find("DNDK") == std::string_view::npos)
      expect(k.find("fused " + gcm) != std::string::npos,
             std::string(alg->name()) + " runs the fused " + gcm + " kernel: " + k);
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
    dndk_known_answers(info.name);
    if (info.name != "portable") {
      versus_portable(info.name, rng);
      counter_bytes_versus_portable(info.name, rng);
      gcm_counter_wrap_versus_portable(info.name, rng);
      aead_xts_cmac_versus_portable(info.name, rng);
    }
    std::printf("backend %s: checked\n", std::string(info.name).c_str());
  }
  const bool expect_no_vector = cross_check::expect_no_vector_unit();
  if (expect_no_vector)
    expect(!have_vperm, "the vperm backend is unavailable without a vector unit");
  else
    expect(have_vperm, "the vperm backend is compiled in and available");
#if !defined(__x86_64__) && !defined(__i386__)
  // AArch64 with the Crypto Extensions must pick armv8ce, POWER with vector crypto power8;
  // otherwise (and with AESKIT_DISABLE=aes / vcrypto) no AES-instruction backend runs here, so the
  // dispatcher must pick vperm (portable on a target without a vector unit the library uses, such
  // as s390x). AESKIT_CROSS_EXPECT_DEFAULT names the backend instead (the aarch64 CTest entries set
  // it, so an emulated CPU that lost its AES instructions cannot pass unnoticed).
  std::string want = expect_no_vector ? "portable" : "vperm";
#if defined(__aarch64__)
  for (const aeskit::BackendInfo& info : aeskit::backends())
    if (info.name == "armv8ce" && info.available) want = "armv8ce";
#endif
#if defined(__powerpc64__)
  // power9 (the power8 kernels built for ISA 3.0) comes first in the list.
  for (const aeskit::BackendInfo& info : aeskit::backends())
    if ((info.name == "power8" || info.name == "power9") && info.available && want == "vperm")
      want = info.name;
#endif
  if (const char* named = std::getenv("AESKIT_CROSS_EXPECT_DEFAULT")) want = named;
  const std::string chosen(aeskit::default_backend());
  std::printf("default backend: %s\n", chosen.c_str());
  expect(chosen == want, "default backend is " + want + ", not " + chosen);
  const auto any = aeskit::AesKey::create(from_hex(kKey128));
  expect(any.ok() && any->backend_name() == want,
         "a key made without naming a backend runs on " + want);
#if defined(__aarch64__)
  if (want == "armv8ce") kernels_on(want, "armv8ce+pmull");
#endif
#if defined(__powerpc64__)
  if (want == "power8" || want == "power9") kernels_on(want, want + "+vpmsum");
#endif
#endif
  return cross_check::finish();
}
