// src/backend/skeleton/skeleton.hpp — the skeleton family's AES backend: the template a new CPU
// family starts from (docs/ARCHITECTURE.md, "Adding a backend"). Compiled only with
// -DAESKIT_SKELETON_FAMILY=ON (the asan preset), on any architecture.
//
// CPU features: none; its supported() is always false, so selection never picks it.
#pragma once

#include "backend/backend.hpp"

namespace aeskit::detail {
extern const AesBackend kSkeletonBackend;
}
