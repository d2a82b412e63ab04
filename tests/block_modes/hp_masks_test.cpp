// tests/block_modes/hp_masks_test.cpp — aeskit::hp_masks (QUIC header-protection masks, issue
// 42) and its C twin aeskit_hp_masks: every backend this CPU runs (AESKIT_DISABLE honoured),
// every key size, n = 0, 1, 7, 32, 33, 100 samples at random offsets in separate packets,
// each mask equal to a one-block encrypt_blocks of its sample; argument errors write nothing.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.h"
#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;

constexpr std::uint8_t kFill = 0xc3;

struct Packets {
  std::vector<Bytes> packets;
  std::vector<const std::uint8_t*> samples;
};

// n packets of 20..1400 bytes, each with its sample at a random offset (as pn_offset + 4).
Packets make_packets(aeskit_test::TestRng& rng, std::size_t n) {
  Packets p;
  p.packets.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    p.packets.push_back(rng.bytes(rng.between(20, 1400)));
    const std::size_t off = rng.between(0, p.packets.back().size() - 16);
    p.samples.push_back(p.packets.back().data() + off);
  }
  return p;
}

class HpMasks : public testing::TestWithParam<std::string> {
 protected:
  aeskit_test::TestRng rng_;
};

TEST_P(HpMasks, EveryCountEqualsOneBlockCalls) {
  if (!aeskit_test::backend_available(GetParam()))
    GTEST_SKIP() << GetParam() << " is not available on this CPU";
  for (std::size_t key_len : {16u, 24u, 32u}) {
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng_.bytes(key_len), GetParam(), key));
    for (std::size_t n : {0u, 1u, 7u, 32u, 33u, 100u}) {
      SCOPED_TRACE(std::to_string(key_len) + "-byte key, n = " + std::to_string(n));
      const Packets p = make_packets(rng_, n);
      Bytes expected(16 * n);
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_TRUE(
            key.encrypt_blocks(std::span(p.samples[i], 16), std::span(expected).subspan(16 * i, 16))
                .ok());
      Bytes masks(16 * n + 5, kFill);  // room to spare: nothing past 16n written
      ASSERT_TRUE(aeskit::hp_masks(key, p.samples, masks).ok());
      EXPECT_EQ(to_hex(std::span(masks).first(16 * n)), to_hex(expected));
      EXPECT_EQ(Bytes(masks.begin() + static_cast<std::ptrdiff_t>(16 * n), masks.end()),
                Bytes(5, kFill));

      aeskit_aes* c = nullptr;
      const Bytes raw = rng_.bytes(key_len);
      ASSERT_EQ(aeskit_aes_new(&c, raw.data(), raw.size(), GetParam().c_str()), AESKIT_OK);
      aeskit::AesKey same;
      ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(raw, GetParam(), same));
      Bytes cmasks(16 * n, kFill), cpp(16 * n, kFill);
      EXPECT_EQ(aeskit_hp_masks(c, p.samples.data(), n, cmasks.data(), cmasks.size()), AESKIT_OK);
      ASSERT_TRUE(aeskit::hp_masks(same, p.samples, cpp).ok());
      EXPECT_EQ(to_hex(cmasks), to_hex(cpp)) << "C API";
      aeskit_aes_free(c);
    }
  }
}

TEST_P(HpMasks, ArgumentErrorsWriteNothing) {
  if (!aeskit_test::backend_available(GetParam()))
    GTEST_SKIP() << GetParam() << " is not available on this CPU";
  aeskit::AesKey key;
  ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng_.bytes(16), GetParam(), key));
  Packets p = make_packets(rng_, 33);
  Bytes masks(16 * 33 - 1, kFill);
  EXPECT_EQ(aeskit::hp_masks(key, p.samples, masks).code(), Errc::output_too_small);
  EXPECT_EQ(masks, Bytes(masks.size(), kFill));

  masks.assign(16 * 33, kFill);
  std::vector<const std::uint8_t*> with_null = p.samples;
  with_null[20] = nullptr;
  EXPECT_EQ(aeskit::hp_masks(key, with_null, masks).code(), Errc::invalid_argument);
  EXPECT_EQ(masks, Bytes(masks.size(), kFill));

  // A sample inside the masks (a later sample overwritten by an earlier group's masks).
  std::vector<const std::uint8_t*> inside = p.samples;
  inside[32] = masks.data() + 7;
  EXPECT_EQ(aeskit::hp_masks(key, inside, masks).code(), Errc::overlapping_buffers);
  EXPECT_EQ(masks, Bytes(masks.size(), kFill));

  EXPECT_EQ(aeskit::hp_masks(aeskit::AesKey{}, p.samples, masks).code(), Errc::invalid_state);

  aeskit_aes* c = nullptr;
  const Bytes raw = rng_.bytes(16);
  ASSERT_EQ(aeskit_aes_new(&c, raw.data(), raw.size(), GetParam().c_str()), AESKIT_OK);
  EXPECT_EQ(aeskit_hp_masks(c, with_null.data(), 33, masks.data(), masks.size()),
            AESKIT_E_NULL_POINTER);
  EXPECT_EQ(aeskit_hp_masks(c, nullptr, 1, masks.data(), masks.size()), AESKIT_E_NULL_POINTER);
  EXPECT_EQ(aeskit_hp_masks(nullptr, p.samples.data(), 1, masks.data(), masks.size()),
            AESKIT_E_NULL_POINTER);
  EXPECT_EQ(aeskit_hp_masks(c, p.samples.data(), 33, masks.data(), 16 * 33 - 1),
            AESKIT_E_OUTPUT_TOO_SMALL);
  EXPECT_EQ(aeskit_hp_masks(c, nullptr, 0, nullptr, 0), AESKIT_OK);
  EXPECT_EQ(masks, Bytes(masks.size(), kFill));
  aeskit_aes_free(c);
}

INSTANTIATE_TEST_SUITE_P(Backends, HpMasks, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
