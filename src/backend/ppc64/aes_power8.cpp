// src/backend/ppc64/aes_power8.cpp — the power8 backend instance: which CPUs run it and its
// AesBackend table.
// CPU features: POWER8 vector crypto (AT_HWCAP2's PPC_FEATURE2_VEC_CRYPTO, probed in
// src/cpu/probe_auxv.cpp as cpu::Feature::vcrypto; AESKIT_DISABLE=vcrypto removes it).
// References: backend/backend.hpp (the contract); rounds.hpp (round structure and layout).
#include "backend/ppc64/power8.hpp"

#include "backend/ppc64/kernels.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {

const AesBackend kPower8Backend = {
    .name = "power8",
    .description = "POWER8 in-core crypto (vcipher, vncipher), 8 blocks interleaved",
    .supported = cpu::has_feature<cpu::Feature::vcrypto>,
    .batch_blocks = 2 * power8::kGroup,
    .vector_bits = 128,
    .expand_key = power8::expand_key,
    .derive_decrypt_key = power8::derive_decrypt_key,
    .encrypt_blocks = power8::encrypt_blocks,
    .decrypt_blocks = power8::decrypt_blocks,
    .ctr32_be = power8::ctr32_be,
    .ctr32_le = power8::ctr32_le,
    .ctr128_be = power8::ctr128_be,
    .cbc_encrypt = power8::cbc_encrypt,
    .cbc_decrypt = power8::cbc_decrypt,
    .cfb128_decrypt = power8::cfb128_decrypt,
    .cfb128_encrypt = power8::cfb128_encrypt,
    .ofb = power8::ofb,
    .xts_encrypt = power8::xts_encrypt,
    .xts_decrypt = power8::xts_decrypt,
    .ocb_encrypt = power8::ocb_encrypt,
    .ocb_decrypt = power8::ocb_decrypt,
    .ocb_hash = power8::ocb_hash,
    .cbc_mac = power8::cbc_mac,
    .mac_ctr = power8::mac_ctr,
    .xctr = power8::xctr,
};

}  // namespace aeskit::detail
