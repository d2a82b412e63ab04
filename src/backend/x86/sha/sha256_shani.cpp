// src/backend/x86/sha/sha256_shani.cpp — SHA-256 compression with SHA256RNDS2/MSG1/MSG2.
//
// CPU features: SHA, SSSE3, SSE4.1. References: FIPS 180-4 §6.2.2; Intel SDM vol. 2 (the
// instructions' pseudo-code); Intel, "Intel SHA Extensions" (2013) for the state layout.
//
// State layout: SHA256RNDS2 keeps the eight working variables in two registers, "ABEF"
// (dwords A,B,E,F from high to low) and "CDGH"; each call does two rounds, taking W_t + K_t
// for those rounds from the low 64 bits of its third operand. So a group of four rounds is
//   x = W[4g..4g+3] + K[4g..4g+3]; cdgh = rnds2(cdgh, abef, x); abef = rnds2(abef, cdgh, x>>64).
// Message schedule for groups g ≥ 4 (m_j holds W[4j..4j+3]):
//   m_g = MSG2(MSG1(m_{g-4}, m_{g-3}) + (W[4g-7..4g-4] = alignr(m_{g-1}, m_{g-2}, 4)), m_{g-1})
// where MSG1 adds σ0(W[t-15]) to W[t-16] and MSG2 adds σ1(W[t-2]) (serially within the four).
// Only these instructions, additions and shuffles: constant-time.
#include <immintrin.h>

#include "backend/kernels/sha_constants.hpp"
#include "backend/x86/sha/shani.hpp"
#include "backend/x86/targets.hpp"

namespace aeskit::detail {
namespace {

AESKIT_SHANI_INLINE __m128i schedule(__m128i m_g4, __m128i m_g3, __m128i m_g2, __m128i m_g1) {
  __m128i x = _mm_sha256msg1_epu32(m_g4, m_g3);
  x = _mm_add_epi32(x, _mm_alignr_epi8(m_g1, m_g2, 4));
  return _mm_sha256msg2_epu32(x, m_g1);
}

AESKIT_SHANI_INLINE void four_rounds(__m128i& abef, __m128i& cdgh, __m128i m, int g) {
  __m128i x = _mm_add_epi32(m, _mm_load_si128(reinterpret_cast<const __m128i*>(kSha256K + 4 * g)));
  cdgh = _mm_sha256rnds2_epu32(cdgh, abef, x);
  abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(x, 0x0e));
}

}  // namespace

AESKIT_SHANI_TARGET void sha256_compress_shani(HashWords& hw, const std::uint8_t* data,
                                               std::size_t blocks) noexcept {
  // Byte swap within each dword: the message words are big-endian.
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
  // Comments list dwords from low to high.
  __m128i abcd = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hw.w32));      // A B C D
  __m128i efgh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hw.w32 + 4));  // E F G H
  __m128i badc = _mm_shuffle_epi32(abcd, 0xb1);                                  // B A D C
  __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1b);                                  // H G F E
  __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);     // F E B A: "ABEF" from high to low
  __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xf0);  // H G D C: "CDGH" from high to low

  for (; blocks; --blocks, data += 64) {
    const __m128i abef0 = abef, cdgh0 = cdgh;
    __m128i m[4];
    for (int j = 0; j < 4; ++j)
      m[j] =
          _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * j)), bswap);
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) {
      if (g >= 4) m[g & 3] = schedule(m[g & 3], m[(g + 1) & 3], m[(g + 2) & 3], m[(g + 3) & 3]);
      four_rounds(abef, cdgh, m[g & 3], g);
    }
    abef = _mm_add_epi32(abef, abef0);
    cdgh = _mm_add_epi32(cdgh, cdgh0);
  }

  __m128i abef_lo = _mm_shuffle_epi32(abef, 0x1b);  // A B E F
  __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xb1);     // G H C D
  abcd = _mm_blend_epi16(abef_lo, ghcd, 0xf0);      // A B C D
  efgh = _mm_alignr_epi8(ghcd, abef_lo, 8);         // E F G H
  _mm_storeu_si128(reinterpret_cast<__m128i*>(hw.w32), abcd);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(hw.w32 + 4), efgh);
}

}  // namespace aeskit::detail
