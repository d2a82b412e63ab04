// src/backend/vaes256/aes_vaes256.cpp — the vaes256 backend instance: name, CPU predicate and
// the table of kernels. The key schedule is the AES-NI backend's (the same 16-byte round keys,
// broadcast to both lanes by the kernels), and the serial chains (CBC/CFB encryption, OFB) use
// the AES-NI kernels: a chain runs one block at a time, where ymm gains nothing.
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (see target.hpp). This file itself
// uses none of them.
// References: backend/backend.hpp (the contract).
#include "backend/vaes256/vaes256.hpp"

#include "backend/aesni/kernels.hpp"
#include "backend/aesni/rounds.hpp"

namespace aeskit::detail {
namespace {

bool vaes256_supported(const cpu::FeatureSet& features) {
  using cpu::Feature;
  return features.has(Feature::aesni) && features.has(Feature::ssse3) &&
         features.has(Feature::avx2) && features.has(Feature::vaes) &&
         features.has(Feature::pclmul) && features.has(Feature::vpclmul);
}

}  // namespace

const AesBackend kVaes256Backend = {
    .name = "vaes256",
    .description = "VAES + AVX2, 256-bit ymm, two blocks per register",
    .supported = vaes256_supported,
    .batch_blocks = aesni::kInterleave,
    .expand_key = aesni::expand_key,
    .derive_decrypt_key = aesni::derive_decrypt_key,
    .encrypt_blocks = aesni::encrypt_blocks,
    .decrypt_blocks = aesni::decrypt_blocks,
    .ctr32_be = aesni::ctr32_be,
    .ctr128_be = aesni::ctr128_be,
    .cbc_encrypt = aesni::cbc_encrypt,
    .cbc_decrypt = aesni::cbc_decrypt,
    .cfb128_decrypt = aesni::cfb128_decrypt,
    .cfb128_encrypt = aesni::cfb128_encrypt,
    .ofb = aesni::ofb,
};

}  // namespace aeskit::detail
