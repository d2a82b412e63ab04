// src/backend/ppc64/vpmsum/ghash_vpmsum.hpp — GHASH on POWER8's vpmsumd (64x64-bit carry-less
// multiply-sum, the vector crypto facility).
#pragma once

#include "backend/ghash_backend.hpp"

namespace aeskit::detail {
extern const GhashBackend kGhashVpmsumBackend;
}
