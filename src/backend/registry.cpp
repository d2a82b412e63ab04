// src/backend/registry.cpp — the ordered list of backends and selection by CPU features.
#include <array>

#include "backend/backend.hpp"
#include "backend/aesni/aesni.hpp"
#include "backend/portable/portable.hpp"

namespace aeskit::detail {
namespace {

// Fastest first. best_backend() takes the first one the CPU supports; the portable
// backend supports every CPU, so the search always ends.
constexpr std::array<const AesBackend*, 2> kBackends = {&kAesniBackend, &kPortableBackend};

}  // namespace

std::size_t backend_count() noexcept { return kBackends.size(); }

const AesBackend& backend_at(std::size_t index) noexcept { return *kBackends[index]; }

const AesBackend* find_backend(std::string_view name) noexcept {
  for (const AesBackend* b : kBackends)
    if (b->name == name) return b;
  return nullptr;
}

const AesBackend& best_backend(const cpu::FeatureSet& features) noexcept {
  for (const AesBackend* b : kBackends)
    if (b->supported(features)) return *b;
  return kPortableBackend;
}

}  // namespace aeskit::detail
