// tests/gcm_siv/polyval_test.cpp — POLYVAL (RFC 8452 §3) on every GHASH backend, native kernel and
// Appendix A mapping, against a bit-by-bit oracle of the definition (polyval_update over
// a key, and the one-call polyval_short); the RFC's Appendix A
// worked example and mulX_GHASH; and the ctr32_le CTR (AES-GCM-SIV's little-endian counter)
// of every AES backend against a counter-block oracle, including the 2^32 wrap; and the
// backends' optional GCM-SIV entries (gcm_siv_derive, gcm_siv_tag_ctr) against the required
// ones.
#include <cstring>

#include <algorithm>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aead/polyval.hpp"
#include "aead_gcm_siv_support.hpp"
#include "aeskit/aeskit.hpp"
#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"
#include "core/key_state.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
namespace d = aeskit::detail;

struct PolyvalPath {
  std::string ghash;
  bool native;
};

std::vector<PolyvalPath> all_paths() {
  std::vector<PolyvalPath> paths;
  for (const std::string& g : aeskit_test::aead::ghash_backend_names())
    for (bool native : {true, false}) paths.push_back({g, native});
  return paths;
}

std::string path_name(const testing::TestParamInfo<PolyvalPath>& info) {
  return aeskit_test::identifier(info.param.ghash + (info.param.native ? "_native" : "_mapped"));
}

class Polyval : public testing::TestWithParam<PolyvalPath> {
 protected:
  void SetUp() override {
    if (!aeskit_test::aead::ghash_available(GetParam().ghash))
      GTEST_SKIP() << "SKIPPED, NOT PASSED: GHASH backend " << GetParam().ghash
                   << " unavailable on this CPU";
    choice_ = d::choose_polyval(d::find_ghash_backend(GetParam().ghash),
                                aeskit::cpu::cpu_features(), GetParam().native);
  }
  Bytes hash(const Bytes& h, const Bytes& data) {
    d::PolyvalKey key;
    d::polyval_init(choice_, h.data(), key);
    Bytes s(16, 0);
    d::polyval_update(key, s.data(), data.data(), data.size() / 16);
    return s;
  }
  d::PolyvalChoice choice_;
};

TEST_P(Polyval, Rfc8452AppendixA) {
  const Bytes h = from_hex("25629347589242761d31f826ba4b757b");
  const Bytes x = from_hex("4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362");
  EXPECT_EQ(to_hex(hash(h, x)), "f7a3b47b846119fae5b7866cf5e5b77e");
  EXPECT_EQ(to_hex(aeskit_test::gcm_siv::polyval_reference(h, x)),
            "f7a3b47b846119fae5b7866cf5e5b77e");
}

TEST_P(Polyval, NativeOnlyWhereOffered) {
  if (!GetParam().native) {
    EXPECT_EQ(choice_.native, nullptr);
  } else if (GetParam().ghash == "pclmul" || GetParam().ghash == "vpclmul256" ||
             GetParam().ghash == "vpclmul512") {
    ASSERT_NE(choice_.native, nullptr) << "the clmul GHASH backends have native POLYVAL kernels";
    EXPECT_EQ(choice_.native->ghash, choice_.ghash);
  }
}

TEST_P(Polyval, MatchesBitByBitOracle) {
  aeskit_test::TestRng rng;
  for (std::size_t blocks = 0; blocks <= 70; ++blocks) {
    const Bytes h = rng.bytes(16);
    const Bytes data = rng.bytes(16 * blocks);
    EXPECT_EQ(to_hex(hash(h, data)), to_hex(aeskit_test::gcm_siv::polyval_reference(h, data)))
        << blocks << " blocks";
  }
  // Split updates continue the same hash (group boundaries anywhere).
  const Bytes h = rng.bytes(16);
  const Bytes data = rng.bytes(16 * 100);
  d::PolyvalKey key;
  d::polyval_init(choice_, h.data(), key);
  for (int trial = 0; trial < 20; ++trial) {
    Bytes s(16, 0);
    std::size_t done = 0;
    while (done < 100) {
      const std::size_t n = std::min<std::size_t>(100 - done, rng.between(0, 40));
      d::polyval_update(key, s.data(), data.data() + 16 * done, n);
      done += n;
    }
    EXPECT_EQ(to_hex(s), to_hex(aeskit_test::gcm_siv::polyval_reference(h, data)));
  }
}

