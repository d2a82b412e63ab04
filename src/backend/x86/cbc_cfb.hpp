// src/backend/x86/cbc_cfb.hpp — CBC decryption and CFB128 decryption for every width (xmm
// AES-NI, ymm/zmm VAES; the serial chains, CBC/CFB encryption, run one block at a time on the
// AES-NI kernels, where a wider register gains nothing).
//
// CPU features: those of the width's policy (vec256.hpp / vec512.hpp).
// References: NIST SP 800-38A §6.2 (CBC), §6.3 (CFB); FIPS-197.
//
// Register j of a group holds blocks kB·j .. kB·j + kB - 1 (kB = V::kBlocks). Its "previous
// ciphertext" register is [c_{kB·j-1} | ... | c_{kB·j+kB-2}]: for j >= 1 one unaligned load at
// in + 16·(kB·j - 1), and for j = 0 shift_in(iv, [c_0 | ...]). Every block it needs exists
// whenever the lane it feeds does; the last register's loads are load_n over its m blocks.
//
// CBC decryption: p_i = D(c_i) ^ c_{i-1}; the D() calls are independent, and the XOR with
// the previous register is folded into the last round key (VAESDECLAST(s, k ^ m) = T(s) ^ k ^
// m). For in == out, register j's store overwrites the blocks that register j (its own
// previous register) and j+1 (its lane 0's predecessor) still read, so stores go from the
// last register to the first, each reading its previous register just before its store. The
// next iv, c_{n-1}, is read before any store.
// CFB128 decryption: p_i = c_i ^ E(c_{i-1}); the E() inputs are the previous registers, all
// loaded before the rounds; stores go forwards, each after reading the blocks it overwrites.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "backend/x86/rounds.hpp"

namespace aeskit::detail::x86 {

// previous: register j's previous-ciphertext register (see the header); n blocks in it.
template <class V>
AESKIT_WIDE_INLINE typename V::reg previous(__m128i iv, const std::uint8_t* in, std::size_t j,
                                            std::size_t n) {
  if (j == 0) return V::shift_in(iv, V::load_n(in, n));
  return V::load_n(in + 16 * (V::kBlocks * j) - 16, n);
}

template <class V, unsigned R>
struct CbcDecryptKernel {
  Keys<V, R> round_keys;  // streamed; run() gets these or held ones (run_groups)
  __m128i iv;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y, class K>
  AESKIT_WIDE_INLINE void run(std::size_t blocks, const K& keys) {
    constexpr std::size_t kStride = 16 * V::kBlocks;
    const std::size_t m = last_count<V, Y>(blocks);
    typename V::reg b[Y];
    load_regs<V>(b, in, m);
    const __m128i next_iv =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * (blocks - 1)));
    all_but_last_round<V, Dir::decrypt>(keys, b);
    const typename V::reg k = keys[R];
#pragma GCC unroll 8
    for (std::size_t n = 0; n < Y; ++n) {  // from the last register to the first
      const std::size_t j = Y - 1 - n;
      const std::size_t count = j == Y - 1 ? m : V::kBlocks;
      const typename V::reg prev = previous<V>(iv, in, j, count);
      V::store_n(out + kStride * j, V::dec_last(b[j], V::x(k, prev)), count);
    }
    iv = next_iv;
    in += 16 * blocks;
    out += 16 * blocks;
  }

  // run_whole_groups (xmm only; chained() from kCbcLongFrom blocks): the whole groups of
  // `blocks` as a rotated loop, the way ctr.hpp's xmm long schedule runs: each group's last
  // round and the next group's load, whitening and first round alternate block by block, so
  // the two AES pipes stay fed across the group boundary (round-major groups start the next
  // group only when the scheduler reaches it). In place (in == out) stores go from the last
  // block to the first, each reading its predecessor just before; otherwise forwards. The next
  // group's blocks lie past this group's stores. Returns the blocks left (< 8).
  AESKIT_WIDE_INLINE std::size_t run_whole_groups(std::size_t blocks) {
    constexpr std::size_t G = V::kRegs;
    static_assert(V::kBlocks == 1, "the xmm schedule");
    typename V::reg b[G];
    const typename V::reg k0 = round_keys[0];
    const typename V::reg k1 = round_keys[1];
#pragma GCC unroll 8
    for (std::size_t j = 0; j < G; ++j) b[j] = V::dec(V::x(V::load(in + 16 * j), k0), k1);
    for (;;) {
      blocks -= G;
      const bool more = blocks >= G;
#pragma GCC unroll 16
      for (unsigned r = 2; r < R; ++r) {
        const typename V::reg k = round_keys[r];
#pragma GCC unroll 8
        for (std::size_t j = 0; j < G; ++j) b[j] = V::dec(b[j], k);
      }
      const typename V::reg kl = round_keys[R];
      const __m128i next_iv = V::load(in + 16 * (G - 1));
      if (!more) {
#pragma GCC unroll 8
        for (std::size_t n = 0; n < G; ++n) {
          const std::size_t j = G - 1 - n;
          const __m128i prev = j == 0 ? iv : V::load(in + 16 * j - 16);
          V::store(out + 16 * j, V::dec_last(b[j], V::x(kl, prev)));
        }
        iv = next_iv;
        in += 16 * G;
        out += 16 * G;
        return blocks;
      }
      const typename V::reg k0n = round_keys[0];
      const typename V::reg k1n = round_keys[1];
      if (in == out) {
#pragma GCC unroll 8
        for (std::size_t n = 0; n < G; ++n) {
          const std::size_t j = G - 1 - n;
          const __m128i prev = j == 0 ? iv : V::load(in + 16 * j - 16);
          V::store(out + 16 * j, V::dec_last(b[j], V::x(kl, prev)));
          b[j] = V::dec(V::x(V::load(in + 16 * (G + j)), k0n), k1n);
        }
      } else {  // forwards: ascending stores (Zen 2, 1-16 KiB: 2-3% faster than descending)
#pragma GCC unroll 8
        for (std::size_t j = 0; j < G; ++j) {
          const __m128i prev = j == 0 ? iv : V::load(in + 16 * j - 16);
          V::store(out + 16 * j, V::dec_last(b[j], V::x(kl, prev)));
          b[j] = V::dec(V::x(V::load(in + 16 * (G + j)), k0n), k1n);
        }
      }
      iv = next_iv;
      in += 16 * G;
      out += 16 * G;
    }
  }
};

