// src/backend/armv8ce/aes_armv8ce.cpp — the armv8ce backend instance: which CPUs run it and
// its AesBackend table.
// CPU features: AArch64 FEAT_AES (AT_HWCAP's HWCAP_AES, probed in src/cpu/probe_auxv.cpp).
// References: backend/backend.hpp (the contract); rounds.hpp (round structure and layout).
#include "backend/armv8ce/armv8ce.hpp"

#include "backend/armv8ce/kernels.hpp"

namespace aeskit::detail {
const AesBackend kArmv8ceBackend = {
    .name = "armv8ce",
    .description = "ARMv8 Crypto Extensions (AESE/AESMC, AESD/AESIMC), 8 blocks interleaved",
    .supported = cpu::has_feature<cpu::Feature::arm_aes>,
    .batch_blocks = 2 * armv8ce::kGroup,
    .vector_bits = 128,
    .expand_key = armv8ce::expand_key,
    .derive_decrypt_key = armv8ce::derive_decrypt_key,
    .encrypt_blocks = armv8ce::encrypt_blocks,
    .decrypt_blocks = armv8ce::decrypt_blocks,
    .ctr32_be = armv8ce::ctr32_be,
    .ctr32_le = armv8ce::ctr32_le,
    .ctr128_be = armv8ce::ctr128_be,
    .cbc_encrypt = armv8ce::cbc_encrypt,
    .cbc_decrypt = armv8ce::cbc_decrypt,
    .cfb128_decrypt = armv8ce::cfb128_decrypt,
    .cfb128_encrypt = armv8ce::cfb128_encrypt,
    .ofb = armv8ce::ofb,
    .xts_encrypt = armv8ce::xts_encrypt,
    .xts_decrypt = armv8ce::xts_decrypt,
    .ocb_encrypt = armv8ce::ocb_encrypt,
    .ocb_decrypt = armv8ce::ocb_decrypt,
    .ocb_hash = armv8ce::ocb_hash,
    .cbc_mac = armv8ce::cbc_mac,
    .mac_ctr = armv8ce::mac_ctr,
};

}  // namespace aeskit::detail
