// tests/support/rng.cpp — per-test reproducible PRNG streams. No vectors here.
#include "support/rng.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

namespace aeskit_test {
namespace {

std::uint64_t base_seed() {
  if (const char* env = std::getenv("AESKIT_TEST_SEED"); env != nullptr && *env != '\0')
    return std::strtoull(env, nullptr, 0);
  return kDefaultSeed;
}

// FNV-1a: stable across compilers and runs (std::hash is not).
std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string current_test_name() {
  const testing::TestInfo* info = testing::UnitTest::GetInstance()->current_test_info();
  if (info == nullptr) return "";
  return std::string(info->test_suite_name()) + "." + info->name();
}

}  // namespace

TestRng::TestRng() {
  const std::uint64_t base = base_seed();
  seed_ = base ^ fnv1a(current_test_name());
  engine_.seed(seed_);
  std::printf("[   SEED   ] AESKIT_TEST_SEED=0x%016llx (this test's stream: 0x%016llx)\n",
              static_cast<unsigned long long>(base), static_cast<unsigned long long>(seed_));
  std::fflush(stdout);
  testing::Test::RecordProperty("aeskit_test_seed", std::to_string(base));
}

std::size_t TestRng::between(std::size_t lo, std::size_t hi) {
  return std::uniform_int_distribution<std::size_t>(lo, hi)(engine_);
}

void TestRng::fill(std::span<std::uint8_t> out) {
  for (std::uint8_t& b : out) b = static_cast<std::uint8_t>(engine_() >> 56);
}

Bytes TestRng::bytes(std::size_t n) {
  Bytes b(n);
  fill(b);
  return b;
}

std::size_t random_piece(TestRng* rng, std::size_t left,
                         std::initializer_list<std::pair<std::size_t, std::size_t>> ranges) {
  if (rng == nullptr) return left;
  const std::size_t pick = rng->between(0, 3 + ranges.size());
  std::size_t n = left;
  if (pick == 0) {
    n = 0;
  } else if (pick == 1) {
    n = rng->between(1, 15);
  } else if (pick == 2) {
    n = 16;
  } else if (pick < 3 + ranges.size()) {
    const auto& [lo, hi] = *(ranges.begin() + (pick - 3));
    n = rng->between(lo, hi);
  }
  return std::min(n, left);
}

}  // namespace aeskit_test