// polyval_init with a block bound: native kernels build only the powers that bound can use
// (1..kPowers). For every bound 1..40 (the 8- and 16-power tables, below, at and above),
// the bounded key hashes exactly `bound` blocks (in one call, or split at random into pieces
// that add up to it) to the oracle's value, over random and edge keys.
TEST_P(Polyval, BoundedKeyBuildsOnlyNeededPowers) {
  aeskit_test::TestRng rng;
  Bytes one(16, 0);
  one[0] = 1;
  // 1..40 crosses every table size; 127..300 cross kPolyvalFullRunFrom (vpclmul512's key
  // for long messages carries the whole high run and its long calls read it).
  std::vector<std::size_t> bounds;
  for (std::size_t b = 1; b <= 40; ++b) bounds.push_back(b);
  for (std::size_t b : {127, 128, 129, 161, 300}) bounds.push_back(b);
  for (std::size_t bound : bounds) {
    for (const Bytes& h : {rng.bytes(16), Bytes(16, 0xff), one}) {
      const Bytes data = rng.bytes(16 * bound);
      const std::string expected = to_hex(aeskit_test::gcm_siv::polyval_reference(h, data));
      d::PolyvalKey key;
      d::polyval_init(choice_, h.data(), key, bound);
      if (choice_.native != nullptr && choice_.native->init_powers != nullptr)
        EXPECT_EQ(key.powers, bound) << bound;  // the kernel gets the bound, caps it itself
      else
        EXPECT_EQ(key.powers, 0u);
      Bytes s(16, 0);
      d::polyval_update(key, s.data(), data.data(), bound);
      EXPECT_EQ(to_hex(s), expected) << bound << " blocks, one call";
      s.assign(16, 0);
      for (std::size_t done = 0; done < bound;) {
        const std::size_t n =
            std::min<std::size_t>(bound - done, rng.between(1, bound > 40 ? 140 : 17));
        d::polyval_update(key, s.data(), data.data() + 16 * done, n);
        done += n;
      }
      EXPECT_EQ(to_hex(s), expected) << bound << " blocks, split";
      d::polyval_wipe(key);
    }
  }
}

// polyval_short (one call, no key kept; the native kernels' hash_short with H and H^2 in
// registers) against the oracle for 0..40 blocks (odd and even counts, past both tables'
// sizes), over random and edge keys; the state it starts from is ignored (always zero).
TEST_P(Polyval, ShortOneCallMatchesOracle) {
  aeskit_test::TestRng rng;
  Bytes one(16, 0);
  one[0] = 1;
  for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
    for (const Bytes& h : {rng.bytes(16), Bytes(16, 0xff), one}) {
      const Bytes data = rng.bytes(16 * blocks);
      Bytes s = rng.bytes(16);
      d::polyval_short(choice_, h.data(), s.data(), data.data(), blocks);
      EXPECT_EQ(to_hex(s), to_hex(aeskit_test::gcm_siv::polyval_reference(h, data)))
          << blocks << " blocks";
    }
  }
}

// The native init_powers with n == powers builds byte for byte the table the GHASH backend's
// own init builds from mulX_GHASH(ByteReverse(H)) (RFC 8452 Appendix A): K_1 = H as loaded.
// Every native kernel this CPU can run.
// native_choices: (GHASH backend name, its POLYVAL choice) for every native kernel this CPU
// can run.
std::vector<std::pair<std::string, d::PolyvalChoice>> native_choices() {
  std::vector<std::pair<std::string, d::PolyvalChoice>> out;
  for (const std::string& g : aeskit_test::aead::ghash_backend_names()) {
    if (!aeskit_test::aead::ghash_available(g)) continue;
    const d::PolyvalChoice c =
        d::choose_polyval(d::find_ghash_backend(g), aeskit::cpu::cpu_features(), true);
    if (c.native != nullptr) out.emplace_back(g, c);
  }
  return out;
}

