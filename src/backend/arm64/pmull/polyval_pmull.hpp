// src/backend/arm64/pmull/polyval_pmull.hpp — the native POLYVAL kernel on the pmull GHASH key.
#pragma once

#include "backend/polyval_kernels.hpp"

namespace aeskit::detail {
extern const PolyvalKernel kPolyvalPmull;
}
