// src/backend/sha_registry.cpp — the ordered list of SHA compressors and selection by CPU
// features (as ghash_registry.cpp does for GHASH). AESKIT_HAVE_X86 (set by CMakeLists.txt)
// decides whether the SHA-NI folder is compiled in; AESKIT_DISABLE=sha removes it at run time
// through cpu_features().
#include <iterator>

#include "backend/sha_backend.hpp"

namespace aeskit::detail {
namespace {

constexpr const ShaCompressor* kCompressors[] = {
#if defined(AESKIT_HAVE_X86)
    &kShaNi,
#endif
    &kShaPortable,
};

}  // namespace

std::size_t sha_compressor_count() noexcept {
  return std::size(kCompressors);
}

const ShaCompressor& sha_compressor_at(std::size_t index) noexcept {
  return *kCompressors[index];
}

const ShaCompressor* find_sha_compressor(std::string_view name) noexcept {
  for (const ShaCompressor* c : kCompressors)
    if (c->name == name) return c;
  return nullptr;
}

const ShaCompressor& best_sha_compressor(const cpu::FeatureSet& features,
                                         HashAlgorithm alg) noexcept {
  for (const ShaCompressor* c : kCompressors)
    if (c->supported(features) && compress_fn(*c, alg) != nullptr) return *c;
  return kShaPortable;
}

}  // namespace aeskit::detail
