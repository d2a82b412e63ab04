// tests/chunked/chunked_diagnosis_test.cpp — ChunkKeys::failure_kind, the diagnosis of a chunk
// that did not verify: trailing_data when a shorter prefix is a valid final chunk at that index,
// else chunk_forged. Checks the verdicts against the plain search over every prefix length (the
// former implementation, here as the reference) and bounds the cost: at most one trial open
// per diagnosis, however long the bad chunk (the search made up to 16,384).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "aeskit/chunked.hpp"
#include "chunked/chunk_keys.hpp"

namespace {

using aeskit::Errc;
using aeskit::chunked::Suite;
using aeskit::chunked::detail::ChunkKeys;
namespace ck = aeskit::chunked;
using Bytes = std::vector<std::uint8_t>;

Bytes make_bytes(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  Bytes out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

ChunkKeys keys_for(Suite suite) {
  auto keys =
      ChunkKeys::raw(suite, make_bytes(ck::key_length(suite), 1), make_bytes(ck::kNonceSize, 2));
  EXPECT_TRUE(keys.ok());
  return std::move(*keys);
}

// sealed: chunk `index` carrying `pt_len` plaintext bytes, as it appears on the wire.
Bytes sealed(const ChunkKeys& keys, std::uint64_t index, std::size_t pt_len, std::uint32_t seed) {
  const Bytes pt = make_bytes(pt_len, seed);
  Bytes wire(pt_len + ck::kTagSize);
  keys.seal(index, pt, wire.data());
  return wire;
}

// reference_kind: the search over every prefix length, one open each.
Errc reference_kind(const ChunkKeys& keys, std::uint64_t index, std::span<const std::uint8_t> b) {
  Bytes scratch(ck::kChunkSize);
  const std::size_t limit = b.empty() ? 0 : std::min(b.size() - 1, ck::kWireChunkSize - 1);
  for (std::size_t len = ck::kTagSize; len <= limit; ++len)
    if (keys.open(index, b.first(len), scratch.data())) return Errc::trailing_data;
  return Errc::chunk_forged;
}

struct Verdict {
  Errc kind;
  unsigned opens;
};

Verdict diagnose(const ChunkKeys& keys, std::uint64_t index, std::span<const std::uint8_t> b) {
  Bytes scratch(ck::kChunkSize, 0xa5);
  unsigned opens = 99;
  const Errc kind = keys.failure_kind(index, b, scratch.data(), &opens);
  EXPECT_TRUE(std::all_of(scratch.begin(), scratch.end(), [](std::uint8_t x) { return x == 0; }))
      << "scratch not wiped";
  return {kind, opens};
}

class Diagnosis : public ::testing::TestWithParam<Suite> {};

INSTANTIATE_TEST_SUITE_P(Suites, Diagnosis,
                         ::testing::Values(Suite::cobblestone_128, Suite::cobblestone_256));

// A forged, cut or misplaced full chunk: chunk_forged with no trial open at all (the scan finds
// no prefix whose tag matches), also when the bytes run on into the next chunks.
TEST_P(Diagnosis, BadFullChunkCostsNoTrialOpen) {
  const ChunkKeys keys = keys_for(GetParam());
  const Bytes full = sealed(keys, 7, ck::kChunkSize, 3);
  Bytes scratch(ck::kChunkSize);
  ASSERT_TRUE(keys.open(7, full, scratch.data()));
  for (std::size_t at : {std::size_t{0}, std::size_t{5000}, ck::kWireChunkSize - 1}) {
    Bytes forged = full;
    forged[at] ^= 0x20;
    const Verdict v = diagnose(keys, 7, forged);
    EXPECT_EQ(v.kind, Errc::chunk_forged) << at;
    EXPECT_EQ(v.opens, 0u) << at;
  }
  Bytes run_on = full;  // a forged chunk followed by two more full chunks
  run_on[100] ^= 1;
  for (std::uint64_t i : {8u, 9u}) {
    const Bytes next = sealed(keys, i, ck::kChunkSize, static_cast<std::uint32_t>(i));
    run_on.insert(run_on.end(), next.begin(), next.end());
  }
  Verdict v = diagnose(keys, 7, run_on);
  EXPECT_EQ(v.kind, Errc::chunk_forged);
  EXPECT_EQ(v.opens, 0u);
  // The right chunk at the wrong index (reordering), and a chunk cut short.
  v = diagnose(keys, 8, full);
  EXPECT_EQ(v.kind, Errc::chunk_forged);
  EXPECT_EQ(v.opens, 0u);
  v = diagnose(keys, 7, std::span(full).first(ck::kWireChunkSize - 50));
  EXPECT_EQ(v.kind, Errc::chunk_forged);
  EXPECT_EQ(v.opens, 0u);
}

// A valid final chunk of any length followed by anything: trailing_data after exactly one
// trial open (the scan's match, confirmed by a real open).
TEST_P(Diagnosis, TrailingDataCostsOneTrialOpen) {
  const ChunkKeys keys = keys_for(GetParam());
  for (std::size_t pt_len :
       {std::size_t{0}, std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{17},
        std::size_t{100}, std::size_t{4096}, ck::kChunkSize - 1}) {
    const Bytes final_chunk = sealed(keys, 3, pt_len, static_cast<std::uint32_t>(pt_len));
    for (std::size_t extra : {std::size_t{1}, std::size_t{16}, std::size_t{20000}}) {
      Bytes b = final_chunk;
      const Bytes more = make_bytes(extra, 11);
      b.insert(b.end(), more.begin(), more.end());
      const Verdict v = diagnose(keys, 3, b);
      EXPECT_EQ(v.kind, Errc::trailing_data) << pt_len << " + " << extra;
      EXPECT_EQ(v.opens, 1u) << pt_len << " + " << extra;
      // The same bytes at another index hold no valid final chunk.
      const Verdict w = diagnose(keys, 4, b);
      EXPECT_EQ(w.kind, Errc::chunk_forged) << pt_len << " + " << extra;
      EXPECT_EQ(w.opens, 0u);
    }
    // The valid final chunk alone is not a failure the diagnosis looks into: only strictly
    // shorter prefixes count, so a lone valid chunk whose last byte is gone is forged.
    const Verdict v = diagnose(keys, 3, std::span(final_chunk).first(final_chunk.size() - 1));
    EXPECT_EQ(v.kind, Errc::chunk_forged) << pt_len;
  }
}

// Degenerate inputs: nothing, or no more than a tag.
TEST_P(Diagnosis, ShortInputs) {
  const ChunkKeys keys = keys_for(GetParam());
  const Bytes b = make_bytes(17, 5);
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u}) {
    const Verdict v = diagnose(keys, 0, std::span(b).first(n));
    EXPECT_EQ(v.kind, reference_kind(keys, 0, std::span(b).first(n))) << n;
    EXPECT_EQ(v.kind, Errc::chunk_forged) << n;
    EXPECT_EQ(v.opens, 0u) << n;
  }
  // 16 bytes of an empty final chunk plus one byte: the shortest trailing-data case.
  Bytes empty_final = sealed(keys, 0, 0, 6);
  empty_final.push_back(0);
  const Verdict v = diagnose(keys, 0, empty_final);
  EXPECT_EQ(v.kind, Errc::trailing_data);
  EXPECT_EQ(v.opens, 1u);
}

