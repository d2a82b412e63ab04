// tests/hctr2/hctr2_differential_test.cpp — HCTR2 on every backend this CPU runs against the
// independent model (hctr2_model.hpp) and every backend against every other: random keys of
// 16/24/32 bytes, tweak lengths 0..80, every message length 16..600 and a few large ones,
// out of place at offsets 0..15 (unaligned) and in place; decrypt(encrypt(x)) = x. And each
// backend's xctr entry (or the generic loop without one) against the contract: S ^ le(i) from
// any 32-bit start, 0..145 blocks, in place. Seeds from support/rng.hpp (AESKIT_TEST_SEED).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "aead/gcm_fused.hpp"
#include "aead/polyval.hpp"
#include "aeskit/backends.hpp"
#include "aeskit/hctr2.hpp"
#include "backend/backend.hpp"
#include "core/key_state.hpp"
#include "cpu/features.hpp"
#include "hctr2_model.hpp"
#include "modes/mode_kernels.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::TestRng;

std::vector<std::string> available_backends() {
  std::vector<std::string> out;
  for (const std::string& name : aeskit_test::backend_names())
    if (aeskit_test::backend_available(name)) out.push_back(name);
  return out;
}

// check_message: the model's answer for (key, tweak, pt) against every backend, out of place at
// offset `offset` and in place, both directions.
void check_message(const std::vector<aeskit::Hctr2Key>& keys, const Bytes& key, const Bytes& tweak,
                   const Bytes& pt, std::size_t offset) {
  const Bytes ct = aeskit_test::hctr2_model::crypt(true, key, tweak, pt);
  for (const aeskit::Hctr2Key& k : keys) {
    SCOPED_TRACE(std::string(k.backend_name()) + ": " + std::to_string(pt.size()) +
                 " bytes, tweak " + std::to_string(tweak.size()) + ", key " +
                 std::to_string(key.size()) + ", offset " + std::to_string(offset));
    Bytes in(pt.size() + offset), out(pt.size() + offset + 1, 0x5a);
    std::copy(pt.begin(), pt.end(), in.begin() + static_cast<std::ptrdiff_t>(offset));
    const std::span<const std::uint8_t> src = std::span<const std::uint8_t>(in).subspan(offset);
    const std::span<std::uint8_t> dst = std::span<std::uint8_t>(out).subspan(offset, pt.size());
    ASSERT_TRUE(k.encrypt(tweak, src, dst).ok());
    ASSERT_TRUE(std::equal(dst.begin(), dst.end(), ct.begin()));
    ASSERT_EQ(out.back(), 0x5a);  // nothing past the message
    Bytes buf = ct;
    ASSERT_TRUE(k.decrypt(tweak, buf, buf).ok());
    ASSERT_EQ(buf, pt);
    ASSERT_TRUE(k.encrypt(tweak, buf, buf).ok());
    ASSERT_EQ(buf, ct);
  }
}

std::vector<aeskit::Hctr2Key> keys_on_every_backend(const Bytes& key) {
  std::vector<aeskit::Hctr2Key> keys;
  for (const std::string& name : available_backends()) {
    auto k = aeskit::Hctr2Key::create(key, name);
    EXPECT_TRUE(k.ok()) << name;
    if (k.ok()) keys.push_back(std::move(k).value());
  }
  return keys;
}

TEST(Hctr2Differential, EveryBackendVsModelEveryLength) {
  TestRng rng;
  const std::size_t top = aeskit_test::scaled<std::size_t>(600, 200);
  for (std::size_t len = 16; len <= top; ++len) {
    const Bytes key = rng.bytes(aeskit_test::kKeySizes[len % 3]);
    const std::vector<aeskit::Hctr2Key> keys = keys_on_every_backend(key);
    ASSERT_GE(keys.size(), 2u);  // portable and at least the CPU's own
    const Bytes tweak = rng.bytes(len <= 96 ? len - 16 : rng.between(0, 80));
    check_message(keys, key, tweak, rng.bytes(len), len % 16);
    if (HasFatalFailure()) return;
  }
}

TEST(Hctr2Differential, LargeMessages) {
  TestRng rng;
  for (std::size_t len : {4096u, 4096u + 15u, 16384u + 1u, 65536u + 33u}) {
    const Bytes key = rng.bytes(aeskit_test::kKeySizes[rng.between(0, 2)]);
    check_message(keys_on_every_backend(key), key, rng.bytes(rng.between(0, 80)), rng.bytes(len),
                  rng.between(0, 15));
    if (HasFatalFailure()) return;
  }
}

