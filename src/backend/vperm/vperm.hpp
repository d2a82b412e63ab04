// src/backend/vperm/vperm.hpp — the vector-permute backend (SSSE3 on x86, NEON on AArch64).
#pragma once

#include "backend/backend.hpp"

namespace aeskit::detail {
extern const AesBackend kVpermBackend;
}
