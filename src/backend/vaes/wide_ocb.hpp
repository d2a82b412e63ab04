// src/backend/vaes/wide_ocb.hpp — OCB3 whole-block kernels (encrypt, decrypt, AD hash) for
// every VAES width: kRegs·kBlocks blocks in flight per group.
//
// CPU features: those of the width's policy (vec256.hpp / vec512.hpp).
// References: RFC 7253 §4.2-4.4; backend/backend.hpp (the ocb_* contract); wide_rounds.hpp.
//
// Math. Blocks have 1-based indices i; O_i = O_{i-1} ^ L[ntz(i)]; encrypt C_i = O_i ^
// E(P_i ^ O_i), decrypt P_i = O_i ^ D(C_i ^ O_i), checksum ^= P_i; hash sum ^= E(A_i ^ O_i).
// A group is G = kRegs·kBlocks blocks s, s+1, ..., s+G-1 with s ≡ 1 (mod G) (G a power of
// two). Then s+j ≡ 1+j (mod G) for j ≤ G-2, so ntz(s+j) = ntz(1+j) does not depend on s, and
// only the last block's ntz(s+G-1) (≥ log2 G) does. With the per-call constants
// Q_j = L[ntz(1)] ^ ... ^ L[ntz(1+j)] (j = 0..G-2):
//     O_{s+j}   = O_{s-1} ^ Q_j                          (j = 0..G-2)
//     O_{s+G-1} = O_{s-1} ^ Q_{G-2} ^ L[ntz(s+G-1)]
// so a group's offsets are kRegs independent XORs of the broadcast O_{s-1} with registers of
// Q values (the last lane of the last register gets L[ntz(s+G-1)] added): no serial chain.
// ntz of a block index is public, and so is the L row it selects.
// The output XOR with O_i is folded into the last round key. The checksum/sum is kept per
// lane in one register and folded once at the end. Blocks before the first s ≡ 1 (mod G), and
// a last run of fewer than G, go to the next narrower kernel (same round-key format). In
// place is safe: each group loads all its inputs before it stores.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/vaes/wide_rounds.hpp"

