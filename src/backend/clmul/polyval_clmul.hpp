// src/backend/clmul/polyval_clmul.hpp — the native POLYVAL kernels over the pclmul and
// vpclmul256 GHASH backends' keys (polyval_pclmul.cpp, polyval_vpclmul256.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/polyval_kernels.hpp"

namespace aeskit::detail {
extern const PolyvalKernel kPolyvalPclmul;
extern const PolyvalKernel kPolyvalVpclmul256;

// polyval_hash_short_clmul: PolyvalKernel::hash_short for both (xmm code, no key table;
// polyval_pclmul.cpp).
void polyval_hash_short_clmul(const std::uint8_t h[16], std::uint8_t state[16],
                              const std::uint8_t* data, std::size_t blocks) noexcept;
}  // namespace aeskit::detail
