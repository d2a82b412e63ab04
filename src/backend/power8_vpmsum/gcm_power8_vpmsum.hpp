// src/backend/power8_vpmsum/gcm_power8_vpmsum.hpp — fused AES-GCM (CTR and GHASH in one pass)
// for the (power8, vpmsum) backend pair on ppc64le.
#pragma once

#include "backend/gcm_fused_kernels.hpp"

namespace aeskit::detail {
extern const GcmFusedKernels kGcmFusedPower8Vpmsum;
}
