// src/backend/clmul/ghash_clmul.hpp — the x86-64 carry-less-multiply GHASH backends:
// pclmul (PCLMULQDQ + SSSE3, 128-bit) and vpclmul256 (VPCLMULQDQ + AVX2, 256-bit).
#pragma once

#include "backend/ghash_backend.hpp"

namespace aeskit::detail {
extern const GhashBackend kGhashPclmulBackend;
extern const GhashBackend kGhashVpclmul256Backend;
}  // namespace aeskit::detail
