// tests/support/rng.hpp — a fixed-seed PRNG for randomised tests, reproducible and reported.
//
// Each test gets its own stream: the base seed (AESKIT_TEST_SEED, default below) mixed with
// the test's full name, so adding a test never changes another's inputs. The seeds are
// printed on stdout and recorded as a test property, so a failure can be replayed. Also the
// sizes of the randomised sweeps, scaled down in sanitizer builds. No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <span>
#include <utility>

#include "support/hex.hpp"

namespace aeskit_test {

inline constexpr std::uint64_t kDefaultSeed = 0xae5c17'2024'0001ULL;

// kSanitized: a sanitizer build (AESKIT_TEST_SANITIZED: ASan/UBSan or TSan), where the largest
// random messages and the longest sweeps run scaled down (same paths, less time).
#if defined(AESKIT_TEST_SANITIZED)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
// scaled: `full` in a regular build, `sanitized` in a sanitizer build.
template <class T>
constexpr T scaled(T full, T sanitized) {
  return kSanitized ? sanitized : full;
}

class TestRng {
 public:
  // Seeds from AESKIT_TEST_SEED (or kDefaultSeed) and the running test's name; prints both.
  TestRng();

  std::uint64_t seed() const { return seed_; }
  // uniform in [lo, hi]
  std::size_t between(std::size_t lo, std::size_t hi);
  bool coin() { return (engine_() & 1) != 0; }
  void fill(std::span<std::uint8_t> out);
  Bytes bytes(std::size_t n);

 private:
  std::uint64_t seed_;
  std::mt19937_64 engine_;
};

// random_piece: the length of the next piece when a test splits `left` bytes at random —
// empty, 1..15 bytes, one block, a length from one of `ranges` (inclusive), or all the rest —
// at most `left`; all the rest when `rng` is null.
std::size_t random_piece(TestRng* rng, std::size_t left,
                         std::initializer_list<std::pair<std::size_t, std::size_t>> ranges);

}  // namespace aeskit_test