// kCbcLongFrom: CBC decryption calls of at least this many blocks run their whole groups on
// CbcDecryptKernel::run_whole_groups (xmm). Measured on Zen 2 against the round-major groups
// (interleaved, best of 3, out of place): 16 KiB 1.04-1.08x, 1-8 KiB 1.02-1.04x; at 256 bytes
// (two groups) about 2% slower, hence the threshold (CTR's, ctr.hpp).
inline constexpr std::size_t kCbcLongFrom = 40;

template <class V, unsigned R>
struct CfbDecryptKernel {
  Keys<V, R> round_keys;  // streamed; run() gets these or held ones (run_groups)
  __m128i iv;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y, class K>
  AESKIT_WIDE_INLINE void run(std::size_t blocks, const K& keys) {
    const std::size_t m = last_count<V, Y>(blocks);
    typename V::reg b[Y];
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j) b[j] = previous<V>(iv, in, j, j + 1 == Y ? m : V::kBlocks);
    iv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * (blocks - 1)));
    all_but_last_round<V, Dir::encrypt>(keys, b);
    last_round_xor_data<V>(b, keys[R], in, out, m);  // E(c_{i-1}) ^ c_i
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

// chained: Kernel is CbcDecryptKernel or CfbDecryptKernel; iv advanced to the last input block.
template <class V, template <class, unsigned> class Kernel>
AESKIT_WIDE_INLINE void chained(const RoundKeys& rk, std::uint8_t iv[16], const std::uint8_t* in,
                                std::uint8_t* out, std::size_t blocks) {
  __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(iv));
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    Kernel<V, R> kernel{keys_of<V, R>(rk), v, in, out};
    std::size_t left = blocks;
    if constexpr (V::kBlocks == 1 && std::is_same_v<Kernel<V, R>, CbcDecryptKernel<V, R>>) {
      if (left >= kCbcLongFrom) left = kernel.run_whole_groups(left);
    }
    run_groups<V>(kernel, left);
    v = kernel.iv;
  });
  _mm_storeu_si128(reinterpret_cast<__m128i*>(iv), v);
}

}  // namespace aeskit::detail::x86
