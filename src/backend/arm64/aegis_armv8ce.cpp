// src/backend/arm64/aegis_armv8ce.cpp — AEGIS on the ARMv8 Crypto Extensions: every family
// (128L/128X, 256/256X) at degrees 1, 2, 4 through the shared template
// backend/kernels/aegis_lanes.hpp, one block per 128-bit register, so the X2/X4 forms hold K = 2/4
// registers per state block (8 x 4 = 32 registers for 128X4: the compiler spills a few, still far
// ahead of vperm).
//
// CPU features: AArch64 FEAT_AES (the armv8ce backend's target("+crypto"), rounds.hpp).
// References: backend/kernels/aegis_lanes.hpp (the algorithm), backend/aegis_kernels.hpp (the
// contract); Arm ARM, AESE/AESMC.
//
// AESRound(a, k) = MixColumns(ShiftRows(SubBytes(a))) ^ k. AESE(a, 0) = SubBytes(ShiftRows(a))
// (SubBytes and ShiftRows commute) and AESMC = MixColumns, so AESRound(a, k) =
// AESMC(AESE(a, 0)) ^ k: the AESE/AESMC pair stays adjacent on the same register (fused on the
// Cortex-A/Neoverse cores) and the key is one EOR after it.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/aegis_kernels.hpp"
#include "backend/arm64/armv8ce.hpp"
#include "backend/arm64/rounds.hpp"

#define AESKIT_AEGIS_TARGET AESKIT_ARMV8CE_TARGET
#define AESKIT_AEGIS_INLINE AESKIT_ARMV8CE_INLINE
#define AESKIT_AEGIS_LAMBDA AESKIT_ARMV8CE_LAMBDA
#include "backend/kernels/aegis_lanes.hpp"

namespace aeskit::detail {
namespace armv8ce {
namespace {

// AegisOps: what aegis_lanes.hpp's OneBlockPerReg needs, on NEON registers.
struct AegisOps {
  using reg = uint8x16_t;
  AESKIT_ARMV8CE_INLINE static reg load(const std::uint8_t* p) { return vld1q_u8(p); }
  AESKIT_ARMV8CE_INLINE static void store(std::uint8_t* p, reg v) { vst1q_u8(p, v); }
  AESKIT_ARMV8CE_INLINE static reg x(reg a, reg b) { return veorq_u8(a, b); }
  AESKIT_ARMV8CE_INLINE static reg and_(reg a, reg b) { return vandq_u8(a, b); }
  // enc: AESRound (see the header): the AESE/AESMC pair, then the key.
  AESKIT_ARMV8CE_INLINE static reg enc(reg s, reg k) {
    return veorq_u8(vaesmcq_u8(vaeseq_u8(s, vdupq_n_u8(0))), k);
  }
};
using AegisVec = aegis_lanes::OneBlockPerReg<AegisOps>;

template <unsigned B, unsigned D>
constexpr AegisKernel row(std::string_view name) {
  return aegis_lanes::aegis_kernel<AegisVec, B, D>(name);
}

}  // namespace
}  // namespace armv8ce

constinit const AegisKernels kAegisArmv8ce = {
    "armv8ce",
    {armv8ce::row<8, 1>("neon"), armv8ce::row<8, 2>("2 x neon"), armv8ce::row<8, 4>("4 x neon")},
    {armv8ce::row<6, 1>("neon"), armv8ce::row<6, 2>("2 x neon"), armv8ce::row<6, 4>("4 x neon")},
};

}  // namespace aeskit::detail
