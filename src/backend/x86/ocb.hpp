// src/backend/x86/ocb.hpp — OCB3 whole-block kernels (encrypt, decrypt, AD hash) for every x86
// width: kRegs·kBlocks blocks in flight per group.
//
// CPU features: those of the width's policy (vec128.hpp / vec256.hpp / vec512.hpp).
// References: RFC 7253 §4.2-4.4; backend/backend.hpp (the ocb_* contract); rounds.hpp.
//
// Math. Blocks have 1-based indices i; O_i = O_{i-1} ^ L[ntz(i)]; encrypt C_i = O_i ^
// E(P_i ^ O_i), decrypt P_i = O_i ^ D(C_i ^ O_i), checksum ^= P_i; hash sum ^= E(A_i ^ O_i).
// ntz of a block index is public, and so is the L row it selects.
//
// Aligned groups. A group is G = kRegs·kBlocks blocks s, s+1, ..., s+G-1 with s ≡ 1 (mod G)
// (G a power of two). Then s+j ≡ 1+j (mod G) for j ≤ G-2, so ntz(s+j) = ntz(1+j) does not
// depend on s, and only the last block's ntz(s+G-1) (≥ log2 G) does. With the per-key
// constants Q_j = L[ntz(1)] ^ ... ^ L[ntz(1+j)] (OcbLTable::q, computed at key setup, so a
// short message does not pay for them; Q_{G-1} = Q_{G-2} ^ L[log2 G]):
//     O_{s+j}   = O_{s-1} ^ Q_j                          (j = 0..G-2)
//     O_{s+G-1} = O_{s-1} ^ Q_{G-2} ^ L[ntz(s+G-1)]
// so a group's offsets are kRegs independent XORs of the broadcast O_{s-1} with registers of
// Q values (the last lane of the last register gets L[ntz(s+G-1)] added): no serial chain. A
// last partial group of m < G blocks takes O_{s-1} ^ Q_j for j < m, the same registers.
// Blocks before the first s ≡ 1 (mod G) (a call continuing a message at another index)
// derive each offset from the previous one (a chain of XORs, one cycle each, far shorter
// than the rounds they feed) and run as one group of ceil(n / kBlocks) registers. Lanes past
// a run's end are kept out of the checksum (keep_n).
// The output XOR with O_i is folded into the last round key. The checksum/sum is kept per
// lane in one register and folded once at the end. In place is safe: each group loads all
// its inputs before it stores.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/rounds.hpp"

namespace aeskit::detail::x86 {

enum class OcbOp { encrypt, decrypt, hash };

template <class V>
AESKIT_WIDE_INLINE __m128i load_block(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// OcbChainKernel: any run of blocks, offsets chained block by block (see the header).
template <class V, OcbOp Op, unsigned R>
struct OcbChainKernel {
  using reg = typename V::reg;
  static constexpr std::size_t kB = V::kBlocks;
  Keys<V, R> round_keys;  // streamed; run() gets these or held ones (run_groups)
  const OcbLTable* l;
  std::uint64_t index;  // 1-based index of the next block
  __m128i offset;
  reg acc;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y, class K>
  AESKIT_WIDE_INLINE void run(std::size_t blocks, const K& keys) {
    constexpr Dir D = Op == OcbOp::decrypt ? Dir::decrypt : Dir::encrypt;
    const std::size_t m = last_count<V, Y>(blocks);
    reg off[Y];
    reg b[Y];
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j) {
      const std::size_t n = j + 1 == Y ? m : kB;
      __m128i lanes[kB];
      for (std::size_t i = 0; i < kB; ++i) {
        if (i < n) {
          const auto z = static_cast<unsigned>(__builtin_ctzll(index + kB * j + i));
          offset = _mm_xor_si128(offset, load_block<V>(l->l[z]));
          lanes[i] = offset;
        } else {
          lanes[i] = _mm_setzero_si128();
        }
      }
      off[j] = V::from_blocks(lanes);
      const reg x = V::load_n(in + 16 * kB * j, n);
      if constexpr (Op == OcbOp::encrypt) acc = V::x(acc, x);
      b[j] = V::x(x, off[j]);
    }
    all_but_last_round<V, D>(keys, b);
    const reg last = keys[R];
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j) {
      const std::size_t n = j + 1 == Y ? m : kB;
      if constexpr (Op == OcbOp::hash) {
        acc = V::x(acc, V::keep_n(V::enc_last(b[j], last), n));
      } else {
        const reg y = aes_last_round<V, D>(b[j], V::x(last, off[j]));
        if constexpr (Op == OcbOp::decrypt) acc = V::x(acc, V::keep_n(y, n));
        V::store_n(out + 16 * kB * j, y, n);
      }
    }
    if constexpr (Op != OcbOp::hash) out += 16 * blocks;
    in += 16 * blocks;
    index += blocks;
  }
};

