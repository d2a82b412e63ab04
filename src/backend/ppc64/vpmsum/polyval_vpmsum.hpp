// src/backend/ppc64/vpmsum/polyval_vpmsum.hpp — the native POLYVAL kernel on the vpmsum GHASH key.
#pragma once

#include "backend/polyval_kernels.hpp"

namespace aeskit::detail {
extern const PolyvalKernel kPolyvalVpmsum;
}
