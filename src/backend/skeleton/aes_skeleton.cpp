// src/backend/skeleton/aes_skeleton.cpp — the skeleton backend: the required AesBackend entries
// (backend.hpp), here forwarding to the portable backend's, and a supported() predicate that
// is always false. A real family replaces the forwards with its kernels (function-level target
// attributes, intrinsics from its folder) and supported() with its CPU features
// (cpu::has_feature<cpu::Feature::...>, probed in src/cpu/).
//
// CPU features: none (never selected; named explicitly it runs the portable code).
#include "backend/skeleton/skeleton.hpp"

#include "backend/portable/portable.hpp"

namespace aeskit::detail {
namespace {

bool skeleton_supported(const cpu::FeatureSet&) {
  return false;
}

void expand_key(const std::uint8_t* key, std::size_t key_len, RoundKeys& enc) noexcept {
  kPortableBackend.expand_key(key, key_len, enc);
}

void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept {
  kPortableBackend.derive_decrypt_key(enc, dec);
}

void encrypt_blocks(const RoundKeys& enc, const std::uint8_t* in, std::uint8_t* out,
                    std::size_t blocks) noexcept {
  kPortableBackend.encrypt_blocks(enc, in, out, blocks);
}

void decrypt_blocks(const RoundKeys& dec, const std::uint8_t* in, std::uint8_t* out,
                    std::size_t blocks) noexcept {
  kPortableBackend.decrypt_blocks(dec, in, out, blocks);
}

}  // namespace

const AesBackend kSkeletonBackend = {
    .name = "skeleton",
    .description = "template for a new CPU family (never selected; runs the portable code)",
    .supported = skeleton_supported,
    .batch_blocks = 32,  // the portable batch it forwards to
    .expand_key = expand_key,
    .derive_decrypt_key = derive_decrypt_key,
    .encrypt_blocks = encrypt_blocks,
    .decrypt_blocks = decrypt_blocks,
};

}  // namespace aeskit::detail
