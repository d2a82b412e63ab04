// src/backend/registry.cpp — the ordered list of backends and selection by CPU features.
// Which backend folders exist is decided per CPU family at build time (CMakeLists.txt sets
// AESKIT_HAVE_X86, AESKIT_HAVE_VPERM); this file is the only place outside the backends that
// knows it.
#include <array>

#include "backend/backend.hpp"
#include "backend/portable/portable.hpp"
#include "backend/self_test.hpp"
#if defined(AESKIT_HAVE_VPERM)
#include "backend/vperm/vperm.hpp"
#endif
#if defined(AESKIT_HAVE_X86)
#include "backend/aesni/aesni.hpp"
#include "backend/vaes256/vaes256.hpp"
#include "backend/vaes512/vaes512.hpp"
#endif

namespace aeskit::detail {
namespace {

// Fastest first. best_backend() takes the first one the CPU supports, whose registers are no
// wider than cpu::max_vector_bits() (prefer-ymm) and whose self-test (self_test.cpp) did not
// fail; the portable backend supports every CPU, so the search always ends.
constexpr const AesBackend* kBackends[] = {
#if defined(AESKIT_HAVE_X86)
    &kVaes512Backend,  &kVaes256Backend, &kAesniBackend,
#endif
#if defined(AESKIT_HAVE_VPERM)
    &kVpermBackend,  // SSSE3 on x86, NEON on AArch64
#endif
    &kPortableBackend,
};

}  // namespace

std::size_t backend_count() noexcept {
  return std::size(kBackends);
}

const AesBackend& backend_at(std::size_t index) noexcept {
  return *kBackends[index];
}

const AesBackend* find_backend(std::string_view name) noexcept {
  for (const AesBackend* b : kBackends)
    if (b->name == name) return b;
  return nullptr;
}

const AesBackend& best_backend(const cpu::FeatureSet& features) noexcept {
  const unsigned max_bits = cpu::max_vector_bits();
  for (const AesBackend* b : kBackends)
    if (b->vector_bits <= max_bits && b->supported(features) && backend_self_test_allows(*b))
      return *b;
  return kPortableBackend;
}

}  // namespace aeskit::detail
