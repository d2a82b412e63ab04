// src/backend/x86/zmm/aegis_vaes512.cpp — AEGIS on an AVX-512 CPU with VAES: the X4 forms on
// zmm registers (one zmm per state block, one state per lane) and the X2 forms on ymm
// registers with the EVEX encoding, whose VPTERNLOG does the key stream's XOR-AND-XOR and
// Dec's S0 ^ y0 ^ AESRound(S7, 0) in one instruction each (backend/kernels/aegis_lanes.hpp,
// kTernary). 128L and 256 come from x86/xmm/aegis_aesni_avx512vl.cpp (xmm, the same logic; no
// VAES needed); the AVX2-only ymm kernels are vaes256's.
//
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES (EVEX on zmm and ymm).
// References: backend/kernels/aegis_lanes.hpp, backend/aegis_kernels.hpp.
#include "backend/x86/vec512.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/aegis_kernels.hpp"
#include "backend/x86/aegis_width.hpp"
#include "backend/x86/zmm/vaes512.hpp"
#include "base/ct_shadow.hpp"

namespace aeskit::detail {
namespace vaes512 {
#include "backend/x86/entries_aegis.inc"

// EvexYmm: two blocks per ymm register (the X2 forms), with the same three-input logic.
struct EvexYmm {
  using reg = __m256i;
  using block = __m128i;
  static constexpr std::size_t kBlocks = 2;
  static constexpr bool kTernaryLogic = true;
  AESKIT_WIDE_INLINE static reg load(const std::uint8_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  AESKIT_WIDE_INLINE static void store(std::uint8_t* p, reg v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
  }
  AESKIT_WIDE_INLINE static reg x(reg a, reg b) { return _mm256_xor_si256(a, b); }
  AESKIT_WIDE_INLINE static reg and_(reg a, reg b) { return _mm256_and_si256(a, b); }
  AESKIT_WIDE_INLINE static reg x3(reg a, reg b, reg c) {
    return AESKIT_BITWISE3(_mm256_ternarylogic_epi64, a, b, c, 0x96);
  }
  AESKIT_WIDE_INLINE static reg xand(reg a, reg b, reg c) {
    return AESKIT_BITWISE3(_mm256_ternarylogic_epi64, a, b, c, 0x78);
  }
  AESKIT_WIDE_INLINE static reg enc(reg s, reg k) { return _mm256_aesenc_epi128(s, k); }
  AESKIT_WIDE_INLINE static reg broadcast(block b) { return _mm256_broadcastsi128_si256(b); }
  AESKIT_WIDE_INLINE static block lanes_xor(reg v) {
    return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  }
  AESKIT_WIDE_INLINE static block load_block(const std::uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  AESKIT_WIDE_INLINE static void store_block(std::uint8_t* p, block b) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), b);
  }
  AESKIT_WIDE_INLINE static block xor_block(block a, block b) { return _mm_xor_si128(a, b); }
  AESKIT_WIDE_INLINE static block length_block(std::uint64_t a, std::uint64_t b) {
    return _mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a));
  }
  // finish: leave the upper register state clean for SSE code that follows.
  AESKIT_WIDE_INLINE static void finish() { _mm256_zeroupper(); }
};

template <unsigned B>
constexpr AegisKernel ymm_kernel(std::string_view name) {
  return aegis_lanes::aegis_kernel<EvexYmm, B, 2>(name);
}
}  // namespace vaes512

constinit const AegisKernels kAegisVaes512 = {
    "vaes512",
    {{}, vaes512::ymm_kernel<8>("ymm, AVX-512VL"), vaes512::aegis_kernel<8, 4>("zmm")},
    {{}, vaes512::ymm_kernel<6>("ymm, AVX-512VL"), vaes512::aegis_kernel<6, 4>("zmm")},
};

}  // namespace aeskit::detail
