// src/backend/arm64/pmull/ghash_pmull.hpp — GHASH on AArch64's PMULL/PMULL2 (64x64-bit carry-less
// multiply, FEAT_PMULL).
#pragma once

#include "backend/ghash_backend.hpp"

namespace aeskit::detail {
extern const GhashBackend kGhashPmullBackend;
}
