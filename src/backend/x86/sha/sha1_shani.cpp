// src/backend/x86/sha/sha1_shani.cpp — SHA-1 compression with SHA1RNDS4/NEXTE/MSG1/MSG2.
//
// CPU features: SHA, SSSE3, SSE4.1. References: FIPS 180-4 §6.1.2; Intel SDM vol. 2 (the
// instructions' pseudo-code); Intel, "Intel SHA Extensions" (2013) for the register layout.
//
// Layout: "abcd" holds A in its highest dword down to D in the lowest; the message words
// are byte-reversed over the whole 16 bytes so W_t sits in the highest dword too.
// SHA1RNDS4(abcd, x, f) runs four rounds with function/constant f (0..3 for rounds 0-19,
// 20-39, 40-59, 60-79), taking E + W_t in x's highest dword and W_{t+1..t+3} below it.
// The E of the next four rounds is ROTL30 of the A that entered this group, which
// SHA1NEXTE(previous abcd, W) computes and adds to W's highest dword. So for group g:
//   g = 0:  x = (E, 0, 0, 0) + W[0..3]
//   g > 0:  x = SHA1NEXTE(abcd entering group g-1, W[4g..4g+3])
//   abcd = SHA1RNDS4(abcd, x, g / 5)
// and at the end E_out = E_in + ROTL30(A entering group 19) = SHA1NEXTE(that abcd, E_in).
// Message schedule, groups g ≥ 4 (m_j holds W[4j..4j+3]):
//   m_g = MSG2(MSG1(m_{g-4}, m_{g-3}) ^ m_{g-2}, m_{g-1})
// (MSG1 XORs W[t-14], W[t-13] in; MSG2 does the final XOR with W[t-3] and the ROTL1.)
// Only these instructions and shuffles: constant-time.
#include <immintrin.h>

#include "backend/x86/sha/shani.hpp"
#include "backend/x86/targets.hpp"
#include "base/ct_shadow.hpp"

namespace aeskit::detail {

AESKIT_SHANI_TARGET void sha1_compress_shani(HashWords& hw, const std::uint8_t* data,
                                             std::size_t blocks) noexcept {
  const __m128i reverse = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
  __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(hw.w32)),
                                   0x1b);  // A in dword 3
  __m128i e0 = _mm_set_epi32(static_cast<int>(hw.w32[4]), 0, 0, 0);

  for (; blocks; --blocks, data += 64) {
    const __m128i abcd_in = abcd, e_in = e0;
    __m128i m[4];
    for (int j = 0; j < 4; ++j)
      m[j] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * j)),
                              reverse);
    __m128i prev = abcd;  // abcd entering the current group
    abcd = AESKIT_WHOLE2(_mm_sha1rnds4_epu32, abcd, _mm_add_epi32(e0, m[0]), 0);
#pragma GCC unroll 19
    for (int g = 1; g < 20; ++g) {
      if (g >= 4)
        m[g & 3] = _mm_sha1msg2_epu32(
            _mm_xor_si128(_mm_sha1msg1_epu32(m[g & 3], m[(g + 1) & 3]), m[(g + 2) & 3]),
            m[(g + 3) & 3]);
      __m128i x = _mm_sha1nexte_epu32(prev, m[g & 3]);
      prev = abcd;
      switch (g / 5) {  // the immediate must be a constant; g is a compile-time value here
        case 0:
          abcd = AESKIT_WHOLE2(_mm_sha1rnds4_epu32, abcd, x, 0);
          break;
        case 1:
          abcd = AESKIT_WHOLE2(_mm_sha1rnds4_epu32, abcd, x, 1);
          break;
        case 2:
          abcd = AESKIT_WHOLE2(_mm_sha1rnds4_epu32, abcd, x, 2);
          break;
        default:
          abcd = AESKIT_WHOLE2(_mm_sha1rnds4_epu32, abcd, x, 3);
          break;
      }
    }
    e0 = _mm_sha1nexte_epu32(prev, e_in);
    abcd = _mm_add_epi32(abcd, abcd_in);
  }

  _mm_storeu_si128(reinterpret_cast<__m128i*>(hw.w32), _mm_shuffle_epi32(abcd, 0x1b));
  hw.w32[4] = static_cast<std::uint32_t>(_mm_extract_epi32(e0, 3));
}

}  // namespace aeskit::detail
