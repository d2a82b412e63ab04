// src/core/version.cpp — the loaded library's version (aeskit/version.hpp, and the C API's
// aeskit_version / aeskit_version_compatible). No CPU feature. The numbers come from the
// generated aeskit/version.h of this build.
#include "aeskit/version.hpp"

namespace aeskit {

Version version() noexcept {
  return {AESKIT_VERSION_MAJOR, AESKIT_VERSION_MINOR, AESKIT_VERSION_PATCH, AESKIT_VERSION_STRING};
}

bool library_compatible(int major, int minor) noexcept {
  if (major != AESKIT_VERSION_MAJOR) return false;
  if (AESKIT_VERSION_MAJOR == 0) return minor == AESKIT_VERSION_MINOR;
  return minor <= AESKIT_VERSION_MINOR;
}

}  // namespace aeskit
