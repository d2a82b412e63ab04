// src/backend/aesni/blocks_aesni.cpp — independent blocks (ECB-style) encryption and
// decryption for the AES-NI backend, 8 blocks interleaved.
//
// CPU features: AES-NI, SSSE3.
// References: FIPS-197 §5.1, §5.3.5; see rounds.hpp for the round structure.
//
// out_i = E(in_i) (or D(in_i)) for every block. Blocks are independent, so groups of 8 go
// through the rounds together (rounds.hpp) and the last 1..7 form one smaller group
// (interleave.hpp); a lone block takes a path of its own (one_block). Each group is loaded
// completely before any of it is stored, so in == out works.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/aesni/interleave.hpp"
#include "backend/aesni/kernels.hpp"
#include "backend/aesni/rounds.hpp"
#include "backend/aesni/target.hpp"

namespace aeskit::detail::aesni {
namespace {

template <Dir D, unsigned R>
struct BlocksKernel {
  Schedule<R> keys;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t N>
  AESKIT_AESNI_INLINE void run() {
    __m128i b[N];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) b[i] = load_block(in + 16 * i);
    cipher<D>(keys, b);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) store_block(out + 16 * i, b[i]);
    in += 16 * N;
    out += 16 * N;
  }
};

// one_block: a lone block (rounds.hpp, cipher_one).
template <Dir D, unsigned R>
AESKIT_AESNI_TARGET void one_block(const RoundKeys& rk, const std::uint8_t* in,
                                   std::uint8_t* out) noexcept {
  store_block(out, cipher_one<D, R>(rk, load_block(in), _mm_setzero_si128()));
}

template <Dir D, unsigned R>
AESKIT_AESNI_TARGET void blocks(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                                std::size_t count) noexcept {
  BlocksKernel<D, R> kernel{load_schedule<R>(rk), in, out};
  run_interleaved(kernel, count);
}

template <Dir D>
AESKIT_AESNI_TARGET void blocks_any(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                                    std::size_t count) noexcept {
  if (count == 1) {  // a public count
    if (rk.rounds == 10) return one_block<D, 10>(rk, in, out);
    if (rk.rounds == 12) return one_block<D, 12>(rk, in, out);
    return one_block<D, 14>(rk, in, out);
  }
  if (rk.rounds == 10) return blocks<D, 10>(rk, in, out, count);
  if (rk.rounds == 12) return blocks<D, 12>(rk, in, out, count);
  blocks<D, 14>(rk, in, out, count);
}

}  // namespace

AESKIT_AESNI_TARGET void encrypt_blocks(const RoundKeys& enc, const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks) noexcept {
  blocks_any<Dir::encrypt>(enc, in, out, blocks);
}

AESKIT_AESNI_TARGET void decrypt_blocks(const RoundKeys& dec, const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks) noexcept {
  blocks_any<Dir::decrypt>(dec, in, out, blocks);
}

}  // namespace aeskit::detail::aesni
