// src/backend/aesni/xts_aesni.cpp — XTS whole-block kernels (encrypt and decrypt) for the
// AES-NI backend, 8 blocks interleaved.
//
// CPU features: AES-NI, SSE2 (PADDD/PSRAD/PSHUFD on the tweaks).
// References: IEEE 1619-2018 §5.2 (multiplication by α), §5.3.1/§5.4.1 (one block);
// FIPS-197; backend/backend.hpp (the xts_encrypt/xts_decrypt contract).
//
// Per block j: out_j = E(in_j ^ T_j) ^ T_j (D for decryption), T_{j+1} = T_j·α. Loaded as it
// is, the tweak's 16 bytes are a little-endian 128-bit integer in the register, 32-bit lane i
// holding bits 32i..32i+31. T·α (IEEE 1619 §5.2) is a 1-bit left shift of the 128-bit value,
// with bit 127 folded back as x^128 = x^7 + x^2 + x + 1 (0x87). With 32-bit lanes only:
//     PADDD(T, T)             shifts every lane left by one, dropping each lane's top bit;
//     PSRAD(T, 31)            is all-ones in the lanes whose top bit was set;
//     PSHUFD(that, 0x93)      rotates the lanes up by one (lane i gets lane i-1's mask, lane 0
//                             gets lane 3's: bit 127);
//     AND with [0x87, 1, 1, 1] (lane 0 first) turns the masks into the carries: 1 into lanes
//                             1..3, the reduction 0x87 into lane 0;
//     XOR                     adds them (the shifted lanes' low bits are zero).
// Five instructions, no branch and no table: constant time. The 8 tweaks of a group are
// computed one after another before its loads; the chain (4 cycles a step) overlaps the
// previous group's AES rounds, which do not depend on it.
//
// The XOR of the tweak is folded into the first and last round keys: the input is
// in ^ (T ^ k[0]), and AESENCLAST(x, k[R] ^ T) = last_round(x) ^ k[R] ^ T (same for
// AESDECLAST), so whitening and un-tweaking cost no extra instruction on the rounds' chain.
// in == out is safe: each block is read before its own store and no other block is read later.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/aesni/interleave.hpp"
#include "backend/aesni/kernels.hpp"
#include "backend/aesni/rounds.hpp"
#include "backend/aesni/target.hpp"

namespace aeskit::detail::aesni {
namespace {

// mul_alpha: t·α (see the header comment).
AESKIT_AESNI_INLINE __m128i mul_alpha(__m128i t) {
  const __m128i carries =
      _mm_and_si128(_mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x93), _mm_set_epi32(1, 1, 1, 0x87));
  return _mm_xor_si128(_mm_add_epi32(t, t), carries);
}

template <Dir D, unsigned R>
struct XtsKernel {
  Schedule<R> keys;
  __m128i next;  // the tweak of the next block
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t N>
  AESKIT_AESNI_INLINE void run() {
    __m128i t[N], b[N];
    t[0] = next;
#pragma GCC unroll 8
    for (std::size_t i = 1; i < N; ++i) t[i] = mul_alpha(t[i - 1]);
    next = mul_alpha(t[N - 1]);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i)
      b[i] = _mm_xor_si128(load_block(in + 16 * i), _mm_xor_si128(t[i], keys.k[0]));
    middle_rounds<D>(keys, b);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i)
      store_block(out + 16 * i, aes_last_round<D>(b[i], _mm_xor_si128(keys.k[R], t[i])));
    in += 16 * N;
    out += 16 * N;
  }
};

template <Dir D, unsigned R>
AESKIT_AESNI_TARGET void xts(const RoundKeys& rk, std::uint8_t tweak[16], const std::uint8_t* in,
                             std::uint8_t* out, std::size_t blocks) noexcept {
  XtsKernel<D, R> kernel{load_schedule<R>(rk), load_block(tweak), in, out};
  run_interleaved(kernel, blocks);
  store_block(tweak, kernel.next);
}

template <Dir D>
AESKIT_AESNI_TARGET std::size_t xts_any(const RoundKeys& rk, std::uint8_t tweak[16],
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

AESKIT_AESNI_TARGET std::size_t xts_encrypt(const RoundKeys& enc, std::uint8_t tweak[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept {
  return xts_any<Dir::encrypt>(enc, tweak, in, out, blocks);
}

AESKIT_AESNI_TARGET std::size_t xts_decrypt(const RoundKeys& dec, std::uint8_t tweak[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept {
  return xts_any<Dir::decrypt>(dec, tweak, in, out, blocks);
}

}  // namespace aeskit::detail::aesni
