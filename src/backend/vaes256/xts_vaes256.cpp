// src/backend/vaes256/xts_vaes256.cpp — XTS whole-block kernels (encrypt and decrypt) for the
// vaes256 backend: two blocks per ymm register, 8 registers (16 blocks) in flight.
//
// CPU features: AVX2, VAES, VPCLMULQDQ (tweak steps), PCLMULQDQ (the first tweak step).
// References: IEEE 1619-2018 §5.2 (multiplication by α), §5.3.1/§5.4.1 (one block);
// FIPS-197; Intel SDM, VPCLMULQDQ (VEX.256: one 64x64 carry-less product per 128-bit lane,
// qwords chosen by imm8 bits 0 and 4); backend/backend.hpp (the xts_* contract).
//
// Per block j: out_j = E(in_j ^ T_j) ^ T_j (D for decryption), T_{j+1} = T_j·α.
// Register t[i] holds the tweak pair [T_{2i} | T_{2i+1}] of the group's blocks 2i and 2i+1.
//
// Tweak arithmetic. A tweak loaded as it is is a little-endian 128-bit integer hi:lo per lane.
// Multiplying by x^k (0 < k <= 56) modulo x^128 + x^7 + x^2 + x + 1:
//     c     = VPSRLQ(t, 64-k)                 = [lo >> (64-k), hi >> (64-k)] per lane
//     shift = VPSLLQ(t, k) ^ VPSLLDQ(c, 8)    = (hi:lo) << k, bits past 127 dropped
//     fold  = CLMUL(c.qword1, 0x87)           = (hi >> (64-k))·(x^7+x^2+x+1); the part shifted
//             out times x^128 reduced: degree < k + 8 <= 64, so it lands in the low qword
//             and needs no second reduction
//     t·x^k = shift ^ fold.
// Both lanes step at once. The first pairs come from T: [T | T·α] (an xmm step), and the
// other seven pairs are that pair times α^2, α^4, ..., α^14 — all independent, a short
// chain. After a full group of 16 blocks every pair is multiplied by α^16: 8 independent
// steps, not a 16-long serial chain. Shifts and carry-less products only: constant time.
//
// As in the other kernels, the tweak XOR on the way out is folded into the last round key:
// VAESENCLAST(x, k[R] ^ t) = last_round(x) ^ k[R] ^ t (and VAESDECLAST alike). The tail of
// 1..15 blocks runs as one group of ceil(n/2) registers (groups_vaes256.hpp); an odd last
// block uses the low lane only. in == out is safe: each block is read before its own store.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/vaes256/groups_vaes256.hpp"
#include "backend/vaes256/kernels.hpp"
#include "backend/vaes256/rounds_vaes256.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {
namespace {

// mul_x: each lane's tweak times x^K (see the header comment).
template <int K>
AESKIT_VAES256_INLINE __m256i mul_x(__m256i t) {
  static_assert(K > 0 && K <= 56);
  const __m256i poly = _mm256_set_epi64x(0, 0x87, 0, 0x87);
  const __m256i c = _mm256_srli_epi64(t, 64 - K);
  const __m256i shift = _mm256_xor_si256(_mm256_slli_epi64(t, K), _mm256_bslli_epi128(c, 8));
  return _mm256_xor_si256(shift, _mm256_clmulepi64_epi128(c, poly, 0x01));
}

// mul_x16: each lane's tweak times x^16 without a carry-less multiply: the top two bytes h
// shift out (VPSRLDQ 14 brings them to bytes 0..1), the rest moves up two bytes (VPSLLDQ 2),
// and h·(x^7+x^2+x+1) (degree < 23, within 32-bit lane 0) is XORed in. Only shifts and XORs,
// which leave the AES pipes to the rounds.
AESKIT_VAES256_INLINE __m256i mul_x16(__m256i t) {
  const __m256i h = _mm256_bsrli_epi128(t, 14);
  const __m256i fold =
      _mm256_xor_si256(_mm256_xor_si256(h, _mm256_slli_epi32(h, 1)),
                       _mm256_xor_si256(_mm256_slli_epi32(h, 2), _mm256_slli_epi32(h, 7)));
  return _mm256_xor_si256(_mm256_bslli_epi128(t, 2), fold);
}

// mul_alpha: one tweak times α (K = 1), on an xmm register.
AESKIT_VAES256_INLINE __m128i mul_alpha(__m128i t) {
  const __m128i poly = _mm_set_epi64x(0, 0x87);
  const __m128i c = _mm_srli_epi64(t, 63);
  const __m128i shift = _mm_xor_si128(_mm_slli_epi64(t, 1), _mm_slli_si128(c, 8));
  return _mm_xor_si128(shift, _mm_clmulepi64_si128(c, poly, 0x01));
}

template <Dir D, unsigned R>
struct XtsKernel {
  Keys<R> keys;
  __m256i t[kWidth];  // tweak pairs of the next group; t[0]'s low lane is the next tweak
  const std::uint8_t* in;
  std::uint8_t* out;

