// src/backend/simd/ghash_simd.hpp — constant-time GHASH over simd::V128 (SSSE3 on x86,
// NEON on AArch64) for CPUs without a carry-less multiply instruction.
#pragma once

#include "backend/ghash_backend.hpp"

namespace aeskit::detail {
extern const GhashBackend kGhashSimdBackend;
}
