// src/backend/aesni/ocb_aesni.cpp — OCB3 whole-block kernels (encrypt, decrypt, AD hash) for
// the AES-NI backend, 8 blocks interleaved.
//
// CPU features: AES-NI, SSSE3 (SSE2 for the XORs).
// References: RFC 7253 §4.2-4.4; backend/backend.hpp (the ocb_* contract).
//
// For blocks with 1-based indices i = first, first+1, ...:
//   O_i = O_{i-1} ^ L[ntz(i)]          (ntz of a public index: the L row is a public choice)
//   encrypt: C_i = O_i ^ E(P_i ^ O_i),  checksum ^= P_i
//   decrypt: P_i = O_i ^ D(C_i ^ O_i),  checksum ^= P_i
//   hash:    sum ^= E(A_i ^ O_i)
// A group of N blocks first derives its N offsets (a chain of N XORs — one cycle each, far
// shorter than the AES rounds they feed), whitens the N inputs, runs the rounds round-major,
// and folds the output XOR with O_i into the last round key (AESENCLAST(x, k ^ O) =
// AESENCLAST(x, k) ^ O, see rounds.hpp). In place is safe: each group reads all its inputs
// before it stores.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/aesni/interleave.hpp"
#include "backend/aesni/ocb_aesni.hpp"
#include "backend/aesni/rounds.hpp"
#include "backend/aesni/target.hpp"

namespace aeskit::detail::aesni {
namespace {

enum class OcbOp { encrypt, decrypt, hash };

template <OcbOp Op, unsigned R>
struct OcbKernel {
  Schedule<R> keys;
  const OcbLTable* l;
  std::uint64_t index;  // index of the next block
  __m128i offset;
  __m128i acc;  // checksum (encrypt/decrypt) or sum (hash)
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t N>
  AESKIT_AESNI_INLINE void run() {
    constexpr Dir D = Op == OcbOp::decrypt ? Dir::decrypt : Dir::encrypt;
    __m128i o[N];
    __m128i b[N];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) {
      const unsigned z = static_cast<unsigned>(__builtin_ctzll(index + i));
      offset = _mm_xor_si128(offset, load_block(l->l[z]));
      o[i] = offset;
    }
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) {
      const __m128i x = load_block(in + 16 * i);
      if constexpr (Op == OcbOp::encrypt) acc = _mm_xor_si128(acc, x);
      b[i] = _mm_xor_si128(x, o[i]);
    }
    all_but_last_round<D>(keys, b);
    if constexpr (Op == OcbOp::hash) {
#pragma GCC unroll 8
      for (std::size_t i = 0; i < N; ++i)
        acc = _mm_xor_si128(acc, _mm_aesenclast_si128(b[i], keys.k[R]));
    } else {
#pragma GCC unroll 8
      for (std::size_t i = 0; i < N; ++i) {
        const __m128i y = aes_last_round<D>(b[i], _mm_xor_si128(keys.k[R], o[i]));
        if constexpr (Op == OcbOp::decrypt) acc = _mm_xor_si128(acc, y);
        store_block(out + 16 * i, y);
      }
      out += 16 * N;
    }
    in += 16 * N;
    index += N;
  }
};

template <OcbOp Op, unsigned R>
AESKIT_AESNI_TARGET void ocb_run(const RoundKeys& rk, const OcbLTable& l, std::uint64_t first,
                                 std::uint8_t offset[16], std::uint8_t acc[16],
                                 const std::uint8_t* in, std::uint8_t* out,
                                 std::size_t blocks) noexcept {
  OcbKernel<Op, R> kernel{load_schedule<R>(rk), &l, first, load_block(offset),
                          load_block(acc),      in, out};
  run_interleaved(kernel, blocks);
  store_block(offset, kernel.offset);
  store_block(acc, kernel.acc);
}

template <OcbOp Op>
AESKIT_AESNI_TARGET std::size_t ocb_any(const RoundKeys& rk, const OcbLTable& l,
                                        std::uint64_t first, std::uint8_t offset[16],
                                        std::uint8_t acc[16], const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks) noexcept {
  if (rk.rounds == 10)
    ocb_run<Op, 10>(rk, l, first, offset, acc, in, out, blocks);
  else if (rk.rounds == 12)
    ocb_run<Op, 12>(rk, l, first, offset, acc, in, out, blocks);
  else
    ocb_run<Op, 14>(rk, l, first, offset, acc, in, out, blocks);
  return blocks;
}

}  // namespace

AESKIT_AESNI_TARGET std::size_t ocb_encrypt(const RoundKeys& enc, const OcbLTable& l,
                                            std::uint64_t first_index, std::uint8_t offset[16],
                                            std::uint8_t checksum[16], const std::uint8_t* in,
                                            std::uint8_t* out, std::size_t blocks) noexcept {
  return ocb_any<OcbOp::encrypt>(enc, l, first_index, offset, checksum, in, out, blocks);
}

AESKIT_AESNI_TARGET std::size_t ocb_decrypt(const RoundKeys& dec, const OcbLTable& l,
                                            std::uint64_t first_index, std::uint8_t offset[16],
                                            std::uint8_t checksum[16], const std::uint8_t* in,
                                            std::uint8_t* out, std::size_t blocks) noexcept {
  return ocb_any<OcbOp::decrypt>(dec, l, first_index, offset, checksum, in, out, blocks);
}

AESKIT_AESNI_TARGET std::size_t ocb_hash(const RoundKeys& enc, const OcbLTable& l,
                                         std::uint64_t first_index, std::uint8_t offset[16],
                                         std::uint8_t sum[16], const std::uint8_t* in,
                                         std::size_t blocks) noexcept {
  return ocb_any<OcbOp::hash>(enc, l, first_index, offset, sum, in, nullptr, blocks);
}

}  // namespace aeskit::detail::aesni
