// src/backend/arm64/sha/cbc_sha_stitch.hpp — the stitched AES-CBC (ARMv8 AES) + SHA-1/SHA-256
// (ARMv8 SHA) kernel tables this folder defines (cbc_sha_stitch.cpp), for the catalog.
// CPU features: AArch64 FEAT_AES, FEAT_SHA1, FEAT_SHA256 (the wide form also FEAT_SHA3).
// Contract: src/backend/sha_stitch.hpp.
#pragma once

#include "backend/sha_stitch.hpp"

namespace aeskit::detail {

extern const CbcShaStitch kCbcShaStitchArmv8Wide;  // seal and open (cores with SHA3)
extern const CbcShaStitch kCbcShaStitchArmv8;      // seal only

}  // namespace aeskit::detail