// Every backend against every other on one buffer (no model): the outputs are all equal.
TEST(Hctr2Differential, BackendsAgree) {
  TestRng rng;
  for (int round = 0; round < 200; ++round) {
    const Bytes key = rng.bytes(aeskit_test::kKeySizes[round % 3]);
    const std::vector<aeskit::Hctr2Key> keys = keys_on_every_backend(key);
    const Bytes tweak = rng.bytes(rng.between(0, 80));
    const Bytes pt = rng.bytes(rng.between(16, 2000));
    std::vector<Bytes> outs;
    for (const aeskit::Hctr2Key& k : keys) {
      Bytes out(pt.size());
      ASSERT_TRUE(k.encrypt(tweak, pt, out).ok());
      outs.push_back(out);
    }
    for (std::size_t i = 1; i < outs.size(); ++i)
      ASSERT_EQ(outs[i], outs[0]) << keys[i].backend_name() << " vs " << keys[0].backend_name()
                                  << ", " << pt.size() << " bytes";
  }
}

// The xctr entry (and the generic batches behind xctr_blocks) on every backend vs the contract:
// out_i = in_i ^ E(S ^ counter_i), the first 4 counter bytes little-endian mod 2^32.
TEST(Hctr2Differential, XctrEntryEveryBackend) {
  TestRng rng;
  using aeskit::detail::AesBackend;
  for (const std::string& name : available_backends()) {
    const AesBackend* b = aeskit::detail::find_backend(name);
    ASSERT_NE(b, nullptr);
    for (std::size_t key_len : aeskit_test::kKeySizes) {
      const Bytes key = rng.bytes(key_len);
      aeskit::detail::KeyState ks;
      ks.backend = b;
      ks.key_len = key_len;
      b->expand_key(key.data(), key_len, ks.enc);
      aeskit_test::EvpBlock ref(key, aeskit::Direction::encrypt);
      for (std::size_t blocks = 0; blocks <= 145; ++blocks) {
        SCOPED_TRACE(name + ", " + std::to_string(blocks) + " blocks");
        const Bytes s = rng.bytes(16), in = rng.bytes(16 * blocks);
        Bytes counter = rng.bytes(16);
        // a start a few blocks below the 32-bit wrap every 8th count, else random low bytes
        const std::uint32_t start = blocks % 8 == 0
                                        ? 0xffffffffu - static_cast<std::uint32_t>(blocks / 2)
                                        : static_cast<std::uint32_t>(rng.between(0, 0xffffffffu));
        for (int i = 0; i < 4; ++i) counter[i] = static_cast<std::uint8_t>(start >> (8 * i));
        Bytes want(in.size()), c = counter;
        for (std::size_t i = 0; i < blocks; ++i) {
          std::uint8_t x[16], ks_block[16];
          for (int j = 0; j < 16; ++j) x[j] = static_cast<std::uint8_t>(s[j] ^ c[j]);
          ref.crypt(x, ks_block);
          for (int j = 0; j < 16; ++j) want[16 * i + j] = in[16 * i + j] ^ ks_block[j];
          for (int j = 0; j < 4 && ++c[j] == 0; ++j) {
          }
        }
        Bytes got(in.size() + 16, 0xa5), ctr = counter;
        aeskit::detail::xctr_blocks(ks, s.data(), ctr.data(), in.data(), got.data(), blocks);
        ASSERT_TRUE(std::equal(want.begin(), want.end(), got.begin()));
        ASSERT_EQ(got[in.size()], 0xa5);
        ASSERT_EQ(ctr, c);
        Bytes inplace = in;
        ctr = counter;
        aeskit::detail::xctr_blocks(ks, s.data(), ctr.data(), inplace.data(), inplace.data(),
                                    blocks);
        ASSERT_EQ(inplace, want);
        ASSERT_EQ(ctr, c);
      }
    }
  }
}

