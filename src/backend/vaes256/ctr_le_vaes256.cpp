// src/backend/vaes256/ctr_le_vaes256.cpp — CTR with AES-GCM-SIV's counter (RFC 8452 §4) for
// the vaes256 backend: the counter block's first 4 bytes are a little-endian 32-bit integer,
// incremented mod 2^32 per block, bytes 4..15 fixed. 16 blocks in 8 ymm registers per group.
//
// CPU features: AVX2 (VPADDD ymm), AES-NI, VAES.
// References: RFC 8452 §4 (counter blocks and their increment), FIPS-197.
//
// Math: the block as it sits in memory has bytes 0..3 in 32-bit element 0 (little-endian), so
// for a group of n blocks (n = 16, or the 1..15 of the tail) in Y = ceil(n/2) registers:
//     base = [T | T + 1]                   (VPADDD on element 0 of the high lane)
//     register j = base + [2j | 2j]        = [T_{2j} | T_{2j+1}]
//     T += n
// VPADDD wraps each element mod 2^32 and never carries into bytes 4..15: exactly the RFC's
// increment, including a wrap inside a register or across groups. No byte swaps. The XOR with
// the input is folded into the last round key (rounds_vaes256.hpp). A single block goes to
// the AES-NI kernel (same schedule format). Branches depend on the block count only.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/aesni/kernels.hpp"
#include "backend/vaes256/groups_vaes256.hpp"
#include "backend/vaes256/kernels.hpp"
#include "backend/vaes256/rounds_vaes256.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {
namespace {

template <unsigned R>
struct CtrLeKernel {
  Keys<R> keys;
  __m128i counter;  // the next counter block, as in memory
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y>
  AESKIT_VAES256_INLINE void run(std::size_t blocks) {
    const bool odd = (blocks & 1) != 0;
    const __m256i base = _mm256_add_epi32(_mm256_broadcastsi128_si256(counter),
                                          _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
    __m256i b[Y];
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j) {
      const int step = static_cast<int>(2 * j);
      b[j] = _mm256_add_epi32(base, _mm256_setr_epi32(step, 0, 0, 0, step, 0, 0, 0));
    }
    counter = _mm_add_epi32(counter, _mm_cvtsi32_si128(static_cast<int>(blocks)));
    all_but_last_round<Dir::encrypt>(keys, b);
    const __m256i k = keys[R];
#pragma GCC unroll 8
    for (std::size_t j = 0; j + 1 < Y; ++j) {
      const __m256i last = _mm256_xor_si256(k, load_pair(in + 32 * j));
      store_pair(out + 32 * j, aes_last_round<Dir::encrypt>(b[j], last));  // E(T) ^ in
    }
    const std::size_t j = Y - 1;
    const __m256i last = _mm256_xor_si256(k, load_pair_or_low(in + 32 * j, odd));
    store_pair_or_low(out + 32 * j, aes_last_round<Dir::encrypt>(b[j], last), odd);
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

template <unsigned R>
AESKIT_VAES256_TARGET void ctr_le(const RoundKeys& rk, std::uint8_t counter[16],
                                  const std::uint8_t* in, std::uint8_t* out,
                                  std::size_t blocks) noexcept {
  CtrLeKernel<R> kernel{keys_of<R>(rk), load_block(counter), in, out};
  run_groups(kernel, blocks);
  store_block(counter, kernel.counter);
}

}  // namespace

AESKIT_VAES256_TARGET std::size_t ctr32_le(const RoundKeys& enc, std::uint8_t counter[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept {
  if (blocks == 1) return aesni::ctr32_le(enc, counter, in, out, blocks);
  if (enc.rounds == 10)
    ctr_le<10>(enc, counter, in, out, blocks);
  else if (enc.rounds == 12)
    ctr_le<12>(enc, counter, in, out, blocks);
  else
    ctr_le<14>(enc, counter, in, out, blocks);
  return blocks;
}

}  // namespace aeskit::detail::vaes256
