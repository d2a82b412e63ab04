// tests/support/backends.hpp — parameterising tests over the compiled-in backends, making
// keys on a named backend, and printing aeskit's error codes in gtest messages.
// No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"

namespace aeskit {
// gtest finds these by ADL and prints e.g. "bad_padding (5)" or "CBC" instead of raw bytes.
void PrintTo(Errc code, std::ostream* os);
void PrintTo(Mode mode, std::ostream* os);
}  // namespace aeskit

namespace aeskit_test {

inline constexpr std::size_t kKeySizes[] = {16, 24, 32};

// backend_names lists aeskit::backends() (every compiled-in backend, available or not).
std::vector<std::string> backend_names();
bool backend_available(std::string_view name);

// identifier replaces every character gtest does not allow in a test name with '_'.
std::string identifier(std::string_view s);
// backend_param_name turns a backend name into a gtest-safe identifier.
std::string backend_param_name(const testing::TestParamInfo<std::string>& info);

// make_key creates a key on `backend` (empty: default). Use with ASSERT_NO_FATAL_FAILURE.
void make_key(std::span<const std::uint8_t> key, std::string_view backend, aeskit::AesKey& out);

}  // namespace aeskit_test

// AESKIT_SKIP_UNAVAILABLE(name) skips (never passes) a test for a backend this CPU lacks.
#define AESKIT_SKIP_UNAVAILABLE(name)                                                \
  if (!::aeskit_test::backend_available(name)) {                                     \
    GTEST_SKIP() << "SKIPPED, NOT PASSED: backend '" << (name)                       \
                 << "' is not available on this CPU (or removed by AESKIT_DISABLE)"; \
  }                                                                                  \
  static_assert(true, "")
