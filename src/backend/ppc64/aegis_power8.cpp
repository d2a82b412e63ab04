// src/backend/ppc64/aegis_power8.cpp — AEGIS on the POWER8 in-core crypto instructions: every
// family (128L/128X, 256/256X) at degrees 1, 2, 4 through the shared template
// backend/kernels/aegis_lanes.hpp, one block per register (K = D registers per state block). Built
// twice like the AES kernels: here for POWER8 (kAegisPower8), and by aegis_power9.cpp for the
// Power ISA 3.0 (kAegisPower9, rounds.hpp's p9 build).
//
// CPU features: POWER8 vector crypto (vcipher; cpu::Feature::vcrypto), ppc64le; the p9 build
// also ISA 3.0 (lxvb16x/stxvb16x).
// References: backend/kernels/aegis_lanes.hpp (the algorithm), backend/aegis_kernels.hpp (the
// contract); rounds.hpp (byte order); Power ISA v2.07B §5.11.
//
// vcipher(s, k) = MixColumns(SubBytes(ShiftRows(s))) ^ k is exactly AESRound(s, k) on the
// state in big-endian byte order, the order rounds.hpp's load()/store() give every block
// (data, key, nonce, constants, the length block, the tag), so the template's bytewise
// operations need nothing else.
#include <altivec.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/aegis_kernels.hpp"
#include "backend/ppc64/power8.hpp"
#include "backend/ppc64/rounds.hpp"

#define AESKIT_AEGIS_TARGET AESKIT_POWER8_TARGET
#define AESKIT_AEGIS_INLINE AESKIT_POWER8_INLINE
#define AESKIT_AEGIS_LAMBDA AESKIT_POWER8_LAMBDA
#include "backend/kernels/aegis_lanes.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {
namespace {

// AegisOps: what aegis_lanes.hpp's OneBlockPerReg needs; load/store in big-endian order.
struct AegisOps {
  using reg = power8::block;
  AESKIT_POWER8_INLINE static reg load(const std::uint8_t* p) { return power8::load(p); }
  AESKIT_POWER8_INLINE static void store(std::uint8_t* p, reg v) { power8::store(p, v); }
  AESKIT_POWER8_INLINE static reg x(reg a, reg b) { return vec_xor(a, b); }
  AESKIT_POWER8_INLINE static reg and_(reg a, reg b) { return vec_and(a, b); }
  AESKIT_POWER8_INLINE static reg enc(reg s, reg k) { return vec_cipher_be(s, k); }  // AESRound
};
using AegisVec = aegis_lanes::OneBlockPerReg<AegisOps>;

}  // namespace

// aegis_table: this build's kernels (the "power8" or the "power9" table).
constexpr AegisKernels aegis_table(std::string_view backend) {
  using aegis_lanes::aegis_kernel;
  return AegisKernels{
      backend,
      {aegis_kernel<AegisVec, 8, 1>("vr"), aegis_kernel<AegisVec, 8, 2>("2 x vr"),
       aegis_kernel<AegisVec, 8, 4>("4 x vr")},
      {aegis_kernel<AegisVec, 6, 1>("vr"), aegis_kernel<AegisVec, 6, 2>("2 x vr"),
       aegis_kernel<AegisVec, 6, 4>("4 x vr")},
  };
}

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8

#if !defined(AESKIT_POWER8_ISA3)
namespace aeskit::detail {
constinit const AegisKernels kAegisPower8 = power8::p8::aegis_table("power8");
}  // namespace aeskit::detail
#endif
