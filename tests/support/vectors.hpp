// tests/support/vectors.hpp — locating the shared vector files (../shared/vectors).
//
// The directory comes from the environment variable AESKIT_VECTORS_DIR if set, else from the
// CMake cache variable of the same name (compiled in). A test whose file is missing is
// skipped with a visible message, or fails when AESKIT_REQUIRE_VECTORS=1 (as CI sets).
#pragma once

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

namespace aeskit_test {

std::filesystem::path vectors_dir();
bool vectors_required();

}  // namespace aeskit_test

// AESKIT_LOCATE_VECTOR(var, "nist_cavp/aes_128_cbc.txt") declares `var` as the file's path,
// or skips / fails the current test (it returns from the test body) when it is missing.
#define AESKIT_LOCATE_VECTOR(var, relative)                                               \
  const std::filesystem::path var = ::aeskit_test::vectors_dir() / (relative);            \
  if (!std::filesystem::is_regular_file(var)) {                                           \
    if (::aeskit_test::vectors_required()) {                                              \
      FAIL() << "vector file " << var << " is missing and AESKIT_REQUIRE_VECTORS=1";      \
    } else {                                                                              \
      GTEST_SKIP() << "SKIPPED, NOT PASSED: vector file " << var                          \
                   << " not found (set AESKIT_VECTORS_DIR to the shared vectors folder)"; \
    }                                                                                     \
  }                                                                                       \
  static_assert(true, "")