// XCTR alone: published vectors (facts) from github.com/google/hctr2,
// test_vectors/ours/XCTR/XCTR_AES256.json (the nonce is S; messages of 1, 15 and 16 bytes),
// through every backend's xctr_blocks (a partial block padded, its first bytes compared) and
// through the model.
TEST(Hctr2Differential, XctrPublishedVectors) {
  struct X {
    const char *key, *nonce, *pt, *ct;
  };
  const X vectors[] = {
      {"05603a7e609046186c60baeb12d7bed1d3f610469df10cb473e39327a82c13aa",
       "f596d1b6cb44d8d03edb92800894cdd3", "78", "c5"},
      {"35ca38f3d9d634efcdeea32686bafb4501fa5267ffc59daa649a05bb8520a7f2",
       "e3daf5ff42598786ee7bd6b46a2544ff", "44671e0453d24bd996330754e48e20",
       "cc554079475c8ba6ca7b9f50e321ea"},
      {"afd91414d5dbc9ce765c5abf43052924c41368cce837bdb94120f55348d0a2d6",
       "a7b400087910aef502bf85b2694cc604", "ac6aa80cb084bf4cae9420587e009389",
       "d5aae2e9864c954edeb615cbdc1f1338"},
      {"fcb3e3c8cd43b9771440d4eb47a3a7f0af883a618fa96e523e3e9b2536885b00",
       "1074fddf75a34310cc29cc8024202910", "6943424c3933ca4d18a7865791c06c12",
       "39b11cefcc3c7e4aa9db45ccf9505da6"},
  };
  for (const X& v : vectors) {
    const Bytes key = aeskit_test::from_hex(v.key), s = aeskit_test::from_hex(v.nonce);
    const Bytes pt = aeskit_test::from_hex(v.pt), ct = aeskit_test::from_hex(v.ct);
    aeskit_test::EvpBlock ref(key, aeskit::Direction::encrypt);
    Bytes model(pt.size());
    aeskit_test::hctr2_model::xctr(ref, s.data(), pt, model.data());
    EXPECT_EQ(model, ct) << "model, key " << v.key;
    for (const std::string& name : available_backends()) {
      const aeskit::detail::AesBackend* b = aeskit::detail::find_backend(name);
      aeskit::detail::KeyState ks;
      ks.backend = b;
      ks.key_len = key.size();
      b->expand_key(key.data(), key.size(), ks.enc);
      std::uint8_t block[16] = {}, counter[16] = {1};
      std::copy(pt.begin(), pt.end(), block);
      aeskit::detail::xctr_blocks(ks, s.data(), counter, block, block, 1);
      EXPECT_TRUE(std::equal(ct.begin(), ct.end(), block)) << name << ", key " << v.key;
    }
  }
}

// Which code each backend's key reports: its xctr kernel where its table has one, and the fused
// XCTR + POLYVAL pass exactly where the backend pair with POLYVAL's GHASH backend has one (the
// differential tests above then ran it: every length, both directions, in place).
TEST(Hctr2Differential, KernelReport) {
  const Bytes key(32, 7);
  const aeskit::cpu::FeatureSet& features = aeskit::cpu::cpu_features();
  const aeskit::detail::PolyvalChoice polyval =
      aeskit::detail::choose_polyval(nullptr, features, true);
  std::size_t fused_keys = 0;
  for (const std::string& name : available_backends()) {
    auto k = aeskit::Hctr2Key::create(key, name);
    ASSERT_TRUE(k.ok());
    const std::string text = k.value().kernel();
    EXPECT_EQ(text.rfind(name + ": xctr", 0), 0u) << text;
    const bool has = aeskit::detail::find_backend(name)->xctr != nullptr;
    EXPECT_EQ(text.find("xctr (bulk kernel") != std::string::npos, has) << text;
    EXPECT_NE(text.find("polyval"), std::string::npos) << text;
    const aeskit::detail::GcmFusedKernels* f =
        polyval.native == nullptr
            ? nullptr
            : aeskit::detail::find_gcm_fused(*aeskit::detail::find_backend(name), *polyval.ghash,
                                             features);
    const bool fused = f != nullptr && f->xctr_polyval != nullptr;
    EXPECT_EQ(text.find("; second pass fused (") != std::string::npos, fused) << text;
    fused_keys += fused ? 1 : 0;
  }
  std::printf("[ hctr2] %zu of the backends run the fused XCTR + POLYVAL pass here\n", fused_keys);
  EXPECT_EQ(aeskit::Hctr2Key().kernel(), "");
}

}  // namespace
