// src/backend/clmul/polyval_clmul.hpp — the native POLYVAL kernels over the pclmul,
// vpclmul256 and vpclmul512 GHASH backends' keys (polyval_clmul.cpp).
#pragma once

#include "backend/polyval_kernels.hpp"

namespace aeskit::detail {
extern const PolyvalKernel kPolyvalPclmul;
extern const PolyvalKernel kPolyvalVpclmul256;
extern const PolyvalKernel kPolyvalVpclmul512;
}  // namespace aeskit::detail
