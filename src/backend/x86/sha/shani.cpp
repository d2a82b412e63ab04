// src/backend/x86/sha/shani.cpp — the SHA-NI compressor entry: SHA-1 and SHA-256 on the x86 SHA
// extensions (SHA-512 has no SHA-NI form here: it falls through to the portable compressor).
// CPU features: SHA, SSSE3, SSE4.1.
#include "backend/x86/sha/shani.hpp"
#include "backend/sha_backend.hpp"
#include "backend/x86/supported.hpp"

namespace aeskit::detail {

const ShaCompressor kShaNi = {
    "shani",
    "x86 SHA extensions (SHA1RNDS4, SHA256RNDS2) for SHA-1 and SHA-256",
    &x86::shani_supported,
    &sha1_compress_shani,
    &sha256_compress_shani,
    nullptr,
};

}  // namespace aeskit::detail
