// tests/ccm/aead_ccm_kernel_test.cpp — the CBC-MAC kernels (backend entries cbc_mac and mac_ctr,
// reached through modes/mac_chain.hpp) on every backend, with the entries on and off, against
// an oracle written here from single-block calls: for each block, K = E(counter), out = in ^ K,
// counter += 1 (32- or 128-bit), M = E(M ^ X) with X = in or out.
//
// Lengths 0..100 blocks, both counter widths, MAC over input and over output, separate buffers
// and in place; counters that cross 2^32 (ctr32 wraps within its 4 bytes, ctr128 carries into
// byte 11) and 2^64 / 2^128 (ctr128). Also: the CCM keys' kernel() text names the path.
#include <gtest/gtest.h>

#include <cstring>

#include "aead_ccm_support.hpp"
#include "backend/backend.hpp"
#include "core/key_state.hpp"
#include "modes/mac_chain.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::detail::AesBackend;
using aeskit::detail::KeyState;
using aeskit_test::Bytes;
using aeskit_test::to_hex;

// TestKey: a KeyState on a copy of a backend, with its MAC kernels kept or removed.
struct TestKey {
  AesBackend backend;
  KeyState state;
  TestKey(const AesBackend& b, bool kernels, const Bytes& key) : backend(b) {
    if (!kernels) {
      backend.cbc_mac = nullptr;
      backend.mac_ctr = nullptr;
    }
    state.backend = &backend;
    state.key_len = key.size();
    backend.expand_key(key.data(), key.size(), state.enc);
  }
};

void increment(std::uint8_t counter[16], bool ctr128) {
  const int stop = ctr128 ? 0 : 12;
  for (int i = 15; i >= stop; --i)
    if (++counter[i] != 0) break;
}

// oracle: the definition, one block at a time.
void oracle(const KeyState& k, bool ctr128, std::uint8_t counter[16], std::uint8_t mac[16],
            const std::uint8_t* in, std::uint8_t* out, std::size_t blocks, bool mac_output) {
  for (std::size_t i = 0; i < blocks; ++i) {
    std::uint8_t ks[16], x[16];
    k.backend->encrypt_blocks(k.enc, counter, ks, 1);
    increment(counter, ctr128);
    for (int j = 0; j < 16; ++j) {
      const std::uint8_t p = in[16 * i + j];
      const std::uint8_t c = static_cast<std::uint8_t>(p ^ ks[j]);
      x[j] = mac_output ? c : p;
      out[16 * i + j] = c;
    }
    for (int j = 0; j < 16; ++j) mac[j] ^= x[j];
    k.backend->encrypt_blocks(k.enc, mac, mac, 1);
  }
}

class MacKernels : public testing::TestWithParam<std::string> {
 protected:
  void compare(const AesBackend& b, const Bytes& key, const Bytes& counter0, std::size_t blocks,
               bool ctr128, bool mac_output, aeskit_test::TestRng& rng) {
    SCOPED_TRACE("blocks " + std::to_string(blocks) + " ctr128 " + std::to_string(ctr128) +
                 " mac_output " + std::to_string(mac_output) + " counter " + to_hex(counter0));
    TestKey ref(b, false, key);
    const Bytes in = rng.bytes(16 * blocks);
    const Bytes mac0 = rng.bytes(16);
    Bytes want_ctr = counter0, want_mac = mac0, want_out(in.size());
    oracle(ref.state, ctr128, want_ctr.data(), want_mac.data(), in.data(), want_out.data(), blocks,
           mac_output);
    for (bool kernels : {true, false}) {
      TestKey k(b, kernels, key);
      for (bool in_place : {false, true}) {
        SCOPED_TRACE(std::string(kernels ? "kernels" : "generic") + (in_place ? " in place" : ""));
        Bytes ctr = counter0, mac = mac0, buf = in, out(in.size());
        std::uint8_t* dst = in_place ? buf.data() : out.data();
        aeskit::detail::mac_ctr_blocks(k.state, ctr128, ctr.data(), mac.data(), buf.data(), dst,
                                       blocks, mac_output);
        ASSERT_EQ(to_hex(in_place ? buf : out), to_hex(want_out));
        ASSERT_EQ(to_hex(ctr), to_hex(want_ctr));
        ASSERT_EQ(to_hex(mac), to_hex(want_mac));
      }
      // cbc_mac alone: the oracle's chain over the input.
      Bytes mac = mac0, expect = mac0;
      for (std::size_t i = 0; i < blocks; ++i) {
        for (int j = 0; j < 16; ++j) expect[j] ^= in[16 * i + j];
        ref.backend.encrypt_blocks(ref.state.enc, expect.data(), expect.data(), 1);
      }
      aeskit::detail::cbc_mac_blocks(k.state, mac.data(), in.data(), blocks);
      ASSERT_EQ(to_hex(mac), to_hex(expect)) << "cbc_mac, " << (kernels ? "kernels" : "generic");
    }
  }
};