TEST(PolyvalNative, FullTableEqualsMappedGhashInit) {
  aeskit_test::TestRng rng;
  int kernels = 0;
  for (const auto& [g, c] : native_choices()) {
    if (c.native->init_powers == nullptr) continue;
    ++kernels;
    for (int trial = 0; trial < 20; ++trial) {
      const Bytes h = rng.bytes(16);
      d::GhashKey native{}, mapped{};
      c.native->init_powers(h.data(), native, c.native->powers);
      std::uint8_t hp[16];
      d::mulx_ghash_of_reversed(h.data(), hp);
      c.ghash->init(hp, mapped);
      // Every byte the POLYVAL init wrote: 32 per power (power and Karatsuba half) up to
      // 16 powers; vpclmul512's "32 powers" are K_1..K_16 and K_32, which leads the GHASH
      // key's high run (K_32..K_17 at 512, their halves at 768: ghash_groups.hpp).
      const std::size_t low = std::min<std::size_t>(32 * c.native->powers, 512);
      EXPECT_EQ(to_hex(Bytes(native.bytes, native.bytes + low)),
                to_hex(Bytes(mapped.bytes, mapped.bytes + low)))
          << g;
      if (c.native->powers > 16) {
        for (std::size_t at : {std::size_t{512}, std::size_t{768}})
          EXPECT_EQ(to_hex(Bytes(native.bytes + at, native.bytes + at + 16)),
                    to_hex(Bytes(mapped.bytes + at, mapped.bytes + at + 16)))
              << g << " K_32 at " << at;
        // A key for a long message (kPolyvalFullRunFrom blocks or more) has the whole high
        // run K_32..K_17 too: the full GHASH layout, all 1024 bytes.
        d::GhashKey long_key{};
        c.native->init_powers(h.data(), long_key, 4096);
        EXPECT_EQ(to_hex(Bytes(long_key.bytes, long_key.bytes + d::GhashKey::kBytes)),
                  to_hex(Bytes(mapped.bytes, mapped.bytes + d::GhashKey::kBytes)))
            << g << " long-message key";
        c.native->wipe_powers(long_key, 4096);
      }
    }
  }
  if (kernels == 0) GTEST_SKIP() << "SKIPPED, NOT PASSED: no native POLYVAL kernel on this CPU";
}

// The native kernels' one-call hash of AES-GCM-SIV's whole POLYVAL input (hash_message:
// AD and data zero-padded, then LE64(8·|AD|) || LE64(8·|data|), powers in registers) against
// the oracle over that input laid out by hand: AD lengths around block and group edges, data
// lengths 0..70 blocks with every partial length pattern, and long inputs past the range it
// is used for; data at every offset modulo 16 and a garbage starting state (ignored).
TEST(PolyvalNative, MessageOneCallMatchesOracle) {
  aeskit_test::TestRng rng;
  int kernels = 0;
  for (const auto& [g, c] : native_choices()) {
    if (c.native->hash_message == nullptr) continue;
    ++kernels;
    std::vector<std::size_t> lens;
    for (std::size_t n = 0; n <= 70 * 16; n += 1 + n % 29) lens.push_back(n);
    for (std::size_t n : {255u, 256u, 257u, 1350u, 2047u, 2048u, 4095u, 4608u, 9000u})
      lens.push_back(n);
    std::size_t count = 0;
    for (std::size_t len : lens) {
      for (std::size_t ad_len : {0u, 1u, 13u, 16u, 17u, 31u, 64u, 255u, 257u}) {
        const Bytes h = rng.bytes(16);
        const Bytes ad = rng.bytes(ad_len);
        const std::size_t offset = (len + ad_len) % 16;
        Bytes buffer = rng.bytes(len + offset);
        const std::uint8_t* data = buffer.data() + offset;
        Bytes laid(ad.begin(), ad.end());
        laid.resize((ad_len + 15) / 16 * 16, 0);
        laid.insert(laid.end(), data, data + len);
        laid.resize(laid.size() + (16 - len % 16) % 16, 0);
        for (std::uint64_t bits : {8 * std::uint64_t{ad_len}, 8 * std::uint64_t{len}})
          for (int i = 0; i < 8; ++i) laid.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
        Bytes s = rng.bytes(16);
        c.native->hash_message(h.data(), ad.empty() ? nullptr : ad.data(), ad_len, data, len,
                               s.data());
        ASSERT_EQ(to_hex(s), to_hex(aeskit_test::gcm_siv::polyval_reference(h, laid)))
            << g << ": AD " << ad_len << " bytes, data " << len << " bytes";
        ++count;
      }
    }
    EXPECT_GT(count, 500u);
  }
  if (kernels == 0)
    GTEST_SKIP() << "SKIPPED, NOT PASSED: no POLYVAL kernel with hash_message on this CPU "
                    "(vpclmul512 needs AVX-512 with VPCLMULQDQ)";
}

