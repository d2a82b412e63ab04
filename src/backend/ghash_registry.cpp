// src/backend/ghash_registry.cpp — the ordered list of GHASH backends and selection by CPU
// features. As for the AES registry (registry.cpp), AESKIT_HAVE_X86 (set by CMakeLists.txt)
// decides which backend folders are compiled in; nothing else outside them knows.
#include <iterator>

#include "backend/ghash_backend.hpp"
#include "backend/portable/ghash_portable.hpp"
#if defined(AESKIT_HAVE_X86)
#include "backend/clmul/ghash_clmul.hpp"
#endif

namespace aeskit::detail {
namespace {

// Fastest first. best_ghash_backend() takes the first one the CPU supports; the portable
// backend supports every CPU, so the search always ends.
constexpr const GhashBackend* kGhashBackends[] = {
#if defined(AESKIT_HAVE_X86)
    &kGhashVpclmul256Backend,
    &kGhashPclmulBackend,
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
  for (const GhashBackend* b : kGhashBackends)
    if (b->supported(features)) return *b;
  return kGhashPortableBackend;
}

}  // namespace aeskit::detail
