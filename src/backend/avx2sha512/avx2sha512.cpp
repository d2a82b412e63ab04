// src/backend/avx2sha512/avx2sha512.cpp — the avx2sha512 compressor entry: SHA-512 only
// (SHA-1 and SHA-256 fall through to shani or portable).
// CPU features: AVX2, BMI2 (x86::avx2sha512_supported).
#include "backend/avx2sha512/avx2sha512.hpp"

#include "backend/x86/supported.hpp"

namespace aeskit::detail {

const ShaCompressor kShaAvx2Sha512 = {
    "avx2sha512",
    "SHA-512: message schedule in AVX2 registers one block ahead, rounds in BMI2 scalar code",
    &x86::avx2sha512_supported,
    nullptr,
    nullptr,
    &sha512_compress_avx2,
};

}  // namespace aeskit::detail