// ocb_chain: `blocks` blocks from index `first` through OcbChainKernel.
template <class V, OcbOp Op, unsigned R>
AESKIT_WIDE_INLINE void ocb_chain(const RoundKeys& rk, const OcbLTable& l, std::uint64_t first,
                                  std::uint8_t offset[16], std::uint8_t acc[16],
                                  const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  if (blocks == 0) return;
  OcbChainKernel<V, Op, R> kernel{keys_of<V, R>(rk), &l, first, load_block<V>(offset),
                                  V::zero(),         in, out};
  run_groups<V>(kernel, blocks);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(offset), kernel.offset);
  const __m128i folded = _mm_xor_si128(load_block<V>(acc), V::lanes_xor(kernel.acc));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(acc), folded);
}

// OcbAlignedKernel: runs that start at an index s ≡ 1 (mod G): whole groups (Y = kRegs,
// blocks = G) and one last partial group (blocks < G: its offsets are O_{s-1} ^ Q_j for
// j < blocks, no L[ntz(s+G-1)] needed; lanes past the end are kept out of the sums).
template <class V, OcbOp Op, unsigned R>
struct OcbAlignedKernel {
  using reg = typename V::reg;
  static constexpr std::size_t kB = V::kBlocks;
  static constexpr std::size_t kG = kGroupBlocks<V>;
  Keys<V, R> round_keys;  // streamed; run() gets these or held ones (run_groups)
  const OcbLTable* l;
  std::uint64_t index;  // 1-based index of the next block, ≡ 1 (mod G)
  __m128i offset;
  reg acc;
  const std::uint8_t* in;
  std::uint8_t* out;
  __m128i l_log_g;   // L[log2 G]: Q_{G-1} ^ L[log2 G] = Q_{G-2}, the last block's part
  reg qs[V::kRegs];  // register p holds Q_{kB·p} .. Q_{kB·p + kB - 1}
  // kQsFromTable: with 32 vector registers the whole-group loop holds the round keys
  // (run_groups), and 8 Q registers beside them and the 8 states would spill; each group
  // then reads the Q registers from the table (a memory operand; OcbLTable is 64-byte
  // aligned, so no read splits a cache line).
  static constexpr bool kQsFromTable = V::kVectorRegisters >= 32;

  // start: the Q registers are loaded once per call, not per group: the table sits at
  // whatever offset the key's allocation gave it, and a 64-byte load from it mostly splits a
  // cache line (measured on Zen 5: the zmm kernel ran 4-6% slower than ECB at 16 KiB with
  // the table off a 64-byte boundary, 2% on it).
  // A run shorter than a group loads only the registers its one group uses.
  AESKIT_WIDE_INLINE void start(std::size_t blocks) {
    static_assert(kG <= OcbLTable::kPrefixCount);
    l_log_g = load_block<V>(l->l[__builtin_ctz(static_cast<unsigned>(kG))]);
    if constexpr (!kQsFromTable) {
#pragma GCC unroll 8
      for (std::size_t p = 0; p < V::kRegs; ++p)
        if (kB * p < blocks) qs[p] = V::load(l->q[kB * p]);
    }
  }
  AESKIT_WIDE_INLINE reg q_register(std::size_t p) const {
    if constexpr (kQsFromTable)
      return V::load(l->q[kB * p]);
    else
      return qs[p];
  }

