// src/backend/polyval_registry.cpp — the native POLYVAL kernels compiled into this build and
// their lookup by GHASH backend (polyval_kernels.hpp), skipping a kernel that failed its
// self-test (self_test_ghash.cpp). As in ghash_registry.cpp, AESKIT_HAVE_X86 (set by
// CMakeLists.txt) decides which backend folders are compiled in.
#include "backend/polyval_kernels.hpp"
#include "backend/self_test.hpp"
#if defined(AESKIT_HAVE_X86)
#include "backend/clmul/polyval_clmul.hpp"
#endif

namespace aeskit::detail {

const PolyvalKernel* polyval_kernel_of(const GhashBackend& ghash) noexcept {
#if defined(AESKIT_HAVE_X86)
  for (const PolyvalKernel* k : {&kPolyvalPclmul, &kPolyvalVpclmul256, &kPolyvalVpclmul512})
    if (k->ghash == &ghash) return k;
#else
  (void)ghash;
#endif
  return nullptr;
}

// Without the native kernel (failed), POLYVAL runs through the RFC 8452 Appendix A mapping over
// the same GHASH backend (src/aead/polyval.cpp).
const PolyvalKernel* find_polyval_kernel(const GhashBackend& ghash,
                                         const cpu::FeatureSet& features) noexcept {
  const PolyvalKernel* k = polyval_kernel_of(ghash);
  if (k == nullptr || !ghash.supported(features) || !polyval_self_test_allows(*k)) return nullptr;
  return k;
}

}  // namespace aeskit::detail
