// src/backend/arm64/sha/armv8sha.hpp — SHA compressors on the ARMv8 SHA instructions (AArch64:
// SHA1C/P/M/H/SU0/SU1 with FEAT_SHA1, SHA256H/H2/SU0/SU1 with FEAT_SHA256, SHA512H/H2/SU0/SU1
// with FEAT_SHA512), one compressor per feature so each is picked exactly when its own
// AT_HWCAP bit is there.
#pragma once

#include "backend/sha_backend.hpp"

namespace aeskit::detail {
extern const ShaCompressor kShaArmv8Sha1;
extern const ShaCompressor kShaArmv8Sha256;
extern const ShaCompressor kShaArmv8Sha512;
}  // namespace aeskit::detail