TEST_P(Polyval, EdgeKeysAndData) {
  // H = 0, 1 (x^0), x^127 and all ones; data all ones (every carry and reduction path).
  const Bytes all_ones(16, 0xff), data(16 * 33, 0xff);
  Bytes one(16, 0), top(16, 0);
  one[0] = 1;
  top[15] = 0x80;
  for (const Bytes& h : {Bytes(16, 0), one, top, all_ones})
    EXPECT_EQ(to_hex(hash(h, data)), to_hex(aeskit_test::gcm_siv::polyval_reference(h, data)));
}

INSTANTIATE_TEST_SUITE_P(AllGhashBackends, Polyval, testing::ValuesIn(all_paths()), path_name);

TEST(PolyvalMapping, MulXGhashAppendixA) {
  // RFC 8452 Appendix A: mulX_GHASH(ByteReverse(H)) for the worked example's H.
  const Bytes h = from_hex("25629347589242761d31f826ba4b757b");
  Bytes out(16);
  d::mulx_ghash_of_reversed(h.data(), out.data());
  EXPECT_EQ(to_hex(out), "dcbaa5dd137c188ebb21492c23c9b112");
}

// ctr32_le: every AES backend (its kernel, or the generic loop) against counter blocks laid
// out by hand, starting near and across the 2^32 wrap, with random bytes 4..15.
class CtrLe : public testing::TestWithParam<std::string> {};

