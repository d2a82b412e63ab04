// tests/guard_pages/guard_pages_test.cpp — every backend kernel and every public entry with
// its input and output placed against an inaccessible page: the buffer ends exactly where a
// PROT_NONE page begins, and (separately) starts right after one. A wide tail load that reads
// past the message, a masked store gone wrong, or a pre-read of the block before the first one
// faults here (SIGSEGV fails the test binary), where an ordinary heap buffer would hide it.
//
// Coverage, for every AES backend usable on this CPU:
//   kernels: expand/encrypt/decrypt_blocks and every non-null bulk entry of the AesBackend
//     table (backend.hpp), at every block count 0 .. 3 groups + 16 (group = the backend's
//     batch_blocks, at least 8), in place and out of place, input and output each at the end
//     of and at the start of a guarded page; every GHASH backend's update and every native
//     POLYVAL kernel's update/hash_short on the same counts; every fused GCM kernel's
//     seal/open (blocks), seal_message/open_message (bytes, AD at a guard too) and
//     polyval_open (AES-GCM-SIV's open pass, blocks).
//     Each guarded run must also give the same output and chaining state as the same call on
//     ordinary buffers.
//   public entries: encrypt/decrypt of every Mode (ECB/CBC with and without PKCS#7), XTS, the
//     incremental Cipher (two update pieces and finish, each at a guard), and seal/open of
//     every algorithm in aead::algorithms(), at every byte length 0..64 and at 16k-1, 16k,
//     16k+1 bytes for k up to 3 groups + 16, in place where the API allows it.
//   The MACs, hashes, HMAC, HKDF and key wrap: guard_pages_mac_test.cpp; the chunked format:
//   guard_pages_chunked_test.cpp. The helpers: guard_page.hpp.
//
// No CPU features of its own (the kernels are only called where the backend is usable).
// Linux/POSIX: mmap + mprotect.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "backend/select/catalog.hpp"
#include "cpu/features.hpp"
#include "guard_page.hpp"

namespace {

namespace d = aeskit::detail;
using namespace aeskit_test;  // NOLINT: the guard-page helpers

// A chained kernel (keys, 16-byte state, in, out, blocks) → blocks done.
using Chained = std::size_t (*)(const d::RoundKeys&, std::uint8_t*, const std::uint8_t*,
                                std::uint8_t*, std::size_t) noexcept;

struct Schedules {
  d::RoundKeys enc, dec;
};

// The guards themselves: a byte past the end, or before the start, faults.
TEST(GuardedPageDeathTest, TouchingAGuardFaults) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  GuardedPage page;
  volatile std::uint8_t* end = page.ending(16);
  volatile std::uint8_t* start = page.starting();
  end[15] = 1;
  start[0] = 1;
  EXPECT_DEATH(end[16] = 2, "");
  EXPECT_DEATH((void)start[-1], "");
  // Several pages between the guards (the chunked tests): the same at both edges.
  GuardedPage pages(16);
  ASSERT_EQ(pages.size(), 16 * page.size());
  volatile std::uint8_t* last = pages.ending(1);
  volatile std::uint8_t* first = pages.starting();
  last[0] = 1;
  first[0] = 1;
  EXPECT_DEATH(last[1] = 2, "");
  EXPECT_DEATH((void)first[-1], "");
}

class Kernels : public GuardedTest {};

