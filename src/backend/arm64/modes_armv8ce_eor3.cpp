// src/backend/arm64/modes_armv8ce_eor3.cpp — modes_armv8ce.cpp built for ARMv8.2-A with
// FEAT_SHA3: the XTS loops end in one EOR3 per block (last round key ^ tweak mask), mac_ctr's
// data XOR likewise, and GCC forms EOR3s from OCB's offset/checksum XORs.
//
// CPU features: AArch64 FEAT_AES + FEAT_SHA3 (target("arch=armv8.2-a+crypto+sha3"); run only
// when the CPU has both: eor3.hpp). References: rounds.hpp (the two builds), eor3.hpp.
#define AESKIT_ARMV8CE_EOR3 1
#include "backend/arm64/eor3.hpp"
#include "backend/arm64/modes_armv8ce.cpp"

namespace aeskit::detail::armv8ce {
const Eor3Modes kEor3Modes = {
    .xts_encrypt = eor3::xts_encrypt,
    .xts_decrypt = eor3::xts_decrypt,
    .mac_ctr = eor3::mac_ctr,
    .ocb_encrypt = eor3::ocb_encrypt,
    .ocb_decrypt = eor3::ocb_decrypt,
    .ocb_hash = eor3::ocb_hash,
};
}  // namespace aeskit::detail::armv8ce
