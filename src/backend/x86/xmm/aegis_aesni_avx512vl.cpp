// src/backend/x86/xmm/aegis_aesni_avx512vl.cpp — AEGIS-128L and AEGIS-256 on xmm registers for
// CPUs with AES-NI and AVX-512VL, VAES or not (Skylake-SP and Cascade Lake servers have no
// VAES; Ice Lake, Zen 4 and Zen 5 have both). The EVEX encoding adds VPTERNLOG: the key
// stream's XOR-AND-XOR and Dec's S0 ^ y0 ^ AESRound(S7, 0) are one instruction each (14
// vector operations per 128L update instead of 18), and Dec's S0 -> S0' chain is one
// instruction instead of a round and an XOR (backend/kernels/aegis_lanes.hpp, kTernary). The AES
// rounds stay VEX (AESENC on xmm0-15): without VAES the target string does not let the
// compiler encode them with EVEX. Table "aesni-avx512vl", on the aesni backend, used where
// AVX-512 is present and not disabled (cpu::Feature::avx512: F/BW/DQ/VL).
//
// CPU features: AES-NI, AVX-512 F/BW/DQ/VL (EVEX on xmm only; no zmm).
// References: backend/kernels/aegis_lanes.hpp, backend/aegis_kernels.hpp.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/aegis_kernels.hpp"
#include "backend/x86/supported.hpp"
#include "backend/x86/targets.hpp"
#include "backend/x86/xmm/aesni.hpp"
#include "base/ct_shadow.hpp"

#define AESKIT_AEGIS_TARGET AESKIT_X86_TARGET(AESKIT_TARGET_STRING_AESNI_AVX512VL)
#define AESKIT_AEGIS_LAMBDA \
  __attribute__((target(AESKIT_TARGET_STRING_AESNI_AVX512VL), always_inline))
#define AESKIT_AEGIS_INLINE AESKIT_AEGIS_LAMBDA inline
#include "backend/kernels/aegis_lanes.hpp"

namespace aeskit::detail {
namespace aesni_avx512vl {
namespace {

// Ops: one block per xmm register (aegis_lanes::OneBlockPerReg supplies the rest).
struct Ops {
  using reg = __m128i;
  AESKIT_AEGIS_INLINE static reg load(const std::uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  AESKIT_AEGIS_INLINE static void store(std::uint8_t* p, reg v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
  }
  AESKIT_AEGIS_INLINE static reg x(reg a, reg b) { return _mm_xor_si128(a, b); }
  AESKIT_AEGIS_INLINE static reg and_(reg a, reg b) { return _mm_and_si128(a, b); }
  AESKIT_AEGIS_INLINE static reg enc(reg s, reg k) { return _mm_aesenc_si128(s, k); }
};

// Policy: with the three-input logic (truth tables 0x96: a ^ b ^ c; 0x78: a ^ (b & c)).
struct Policy : aegis_lanes::OneBlockPerReg<Ops> {
  static constexpr bool kTernaryLogic = true;
  AESKIT_AEGIS_INLINE static reg x3(reg a, reg b, reg c) {
    return AESKIT_BITWISE3(_mm_ternarylogic_epi64, a, b, c, 0x96);
  }
  AESKIT_AEGIS_INLINE static reg xand(reg a, reg b, reg c) {
    return AESKIT_BITWISE3(_mm_ternarylogic_epi64, a, b, c, 0x78);
  }
};

template <unsigned B>
constexpr AegisKernel row(std::string_view name) {
  return aegis_lanes::aegis_kernel<Policy, B, 1>(name);
}

bool avx512_present(const cpu::FeatureSet& f) noexcept {
  return f.has(cpu::Feature::avx512);
}

}  // namespace
}  // namespace aesni_avx512vl

constinit const AegisKernels kAegisAesniAvx512vl = {
    "aesni",
    {aesni_avx512vl::row<8>("xmm, AVX-512VL"), {}, {}},
    {aesni_avx512vl::row<6>("xmm, AVX-512VL"), {}, {}},
    "aesni-avx512vl",
    aesni_avx512vl::avx512_present,
};

}  // namespace aeskit::detail