TEST_F(Kernels, EveryAesEntryAtEveryCountAgainstAGuardPage) {
  std::size_t calls = 0;
  for (const d::AesBackend* b : usable_backends()) {
    SCOPED_TRACE(std::string(b->name));
    const Bytes key = random_bytes(32, seed);
    for (std::size_t key_len : {16u, 24u, 32u}) {
      Schedules s;
      b->expand_key(key.data(), key_len, s.enc);
      b->derive_decrypt_key(s.enc, s.dec);
      d::OcbLTable l;
      const Bytes lb = random_bytes(sizeof l.l, seed);
      std::memcpy(l.l, lb.data(), sizeof l.l);
      l.fill_prefix_sums();
      const struct {
        const char* name;
        Chained fn;
        const d::RoundKeys* keys;
      } chained[] = {
          {"ctr32_be", b->ctr32_be, &s.enc},
          {"ctr32_le", b->ctr32_le, &s.enc},
          {"ctr128_be", b->ctr128_be, &s.enc},
          {"cbc_encrypt", b->cbc_encrypt, &s.enc},
          {"cbc_decrypt", b->cbc_decrypt, &s.dec},
          {"cfb128_encrypt", b->cfb128_encrypt, &s.enc},
          {"cfb128_decrypt", b->cfb128_decrypt, &s.enc},
          {"ofb", b->ofb, &s.enc},
          {"xts_encrypt", b->xts_encrypt, &s.enc},
          {"xts_decrypt", b->xts_decrypt, &s.dec},
      };
      for (std::size_t n = 0; n <= max_blocks(b->batch_blocks); ++n) {
        const std::size_t len = 16 * n;
        check("encrypt_blocks", len, len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
          b->encrypt_blocks(s.enc, in, out, n);
          return n;
        });
        check("decrypt_blocks", len, len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
          b->decrypt_blocks(s.dec, in, out, n);
          return n;
        });
        calls += 2;
        for (const auto& e : chained) {
          if (e.fn == nullptr) continue;
          check(e.name, len, len, [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
            return e.fn(*e.keys, st, in, out, n);
          });
          ++calls;
        }
        // XTS one-block data unit (tweak in the state, unchanged): only n == 1 exists.
        for (int dec = 0; n == 1 && dec < 2; ++dec) {
          auto one = dec == 0 ? b->xts_encrypt_one : b->xts_decrypt_one;
          if (one == nullptr) continue;
          check(dec == 0 ? "xts_encrypt_one" : "xts_decrypt_one", 16, 16,
                [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
                  one(dec == 0 ? s.enc : s.dec, s.enc, st, in, out);
                  return std::size_t{1};
                });
          ++calls;
        }
        // OCB: offset in the state, checksum/sum kept beside it and compared through out.
        for (int kind = 0; kind < 3; ++kind) {
          auto ocb = kind == 0 ? b->ocb_encrypt : kind == 1 ? b->ocb_decrypt : nullptr;
          if (kind < 2 && ocb == nullptr) continue;
          if (kind == 2 && b->ocb_hash == nullptr) continue;
          check(kind == 0   ? "ocb_encrypt"
                : kind == 1 ? "ocb_decrypt"
                            : "ocb_hash",
                len, kind == 2 ? 0 : len,
                [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
                  std::uint8_t acc[16] = {1, 2, 3};
                  std::size_t done =
                      kind == 2 ? b->ocb_hash(s.enc, l, 5, st, acc, in, n)
                                : ocb(kind == 0 ? s.enc : s.dec, l, 5, st, acc, in, out, n);
                  for (int i = 0; i < 16; ++i) st[i] ^= acc[i];  // fold the sum into the state
                  return done;
                });
          ++calls;
        }
        if (b->cbc_mac != nullptr) {
          check("cbc_mac", len, 0, [&](const std::uint8_t* in, std::uint8_t*, std::uint8_t* st) {
            return b->cbc_mac(s.enc, st, in, n);
          });
          ++calls;
        }
        if (b->mac_ctr != nullptr) {
          for (int v = 0; v < 4; ++v) {
            check("mac_ctr", len, len,
                  [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
                    std::uint8_t mac[16] = {9};
                    const std::size_t done =
                        b->mac_ctr(s.enc, (v & 1) != 0, st, mac, in, out, n, (v & 2) != 0);
                    for (int i = 0; i < 16; ++i) st[i] ^= mac[i];
                    return done;
                  });
            ++calls;
          }
        }
        if (b->xctr != nullptr) {
          check("xctr", len, len, [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
            const std::uint8_t sv[16] = {5, 1, 9};
            return b->xctr(s.enc, sv, st, in, out, n);
          });
          ++calls;
        }
        if (b->gcm_siv_tag_ctr != nullptr && key_len != 24) {
          check("gcm_siv_tag_ctr", len, len,
                [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
                  const std::uint8_t sv[16] = {7, 7}, nonce[12] = {3};
                  std::uint8_t tag[16];
                  const std::size_t done =
                      b->gcm_siv_tag_ctr(s.enc, sv, nonce, tag, st, in, out, n);
                  for (int i = 0; i < 16; ++i) st[i] ^= tag[i];
                  return done;
                });
          ++calls;
        }
      }
      if (b->gcm_siv_derive != nullptr && key_len != 24) {
        // auth_key ends at the guard; the nonce too.
        std::uint8_t* nonce = in_page.ending(12);
        std::memset(nonce, 0x42, 12);
        std::uint8_t* auth = out_page.ending(16);
        d::RoundKeys enc2;
        b->gcm_siv_derive(s.enc, nonce, auth, enc2);
        std::uint8_t ref_auth[16];
        d::RoundKeys enc3;
        const std::uint8_t ref_nonce[12] = {0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
                                            0x42, 0x42, 0x42, 0x42, 0x42, 0x42};
        b->gcm_siv_derive(s.enc, ref_nonce, ref_auth, enc3);
        ASSERT_EQ(0, std::memcmp(auth, ref_auth, 16)) << "gcm_siv_derive";
        ++calls;
      }
    }
  }
  std::printf("%zu entry calls at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

TEST_F(Kernels, EveryGhashAndPolyvalUpdateAgainstAGuardPage) {
  std::size_t calls = 0;
  const Bytes h = random_bytes(16, seed);
  for (const d::GhashBackend* g : d::kGhashBackends) {
    if (!g->supported(aeskit::cpu::cpu_features()) || !d::ghash_self_test_allows(*g)) continue;
    SCOPED_TRACE(std::string(g->name));
    static d::GhashKey key;
    g->init(h.data(), key);
    const d::PolyvalKernel* pk = d::find_polyval_kernel(*g, aeskit::cpu::cpu_features());
    static d::GhashKey pkey;
    if (pk != nullptr) pk->init_powers(h.data(), pkey, pk->powers);
    for (std::size_t n = 0; n <= max_blocks(32); ++n) {
      check("ghash update", 16 * n, 0,
            [&](const std::uint8_t* in, std::uint8_t*, std::uint8_t* st) {
              g->update(key, st, in, n);
              return n;
            });
      ++calls;
      if (pk == nullptr) continue;
      check("polyval update", 16 * n, 0,
            [&](const std::uint8_t* in, std::uint8_t*, std::uint8_t* st) {
              pk->update(pkey, st, in, n);
              return n;
            });
      ++calls;
      if (pk->hash_message != nullptr) {
        // The whole GCM-SIV input at the guards: its masked loads reach before the data (the
        // front padding) and past its end; AD and data both inside the guarded bytes.
        for (std::size_t cut : {std::size_t{0}, std::size_t{7}}) {
          if (16 * n < cut) continue;
          const std::size_t bytes = 16 * n - cut;
          const std::size_t ad_len = bytes < 13 ? bytes : 13;
          check("polyval hash_message", bytes, 0,
                [&](const std::uint8_t* in, std::uint8_t*, std::uint8_t* st) {
                  pk->hash_message(h.data(), nullptr, 0, in, bytes, st);
                  return n;
                });
          check("polyval hash_message with AD", bytes, 0,
                [&](const std::uint8_t* in, std::uint8_t*, std::uint8_t* st) {
                  pk->hash_message(h.data(), in, ad_len, in + ad_len, bytes - ad_len, st);
                  return n;
                });
          calls += 2;
        }
      }
      if (pk->hash_short != nullptr && n >= 1) {
        check("polyval hash_short", 16 * n, 0,
              [&](const std::uint8_t* in, std::uint8_t*, std::uint8_t* st) {
                pk->hash_short(h.data(), st, in, n);
                return n;
              });
        ++calls;
      }
    }
  }
  std::printf("%zu entry calls at the guards\n", calls);
  EXPECT_GT(calls, 100u);
}

TEST_F(Kernels, EveryFusedGcmKernelAgainstAGuardPage) {
  std::size_t calls = 0;
  const aeskit::cpu::FeatureSet& f = aeskit::cpu::cpu_features();
  for (const d::GcmFusedKernels* k : d::kGcmFusedKernels) {
    if (!k->aes->supported(f) || !k->ghash->supported(f) || !d::gcm_fused_self_test_allows(*k))
      continue;
    SCOPED_TRACE(std::string(k->name));
    const Bytes key = random_bytes(32, seed), h = random_bytes(16, seed);
    d::RoundKeys enc;
    k->aes->expand_key(key.data(), 16, enc);
    static d::GhashKey hkey;
    k->ghash->init(h.data(), hkey);
    // AES-GCM-SIV's open pass reads a per-message POLYVAL key with the whole table.
    const d::PolyvalKernel* pk = d::polyval_kernel_of(*k->ghash);
    const bool siv = k->polyval_open != nullptr && pk != nullptr;
    static d::GhashKey pkey;
    if (siv) pk->init_powers(h.data(), pkey, pk->full_table_from);
    for (std::size_t n = 0; n <= max_blocks(k->aes->batch_blocks); ++n) {
      if (siv) {
        check("polyval_open", 16 * n, 16 * n,
              [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
                std::uint8_t state[16] = {5};
                const std::size_t done = k->polyval_open(enc, pkey, st, state, in, out, n);
                for (int i = 0; i < 16; ++i) st[i] ^= state[i];
                return done;
              });
        ++calls;
      }
      if (siv && k->xctr_polyval != nullptr) {  // HCTR2's fused pass reads the same key
        check("xctr_polyval", 16 * n, 16 * n,
              [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
                std::uint8_t state[16] = {5};
                const std::uint8_t s[16] = {9};
                const std::size_t done = k->xctr_polyval(enc, pkey, s, st, state, in, out, n);
                for (int i = 0; i < 16; ++i) st[i] ^= state[i];
                return done;
              });
        ++calls;
      }
      for (int open = 0; open < 2; ++open) {
        check(open ? "open" : "seal", 16 * n, 16 * n,
              [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
                std::uint8_t hash[16] = {5};
                const std::size_t done =
                    (open ? k->open : k->seal)(enc, hkey, st, hash, in, out, n);
                for (int i = 0; i < 16; ++i) st[i] ^= hash[i];
                return done;
              });
        ++calls;
      }
    }
    if (k->seal_message == nullptr) continue;
    const std::size_t max_len = 16 * max_blocks(k->aes->batch_blocks) + 15;
    for (std::size_t len = 0; len <= max_len; len += len < 80 ? 1 : 15) {
      for (std::size_t ad_len : {std::size_t{0}, std::size_t{13}, std::size_t{48}}) {
        for (int open = 0; open < 2; ++open) {
          check(open ? "open_message" : "seal_message", len, len,
                [&](const std::uint8_t* in, std::uint8_t* out, std::uint8_t* st) {
                  // The AD sits at the end of the output page when out is at its start, and
                  // vice versa; here: at the very end of a page of its own (the input page's
                  // start is used only when in is at the start, so take a fresh spot).
                  static GuardedPage ad_page;
                  std::uint8_t* ad = ad_page.ending(ad_len);
                  std::memset(ad, 0x61, ad_len);
                  std::uint8_t tag[16];
                  (open ? k->open_message : k->seal_message)(enc, hkey, st, ad, ad_len, in, out,
                                                             len, tag);
                  for (int i = 0; i < 16; ++i) st[i] ^= tag[i];
                  return len;
                });
          ++calls;
        }
      }
    }
  }
  std::printf("%zu entry calls at the guards\n", calls);
  EXPECT_TRUE(calls > 0 || d::kGcmFusedKernels.size() == 0);
}

// --- public entries ---------------------------------------------------------------------------

class Public : public Kernels {};

TEST_F(Public, EveryModeEveryBackendAgainstAGuardPage) {
  returns_blocks = false;
  std::size_t calls = 0;
  const Bytes key = random_bytes(32, seed), iv = random_bytes(16, seed);
  using aeskit::Mode;
  using aeskit::Padding;
  for (const d::AesBackend* b : usable_backends()) {
    SCOPED_TRACE(std::string(b->name));
    auto k = aeskit::AesKey::create(std::span(key).first(16), b->name);
    ASSERT_TRUE(k.ok());
    for (Mode mode :
         {Mode::ecb, Mode::cbc, Mode::ctr32, Mode::ctr128, Mode::cfb128, Mode::cfb8, Mode::ofb}) {
      const bool block_mode = mode == Mode::ecb || mode == Mode::cbc;
      const std::span<const std::uint8_t> ivs =
          mode == Mode::ecb ? std::span<const std::uint8_t>() : std::span(iv);
      for (Padding pad : {Padding::none, Padding::pkcs7}) {
        if (pad == Padding::pkcs7 && !block_mode) continue;
        for (std::size_t len : byte_lengths(max_blocks(b->batch_blocks))) {
          if (block_mode && pad == Padding::none && len % 16 != 0) continue;
          if (mode == Mode::cfb8 && len > 300 && len % 7 != 0) continue;  // a block per byte
          const std::size_t out_len = pad == Padding::pkcs7 ? (len / 16 + 1) * 16 : len;
          const std::string what =
              std::string(aeskit::mode_name(mode)) + (pad == Padding::pkcs7 ? " pkcs7" : "");
          check(what + " encrypt", len, out_len,
                [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
                  auto r = aeskit::encrypt(*k, mode, ivs, std::span(in, len),
                                           std::span(out, out_len), pad);
                  return r.ok() ? *r : ~std::size_t{0};
                });
          // Decrypt the ciphertext back, placed at the guards too.
          Bytes ct(out_len), pt(len);
          const Bytes msg = random_bytes(len, seed);
          ASSERT_TRUE(aeskit::encrypt(*k, mode, ivs, msg, ct, pad).ok());
          for (const Placement& p : kPlacements) {
            if (p.in_place && pad == Padding::pkcs7) continue;
            std::uint8_t* in = in_page.place(p.in_end, out_len);
            copy(in, ct.data(), out_len);
            std::uint8_t* out = p.in_place ? in : out_page.place(p.out_end, len);
            auto r = aeskit::decrypt(*k, mode, ivs, std::span<const std::uint8_t>(in, out_len),
                                     std::span(out, len), pad);
            ASSERT_TRUE(r.ok()) << what << " decrypt, " << where(p, len);
            ASSERT_EQ(*r, len);
            ASSERT_TRUE(std::equal(out, out + len, msg.begin()))
                << what << " decrypt, " << where(p, len);
          }
          calls += 2;
        }
      }
    }
    // XTS (data units of 16 bytes and up; stealing for the partial last block).
    auto x = aeskit::XtsKey::create(key, b->name);
    ASSERT_TRUE(x.ok());
    for (std::size_t len : byte_lengths(max_blocks(b->batch_blocks))) {
      if (len < 16) continue;
      for (int dec = 0; dec < 2; ++dec) {
        check(dec ? "XTS decrypt" : "XTS encrypt", len, len,
              [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
                const aeskit::Status st =
                    dec ? x->decrypt(iv, std::span(in, len), std::span(out, len))
                        : x->encrypt(iv, std::span(in, len), std::span(out, len));
                return st.ok() ? len : ~std::size_t{0};
              });
        ++calls;
      }
    }
  }
  std::printf("%zu entry calls at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

// The incremental Cipher: the input in two update calls split at a fuzzy point, each piece
// and each output at a guard; finish's output at a guard too; the concatenation must equal the
// one-shot result.
TEST_F(Public, IncrementalCipherPiecesAgainstAGuardPage) {
  returns_blocks = false;
  std::size_t calls = 0;
  const Bytes key = random_bytes(16, seed), iv = random_bytes(16, seed);
  using aeskit::Direction;
  using aeskit::Mode;
  using aeskit::Padding;
  for (const d::AesBackend* b : usable_backends()) {
    SCOPED_TRACE(std::string(b->name));
    auto k = aeskit::AesKey::create(key, b->name);
    ASSERT_TRUE(k.ok());
    for (Mode mode : {Mode::ecb, Mode::cbc, Mode::ctr32, Mode::ctr128, Mode::cfb128, Mode::ofb}) {
      const bool block_mode = mode == Mode::ecb || mode == Mode::cbc;
      const std::span<const std::uint8_t> ivs =
          mode == Mode::ecb ? std::span<const std::uint8_t>() : std::span(iv);
      const Padding pad = block_mode ? Padding::pkcs7 : Padding::none;
      for (std::size_t len : byte_lengths(max_blocks(b->batch_blocks))) {
        const Bytes msg = random_bytes(len, seed);
        Bytes want(len + 16);
        auto one = aeskit::encrypt(*k, mode, ivs, msg, want, pad);
        ASSERT_TRUE(one.ok());
        want.resize(*one);
        for (bool at_end : {true, false}) {
          auto c = aeskit::Cipher::create(*k, mode, Direction::encrypt, ivs, pad);
          ASSERT_TRUE(c.ok());
          // piece 1: msg[0, c1), piece 2: msg[c1, len)
          const std::size_t c1 = std::min(len / 3 + len % 5, len);
          Bytes got;
          const std::pair<std::size_t, std::size_t> pieces[] = {{0, c1}, {c1, len - c1}};
          for (const auto& [off, n] : pieces) {
            std::uint8_t* in = in_page.place(at_end, n);
            copy(in, msg.data() + off, n);
            const std::size_t bound = c->update_output_bound(n);
            std::uint8_t* out = out_page.place(at_end, bound);
            auto r = c->update(std::span<const std::uint8_t>(in, n), std::span(out, bound));
            ASSERT_TRUE(r.ok());
            got.insert(got.end(), out, out + *r);
          }
          std::uint8_t* fin = out_page.place(at_end, 16);
          auto f = c->finish(std::span(fin, 16));
          ASSERT_TRUE(f.ok());
          got.insert(got.end(), fin, fin + *f);
          ASSERT_EQ(got, want) << aeskit::mode_name(mode) << ", " << len << " bytes";
          ++calls;
        }
      }
    }
  }
  std::printf("%zu incremental messages at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

TEST_F(Public, EveryAeadEveryBackendAgainstAGuardPage) {
  returns_blocks = false;
  std::size_t calls = 0;
  for (const aeskit::AeadAlgorithm* alg : aeskit::aead::algorithms()) {
    for (const d::AesBackend* b : usable_backends()) {
      SCOPED_TRACE(std::string(alg->name()) + " on " + std::string(b->name));
      const Bytes key = random_bytes(alg->key_length(), seed);
      auto k = aeskit::AeadKey::create(*alg, key, alg->default_tag_length(), b->name);
      ASSERT_TRUE(k.ok()) << k.status().message();
      const std::size_t tag = k->tag_length();
      const Bytes nonce = random_bytes(alg->nonce_recommended(), seed);
      // AD: 21 bytes where any length is allowed; the TLS record AEADs take exactly 13 (TLS
      // 1.0-1.2 seq_num || type || version || length) or 11 (without the length).
      Bytes ad;
      for (std::size_t ad_len : {21u, 13u, 11u, 0u}) {
        ad = random_bytes(ad_len, seed);
        Bytes probe(16 + tag + 64);
        if (k->seal(nonce, ad, Bytes(16), probe).ok()) break;
      }
      for (std::size_t len : byte_lengths(max_blocks(b->batch_blocks))) {
        if (len > 200 && len % 3 != 0) continue;  // every algorithm × backend: keep it quick
        const Bytes msg = random_bytes(len, seed);
        Bytes sealed(len + tag + 16);  // TLS CBC records pad up to a block
        auto s = k->seal(nonce, ad, msg, sealed);
        if (!s.ok()) {
          // Some AEADs bound their inputs (key wrap-like limits, TLS records): a refusal must
          // be a documented size error, never a fault.
          ASSERT_TRUE(s.status().code() == aeskit::Errc::message_too_long ||
                      s.status().code() == aeskit::Errc::invalid_argument)
              << s.status().message();
          continue;
        }
        sealed.resize(*s);
        check("seal", len, sealed.size(), [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
          auto r = k->seal(nonce, ad, std::span(in, len), std::span(out, sealed.size()));
          return r.ok() ? *r : ~std::size_t{0};
        });
        for (const Placement& p : kPlacements) {
          std::uint8_t* in = in_page.place(p.in_end, sealed.size());
          copy(in, sealed.data(), sealed.size());
          std::uint8_t* out = p.in_place ? in : out_page.place(p.out_end, sealed.size());
          auto r = k->open(nonce, ad, std::span<const std::uint8_t>(in, sealed.size()),
                           std::span(out, sealed.size()));
          ASSERT_TRUE(r.ok()) << "open, " << where(p, len) << ": " << r.status().message();
          ASSERT_TRUE(std::equal(out, out + *r, msg.begin())) << "open, " << where(p, len);
        }
        calls += 2;
      }
    }
  }
  std::printf("%zu entry calls at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

}  // namespace
