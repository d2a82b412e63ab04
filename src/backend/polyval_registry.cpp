// src/backend/polyval_registry.cpp — the native POLYVAL kernels compiled into this build and
// their lookup by GHASH backend (polyval_kernels.hpp). As in ghash_registry.cpp,
// AESKIT_HAVE_X86 (set by CMakeLists.txt) decides which backend folders are compiled in.
#include "backend/polyval_kernels.hpp"
#if defined(AESKIT_HAVE_X86)
#include "backend/clmul/polyval_clmul.hpp"
#endif

namespace aeskit::detail {

const PolyvalKernel* find_polyval_kernel(const GhashBackend& ghash,
                                         const cpu::FeatureSet& features) noexcept {
#if defined(AESKIT_HAVE_X86)
  for (const PolyvalKernel* k : {&kPolyvalPclmul, &kPolyvalVpclmul256, &kPolyvalVpclmul512})
    if (k->ghash == &ghash && ghash.supported(features)) return k;
#else
  (void)ghash;
  (void)features;
#endif
  return nullptr;
}

}  // namespace aeskit::detail