  template <std::size_t Y, class K>
  AESKIT_WIDE_INLINE void run(std::size_t blocks, const K& keys) {
    constexpr Dir D = Op == OcbOp::decrypt ? Dir::decrypt : Dir::encrypt;
    const std::size_t m = last_count<V, Y>(blocks);
    // Lane i of register p has offset O ^ Q_{kB·p + i}: q(p) is register p of the key's prefix
    // table (qs). The whitening key and the last round key ride on the offset, so each register
    // costs one XOR3 in (x ^ (O ^ k[0]) ^ Q) and one XOR out ((O ^ k[R]) ^ Q, the last round key
    // that also unwhitens); the checksum takes two registers per XOR3. Fewer vector ALU
    // operations leave the AES pipes to the rounds. k[0] and k[R] come from the schedule
    // (round_keys), not from `keys`: used once per group, held they would take two of the
    // registers the whole-group loop needs for its middle keys, states and offsets.
    const reg o = V::broadcast(offset);
    const reg first = V::x(o, round_keys[0]);
    const reg last = V::x(o, round_keys[R]);
    reg q_last = q_register(Y - 1);
    if (blocks == kG) {  // a whole group: its last block is O ^ Q_{G-2} ^ L[ntz(s+G-1)]
      const __m128i fix = _mm_xor_si128(
          l_log_g, load_block<V>(l->l[__builtin_ctzll(index + kG - 1)]));  // Q_{G-1} -> that
      q_last = V::x(q_last, V::in_last_lane(fix));
      offset = _mm_xor_si128(offset, _mm_xor_si128(load_block<V>(l->q[kG - 1]), fix));
    } else {
      offset = _mm_xor_si128(offset, load_block<V>(l->q[blocks - 1]));
    }
    auto q = [&](std::size_t p) AESKIT_WIDE_LAMBDA { return p + 1 == Y ? q_last : q_register(p); };
    reg b[Y];
#pragma GCC unroll 8
    for (std::size_t p = 0; p < Y; ++p) {
      const reg x = V::load_n(in + 16 * kB * p, p + 1 == Y ? m : kB);
      if constexpr (Op == OcbOp::encrypt)
        b[p] = x;  // the plaintext, for the checksum
      else
        b[p] = V::x3(x, first, q(p));
    }
    if constexpr (Op == OcbOp::encrypt) {
      acc = fold_into(acc, b);
#pragma GCC unroll 8
      for (std::size_t p = 0; p < Y; ++p) b[p] = V::x3(b[p], first, q(p));
    }
    middle_rounds<V, D>(keys, b);
#pragma GCC unroll 8
    for (std::size_t p = 0; p < Y; ++p) {
      const std::size_t n = p + 1 == Y ? m : kB;
      if constexpr (Op == OcbOp::hash) {
        b[p] = V::keep_n(V::enc_last(b[p], keys[R]), n);
      } else {
        b[p] = aes_last_round<V, D>(b[p], V::x(last, q(p)));
        V::store_n(out + 16 * kB * p, b[p], n);
        if constexpr (Op == OcbOp::decrypt) b[p] = V::keep_n(b[p], n);
      }
    }
    if constexpr (Op != OcbOp::encrypt) acc = fold_into(acc, b);
    if constexpr (Op != OcbOp::hash) out += 16 * blocks;
    in += 16 * blocks;
    index += blocks;
  }

  // fold_into: acc ^ v[0] ^ ... ^ v[Y-1], two registers per XOR3.
  template <std::size_t Y>
  AESKIT_WIDE_INLINE static reg fold_into(reg acc, const reg (&v)[Y]) {
#pragma GCC unroll 8
    for (std::size_t p = 0; p + 1 < Y; p += 2) acc = V::x3(acc, v[p], v[p + 1]);
    if constexpr (Y % 2 == 1) acc = V::x(acc, v[Y - 1]);
    return acc;
  }
};

// ocb_aligned: `blocks` blocks from index `first` ≡ 1 (mod G) through OcbAlignedKernel.
template <class V, OcbOp Op, unsigned R>
AESKIT_WIDE_INLINE void ocb_aligned(const RoundKeys& rk, const OcbLTable& l, std::uint64_t first,
                                    std::uint8_t offset[16], std::uint8_t acc[16],
                                    const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  OcbAlignedKernel<V, Op, R> kernel{
      keys_of<V, R>(rk), &l, first, load_block<V>(offset), V::zero(), in, out, {}, {}};
  kernel.start(blocks);
  run_groups<V>(kernel, blocks);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(offset), kernel.offset);
  const __m128i folded = _mm_xor_si128(load_block<V>(acc), V::lanes_xor(kernel.acc));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(acc), folded);
}

// ocb: the blocks up to the next index ≡ 1 (mod G) chained, the rest aligned (whole groups
// and a last partial group). A short run that never reaches an aligned index is chained
// whole. One-shot messages start at index 1, so they are aligned from their first block.
template <class V, OcbOp Op>
AESKIT_WIDE_INLINE std::size_t ocb(const RoundKeys& rk, const OcbLTable& l, std::uint64_t first,
                                   std::uint8_t offset[16], std::uint8_t acc[16],
                                   const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  constexpr std::size_t kG = kGroupBlocks<V>;
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    std::size_t head = static_cast<std::size_t>((kG - (first - 1) % kG) % kG);
    if (head > blocks) head = blocks;
    ocb_chain<V, Op, R>(rk, l, first, offset, acc, in, out, head);
    if (blocks > head)
      ocb_aligned<V, Op, R>(rk, l, first + head, offset, acc, in + 16 * head,
                            Op == OcbOp::hash ? nullptr : out + 16 * head, blocks - head);
  });
  return blocks;
}

}  // namespace aeskit::detail::x86
