// aeskit/version.hpp — the library's version at run time, and the check that the loaded
// library serves the headers a program was built with (aeskit/version.h has the headers').
#pragma once

#include "aeskit/export.hpp"
#include "aeskit/version.h"

namespace aeskit {

struct Version {
  int major;
  int minor;
  int patch;
  const char* string;  // "0.1.0"
};

// version: the loaded library's version.
AESKIT_API Version version() noexcept;

// library_compatible: true when the loaded library serves programs built against headers of
// version major.minor. While the version is 0.x a minor release may change the API and ABI,
// so the major and minor must be equal; from 1.0 on, the same major and a minor no newer than
// the library's.
AESKIT_API bool library_compatible(int major, int minor) noexcept;

// headers_match_library: library_compatible for these headers. Inline, so it is compiled
// into the program with the program's headers: call it at start-up (a program run against
// another libaeskit than the one it was built with gets false).
inline bool headers_match_library() noexcept {
  return library_compatible(AESKIT_VERSION_MAJOR, AESKIT_VERSION_MINOR);
}

}  // namespace aeskit
