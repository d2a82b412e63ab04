// tests/support/vectors.cpp — locating the shared vector files. No vectors here.
#include "support/vectors.hpp"

#include <cstdlib>
#include <string_view>

#ifndef AESKIT_VECTORS_DIR
#error "tests/CMakeLists.txt must define AESKIT_VECTORS_DIR"
#endif

namespace aeskit_test {

std::filesystem::path vectors_dir() {
  if (const char* env = std::getenv("AESKIT_VECTORS_DIR"); env != nullptr && *env != '\0')
    return env;
  return AESKIT_VECTORS_DIR;
}

bool vectors_required() {
  const char* env = std::getenv("AESKIT_REQUIRE_VECTORS");
  return env != nullptr && std::string_view(env) == "1";
}

}  // namespace aeskit_test
