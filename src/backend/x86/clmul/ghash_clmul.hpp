// src/backend/x86/clmul/ghash_clmul.hpp — the x86-64 carry-less-multiply GHASH backends:
// pclmul (PCLMULQDQ + SSSE3, 128-bit), vpclmul256 (VPCLMULQDQ + AVX2, 256-bit) and
// vpclmul512 (VPCLMULQDQ + AVX-512, 512-bit).
#pragma once

#include "backend/ghash_backend.hpp"

namespace aeskit::detail {
extern const GhashBackend kGhashPclmulBackend;
extern const GhashBackend kGhashVpclmul256Backend;
extern const GhashBackend kGhashVpclmul512Backend;
}  // namespace aeskit::detail