TEST_P(CtrLe, MatchesCounterBlocks) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : {16u, 32u}) {
    aeskit::AesKey key;
    const Bytes kb = rng.bytes(key_len);
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(kb, GetParam(), key));
    const d::KeyState& ks = *d::KeyAccess::state(key);
    for (std::uint32_t start : {0u, 1u, 0xfffffff0u, 0xfffffffeu, 0xffffffffu, 0x7fffffffu}) {
      for (std::size_t blocks : {1u, 2u, 7u, 8u, 9u, 15u, 16u, 17u, 31u, 33u, 64u, 100u}) {
        Bytes counter = rng.bytes(16);
        for (int i = 0; i < 4; ++i) counter[i] = static_cast<std::uint8_t>(start >> (8 * i));
        const Bytes in = rng.bytes(16 * blocks);
        // Oracle: block i = LE32(start + i mod 2^32) || counter[4..15], ECB, XOR.
        Bytes stream(16 * blocks);
        for (std::size_t i = 0; i < blocks; ++i) {
          std::memcpy(stream.data() + 16 * i, counter.data(), 16);
          const std::uint32_t c = start + static_cast<std::uint32_t>(i);
          for (int b = 0; b < 4; ++b) stream[16 * i + b] = static_cast<std::uint8_t>(c >> (8 * b));
        }
        d::ecb_encrypt_blocks(ks, stream.data(), stream.data(), blocks);
        Bytes expected(16 * blocks);
        for (std::size_t i = 0; i < expected.size(); ++i)
          expected[i] = static_cast<std::uint8_t>(in[i] ^ stream[i]);
        Bytes out(16 * blocks);
        Bytes ctr = counter;
        d::ctr32_le_blocks(ks, ctr.data(), in.data(), out.data(), blocks);
        EXPECT_EQ(to_hex(out), to_hex(expected))
            << "start " << start << ", " << blocks << " blocks";
        Bytes next = counter;
        const std::uint32_t after = start + static_cast<std::uint32_t>(blocks);
        for (int b = 0; b < 4; ++b) next[b] = static_cast<std::uint8_t>(after >> (8 * b));
        EXPECT_EQ(to_hex(ctr), to_hex(next)) << "counter not advanced exactly";
        // In place.
        Bytes buf = in;
        ctr = counter;
        d::ctr32_le_blocks(ks, ctr.data(), buf.data(), buf.data(), blocks);
        EXPECT_EQ(to_hex(buf), to_hex(expected));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllBackends, CtrLe, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

// The optional AES-GCM-SIV entries (backend.hpp) of every backend that has them, against the
// contract spelled out with the required entries: gcm_siv_derive vs encrypt_blocks on the
// LE32(i) || N blocks + expand_key (the schedule compared through encryption, its layout
// being the backend's); gcm_siv_tag_ctr vs E(S ^ N, bit 127 cleared) and ctr32_le_blocks
// from the tag | 0x80, for 0..20 blocks (one group and past it), the counter continuing
// exactly, with tags whose first 4 bytes wrap mod 2^32 inside the group.
class GcmSivKernels : public testing::TestWithParam<std::string> {};

TEST_P(GcmSivKernels, DeriveMatchesEncryptBlocksAndExpandKey) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : {16u, 32u}) {
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng.bytes(key_len), GetParam(), key));
    const d::KeyState& ks = *d::KeyAccess::state(key);
    ASSERT_NE(ks.backend->gcm_siv_derive, nullptr) << GetParam();
    for (int trial = 0; trial < 20; ++trial) {
      const Bytes nonce = rng.bytes(12);
      const std::size_t count = 2 + key_len / 8;
      Bytes blocks(16 * count);
      for (std::size_t i = 0; i < count; ++i) {
        blocks[16 * i] = static_cast<std::uint8_t>(i);
        std::memcpy(blocks.data() + 16 * i + 4, nonce.data(), 12);
      }
      d::ecb_encrypt_blocks(ks, blocks.data(), blocks.data(), count);
      Bytes keys;
      for (std::size_t i = 0; i < count; ++i)
        keys.insert(keys.end(), blocks.begin() + 16 * i, blocks.begin() + 16 * i + 8);
      d::KeyState expected_enc;
      expected_enc.backend = ks.backend;
      expected_enc.key_len = key_len;
      ks.backend->expand_key(keys.data() + 16, key_len, expected_enc.enc);

      Bytes auth(16);
      d::KeyState enc;
      enc.backend = ks.backend;
      enc.key_len = key_len;
      ks.backend->gcm_siv_derive(ks.enc, nonce.data(), auth.data(), enc.enc);
      EXPECT_EQ(to_hex(auth), to_hex(Bytes(keys.begin(), keys.begin() + 16)));
      EXPECT_EQ(enc.enc.rounds, expected_enc.enc.rounds);
      const Bytes probe = rng.bytes(16 * 3);
      Bytes got(probe.size()), want(probe.size());
      d::ecb_encrypt_blocks(enc, probe.data(), got.data(), 3);
      d::ecb_encrypt_blocks(expected_enc, probe.data(), want.data(), 3);
      EXPECT_EQ(to_hex(got), to_hex(want)) << "expanded encryption key, trial " << trial;
    }
  }
}

