// src/backend/simd/aegis_vperm.cpp — the vperm AEGIS kernels: the draft-literal AEGIS
// (backend/kernels/aegis_reference.hpp) on a vector-permute AES round, every family at degrees 1,
// 2, 4, for CPUs with byte shuffles but no AES instructions (SSSE3, NEON, AltiVec).
//
// CPU features: whatever simd::V128 needs (AESKIT_SIMD_TARGET on the round function).
// Constant-time: byte shuffles index registers, never memory (core_vperm.hpp §4).
// References: core_vperm.hpp (SubBytes through the tower-field inversion: sub_bytes());
// FIPS-197 §5.1.2-5.1.3 (ShiftRows, MixColumns).
//
// AESRound(a, k) = MixColumns(SubBytes(ShiftRows(a))) ^ k (ShiftRows moves whole bytes, so it
// commutes with SubBytes). MixColumns with R rotating each column by one byte (core_vperm.hpp's
// kRotColumn: out[4c + r] = in[4c + (r + 1) % 4]):
//     MC(s) = 2 (s ^ R s) ^ R(s ^ R(s ^ R s))        (= 2 s ^ 3 R s ^ R^2 s ^ R^3 s)
// and the doubling is GF(2)-linear, so it is linear_map() with the nibble tables of xtime.
#include <cstddef>
#include <cstdint>

#include "backend/aegis_kernels.hpp"
#include "backend/kernels/aegis_reference.hpp"
#include "backend/simd/core_vperm.hpp"
#include "backend/simd/vperm.hpp"

namespace aeskit::detail {
namespace vperm {
namespace {

constexpr std::uint8_t xtime(unsigned b) {
  return static_cast<std::uint8_t>(((b << 1) ^ ((b & 0x80) != 0 ? 0x1B : 0)) & 0xFF);
}
struct XtimeTables {
  std::uint8_t lo[16], hi[16];
};
constexpr XtimeTables make_xtime_tables() {
  XtimeTables t{};
  for (unsigned n = 0; n < 16; ++n) {
    t.lo[n] = xtime(n);
    t.hi[n] = xtime(n << 4);
  }
  return t;
}
constexpr XtimeTables kXtime = make_xtime_tables();

AESKIT_SIMD_TARGET void aes_rounds(const std::uint8_t* in, const std::uint8_t* rk,
                                   std::uint8_t* out, std::size_t blocks) noexcept {
  const V128 sr = table(kShiftRows), rot = table(kRotColumn);
  const V128 x_lo = table(kXtime.lo), x_hi = table(kXtime.hi);
  for (std::size_t b = 0; b < blocks; ++b) {
    const V128 s = sub_bytes(V128::shuffle(V128::load(in + 16 * b), sr));
    const V128 t = s ^ V128::shuffle(s, rot);
    const V128 u = s ^ V128::shuffle(t, rot);
    const V128 m = linear_map(t, x_lo, x_hi) ^ V128::shuffle(u, rot);
    (m ^ V128::load(rk + 16 * b)).store(out + 16 * b);
  }
}

}  // namespace
}  // namespace vperm

constinit const AegisKernels kAegisVperm = aegis_reference_tables<&vperm::aes_rounds>("vperm");

}  // namespace aeskit::detail
