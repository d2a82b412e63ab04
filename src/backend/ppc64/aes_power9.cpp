// src/backend/ppc64/aes_power9.cpp — the backend "power9": the power8 backend's key schedule
// and kernels compiled a second time for the Power ISA 3.0 (rounds.hpp: the p9 build), where
// the big-endian block loads and stores are single lxvb16x/stxvb16x instead of lxvw4x + vperm
// and vperm + stxvw4x (two instructions fewer per block; docs/POWER8.md).
// CPU features: POWER8 vector crypto and POWER9's ISA 3.0 (cpu::Feature::vcrypto, isa300;
// AESKIT_DISABLE=isa300 leaves the power8 build). Same schedule format as power8.
// References: backend/backend.hpp (the contract); rounds.hpp.
#define AESKIT_POWER8_ISA3 1
#include "backend/ppc64/blocks_power8.cpp"
#include "backend/ppc64/key_schedule_power8.cpp"
#include "backend/ppc64/modes_power8.cpp"
#include "backend/ppc64/power8.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {
bool power9_supported(const cpu::FeatureSet& f) {
  return f.has(cpu::Feature::vcrypto) && f.has(cpu::Feature::isa300);
}
}  // namespace

const AesBackend kPower9Backend = {
    .name = "power9",
    .description =
        "POWER8 in-core crypto built for POWER9 (lxvb16x/stxvb16x), 8 blocks interleaved",
    .supported = power9_supported,
    .batch_blocks = 2 * power8::p9::kGroup,
    .vector_bits = 128,
    .expand_key = power8::p9::expand_key,
    .derive_decrypt_key = power8::p9::derive_decrypt_key,
    .encrypt_blocks = power8::p9::encrypt_blocks,
    .decrypt_blocks = power8::p9::decrypt_blocks,
    .ctr32_be = power8::p9::ctr32_be,
    .ctr32_le = power8::p9::ctr32_le,
    .ctr128_be = power8::p9::ctr128_be,
    .cbc_encrypt = power8::p9::cbc_encrypt,
    .cbc_decrypt = power8::p9::cbc_decrypt,
    .cfb128_decrypt = power8::p9::cfb128_decrypt,
    .cfb128_encrypt = power8::p9::cfb128_encrypt,
    .ofb = power8::p9::ofb,
    .xts_encrypt = power8::p9::xts_encrypt,
    .xts_decrypt = power8::p9::xts_decrypt,
    .ocb_encrypt = power8::p9::ocb_encrypt,
    .ocb_decrypt = power8::p9::ocb_decrypt,
    .ocb_hash = power8::p9::ocb_hash,
    .cbc_mac = power8::p9::cbc_mac,
    .mac_ctr = power8::p9::mac_ctr,
    .xctr = power8::p9::xctr,
};

}  // namespace aeskit::detail