// The verdict equals the search over every length, for final chunks of every length up to
// 300 bytes (each partial-block position of the GHASH scan), intact or with one bit flipped
// in the ciphertext or tag, followed by a few bytes.
TEST_P(Diagnosis, SameVerdictAsTheFullSearch) {
  const ChunkKeys keys = keys_for(GetParam());
  std::mt19937 rng(12);
  int trailing = 0, forged = 0;
  for (std::size_t pt_len = 0; pt_len <= 300; ++pt_len) {
    Bytes b = sealed(keys, 1, pt_len, static_cast<std::uint32_t>(100 + pt_len));
    const std::size_t wire = b.size();
    if (pt_len % 3 == 1) b[rng() % wire] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    const Bytes more = make_bytes(1 + rng() % 40, static_cast<std::uint32_t>(pt_len));
    b.insert(b.end(), more.begin(), more.end());
    const Errc expected = reference_kind(keys, 1, b);
    const Verdict v = diagnose(keys, 1, b);
    EXPECT_EQ(v.kind, expected) << pt_len;
    EXPECT_LE(v.opens, 1u);
    (expected == Errc::trailing_data ? trailing : forged) += 1;
  }
  EXPECT_EQ(forged, 100);  // the flipped ones (pt_len % 3 == 1)
  EXPECT_EQ(trailing, 201);
}

}  // namespace
