// tests/cross/cross_check.hpp — what the self-contained tests in tests/cross (no gtest) share:
// the check counter (expect() counts a check and prints the first 50 failures, finish() prints
// the totals and is main's exit status, 1 on any failure), the xorshift64* generator of their
// test data, and AESKIT_CROSS_EXPECT_NO_VECTOR_UNIT. Header-only.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace cross_check {

inline int g_checks = 0;
inline int g_failures = 0;

inline void expect(bool ok, const std::string& what) {
  ++g_checks;
  if (!ok) {
    ++g_failures;
    if (g_failures <= 50) std::printf("FAIL: %s\n", what.c_str());
  }
}

inline int finish() {
  std::printf("%d checks, %d failures\n", g_checks, g_failures);
  return g_failures == 0 ? 0 : 1;
}

// Xorshift64Star: reproducible test data (not cryptographic) from a fixed seed.
struct Xorshift64Star {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  std::uint8_t byte() { return static_cast<std::uint8_t>(next() >> 56); }
};

// expect_no_vector_unit: AESKIT_CROSS_EXPECT_NO_VECTOR_UNIT=1, set for a CPU model without the
// vector unit the library uses (scripts/cpu-models.sh: qemu64, SSE2 only), which turns the
// checks that the vector code is compiled in and chosen around.
inline bool expect_no_vector_unit() {
  const char* value = std::getenv("AESKIT_CROSS_EXPECT_NO_VECTOR_UNIT");
  return value != nullptr && std::string_view(value) == "1";
}

}  // namespace cross_check
