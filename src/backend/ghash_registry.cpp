// src/backend/ghash_registry.cpp — the ordered list of GHASH backends and selection by CPU
// features. As for the AES registry (registry.cpp), AESKIT_HAVE_X86 and AESKIT_HAVE_VPERM
// (set by CMakeLists.txt: the simd::V128 backends exist on x86 and AArch64) decide which
// backend folders are compiled in; nothing else outside them knows. A backend that failed its
// once-per-process self-test (self_test_ghash.cpp) is skipped.
#include <iterator>

#include "backend/ghash_backend.hpp"
#include "backend/portable/ghash_portable.hpp"
#include "backend/self_test.hpp"
#if defined(AESKIT_HAVE_VPERM)
#include "backend/simd_ghash/ghash_simd.hpp"
#endif
#if defined(AESKIT_HAVE_X86)
#include "backend/clmul/ghash_clmul.hpp"
#endif

namespace aeskit::detail {
namespace {

// Fastest first. best_ghash_backend() takes the first one the CPU supports (no wider than
// cpu::max_vector_bits()) whose self-test did not fail; the portable backend supports every
// CPU and stays the last resort, so the search always ends.
constexpr const GhashBackend* kGhashBackends[] = {
#if defined(AESKIT_HAVE_X86)
    &kGhashVpclmul512Backend, &kGhashVpclmul256Backend, &kGhashPclmulBackend,
#endif
#if defined(AESKIT_HAVE_VPERM)
    &kGhashSimdBackend,  // SSSE3 on x86, NEON on AArch64: no carry-less multiply needed
#endif
    &kGhashPortableBackend,
};

}  // namespace

std::size_t ghash_backend_count() noexcept {
  return std::size(kGhashBackends);
}

const GhashBackend& ghash_backend_at(std::size_t index) noexcept {
  return *kGhashBackends[index];
}

const GhashBackend* find_ghash_backend(std::string_view name) noexcept {
  for (const GhashBackend* b : kGhashBackends)
    if (b->name == name) return b;
  return nullptr;
}

const GhashBackend& best_ghash_backend(const cpu::FeatureSet& features) noexcept {
  const unsigned max_bits = cpu::max_vector_bits();
  for (const GhashBackend* b : kGhashBackends)
    if (b->vector_bits <= max_bits && b->supported(features) && ghash_self_test_allows(*b))
      return *b;
  return kGhashPortableBackend;
}

}  // namespace aeskit::detail
