// src/backend/aesni/aes_aesni.cpp — the AES-NI backend instance: name, CPU predicate and the
// table of kernels defined in the other files of this folder (the parallel modes are the
// 128-bit instantiations of the x86 kernels, src/backend/x86/: 8 blocks in flight).
//
// CPU features: the kernels need AES-NI and SSSE3 (x86-64 guarantees SSE2). This file itself
// uses none, so it is safe to load on any x86-64 CPU; supported() gates the kernels.
// References: backend/backend.hpp (the contract).
#include "backend/aesni/aesni.hpp"

#include "backend/aesni/kernels.hpp"

namespace aeskit::detail {
namespace {

bool aesni_supported(const cpu::FeatureSet& features) {
  return features.has(cpu::Feature::aesni) && features.has(cpu::Feature::ssse3);
}

}  // namespace

const AesBackend kAesniBackend = {
    .name = "aesni",
    .description = "AES-NI + SSSE3, 128-bit SSE, 8 blocks interleaved",
    .supported = aesni_supported,
    .batch_blocks = 8,  // 8 registers of 1 block (x86/vec128.hpp)
    .vector_bits = 128,
    .expand_key = aesni::expand_key,
    .derive_decrypt_key = aesni::derive_decrypt_key,
    .encrypt_blocks = aesni::encrypt_blocks,
    .decrypt_blocks = aesni::decrypt_blocks,
    .ctr32_be = aesni::ctr32_be,
    .ctr32_le = aesni::ctr32_le,
    .ctr128_be = aesni::ctr128_be,
    .cbc_encrypt = aesni::cbc_encrypt,
    .cbc_decrypt = aesni::cbc_decrypt,
    .cfb128_decrypt = aesni::cfb128_decrypt,
    .cfb128_encrypt = aesni::cfb128_encrypt,
    .ofb = aesni::ofb,
    .xts_encrypt = aesni::xts_encrypt,
    .xts_decrypt = aesni::xts_decrypt,
    .ocb_encrypt = aesni::ocb_encrypt,
    .ocb_decrypt = aesni::ocb_decrypt,
    .ocb_hash = aesni::ocb_hash,
    .cbc_mac = aesni::cbc_mac,
    .mac_ctr = aesni::mac_ctr,
    .gcm_siv_derive = aesni::gcm_siv_derive,
    .gcm_siv_tag_ctr = aesni::gcm_siv_tag_ctr,
};

}  // namespace aeskit::detail
