// src/backend/vaes256/blocks_vaes256.cpp — independent blocks (ECB-style) encryption and
// decryption for the vaes256 backend: 16 blocks in 8 ymm registers per group.
//
// CPU features: AVX2, AES-NI, VAES.
// References: FIPS-197 §5.1, §5.3.5; see rounds_vaes256.hpp for the round structure.
//
// out_i = E(in_i) (or D(in_i)) for every block. Blocks are independent: register j of a
// group holds blocks 2j and 2j+1, full groups of 16 go through the rounds together
// (rounds_vaes256.hpp) and the last 1..15 blocks form one smaller group (groups_vaes256.hpp),
// an odd last block riding in the low lane of the last register. Each group is loaded
// completely before any of it is stored, so in == out works.
// A call for exactly one block (CFB8, partial blocks of the stream modes, GCM's J0) goes to
// the AES-NI backend's code on the same schedule: with no second block to pair it with, the
// ymm path only adds broadcasts and a VZEROUPPER (measured ~10-15% slower per call).
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

template <Dir D, unsigned R>
struct BlocksKernel {
  Keys<R> keys;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y>
  AESKIT_VAES256_INLINE void run(std::size_t blocks) {
    const bool odd = (blocks & 1) != 0;  // the last register holds one block
    __m256i b[Y];
#pragma GCC unroll 8
    for (std::size_t j = 0; j + 1 < Y; ++j) b[j] = load_pair(in + 32 * j);
    b[Y - 1] = load_pair_or_low(in + 32 * (Y - 1), odd);
    cipher<D>(keys, b);
#pragma GCC unroll 8
    for (std::size_t j = 0; j + 1 < Y; ++j) store_pair(out + 32 * j, b[j]);
    store_pair_or_low(out + 32 * (Y - 1), b[Y - 1], odd);
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

template <Dir D, unsigned R>
AESKIT_VAES256_TARGET void blocks(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                                  std::size_t count) noexcept {
  BlocksKernel<D, R> kernel{keys_of<R>(rk), in, out};
  run_groups(kernel, count);
}

template <Dir D>
AESKIT_VAES256_TARGET void blocks_any(const RoundKeys& rk, const std::uint8_t* in,
                                      std::uint8_t* out, std::size_t count) noexcept {
  if (count == 1) {  // a single block: the 128-bit code (see the header)
    if constexpr (D == Dir::encrypt)
      return aesni::encrypt_blocks(rk, in, out, count);
    else
      return aesni::decrypt_blocks(rk, in, out, count);
  }
  if (rk.rounds == 10) return blocks<D, 10>(rk, in, out, count);
  if (rk.rounds == 12) return blocks<D, 12>(rk, in, out, count);
  blocks<D, 14>(rk, in, out, count);
}

}  // namespace

AESKIT_VAES256_TARGET void encrypt_blocks(const RoundKeys& enc, const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t blocks) noexcept {
  blocks_any<Dir::encrypt>(enc, in, out, blocks);
}

AESKIT_VAES256_TARGET void decrypt_blocks(const RoundKeys& dec, const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t blocks) noexcept {
  blocks_any<Dir::decrypt>(dec, in, out, blocks);
}

}  // namespace aeskit::detail::vaes256
