// tests/guard_pages/guard_pages_mac_test.cpp — the MACs, hashes, HMAC, HKDF and key wrap with
// their buffers against an inaccessible page (guard_page.hpp): each input ends exactly where a
// PROT_NONE page begins or starts right after one, each output likewise, and every guarded
// run must give the same result as the same call on ordinary buffers.
//
// Coverage:
//   CMAC (aeskit/mac.hpp, SP 800-38B) on every usable AES backend, 16/24/32-byte keys, full and
//     4-byte tags: compute (in place when the tag overwrites a message of its length), verify,
//     and update/update/finish, at every byte length 0..64 and 16k-1, 16k, 16k+1 up to
//     3 groups + 16 blocks; the key itself at a guard.
//   GMAC (SP 800-38D) on every usable backend: compute and verify over the same lengths, and
//     every nonce length 1..70 at a guard.
//   SHA-1/256/512 (FIPS 180-4) on every usable compressor (portable, SHA-NI): Hash in one and
//     in two pieces, and the one-shot hash (in place when the digest overwrites its input),
//     lengths 0..300 and a few around and past a page.
//   HMAC (RFC 2104): Hmac, hmac and hmac_verify with keys of 0..150 and 200 bytes (below, at
//     and above the block) and messages of every length 0..70 and larger, full and truncated.
//   HKDF (RFC 5869): extract (salt, IKM, PRK), expand (PRK, info, OKM of 0..70 bytes and the
//     255 · HashLen maximum) and hkdf.
//   Key wrap (RFC 3394 KW, RFC 5649 KWP) on every usable backend and KEK length: wrap and
//     unwrap at every valid length up to 72 (KW) / 70 (KWP) bytes and a few larger, out of
//     place and in place (the output starting at the input, as keywrap.hpp allows), and
//     unwrap of every wrapped length 0..80 that does not authenticate (random bytes): refused
//     with the output zeroed and nothing touched beyond it.
//
// Linux/POSIX (mmap + mprotect).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "backend/sha_backend.hpp"
#include "guard_page.hpp"

