// src/backend/sha_stitch_registry.cpp — the stitched AES-CBC + SHA kernels compiled in and
// selection by CPU features and the key's AES backend (as gcm_fused_list.hpp does for GCM).
// AESKIT_HAVE_X86 (set by CMakeLists.txt) decides whether src/backend/stitch/ is compiled in;
// AESKIT_DISABLE=sha or =aesni removes it at run time through the feature set.
#include <iterator>

#include "backend/sha_stitch.hpp"

namespace aeskit::detail {
namespace {

// Fastest first; the trailing nullptr keeps the array non-empty on every CPU family.
constexpr const CbcShaStitch* kStitches[] = {
#if defined(AESKIT_HAVE_X86)
    &kCbcShaStitchAesniShani,
#endif
    nullptr,
};

}  // namespace

const CbcShaStitch* find_cbc_sha_stitch(const cpu::FeatureSet& features,
                                        std::string_view aes_backend) noexcept {
  for (const CbcShaStitch* s : kStitches) {
    if (s == nullptr || !s->supported(features)) continue;
    for (std::string_view f : s->key_formats)
      if (!f.empty() && f == aes_backend) return s;
  }
  return nullptr;
}

}  // namespace aeskit::detail