TEST_P(GcmSivKernels, TagCtrMatchesTagThenCtr32Le) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : {16u, 32u}) {
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng.bytes(key_len), GetParam(), key));
    const d::KeyState& ks = *d::KeyAccess::state(key);
    ASSERT_NE(ks.backend->gcm_siv_tag_ctr, nullptr) << GetParam();
    for (std::size_t blocks = 0; blocks <= 20; ++blocks) {
      for (int trial = 0; trial < 8; ++trial) {
        const Bytes nonce = rng.bytes(12);
        Bytes s = rng.bytes(16);
        // Tag oracle: E(S ^ (N || 0^32)) with bit 7 of byte 15 cleared.
        Bytes s_prime = s;
        for (int i = 0; i < 12; ++i) s_prime[i] ^= nonce[i];
        s_prime[15] &= 0x7f;
        Bytes tag(16);
        d::ecb_encrypt_blocks(ks, s_prime.data(), tag.data(), 1);
        const Bytes in = rng.bytes(16 * blocks);
        Bytes counter = tag;
        counter[15] |= 0x80;
        Bytes expected(16 * blocks);
        if (blocks != 0) d::ctr32_le_blocks(ks, counter.data(), in.data(), expected.data(), blocks);

        Bytes got_tag(16), got_counter(16), buf = in;
        const std::size_t done =
            ks.backend->gcm_siv_tag_ctr(ks.enc, s.data(), nonce.data(), got_tag.data(),
                                        got_counter.data(), buf.data(), buf.data(), blocks);
        ASSERT_LE(done, blocks);
        if (blocks > 0) {
          EXPECT_GE(done, 1u) << "no progress";
        }
        if (done < blocks)
          d::ctr32_le_blocks(ks, got_counter.data(), buf.data() + 16 * done, buf.data() + 16 * done,
                             blocks - done);
        EXPECT_EQ(to_hex(got_tag), to_hex(tag)) << blocks << " blocks";
        EXPECT_EQ(to_hex(buf), to_hex(expected)) << blocks << " blocks, " << done << " in kernel";
        if (blocks != 0) {
          EXPECT_EQ(to_hex(got_counter), to_hex(counter)) << "next counter";
        }
      }
    }
    // Counter wrap inside the group: a tag T whose first 4 bytes are near 2^32 - 1, from
    // S' = D(T) (T redrawn until S' has bit 127 clear, as the tag input always has).
    for (std::uint32_t low : {0xfffffffcu, 0xffffffffu}) {
      const Bytes nonce = rng.bytes(12);
      Bytes tag, s_prime(16);
      do {
        tag = rng.bytes(16);
        for (int i = 0; i < 4; ++i) tag[i] = static_cast<std::uint8_t>(low >> (8 * i));
        ks.backend->decrypt_blocks(ks.decryption_keys(), tag.data(), s_prime.data(), 1);
      } while ((s_prime[15] & 0x80) != 0);
      Bytes s = s_prime;
      for (int i = 0; i < 12; ++i) s[i] ^= nonce[i];
      const std::size_t blocks = 8;
      const Bytes in = rng.bytes(16 * blocks);
      Bytes counter = tag;
      counter[15] |= 0x80;
      Bytes expected(16 * blocks);
      d::ctr32_le_blocks(ks, counter.data(), in.data(), expected.data(), blocks);
      Bytes got_tag(16), got_counter(16), buf = in;
      const std::size_t done =
          ks.backend->gcm_siv_tag_ctr(ks.enc, s.data(), nonce.data(), got_tag.data(),
                                      got_counter.data(), buf.data(), buf.data(), blocks);
      if (done < blocks)
        d::ctr32_le_blocks(ks, got_counter.data(), buf.data() + 16 * done, buf.data() + 16 * done,
                           blocks - done);
      EXPECT_EQ(to_hex(got_tag), to_hex(tag));
      EXPECT_EQ(to_hex(buf), to_hex(expected)) << "wrap from " << low;
    }
  }
}

// Only the backends whose table has both entries (the others have nothing to test here,
// and a skipped instance would only be noise in the count).
std::vector<std::string> gcm_siv_kernel_backends() {
  std::vector<std::string> out;
  for (const std::string& name : aeskit_test::backend_names()) {
    const d::AesBackend* b = d::find_backend(name);
    if (b != nullptr && b->gcm_siv_derive != nullptr && b->gcm_siv_tag_ctr != nullptr)
      out.push_back(name);
  }
  return out;
}

// A build without such a backend (ARM, POWER today) has no instance, which is not a failure.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GcmSivKernels);
INSTANTIATE_TEST_SUITE_P(AllBackends, GcmSivKernels, testing::ValuesIn(gcm_siv_kernel_backends()),
                         aeskit_test::backend_param_name);

}  // namespace
