// tests/mac/block128_test.cpp — base/block128.hpp against byte-by-byte references: partial loads
// with and without 10* padding, partial stores (nothing written past n), prefix masks, and dbl
// against the shift-and-reduce definition, for every length 0..16 and many random blocks and
// offsets.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>

#include "base/block128.hpp"
#include "base/block_double.hpp"
#include "support/rng.hpp"

namespace {

using aeskit::detail::Block128;
using Bytes16 = std::array<std::uint8_t, 16>;

Bytes16 to_bytes(Block128 b) {
  Bytes16 out;
  aeskit::detail::store_block128(out.data(), b);
  return out;
}

// dbl by the definition: shift the 128-bit big-endian value left by one, xor 0x87 into the
// last byte when the bit shifted out was set.
Bytes16 reference_double(const Bytes16& in) {
  Bytes16 out;
  for (int i = 0; i < 16; ++i) {
    const int next = i + 1 < 16 ? in[i + 1] >> 7 : 0;
    out[i] = static_cast<std::uint8_t>((in[i] << 1) | next);
  }
  if (in[0] & 0x80) out[15] ^= 0x87;
  return out;
}

TEST(Block128, PartialLoadsMatchZeroExtensionAndPadding) {
  aeskit_test::TestRng rng;
  std::uint8_t buffer[64];
  for (int trial = 0; trial < 200; ++trial) {
    rng.fill(buffer);
    const std::size_t offset = trial % 32;  // every alignment
    for (std::size_t n = 0; n <= 16; ++n) {
      for (bool pad : {false, true}) {
        Bytes16 expected{};
        std::memcpy(expected.data(), buffer + offset, n);
        if (pad && n < 16) expected[n] = 0x80;
        EXPECT_EQ(to_bytes(aeskit::detail::load_partial_block(buffer + offset, n, pad)), expected)
            << "n=" << n << " pad=" << pad << " offset=" << offset;
      }
    }
  }
}

TEST(Block128, PartialStoresWriteExactlyNBytes) {
  aeskit_test::TestRng rng;
  for (int trial = 0; trial < 200; ++trial) {
    std::uint8_t source[16], canvas[48], expected[48];
    rng.fill(source);
    rng.fill(canvas);
    const std::size_t offset = 8 + trial % 16;
    for (std::size_t n = 0; n <= 16; ++n) {
      std::uint8_t out[48];
      std::memcpy(out, canvas, sizeof out);
      std::memcpy(expected, canvas, sizeof expected);
      std::memcpy(expected + offset, source, n);
      aeskit::detail::store_partial_block(out + offset, n, aeskit::detail::load_block128(source));
      EXPECT_EQ(0, std::memcmp(out, expected, sizeof out)) << "n=" << n << " offset=" << offset;
      // Reading the stored bytes back gives the same zero-extended block.
      EXPECT_EQ(to_bytes(aeskit::detail::load_partial_block(out + offset, n, false)),
                to_bytes(aeskit::detail::load_partial_block(source, n, false)));
    }
  }
}

TEST(Block128, PrefixMaskKeepsExactlyNBytes) {
  for (std::size_t n = 0; n <= 16; ++n) {
    Bytes16 expected{};
    for (std::size_t i = 0; i < n; ++i) expected[i] = 0xff;
    EXPECT_EQ(to_bytes(aeskit::detail::block128_prefix_mask(n)), expected) << "n=" << n;
  }
}

TEST(Block128, DoubleMatchesShiftAndReduce) {
  aeskit_test::TestRng rng;
  for (int trial = 0; trial < 1000; ++trial) {
    Bytes16 in;
    rng.fill(in);
    if (trial < 2) in[0] = trial == 0 ? 0x80 : 0x00;  // both carry cases for certain
    Bytes16 out;
    aeskit::detail::block_double(in.data(), out.data());
    EXPECT_EQ(out, reference_double(in));
    Bytes16 in_place = in;
    aeskit::detail::block_double(in_place.data(), in_place.data());
    EXPECT_EQ(in_place, out);
  }
}

}  // namespace
