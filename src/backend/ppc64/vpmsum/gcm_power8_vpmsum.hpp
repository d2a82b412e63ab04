// src/backend/ppc64/vpmsum/gcm_power8_vpmsum.hpp — fused AES-GCM for the (power8, vpmsum) and
// (power9, vpmsum) pairs (gcm_power8_vpmsum.cpp, gcm_power9_vpmsum.cpp).
#pragma once

#include "backend/gcm_fused_kernels.hpp"

namespace aeskit::detail {
extern const GcmFusedKernels kGcmFusedPower8Vpmsum;
extern const GcmFusedKernels kGcmFusedPower9Vpmsum;
}  // namespace aeskit::detail