TEST_P(MacKernels, EveryLengthBothCountersBothDirections) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  const AesBackend* b = aeskit::detail::find_backend(GetParam());
  ASSERT_NE(b, nullptr);
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const Bytes key = rng.bytes(key_len);
    for (std::size_t blocks = 0; blocks <= 100; ++blocks)
      for (bool ctr128 : {false, true})
        for (bool mac_output : {false, true})
          ASSERT_NO_FATAL_FAILURE(compare(*b, key, rng.bytes(16), blocks, ctr128, mac_output, rng));
  }
}

TEST_P(MacKernels, CounterWrap) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  const AesBackend* b = aeskit::detail::find_backend(GetParam());
  ASSERT_NE(b, nullptr);
  aeskit_test::TestRng rng;
  const Bytes key = rng.bytes(16);
  const char* counters[] = {
      "000102030405060708090a0bfffffff0",  // the 32-bit field wraps
      "0001020304050607fffffffffffffff8",  // 128-bit: carry into the high half
      "fffffffffffffffffffffffffffffffa",  // 128-bit: wraps to zero
      "07aabbccddeeff0011223344556600fe",  // CCM-shaped (q = 2), crossing a byte
  };
  for (const char* c : counters)
    for (std::size_t blocks : {1u, 7u, 8u, 16u, 17u, 33u})
      for (bool ctr128 : {false, true})
        for (bool mac_output : {false, true})
          ASSERT_NO_FATAL_FAILURE(
              compare(*b, key, aeskit_test::from_hex(c), blocks, ctr128, mac_output, rng));
}

TEST_P(MacKernels, CcmKeyNamesItsPath) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  const AesBackend* b = aeskit::detail::find_backend(GetParam());
  ASSERT_NE(b, nullptr);
  auto k = aeskit::AeadKey::create(aeskit::aead::aes_128_ccm(), Bytes(16, 1), 16, GetParam());
  ASSERT_TRUE(k.ok()) << k.message();
  const std::string text = k->kernel();
  EXPECT_EQ(text.rfind(GetParam() + ":ccm", 0), 0u) << text;
  if (b->mac_ctr != nullptr)
    EXPECT_NE(text.find("mac_ctr kernel"), std::string::npos) << text;
  else
    EXPECT_NE(text.find("[no mac_ctr kernel]"), std::string::npos) << text;
  EXPECT_EQ(k->backend_name(), GetParam());
}

// The x86 backends with AES-NI carry the kernels (the chain is serial: vaes256 and vaes512
// reuse the 128-bit code).
TEST(MacKernelsWiring, AesniAndVaesBackendsHaveThem) {
  const AesBackend* aesni = aeskit::detail::find_backend("aesni");
  if (aesni == nullptr) GTEST_SKIP() << "SKIPPED, NOT PASSED: not an x86 build (no aesni)";
  for (const char* name : {"aesni", "vaes256", "vaes512"}) {
    const AesBackend* b = aeskit::detail::find_backend(name);
    ASSERT_NE(b, nullptr) << name << " missing from an x86 build";
    EXPECT_NE(b->cbc_mac, nullptr) << name;
    EXPECT_NE(b->mac_ctr, nullptr) << name;
    EXPECT_EQ(b->cbc_mac, aesni->cbc_mac) << name;
    EXPECT_EQ(b->mac_ctr, aesni->mac_ctr) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(AllBackends, MacKernels, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
