// src/backend/portable/sha_portable.cpp — the portable SHA compressor entry (any CPU; offers
// SHA-1, SHA-256 and SHA-512).
#include "backend/portable/sha_portable.hpp"
#include "backend/sha_backend.hpp"

namespace aeskit::detail {
namespace {
bool always(const cpu::FeatureSet&) {
  return true;
}
}  // namespace

const ShaCompressor kShaPortable = {
    "portable",
    "portable C++ SHA-1/SHA-256/SHA-512 (unrolled, 64-bit words for SHA-512)",
    &always,
    &sha1_compress_portable,
    &sha256_compress_portable,
    &sha512_compress_portable,
};

}  // namespace aeskit::detail
