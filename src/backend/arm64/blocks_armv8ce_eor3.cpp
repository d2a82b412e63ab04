// src/backend/arm64/blocks_armv8ce_eor3.cpp — blocks_armv8ce.cpp built for ARMv8.2-A with
// FEAT_SHA3: the CTR, XCTR, CBC and CFB decryption loops end in one EOR3 per block (last round key
// ^ data) instead of two EORs.
//
// CPU features: AArch64 FEAT_AES + FEAT_SHA3 (target("arch=armv8.2-a+crypto+sha3"); run only
// when the CPU has both: eor3.hpp). References: rounds.hpp (the two builds), eor3.hpp.
#define AESKIT_ARMV8CE_EOR3 1
#include "backend/arm64/blocks_armv8ce.cpp"
#include "backend/arm64/eor3.hpp"

namespace aeskit::detail::armv8ce {
const Eor3Blocks kEor3Blocks = {
    .ctr32_be = eor3::ctr32_be,
    .ctr32_le = eor3::ctr32_le,
    .ctr128_be = eor3::ctr128_be,
    .cbc_decrypt = eor3::cbc_decrypt,
    .cfb128_decrypt = eor3::cfb128_decrypt,
    .xctr = eor3::xctr,
};
}  // namespace aeskit::detail::armv8ce
