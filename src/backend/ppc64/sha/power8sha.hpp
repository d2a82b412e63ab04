// src/backend/ppc64/sha/power8sha.hpp — SHA-256 and SHA-512 compressors on POWER8's
// vshasigmaw / vshasigmad (the vector crypto facility; SHA-1 stays portable).
#pragma once

#include "backend/sha_backend.hpp"

namespace aeskit::detail {
extern const ShaCompressor kShaPower8;
}
