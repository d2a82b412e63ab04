// src/backend/vaes256/aes_vaes256.cpp — the vaes256 backend instance: name, CPU predicate and
// the table of kernels. The key schedule is the AES-NI backend's (the same 16-byte round keys,
// broadcast to every lane by the kernels), and the serial chains (CBC/CFB encryption, OFB,
// CBC-MAC and MAC+CTR) use the AES-NI kernels: a chain runs one block at a time, where ymm
// gains nothing; so do AES-GCM-SIV's per-nonce key derivation and its tag + first CTR group
// (a few blocks). ECB, CTR (all three counter forms), CBC and CFB decryption, XTS and OCB run
// the ymm instantiations of the width-generic kernels (blocks_vaes256.cpp, modes_vaes256.cpp;
// 16 blocks per group: batch_blocks = 16).
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (see target.hpp). This file itself
// uses none of them.
// References: backend/backend.hpp (the contract).
#include "backend/vaes256/vaes256.hpp"

#include "backend/aesni/kernels.hpp"
#include "backend/vaes256/kernels.hpp"

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
    .batch_blocks = 16,  // 8 registers of 2 blocks (x86/vec256.hpp)
    .vector_bits = 256,
    .expand_key = aesni::expand_key,
    .derive_decrypt_key = aesni::derive_decrypt_key,
    .encrypt_blocks = vaes256::encrypt_blocks,
    .decrypt_blocks = vaes256::decrypt_blocks,
    .ctr32_be = vaes256::ctr32_be,
    .ctr32_le = vaes256::ctr32_le,
    .ctr128_be = vaes256::ctr128_be,
    .cbc_encrypt = aesni::cbc_encrypt,
    .cbc_decrypt = vaes256::cbc_decrypt,
    .cfb128_decrypt = vaes256::cfb128_decrypt,
    .cfb128_encrypt = aesni::cfb128_encrypt,
    .ofb = aesni::ofb,
    .xts_encrypt = vaes256::xts_encrypt,
    .xts_decrypt = vaes256::xts_decrypt,
    .ocb_encrypt = vaes256::ocb_encrypt,
    .ocb_decrypt = vaes256::ocb_decrypt,
    .ocb_hash = vaes256::ocb_hash,
    .cbc_mac = aesni::cbc_mac,
    .mac_ctr = aesni::mac_ctr,
    .gcm_siv_derive = aesni::gcm_siv_derive,
    .gcm_siv_tag_ctr = aesni::gcm_siv_tag_ctr,
};

}  // namespace aeskit::detail
