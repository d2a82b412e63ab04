// src/backend/arm64/pmull/gcm_armv8ce_pmull.hpp — fused AES-GCM (CTR and GHASH in one
// pass) for the (armv8ce, pmull) backend pair on AArch64.
#pragma once

#include "backend/gcm_fused_kernels.hpp"

namespace aeskit::detail {
extern const GcmFusedKernels kGcmFusedArmv8cePmull;
}
