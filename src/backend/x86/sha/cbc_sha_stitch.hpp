// src/backend/x86/sha/cbc_sha_stitch.hpp — the stitched AES-CBC (AES-NI) + SHA-1/SHA-256
// (SHA-NI) kernel table this folder defines (cbc_sha_stitch.cpp), for the catalog.
// CPU features: AES-NI, SHA extensions, SSSE3, SSE4.1. Contract: src/backend/sha_stitch.hpp.
#pragma once

#include "backend/sha_stitch.hpp"

namespace aeskit::detail {

extern const CbcShaStitch kCbcShaStitchAesniShani;

}  // namespace aeskit::detail
