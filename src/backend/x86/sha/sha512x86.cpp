// src/backend/x86/sha/sha512x86.cpp — the x86-64 SHA-512 compressor entries, SHA-512 only
// (SHA-1 and SHA-256 fall through to shani or portable): avx512sha512 and avx2sha512.
// CPU features: see each predicate (x86/supported.hpp).
#include "backend/x86/sha/sha512x86.hpp"

#include "backend/x86/supported.hpp"

namespace aeskit::detail {

const ShaCompressor kShaAvx512Sha512 = {
    "avx512sha512",
    "SHA-512: schedule on ymm by AVX-512VL (VPRORQ, VPTERNLOGQ) between BMI2 scalar rounds",
    &x86::avx512sha512_supported,
    nullptr,
    nullptr,
    &sha512_compress_avx512,
};

const ShaCompressor kShaAvx2Sha512 = {
    "avx2sha512",
    "SHA-512: schedule on ymm by AVX2 shifts between BMI2 scalar rounds",
    &x86::avx2sha512_supported,
    nullptr,
    nullptr,
    &sha512_compress_avx2,
};

}  // namespace aeskit::detail
