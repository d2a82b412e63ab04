// src/backend/arm64/aes_armv8ce.cpp — the armv8ce backend instance: which CPUs run it, its
// AesBackend table (entries with an EOR3 build pick it per call: eor3.hpp), and the counter
// steps of counter.hpp.
// CPU features: AArch64 FEAT_AES (AT_HWCAP's HWCAP_AES, probed in src/cpu/probe_auxv.cpp);
// FEAT_SHA3 (HWCAP_SHA3) chooses the eor3 build.
// References: backend/backend.hpp (the contract); rounds.hpp (round structure and layout).
#include "backend/arm64/armv8ce.hpp"

#include "backend/arm64/counter.hpp"
#include "backend/arm64/eor3.hpp"
#include "backend/arm64/kernels.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace armv8ce {
// counter.hpp: step i in 32-bit lane L.
constexpr CounterSteps make_steps() {
  CounterSteps t{};
  for (unsigned lane = 0; lane < 4; ++lane)
    for (std::uint32_t i = 0; i <= kGroup; ++i) t.v[lane][i][lane] = i;
  return t;
}
const CounterSteps kCounterSteps = make_steps();
// counter.hpp: step i in byte 15.
constexpr ByteSteps make_byte_steps() {
  ByteSteps t{};
  for (unsigned i = 0; i <= kGroup / 2; ++i) t.v[i][15] = static_cast<std::uint8_t>(i);
  return t;
}
const ByteSteps kByteSteps = make_byte_steps();

bool use_eor3() noexcept {
  return cpu::cpu_features().has(cpu::Feature::sha3);
}
}  // namespace armv8ce

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
    .ctr32_be =
        armv8ce::Pick<armv8ce::ctr32_be, &armv8ce::Eor3Blocks::ctr32_be, armv8ce::kEor3Blocks>::run,
    .ctr32_le =
        armv8ce::Pick<armv8ce::ctr32_le, &armv8ce::Eor3Blocks::ctr32_le, armv8ce::kEor3Blocks>::run,
    .ctr128_be = armv8ce::Pick<armv8ce::ctr128_be, &armv8ce::Eor3Blocks::ctr128_be,
                               armv8ce::kEor3Blocks>::run,
    .cbc_encrypt = armv8ce::cbc_encrypt,
    .cbc_decrypt = armv8ce::Pick<armv8ce::cbc_decrypt, &armv8ce::Eor3Blocks::cbc_decrypt,
                                 armv8ce::kEor3Blocks>::run,
    .cfb128_decrypt = armv8ce::Pick<armv8ce::cfb128_decrypt, &armv8ce::Eor3Blocks::cfb128_decrypt,
                                    armv8ce::kEor3Blocks>::run,
    .cfb128_encrypt = armv8ce::cfb128_encrypt,
    .ofb = armv8ce::ofb,
    .xts_encrypt = armv8ce::Pick<armv8ce::xts_encrypt, &armv8ce::Eor3Modes::xts_encrypt,
                                 armv8ce::kEor3Modes>::run,
    .xts_decrypt = armv8ce::Pick<armv8ce::xts_decrypt, &armv8ce::Eor3Modes::xts_decrypt,
                                 armv8ce::kEor3Modes>::run,
    .ocb_encrypt = armv8ce::Pick<armv8ce::ocb_encrypt, &armv8ce::Eor3Modes::ocb_encrypt,
                                 armv8ce::kEor3Modes>::run,
    .ocb_decrypt = armv8ce::Pick<armv8ce::ocb_decrypt, &armv8ce::Eor3Modes::ocb_decrypt,
                                 armv8ce::kEor3Modes>::run,
    .ocb_hash =
        armv8ce::Pick<armv8ce::ocb_hash, &armv8ce::Eor3Modes::ocb_hash, armv8ce::kEor3Modes>::run,
    .cbc_mac = armv8ce::cbc_mac,
    .mac_ctr =
        armv8ce::Pick<armv8ce::mac_ctr, &armv8ce::Eor3Modes::mac_ctr, armv8ce::kEor3Modes>::run,
    .xctr = armv8ce::Pick<armv8ce::xctr, &armv8ce::Eor3Blocks::xctr, armv8ce::kEor3Blocks>::run,
};

}  // namespace aeskit::detail
