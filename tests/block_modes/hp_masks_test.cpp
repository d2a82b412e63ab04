// tests/block_modes/hp_masks_test.cpp — aeskit::hp_masks (QUIC header-protection masks, issue
// 42) and its C twin aeskit_hp_masks: every backend this CPU runs (AESKIT_DISABLE honoured),
// every key size, n = 0, 1, 7, 8, 9, 31, 32, 33, 64, 65, 100 samples at random offsets in
// separate packets and overlapping each other at odd offsets of one buffer (and repeated), each
// mask equal to a one-block encrypt_blocks of its sample; argument errors write nothing, and a
// sample that touches the masks by one byte is refused while one next to them is not.
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
    for (std::size_t n : {0u, 1u, 7u, 8u, 9u, 31u, 32u, 33u, 64u, 65u, 100u}) {
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

// expect_one_block_calls: hp_masks(samples) == one encrypt_blocks call per sample, and nothing
// written past the masks.
void expect_one_block_calls(const aeskit::AesKey& key,
                            const std::vector<const std::uint8_t*>& samples) {
  const std::size_t n = samples.size();
  Bytes expected(16 * n);
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_TRUE(
        key.encrypt_blocks(std::span(samples[i], 16), std::span(expected).subspan(16 * i, 16))
            .ok());
  Bytes masks(16 * n + 3, kFill);
  ASSERT_TRUE(aeskit::hp_masks(key, samples, masks).ok());
  EXPECT_EQ(to_hex(std::span(masks).first(16 * n)), to_hex(expected));
  EXPECT_EQ(Bytes(masks.begin() + static_cast<std::ptrdiff_t>(16 * n), masks.end()),
            Bytes(3, kFill));
}

// Samples overlapping each other (read only): sample i at offset 3i + 1 of one buffer (odd
// alignments, neighbours sharing 13 bytes), in reverse order, and the same pointer repeated.
TEST_P(HpMasks, OverlappingSamplesAtOddOffsets) {
  if (!aeskit_test::backend_available(GetParam()))
    GTEST_SKIP() << GetParam() << " is not available on this CPU";
  for (std::size_t key_len : {16u, 32u}) {
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng_.bytes(key_len), GetParam(), key));
    const Bytes buffer = rng_.bytes(3 * 100 + 1 + 16);
    for (std::size_t n : {1u, 7u, 8u, 9u, 31u, 32u, 33u, 100u}) {
      SCOPED_TRACE(std::to_string(key_len) + "-byte key, n = " + std::to_string(n));
      std::vector<const std::uint8_t*> forward, backward, repeated;
      for (std::size_t i = 0; i < n; ++i) {
        forward.push_back(buffer.data() + 3 * i + 1);
        backward.push_back(buffer.data() + 3 * (n - 1 - i) + 1);
        repeated.push_back(buffer.data() + 5 + (i % 2));
      }
      ASSERT_NO_FATAL_FAILURE(expect_one_block_calls(key, forward));
      ASSERT_NO_FATAL_FAILURE(expect_one_block_calls(key, backward));
      ASSERT_NO_FATAL_FAILURE(expect_one_block_calls(key, repeated));
    }
  }
}

// The overlap test's edges: samples in the same buffer as the masks, one byte before them
// (sample ends where the masks begin: allowed), touching the first or last mask byte
// (refused), just past them (allowed); the first bad sample's error wins.
TEST_P(HpMasks, OverlapEdges) {
  if (!aeskit_test::backend_available(GetParam()))
    GTEST_SKIP() << GetParam() << " is not available on this CPU";
  aeskit::AesKey key;
  ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(rng_.bytes(16), GetParam(), key));
  constexpr std::size_t n = 9;
  Bytes arena = rng_.bytes(64 + 16 * n + 64);
  const std::uint8_t* masks_at = arena.data() + 64;
  const std::span<std::uint8_t> masks(arena.data() + 64, 16 * n);
  Packets p = make_packets(rng_, n);
  const struct {
    std::ptrdiff_t offset;  // of the sample from the masks' first byte
    bool overlaps;
  } cases[] = {{-16, false}, {-15, true},        {-1, true},      {0, true},
               {7, true},    {16 * n - 1, true}, {16 * n, false}, {16 * n + 9, false}};
  for (const auto& c : cases) {
    for (std::size_t slot : {std::size_t{0}, std::size_t{4}, n - 1}) {
      SCOPED_TRACE("offset " + std::to_string(c.offset) + ", sample " + std::to_string(slot));
      std::vector<const std::uint8_t*> samples = p.samples;
      samples[slot] = masks_at + c.offset;
      const Bytes before = arena;
      const aeskit::Status st = aeskit::hp_masks(key, samples, masks);
      if (c.overlaps) {
        EXPECT_EQ(st.code(), Errc::overlapping_buffers);
        EXPECT_EQ(arena, before);
      } else {
        // The sample lies outside the masks: compare with one-block calls on a copy of it.
        EXPECT_TRUE(st.ok());
        std::vector<const std::uint8_t*> copy = samples;
        const Bytes sample(samples[slot], samples[slot] + 16);
        copy[slot] = sample.data();
        Bytes expected(16 * n);
        for (std::size_t i = 0; i < n; ++i)
          ASSERT_TRUE(
              key.encrypt_blocks(std::span(copy[i], 16), std::span(expected).subspan(16 * i, 16))
                  .ok());
        EXPECT_EQ(to_hex(masks), to_hex(expected));
      }
    }
  }
  // Two bad samples: the first one's error.
  std::vector<const std::uint8_t*> both = p.samples;
  both[2] = masks_at + 3;
  both[5] = nullptr;
  EXPECT_EQ(aeskit::hp_masks(key, both, masks).code(), Errc::overlapping_buffers);
  both[2] = nullptr;
  both[5] = masks_at + 3;
  EXPECT_EQ(aeskit::hp_masks(key, both, masks).code(), Errc::invalid_argument);
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