namespace {

namespace d = aeskit::detail;
using namespace aeskit_test;  // NOLINT: the guard-page helpers
using aeskit::HashAlgorithm;

// What a call returned, as one number for check(): the count, or a marked error code.
constexpr std::size_t kError = std::size_t{1} << 60;
std::size_t outcome(const aeskit::Status& s) {
  return s.ok() ? 0 : kError | static_cast<std::size_t>(s.code());
}
std::size_t outcome(const aeskit::Result<std::size_t>& r) {
  return r.ok() ? r.value() : kError | static_cast<std::size_t>(r.code());
}

constexpr HashAlgorithm kHashes[] = {HashAlgorithm::sha1, HashAlgorithm::sha256,
                                     HashAlgorithm::sha512};

// The SHA compressors this CPU runs, with `alg` implemented.
std::vector<const d::ShaCompressor*> usable_compressors(HashAlgorithm alg) {
  std::vector<const d::ShaCompressor*> out;
  for (std::size_t i = 0; i < d::sha_compressor_count(); ++i) {
    const d::ShaCompressor& c = d::sha_compressor_at(i);
    if (c.supported(aeskit::cpu::cpu_features()) && d::compress_fn(c, alg) != nullptr)
      out.push_back(&c);
  }
  return out;
}

std::vector<std::size_t> hash_lengths() {
  std::vector<std::size_t> v;
  for (std::size_t n = 0; n <= 300; ++n) v.push_back(n);
  for (std::size_t n : {511u, 512u, 513u, 1000u, 4095u, 4096u}) v.push_back(n);
  return v;
}

class Macs : public GuardedTest {
 protected:
  Macs() { returns_blocks = false; }
};

TEST_F(Macs, CmacEveryBackendAgainstAGuardPage) {
  std::size_t calls = 0;
  for (const d::AesBackend* b : usable_backends()) {
    SCOPED_TRACE(std::string(b->name));
    for (std::size_t key_len : {16u, 24u, 32u}) {
      const Bytes key = random_bytes(key_len, seed);
      for (std::size_t tag_len : {16u, 4u}) {
        auto mac = aeskit::Cmac::create(std::span<const std::uint8_t>(side(0, key), key_len),
                                        tag_len, b->name);
        ASSERT_TRUE(mac.ok()) << mac.status().message();
        for (std::size_t len : byte_lengths(max_blocks(b->batch_blocks))) {
          check("CMAC compute", len, tag_len,
                [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
                  return outcome(mac->compute(std::span(in, len), std::span(out, tag_len)));
                });
          // verify: the message and the tag each at a guard.
          const Bytes msg = random_bytes(len, seed);
          Bytes tag(tag_len);
          ASSERT_TRUE(mac->compute(msg, tag).ok());
          for (bool at_end : {true, false}) {
            const std::uint8_t* m = put(in_page, at_end, msg);
            ASSERT_TRUE(mac->verify(std::span(m, len), std::span(side(1, tag), tag_len)).ok())
                << "CMAC verify, " << len;
          }
          // incremental: two pieces and finish, each at a guard.
          check("CMAC update/finish", len, tag_len,
                [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
                  const std::size_t c1 = std::min(len, len / 3 + len % 5);
                  EXPECT_TRUE(mac->reset().ok());
                  Bytes first(in, in + c1);
                  EXPECT_TRUE(mac->update(std::span(side(0, first), c1)).ok());
                  EXPECT_TRUE(mac->update(std::span(in + c1, len - c1)).ok());
                  return outcome(mac->finish(std::span(out, tag_len)));
                });
          calls += 3;
        }
      }
    }
  }
  std::printf("%zu CMAC calls at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

TEST_F(Macs, GmacEveryBackendAgainstAGuardPage) {
  std::size_t calls = 0;
  in_place = false;  // mac.hpp: a tag over the nonce or data is refused (overlapping_buffers)
  for (const d::AesBackend* b : usable_backends()) {
    SCOPED_TRACE(std::string(b->name));
    for (std::size_t key_len : {16u, 32u}) {
      const Bytes key = random_bytes(key_len, seed);
      auto mac =
          aeskit::Gmac::create(std::span<const std::uint8_t>(side(0, key), key_len), 16, b->name);
      ASSERT_TRUE(mac.ok()) << mac.status().message();
      const std::size_t tag_len = mac->tag_length();
      const Bytes nonce = random_bytes(12, seed);
      for (std::size_t len : byte_lengths(max_blocks(b->batch_blocks))) {
        check("GMAC compute", len, tag_len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
          return outcome(mac->compute(std::span(side(0, nonce), 12), std::span(in, len),
                                      std::span(out, tag_len)));
        });
        const Bytes msg = random_bytes(len, seed);
        Bytes tag(tag_len);
        ASSERT_TRUE(mac->compute(nonce, msg, tag).ok());
        for (bool at_end : {true, false}) {
          const std::uint8_t* m = put(in_page, at_end, msg);
          ASSERT_TRUE(mac->verify(nonce, std::span(m, len), std::span(side(1, tag), tag_len)).ok())
              << "GMAC verify, " << len;
        }
        calls += 2;
      }
      // Every nonce length (12: the fast path; others: GHASH of the nonce) at a guard.
      const Bytes msg = random_bytes(37, seed);
      for (std::size_t n = 1; n <= 70; ++n) {
        check("GMAC nonce", n, tag_len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
          return outcome(mac->compute(std::span(in, n), msg, std::span(out, tag_len)));
        });
        ++calls;
      }
    }
  }
  std::printf("%zu GMAC calls at the guards\n", calls);
  EXPECT_GT(calls, 500u);
}

TEST_F(Macs, HashesEveryCompressorAgainstAGuardPage) {
  std::size_t calls = 0;
  for (HashAlgorithm alg : kHashes) {
    const std::size_t dlen = aeskit::digest_length(alg);
    for (const d::ShaCompressor* c : usable_compressors(alg)) {
      SCOPED_TRACE(std::string(aeskit::hash_name(alg)) + " on " + std::string(c->name));
      auto h = aeskit::Hash::create(alg, c->name);
      ASSERT_TRUE(h.ok()) << h.status().message();
      for (std::size_t len : hash_lengths()) {
        check("Hash", len, dlen, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
          EXPECT_TRUE(h->reset().ok());
          EXPECT_TRUE(h->update(std::span(in, len)).ok());
          return outcome(h->finish(std::span(out, dlen)));
        });
        check("Hash in two pieces", len, dlen,
              [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
                const std::size_t c1 = std::min(len, len / 2 + len % 3);
                EXPECT_TRUE(h->reset().ok());
                const Bytes first(in, in + c1);
                EXPECT_TRUE(h->update(std::span(side(0, first), c1)).ok());
                EXPECT_TRUE(h->update(std::span(in + c1, len - c1)).ok());
                return outcome(h->finish(std::span(out, dlen)));
              });
        calls += 2;
      }
    }
    for (std::size_t len : hash_lengths()) {
      check("hash", len, dlen, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(aeskit::hash(alg, std::span(in, len), std::span(out, dlen)));
      });
      ++calls;
    }
  }
  std::printf("%zu hash calls at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

TEST_F(Macs, HmacAgainstAGuardPage) {
  std::size_t calls = 0;
  std::vector<std::size_t> key_lengths;
  for (std::size_t n = 0; n <= 150; ++n) key_lengths.push_back(n);
  key_lengths.push_back(200);
  std::vector<std::size_t> msg_lengths;
  for (std::size_t n = 0; n <= 70; ++n) msg_lengths.push_back(n);
  for (std::size_t n : {127u, 128u, 129u, 1000u, 4096u}) msg_lengths.push_back(n);
  for (HashAlgorithm alg : kHashes) {
    const std::size_t dlen = aeskit::digest_length(alg);
    SCOPED_TRACE(std::string(aeskit::hash_name(alg)));
    // The key at a guard: every key length, one message.
    const Bytes msg = random_bytes(45, seed);
    for (std::size_t klen : key_lengths) {
      check("hmac key", klen, dlen, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(aeskit::hmac(alg, std::span(in, klen), msg, std::span(out, dlen)));
      });
      for (const d::ShaCompressor* c : usable_compressors(alg)) {
        check("Hmac::create key", klen, dlen,
              [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
                auto m = aeskit::Hmac::create(alg, std::span(in, klen), c->name);
                EXPECT_TRUE(m.ok());
                EXPECT_TRUE(m->update(msg).ok());
                return outcome(m->finish(std::span(out, dlen)));
              });
        ++calls;
      }
      ++calls;
    }
    // The message, the output and the tag at guards: one key per algorithm and compressor.
    const Bytes key = random_bytes(dlen, seed);
    for (std::size_t len : msg_lengths) {
      for (std::size_t out_len : {dlen, std::size_t{10}}) {
        check("hmac", len, out_len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
          return outcome(aeskit::hmac(alg, std::span(side(0, key), dlen), std::span(in, len),
                                      std::span(out, out_len)));
        });
        for (const d::ShaCompressor* c : usable_compressors(alg)) {
          auto m = aeskit::Hmac::create(alg, key, c->name);
          ASSERT_TRUE(m.ok());
          check("Hmac", len, out_len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
            EXPECT_TRUE(m->reset().ok());
            EXPECT_TRUE(m->update(std::span(in, len)).ok());
            return outcome(m->finish(std::span(out, out_len)));
          });
          ++calls;
        }
        const Bytes msg2 = random_bytes(len, seed);
        Bytes tag(out_len);
        ASSERT_TRUE(aeskit::hmac(alg, key, msg2, tag).ok());
        for (bool at_end : {true, false}) {
          const std::uint8_t* m = put(in_page, at_end, msg2);
          ASSERT_TRUE(
              aeskit::hmac_verify(alg, key, std::span(m, len), std::span(side(1, tag), out_len))
                  .ok())
              << "hmac_verify, " << len;
        }
        calls += 2;
      }
    }
  }
  std::printf("%zu HMAC calls at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

TEST_F(Macs, HkdfAgainstAGuardPage) {
  std::size_t calls = 0;
  // OKM of up to 255 · 64 bytes: four pages of output.
  GuardedPage okm_page(4);
  in_place = false;  // kdf.hpp allows no output over an input (and refuses it over info)
  for (HashAlgorithm alg : kHashes) {
    const std::size_t dlen = aeskit::digest_length(alg);
    SCOPED_TRACE(std::string(aeskit::hash_name(alg)));
    for (std::size_t len = 0; len <= 70; ++len) {
      // extract: IKM at a guard, then the salt at a guard; PRK out at a guard.
      const Bytes salt = random_bytes(len % 23, seed), ikm = random_bytes(len, seed);
      check("hkdf_extract ikm", len, dlen, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(aeskit::hkdf_extract(
            alg, std::span(in, len), std::span(side(0, salt), salt.size()), std::span(out, dlen)));
      });
      check("hkdf_extract salt", len, dlen, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(aeskit::hkdf_extract(alg, std::span(side(0, ikm), len), std::span(in, len),
                                            std::span(out, dlen)));
      });
      // expand: PRK of HashLen + len % 9 bytes at a guard, info at a guard, L = len.
      const Bytes info = random_bytes(len, seed);
      const std::size_t prk_len = dlen + len % 9;
      check("hkdf_expand prk", prk_len, len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(aeskit::hkdf_expand(alg, std::span(in, prk_len),
                                           std::span(side(0, info), len), std::span(out, len)));
      });
      const Bytes prk = random_bytes(dlen, seed);
      check("hkdf_expand info", len, len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(aeskit::hkdf_expand(alg, std::span(side(0, prk), dlen), std::span(in, len),
                                           std::span(out, len)));
      });
      check("hkdf", len, len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(aeskit::hkdf(alg, std::span(in, len), std::span(side(0, salt), salt.size()),
                                    std::span(side(1, info), len), std::span(out, len)));
      });
      calls += 5;
    }
    // The longest OKM, ending at a guard and starting after one.
    const std::size_t max = aeskit::hkdf_max_output(alg);
    const Bytes prk = random_bytes(dlen, seed), info = random_bytes(17, seed);
    Bytes want(max);
    ASSERT_TRUE(aeskit::hkdf_expand(alg, prk, info, want).ok());
    for (bool at_end : {true, false}) {
      std::uint8_t* out = okm_page.place(at_end, max);
      ASSERT_TRUE(aeskit::hkdf_expand(alg, std::span(side(0, prk), dlen),
                                      std::span(side(1, info), info.size()), std::span(out, max))
                      .ok());
      ASSERT_TRUE(std::equal(out, out + max, want.begin())) << "hkdf_expand " << max;
      ++calls;
    }
  }
  std::printf("%zu HKDF calls at the guards\n", calls);
  EXPECT_GT(calls, 500u);
}

