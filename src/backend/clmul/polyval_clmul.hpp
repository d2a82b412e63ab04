// src/backend/clmul/polyval_clmul.hpp — the native POLYVAL kernels over the pclmul and
// vpclmul256 GHASH backends' keys (polyval_pclmul.cpp, polyval_vpclmul256.cpp).
#pragma once

#include "backend/polyval_kernels.hpp"

namespace aeskit::detail {
extern const PolyvalKernel kPolyvalPclmul;
extern const PolyvalKernel kPolyvalVpclmul256;
}  // namespace aeskit::detail
