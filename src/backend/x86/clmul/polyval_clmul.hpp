// src/backend/x86/clmul/polyval_clmul.hpp — the native POLYVAL kernels over the pclmul,
// vpclmul256 and vpclmul512 GHASH backends' keys (polyval_clmul.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/polyval_kernels.hpp"

namespace aeskit::detail {
extern const PolyvalKernel kPolyvalPclmul;
extern const PolyvalKernel kPolyvalVpclmul256;
extern const PolyvalKernel kPolyvalVpclmul512;

// polyval_hash_short_clmul: PolyvalKernel::hash_short for all three (xmm code, no key table;
// polyval_clmul.cpp).
void polyval_hash_short_clmul(const std::uint8_t h[16], std::uint8_t state[16],
                              const std::uint8_t* data, std::size_t blocks) noexcept;
}  // namespace aeskit::detail
