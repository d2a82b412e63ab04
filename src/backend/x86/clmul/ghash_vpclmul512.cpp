// src/backend/x86/clmul/ghash_vpclmul512.cpp — GHASH with 512-bit VPCLMULQDQ: four blocks per
// register, 32 blocks per reduction, on the vpclmul512 key layout (the vpclmul256 16-power
// table, read 64 bytes at a time, then K_32..K_17).
//
// CPU features: AVX-512 F/BW/DQ/VL, VPCLMULQDQ (EVEX, zmm), PCLMULQDQ (the reduction). The
// update is the zmm instantiation of the width-generic group step (x86/ghash.hpp,
// compiled in x86/zmm/gcm_vaes512.cpp under the vaes512 target, which also names VAES: the
// predicate, x86/supported.hpp, therefore asks for VAES as well, which every AVX-512 CPU with
// VPCLMULQDQ has). Selected only where 512-bit registers are allowed (cpu::max_vector_bits()).
// References: NIST SP 800-38D §6.4 (GHASH); gf128_clmul.hpp; x86/ghash.hpp.
//
// The key's power table is built in log depth with 4-lane zmm products (vpclmul512_init).
//
// Key layout: the vpclmul256 one (K_16..K_1 and their Karatsuba halves, 512 bytes), then the
// high run K_32..K_17 and its halves (ghash_groups.hpp), for the 32-block steps.
// GCC 12 reports the "undefined" upper halves inside its own AVX-512 cast/broadcast/shuffle
// intrinsics as uninitialized once inlined (as x86/vec512.hpp notes); the pragmas must be in
// force where immintrin.h is read. Clang has no such warning.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/clmul/gf128_clmul.hpp"
#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/clmul/ghash_groups.hpp"
#include "backend/x86/supported.hpp"
#include "backend/x86/zmm/kernels.hpp"

namespace aeskit::detail {

namespace {

constexpr std::size_t kGroup = clmul::kVpclmul256Powers;

// Four products at once: lane j of the result is a_j·k_j mod P (schoolbook, 4 VPCLMULQDQ, then
// the reduction of gf128_clmul.hpp in each 128-bit lane).
AESKIT_VAES512_TARGET inline __m512i multiply4(__m512i a, __m512i k) noexcept {
  const __m512i c = _mm512_set1_epi64(static_cast<long long>(0xC200000000000000));
  const __m512i low_c = _mm512_maskz_mov_epi64(0x55, c);  // C in each lane's low half only
  const __m512i mid =
      _mm512_xor_si512(_mm512_clmulepi64_epi128(a, k, 0x01), _mm512_clmulepi64_epi128(a, k, 0x10));
  const __m512i lo =
      _mm512_xor_si512(_mm512_clmulepi64_epi128(a, k, 0x00), _mm512_bslli_epi128(mid, 8));  // T1:T0
  const __m512i hi =
      _mm512_xor_si512(_mm512_clmulepi64_epi128(a, k, 0x11), _mm512_bsrli_epi128(mid, 8));  // T3:T2
  const __m512i m = _mm512_xor_si512(_mm512_shuffle_epi32(lo, _MM_PERM_BADC),
                                     _mm512_clmulepi64_epi128(lo, low_c, 0x00));
  return _mm512_xor_si512(_mm512_xor_si512(hi, _mm512_shuffle_epi32(m, _MM_PERM_BADC)),
                          _mm512_clmulepi64_epi128(m, low_c, 0x00));
}

// store4: four table entries (descending powers) at `at`, their halves_xor `mid` bytes later.
AESKIT_VAES512_TARGET inline void store4(std::uint8_t* at, std::size_t mid, __m512i v) noexcept {
  _mm512_storeu_si512(at, v);
  _mm512_storeu_si512(at + mid, _mm512_xor_si512(v, _mm512_shuffle_epi32(v, _MM_PERM_BADC)));
}

// lane0: K in lane 0 (the highest power of a descending run) in all four lanes.
AESKIT_VAES512_TARGET inline __m512i lane0(__m512i v) noexcept {
  return _mm512_broadcast_i32x4(_mm512_castsi512_si128(v));
}

// init: the vpclmul256 table (K_16..K_1, halves at +256), then the high run K_32..K_17 (halves
// at +256), built in log depth, since K_i·K_j = K_(i+j) (each K carries one x^-1 and multiply
// removes one): K_2 = K_1·K_1; K_3, K_4 = (K_2, K_1)·K_2; then each step multiplies every run
// so far by the top power: [K_8..K_5] = [K_4..K_1]·K_4; [K_16..K_9] = [K_8..K_1]·K_8;
// [K_32..K_17] = [K_16..K_1]·K_16. Five dependent multiplications instead of 16, and the
// independent ones of a step overlap (lanes and registers). Branch-free.
AESKIT_VAES512_TARGET void vpclmul512_init(const std::uint8_t h[16], GhashKey& key) noexcept {
  static_assert(kGroup == 16 && clmul::kHighOffset == 32 * kGroup);
  constexpr std::size_t kMid = 16 * kGroup;  // halves_xor follow each run 256 bytes on
  const __m128i k1 = clmul::times_x_inverse(clmul::load_block(h));
  const __m128i k2 = clmul::multiply(k1, k1);
  const __m128i k3 = clmul::multiply(k2, k1);
  const __m128i k4 = clmul::multiply(k2, k2);
  // Memory order (lowest address first) is descending: lanes [K_4, K_3, K_2, K_1].
  const __m512i p1 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set_m128i(k3, k4)),
                                        _mm256_set_m128i(k1, k2), 1);
  const __m512i p5 = multiply4(p1, lane0(p1));  // [K_8..K_5]
  const __m512i k8 = lane0(p5);
  const __m512i p9 = multiply4(p1, k8);   // [K_12..K_9]
  const __m512i p13 = multiply4(p5, k8);  // [K_16..K_13]
  const __m512i k16 = lane0(p13);
  std::uint8_t* t = key.bytes;
  store4(t + 0, kMid, p13);  // K_16 leads the table
  store4(t + 64, kMid, p9);
  store4(t + 128, kMid, p5);
  store4(t + 192, kMid, p1);
  std::uint8_t* high = key.bytes + clmul::kHighOffset;  // K_32 leads the high run
  store4(high + 0, kMid, multiply4(p13, k16));
  store4(high + 64, kMid, multiply4(p9, k16));
  store4(high + 128, kMid, multiply4(p5, k16));
  store4(high + 192, kMid, multiply4(p1, k16));
}

}  // namespace

const GhashBackend kGhashVpclmul512Backend = {
    .name = "vpclmul512",
    .description = "VPCLMULQDQ + AVX-512, 512-bit (4 blocks per register), 32 blocks per reduction",
    .supported = x86::vpclmul512_supported,
    .vector_bits = 512,
    .init = vpclmul512_init,
    .update = vaes512::ghash_update,
};

}  // namespace aeskit::detail