namespace aeskit::detail::wide {

enum class OcbOp { encrypt, decrypt, hash };

// OcbNarrow: the narrower kernel's entries, for head and tail runs.
struct OcbNarrow {
  std::size_t (*encrypt)(const RoundKeys&, const OcbLTable&, std::uint64_t, std::uint8_t*,
                         std::uint8_t*, const std::uint8_t*, std::uint8_t*, std::size_t) noexcept;
  std::size_t (*decrypt)(const RoundKeys&, const OcbLTable&, std::uint64_t, std::uint8_t*,
                         std::uint8_t*, const std::uint8_t*, std::uint8_t*, std::size_t) noexcept;
  std::size_t (*hash)(const RoundKeys&, const OcbLTable&, std::uint64_t, std::uint8_t*,
                      std::uint8_t*, const std::uint8_t*, std::size_t) noexcept;
};

template <class V>
AESKIT_WIDE_INLINE __m128i load_l(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

template <class V, OcbOp Op, unsigned R>
AESKIT_WIDE_INLINE void ocb_groups(const RoundKeys& rk, const OcbLTable& l, std::uint64_t first,
                                   std::uint8_t offset[16], std::uint8_t acc[16],
                                   const std::uint8_t* in, std::uint8_t* out,
                                   std::size_t groups) {
  using reg = typename V::reg;
  constexpr std::size_t kB = V::kBlocks;
  constexpr std::size_t kG = kGroupBlocks<V>;
  constexpr Dir D = Op == OcbOp::decrypt ? Dir::decrypt : Dir::encrypt;
  const Keys<V, R> keys = keys_of<V, R>(rk);
  __m128i q[kG];
  __m128i run = _mm_setzero_si128();
  for (unsigned j = 0; j + 1 < kG; ++j) {
    run = _mm_xor_si128(run, load_l<V>(l.l[__builtin_ctz(j + 1)]));
    q[j] = run;
  }
  q[kG - 1] = q[kG - 2];  // the last block's offset adds L[ntz(s+G-1)] per group
  reg qr[V::kRegs];
#pragma GCC unroll 8
  for (std::size_t p = 0; p < V::kRegs; ++p) {
    __m128i lanes[kB];
    for (std::size_t i = 0; i < kB; ++i) lanes[i] = q[kB * p + i];
    qr[p] = V::from_blocks(lanes);
  }

  __m128i o = load_l<V>(offset);
  reg sum = V::zero();
  for (std::size_t g = 0; g < groups; ++g) {
    const std::uint64_t last_index = first + kG * g + (kG - 1);
    const __m128i lz = load_l<V>(l.l[__builtin_ctzll(last_index)]);
    const reg base = V::broadcast(o);
    reg off[V::kRegs];
    reg b[V::kRegs];
#pragma GCC unroll 8
    for (std::size_t p = 0; p < V::kRegs; ++p) off[p] = V::x(base, qr[p]);
    {
      __m128i lanes[kB];
      for (std::size_t i = 0; i + 1 < kB; ++i) lanes[i] = _mm_setzero_si128();
      lanes[kB - 1] = lz;
      off[V::kRegs - 1] = V::x(off[V::kRegs - 1], V::from_blocks(lanes));
    }
    o = _mm_xor_si128(o, _mm_xor_si128(q[kG - 2], lz));
#pragma GCC unroll 8
    for (std::size_t p = 0; p < V::kRegs; ++p) {
      const reg x = V::load(in + 16 * kB * p);
      if constexpr (Op == OcbOp::encrypt) sum = V::x(sum, x);
      b[p] = V::x(x, off[p]);
    }
    all_but_last_round<V, D>(keys, b);
    const reg last = keys[R];
    if constexpr (Op == OcbOp::hash) {
#pragma GCC unroll 8
      for (std::size_t p = 0; p < V::kRegs; ++p) sum = V::x(sum, V::enc_last(b[p], last));
    } else {
#pragma GCC unroll 8
      for (std::size_t p = 0; p < V::kRegs; ++p) {
        const reg y = aes_last_round<V, D>(b[p], V::x(last, off[p]));
        if constexpr (Op == OcbOp::decrypt) sum = V::x(sum, y);
        V::store(out + 16 * kB * p, y);
      }
      out += 16 * kG;
    }
    in += 16 * kG;
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(offset), o);
  const __m128i folded = _mm_xor_si128(load_l<V>(acc), V::lanes_xor(sum));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(acc), folded);
}

template <OcbOp Op>
inline void ocb_narrow(const OcbNarrow& narrow, const RoundKeys& rk, const OcbLTable& l,
                       std::uint64_t first, std::uint8_t offset[16], std::uint8_t acc[16],
                       const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
  if (blocks == 0) return;
  if constexpr (Op == OcbOp::encrypt)
    narrow.encrypt(rk, l, first, offset, acc, in, out, blocks);
  else if constexpr (Op == OcbOp::decrypt)
    narrow.decrypt(rk, l, first, offset, acc, in, out, blocks);
  else
    narrow.hash(rk, l, first, offset, acc, in, blocks);
}

// ocb: head (to the next index ≡ 1 mod G) and tail on `narrow`, whole groups here.
template <class V, OcbOp Op>
AESKIT_WIDE_INLINE std::size_t ocb(const OcbNarrow& narrow, const RoundKeys& rk,
                                   const OcbLTable& l, std::uint64_t first, std::uint8_t offset[16],
                                   std::uint8_t acc[16], const std::uint8_t* in, std::uint8_t* out,
                                   std::size_t blocks) {
  constexpr std::size_t kG = kGroupBlocks<V>;
  std::size_t head = static_cast<std::size_t>((kG - (first - 1) % kG) % kG);
  if (head > blocks) head = blocks;
  ocb_narrow<Op>(narrow, rk, l, first, offset, acc, in, out, head);
  std::size_t done = head;
  const std::size_t groups = (blocks - done) / kG;
  if (groups != 0) {
    const std::uint64_t s = first + done;
    const std::uint8_t* gin = in + 16 * done;
    std::uint8_t* gout = Op == OcbOp::hash ? nullptr : out + 16 * done;
    with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
      ocb_groups<V, Op, R>(rk, l, s, offset, acc, gin, gout, groups);
    });
    done += groups * kG;
  }
  ocb_narrow<Op>(narrow, rk, l, first + done, offset, acc, in + 16 * done,
                 Op == OcbOp::hash ? nullptr : out + 16 * done, blocks - done);
  return blocks;
}

}  // namespace aeskit::detail::wide