// Key wrap: `pad` selects KWP. Lengths: every valid plaintext length up to ~70, and a few
// larger ones up to nearly a page.
std::vector<std::size_t> wrap_lengths(bool pad) {
  std::vector<std::size_t> v;
  for (std::size_t n = pad ? 1 : 16; n <= 72; n += pad ? 1 : 8) v.push_back(n);
  for (std::size_t n : {256u, 1000u, 4000u})
    if (pad || n % 8 == 0) v.push_back(n);
  return v;
}

class KeyWrap : public Macs {};

TEST_F(KeyWrap, WrapAndUnwrapEveryBackendAgainstAGuardPage) {
  std::size_t calls = 0;
  for (const d::AesBackend* b : usable_backends()) {
    for (std::size_t kek_len : {16u, 24u, 32u}) {
      SCOPED_TRACE(std::string(b->name) + ", KEK of " + std::to_string(kek_len));
      auto kek = aeskit::AesKey::create(random_bytes(kek_len, seed), b->name);
      ASSERT_TRUE(kek.ok());
      for (bool pad : {false, true}) {
        const auto wrap = pad ? aeskit::key_wrap_pad : aeskit::key_wrap;
        const auto unwrap = pad ? aeskit::key_unwrap_pad : aeskit::key_unwrap;
        const char* name = pad ? "KWP" : "KW";
        for (std::size_t len : wrap_lengths(pad)) {
          const std::size_t wlen = pad ? aeskit::key_wrap_pad_length(len) : len + 8;
          check(std::string(name) + " wrap", len, wlen,
                [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
                  return outcome(wrap(*kek, std::span(in, len), std::span(out, wlen)));
                });
          const Bytes secret = random_bytes(len, seed);
          Bytes wrapped(wlen);
          ASSERT_TRUE(wrap(*kek, secret, wrapped).ok());
          // unwrap out of place: wrapped input and plaintext output at guards.
          check_with(std::string(name) + " unwrap", wrapped, wlen - 8,
                     [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
                       return outcome(unwrap(*kek, std::span(in, wlen), std::span(out, wlen - 8)));
                     });
          // In place: the output starts at the input; the longer of the two spans ends at
          // the guard (or starts after it).
          for (bool at_end : {true, false}) {
            std::uint8_t* buf = in_page.place(at_end, wlen);
            copy(buf, secret.data(), len);
            auto w = wrap(*kek, std::span(buf, len), std::span(buf, wlen));
            ASSERT_TRUE(w.ok() && *w == wlen) << name << " wrap in place, " << len;
            ASSERT_TRUE(std::equal(buf, buf + wlen, wrapped.begin())) << name << ", " << len;
            auto u = unwrap(*kek, std::span(buf, wlen), std::span(buf, wlen - 8));
            ASSERT_TRUE(u.ok() && *u == len) << name << " unwrap in place, " << len;
            ASSERT_TRUE(std::equal(buf, buf + len, secret.begin())) << name << ", " << len;
          }
          calls += 4;
        }
        // Wrapped inputs that do not authenticate, of every length: refused, output zeroed.
        for (std::size_t wlen = 0; wlen <= 80; ++wlen) {
          const Bytes junk = random_bytes(wlen, seed);
          const std::size_t out_len = wlen >= 8 ? wlen - 8 : 0;
          for (bool at_end : {true, false}) {
            const std::uint8_t* in = put(in_page, at_end, junk);
            std::uint8_t* out = out_page.place(!at_end, out_len);
            std::memset(out, 0x5a, out_len);
            auto u = unwrap(*kek, std::span(in, wlen), std::span(out, out_len));
            ASSERT_FALSE(u.ok()) << name << " unwrap of junk, " << wlen;
            ASSERT_EQ(u.code(), aeskit::Errc::authentication_failed) << name << ", " << wlen;
            ASSERT_TRUE(std::all_of(out, out + out_len, [](std::uint8_t x) { return x == 0; }))
                << name << " unwrap of junk left output, " << wlen;
            ++calls;
          }
        }
      }
    }
  }
  std::printf("%zu key wrap calls at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

}  // namespace
