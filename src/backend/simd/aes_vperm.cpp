// src/backend/simd/aes_vperm.cpp — the vperm backend instance: which CPUs run it and its
// AesBackend table.
// CPU features: SSSE3 on x86, NEON on ARMv7, VSX (ISA 2.07) on ppc64le (checked through the
// feature set by simd::supported); AArch64 NEON is part of the base ISA, so it is always
// supported there.
// References: backend/backend.hpp (the contract); core_vperm.hpp (the algorithm).
#include "backend/simd/vperm.hpp"

#include "backend/simd/kernels.hpp"
#include "simd/supported.hpp"

namespace aeskit::detail {

const AesBackend kVpermBackend = {
    .name = "vperm",
    .description =
        "constant-time vector-permute AES (Hamburg), SSSE3/NEON/VSX, 4 blocks interleaved",
    .supported = simd::supported,
    .batch_blocks = 2 * vperm::kWide,
    .vector_bits = 128,
    .expand_key = vperm::expand_key,
    .derive_decrypt_key = vperm::derive_decrypt_key,
    .encrypt_blocks = vperm::encrypt_blocks,
    .decrypt_blocks = vperm::decrypt_blocks,
    .ctr32_be = vperm::ctr32_be,
    .ctr128_be = vperm::ctr128_be,
    .cbc_encrypt = nullptr,
    .cbc_decrypt = vperm::cbc_decrypt,
    .cfb128_decrypt = nullptr,
};

}  // namespace aeskit::detail