  AESKIT_VAES256_INLINE void start(__m128i tweak) {
    t[0] = make_pair(tweak, mul_alpha(tweak));
    t[1] = mul_x<2>(t[0]);
    t[2] = mul_x<4>(t[0]);
    t[3] = mul_x<6>(t[0]);
    t[4] = mul_x<8>(t[0]);
    t[5] = mul_x<10>(t[0]);
    t[6] = mul_x<12>(t[0]);
    t[7] = mul_x<14>(t[0]);
  }

  // run: `blocks` (2Y or 2Y - 1) blocks in Y registers.
  template <std::size_t Y>
  AESKIT_VAES256_INLINE void run(std::size_t blocks) {
    const bool odd = blocks != 2 * Y;
    __m256i b[Y];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i)
      b[i] = _mm256_xor_si256(load_pair_or_low(in + 32 * i, odd && i == Y - 1), t[i]);
    all_but_last_round<D>(keys, b);
    const __m256i last = keys[R];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) {
      store_pair_or_low(out + 32 * i, aes_last_round<D>(b[i], _mm256_xor_si256(last, t[i])),
                        odd && i == Y - 1);
    }
    if (odd) {
      t[0] = _mm256_permute2x128_si256(t[Y - 1], t[Y - 1], 0x11);  // T_blocks: high lane
    } else if constexpr (Y < kWidth) {
      t[0] = t[Y];  // T_blocks: low lane of the next pair
    } else {
#pragma GCC unroll 8
      for (std::size_t i = 0; i < kWidth; ++i) t[i] = mul_x16(t[i]);
    }
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

template <Dir D, unsigned R>
AESKIT_VAES256_TARGET void xts(const RoundKeys& rk, std::uint8_t tweak[16], const std::uint8_t* in,
                               std::uint8_t* out, std::size_t blocks) noexcept {
  XtsKernel<D, R> kernel{keys_of<R>(rk), {}, in, out};
  kernel.start(load_block(tweak));
  run_groups(kernel, blocks);
  store_block(tweak, _mm256_castsi256_si128(kernel.t[0]));
}

template <Dir D>
AESKIT_VAES256_TARGET std::size_t xts_any(const RoundKeys& rk, std::uint8_t tweak[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) noexcept {
  if (rk.rounds == 10)
    xts<D, 10>(rk, tweak, in, out, blocks);
  else if (rk.rounds == 12)
    xts<D, 12>(rk, tweak, in, out, blocks);
  else
    xts<D, 14>(rk, tweak, in, out, blocks);
  return blocks;
}

}  // namespace

AESKIT_VAES256_TARGET std::size_t xts_encrypt(const RoundKeys& enc, std::uint8_t tweak[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept {
  return xts_any<Dir::encrypt>(enc, tweak, in, out, blocks);
}

AESKIT_VAES256_TARGET std::size_t xts_decrypt(const RoundKeys& dec, std::uint8_t tweak[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept {
  return xts_any<Dir::decrypt>(dec, tweak, in, out, blocks);
}

}  // namespace aeskit::detail::vaes256
