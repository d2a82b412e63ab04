// src/backend/x86/gcm.hpp — fused AES-GCM (CTR32 encryption and GHASH in one pass over
// the data) for every x86 width: 8 registers per iteration — 8 blocks on xmm (AES-NI +
// PCLMULQDQ, the pclmul GHASH key), 16 on ymm and 32 on zmm (VAES + VPCLMULQDQ, the vpclmul
// GHASH keys) — and one GHASH reduction per iteration.
//
// CPU features: those of the width's policy (vec256.hpp / vec512.hpp).
// References: NIST SP 800-38D §6.3-§7 (GF(2^128) and its bit order, GHASH, GCTR with inc32);
// FIPS-197; Intel SDM, VAESENC/VAESENCLAST and VPCLMULQDQ (each 128-bit lane does the
// 128-bit instruction on its own); Intel white paper "Carry-Less Multiplication Instruction
// and its Usage for Computing the GCM Mode" (reflected representation and aggregated
// reduction, as facts); the Linux kernel's aes-gcm-avx10 was studied for its design (one
// source for two widths, one power table); the code is this file's own.
//
// What it computes (gcm_fused.hpp in src/aead): C_i = P_i ^ E_K(CB_i), CB_(i+1) = inc32(CB_i),
// and Y = (...((Y ^ C_1)·H ^ C_2)·H ... ^ C_n)·H (open: the input is C_i; the hash is always
// over the ciphertext). The same loop with kReflect false is AES-GCM-SIV's open pass (RFC 8452
// §5, siv_open_blocks): the counter is the little-endian word in bytes 0..3 and POLYVAL takes
// the plaintext (the output, as seal hashes its output) without byte reflection, so counters
// and hashed blocks skip the VPSHUFBs and nothing else changes. HCTR2's second pass (XCTR,
// then POLYVAL over its output: xctr_polyval_blocks) is that same loop on a copy of the
// schedule whose round key 0 has S XORed in.
//
// The field and products are those of x86/clmul/gf128_clmul.hpp and ghash.hpp: reflected
// blocks (per-lane VPSHUFB), K_i = H^i·x^-1 so a carry-less product is exactly A·H^i,
// Karatsuba (3 VPCLMULQDQ per register; chosen because VPCLMULQDQ and VAESENC compete for the
// same pipes while shuffles and XORs have spare ports), lo/mid/hi accumulated over the
// iteration's blocks and reduced once.
//
// The bound. Measured on Zen 5 (tools in the issue-16 note): PCLMULQDQ issues once per 2
// cycles at every width (xmm, ymm, zmm), VAESENC twice per cycle, on separate pipes. An
// iteration needs 24 carry-less multiplies for its data (3 per register) and 2 for the
// reduction: 52 cycles per 8 registers whatever the width, against 40 (AES-128) of AES on
// zmm. So the loop is carry-less-multiply bound and wider registers are worth their width
// only if the multiplies per block shrink with them: one reduction per 32 blocks on zmm
// (26 multiplies; the earlier two 16-block halves took 34, a 1.53x bound over ymm).
//
// Counters. inc32 adds 1 to the last four bytes, big-endian, mod 2^32, never carrying into
// byte 11. The counter block is kept byte-reversed (the same VPSHUFB as the data): its 32-bit
// element 0 is that big-endian word as a little-endian integer, and VPADDD of n in element 0
// of each lane is inc32 applied n times, wrapping without carry. Register j lane i holds
// CB + kBlocks·j + i, built from one base by VPADDD with constants, reversed back and
// whitened. The XOR of the data is folded into the last round (VAESENCLAST(x, k ^ d)).
//
// Schedule of one iteration (kGcmRegs = 8 registers: 8 blocks on xmm, 16 on ymm, 32 on zmm;
// AES-128: 1 + 9 + 1 rounds). Eight registers are eight independent AES chains, enough to
// cover the 4-cycle latency at two per cycle. The AES states stay in registers; the round
// keys come from GcmKeys (held in registers on zmm, loaded per round on xmm/ymm, whose 16
// registers cannot hold them beside the states). Between the rounds of the new group the kernel
// hashes the other group: one data register per round (load, VPSHUFB, VPSHUFD/VPXOR, 3 VPCLMULQDQ,
// 3 VPXOR). The register that carries the state (y ^ X_1) goes last, so the previous reduction had
// the other rounds' time, and the reduction follows a round later. On zmm the powers for registers
// 0..3 come from the key's high run K_32..K_17 and for 4..7 from the 16-power table (ghash.hpp
// group_powers). Compiler guards (rounds.hpp): the GHASH sums are accumulated in order (in_order),
// not re-associated into a tree of 24 live products, and seal's hashed pointer is opaque, so last
// iteration's ciphertext is reloaded rather than kept in spilled registers since its store. seal
// hashes the previous group's ciphertext (the current one is not computed yet): the first group is
// encrypted alone and the last one hashed after the loop. open hashes the group it is decrypting
// (the input); in place is safe because the hash loads come before the stores.
//
// Tails. After the whole groups, the m remaining blocks are done here too: ceil(m / kBlocks)
// registers of AES (a template per register count, chosen by a switch on the public m; the
// last register's load and store are masked to its blocks), then GHASH of the m blocks with
// the table's last m powers and one reduction (17..31 blocks on zmm: across both runs,
// ghash.hpp absorb_split). So the kernel processes every block given.
// The one-shot message kernel adds the AD, the partial block and the lengths block, the
// last two absorbed straight from registers (no store and reload); seal absorbs the whole
// blocks after the last full group together with them (one reduction, absorb_unreduced) when
// the power table has room (on zmm up to 32 blocks in all: split_unreduced, both runs).
//
// Short messages (issue 42 item 4). When the padded AD, the padded data and the lengths block
// are at most the table's kPowers blocks (8 on xmm: 96 bytes with a 13-byte AD; 16 on ymm and
// zmm: 224 bytes), short_crypt does the whole message in one pass: J0 and the data counters
// side by side in P ≤ 8 registers through one run of rounds (the tag's E(J0) costs no latency
// of its own), then every hashed block times K_T..K_1 and one reduction. Seal's chain after
// the cipher is then XOR, one multiply, one reduction and the tag XOR, where the general order
// ran three dependent multiply-reduce steps (AD; data; partial and lengths blocks) behind it;
// open's hash does not wait for the cipher at all. The AD's products start before the cipher
// finishes. J0 is loaded in the pieces derive_j0 stores (load_j0: no store-forwarding stall).
// One template for the three widths (measured first on xmm; on zmm, Zen 5, seal of 16 bytes
// is level with Intel ipsec-mb's AVX-512 kernel, issue 42's note).
//
// Batches (GcmFusedKernels::seal_messages / open_messages, ymm and zmm; the section at the end
// of this file). Short messages are gathered kBatchMessages at a time. When they have one shape
// (as many AD and data blocks) each message takes one lane of every register (lanes_crypt):
// one run of rounds gives all their key streams and E(J0)s, each hashed row is one multiply by
// a broadcast power, and one reduction serves them all. Otherwise, on zmm, their registers go
// through one run of rounds side by side (short_batch_crypt) and their hashes overlap; on ymm
// they go one by one.
// Round keys and key stream are not wiped from the stack copy / spill slots (as in the other
// AES kernels of the tree).
#pragma once

#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/x86/clmul/gcm_tail.hpp"
#include "backend/x86/clmul/gf128_clmul.hpp"
#include "backend/x86/ghash.hpp"
#include "backend/x86/rounds.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::x86::gcm {

// kGroup<V>: blocks per iteration = per GHASH reduction (8 on xmm, 16 on ymm, 32 on zmm: the
// GHASH key's powers, ghash.hpp kFullGroup).
template <class V>
inline constexpr std::size_t kGroup = V::kGcmRegs* V::kBlocks;
template <class V>
inline constexpr std::size_t kGroupBytes = 16 * kGroup<V>;
// GcmKeys<V, R>: where the fused loop takes its round keys. With 32 vector registers (zmm)
// all R+1 broadcast keys stay in registers beside the 8 states and the GHASH sums; with 16
// (xmm, ymm) they would spill the states (measured: ymm AES-128 seal 0.88x the earlier
// kernel), so each round broadcasts its key from the schedule where it is used
// (pinned_key: one load per round per 8 AES instructions). round_key(w, r) reads either.
// (HeldKeys: rounds.hpp.)
template <class V, unsigned R>
using GcmKeys = std::conditional_t<(V::kVectorRegisters >= 32), HeldKeys<V, R>, Keys<V, R>>;

template <class V, unsigned R>
AESKIT_WIDE_INLINE GcmKeys<V, R> gcm_keys(const RoundKeys& rk) {
  if constexpr (V::kVectorRegisters >= 32) {
    HeldKeys<V, R> w;
#pragma GCC unroll 16
    for (unsigned i = 0; i <= R; ++i) w.k[i] = V::broadcast_load(rk.bytes + 16 * i);
    return w;
  } else {
    return keys_of<V, R>(rk);
  }
}

template <class V, unsigned R>
AESKIT_WIDE_INLINE typename V::reg round_key(const GcmKeys<V, R>& w, unsigned r) {
  if constexpr (V::kVectorRegisters >= 32)
    return w[r];
  else
    return pinned_key(w, r);
}

// as_block: a counter or data register in the byte order the cipher and the hash see: GCM
// (kReflect) keeps counters and hashed blocks byte-reversed per lane, GCM-SIV takes both as
// they sit in memory (its counter is little-endian, POLYVAL's blocks need no reflection).
template <class V, bool kReflect>
AESKIT_WIDE_INLINE typename V::reg as_block(typename V::reg v) {
  if constexpr (kReflect)
    return V::reverse_lanes(v);
  else
    return v;
}

// first_round: P registers of counter blocks base + kBlocks·j + lane, back in memory byte
// order and whitened with round key 0.
template <class V, unsigned R, std::size_t P, bool kReflect = true>
AESKIT_WIDE_INLINE void first_round(const GcmKeys<V, R>& w, typename V::reg base,
                                    typename V::reg (&x)[P]) {
#pragma GCC unroll 8
  for (std::size_t j = 0; j < P; ++j) {
    const typename V::reg ctr = V::add32(base, V::each_lane32(static_cast<int>(V::kBlocks * j)));
    x[j] = V::x(as_block<V, kReflect>(ctr), w[0]);
  }
}

// hash_reg: register j of a full group (its kBlocks blocks) into acc.
template <class V>
AESKIT_WIDE_INLINE void hash_reg(Product<V>& acc, typename V::reg data, const std::uint8_t* table,
                                 std::size_t j) {
  const std::size_t at = group_powers<V>(j);
  multiply_into<V>(acc, data, V::load(table + at), V::load(table + TableOf<V>::kMidOffset + at));
}

// group: kGroup blocks of CTR from base (advanced by kGroup) from in to out; with kHash, the
// kGroup ciphertext blocks at `hashed` are absorbed into y at the same time (see the header):
// one data register per round, register 0 (which carries y) last, the reduction a round
// later.
// P < kGcmRegs: the message's last, partial group (P registers of AES, the last holding n
// blocks) while hashing a whole previous group (seal's last one), so that group's hash does
// not run alone after the loop.
template <class V, unsigned R, bool kHash, std::size_t P = V::kGcmRegs, bool kReflect = true>
AESKIT_WIDE_INLINE void group(const GcmKeys<V, R>& w, const std::uint8_t* table,
                              typename V::reg& base, __m128i& y, const std::uint8_t* in,
                              std::uint8_t* out, const std::uint8_t* hashed,
                              std::size_t n = V::kBlocks) {
  constexpr std::size_t kRegs = V::kGcmRegs;
  constexpr std::size_t kStride = 16 * V::kBlocks;
  static_assert(kGroup<V> == kFullGroup<V>, "one GHASH reduction per iteration");
  static_assert(R >= kRegs + 2, "the hash schedule needs rounds 1..kRegs+1");
  typename V::reg x[P];
  first_round<V, R, P, kReflect>(w, base, x);
  base = V::add32(base, V::each_lane32(static_cast<int>(kGroup<V>)));
  hashed = opaque(hashed);  // seal: reload last iteration's ciphertext, do not keep it live
  Product<V> acc = zero_product<V>();
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
    const typename V::reg k = round_key<V, R>(w, r);
#pragma GCC unroll 8
    for (std::size_t j = 0; j < P; ++j) x[j] = V::enc(x[j], k);
    if constexpr (kHash) {
      if (r < kRegs) {
        hash_reg<V>(acc, as_block<V, kReflect>(V::load(hashed + kStride * r)), table, r);
      } else if (r == kRegs) {
        const typename V::reg first = V::x(as_block<V, kReflect>(V::load(hashed)), V::low_only(y));
        hash_reg<V>(acc, first, table, 0);
      } else if (r == kRegs + 1) {
        y = clmul::reduce(fold_lanes<V>(acc));
      }
    }
  }
  last_round_xor_data<V>(x, w[R], in, out, n);
}

// tail_crypt: CTR over m blocks (kBlocks·(P-1) < m <= kBlocks·P) from base.
template <class V, unsigned R, std::size_t P, bool kReflect>
AESKIT_WIDE_INLINE void tail_crypt(const GcmKeys<V, R>& w, typename V::reg base,
                                   const std::uint8_t* in, std::uint8_t* out, std::size_t m) {
  typename V::reg x[P];
  first_round<V, R, P, kReflect>(w, base, x);
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (std::size_t j = 0; j < P; ++j) x[j] = V::enc(x[j], w[r]);
  }
  last_round_xor_data<V>(x, w[R], in, out, m - V::kBlocks * (P - 1));
}

// tail: CTR over m (1..group - 1) blocks.
template <class V, unsigned R, bool kReflect = true>
AESKIT_WIDE_INLINE void tail(const GcmKeys<V, R>& w, typename V::reg base, const std::uint8_t* in,
                             std::uint8_t* out, std::size_t m) {
  const std::size_t regs = (m + V::kBlocks - 1) / V::kBlocks;
  static_assert(V::kGcmRegs == 8);
  if (regs <= 1) return tail_crypt<V, R, 1, kReflect>(w, base, in, out, m);
  if (regs == 2) return tail_crypt<V, R, 2, kReflect>(w, base, in, out, m);
  if (regs == 3) return tail_crypt<V, R, 3, kReflect>(w, base, in, out, m);
  if (regs == 4) return tail_crypt<V, R, 4, kReflect>(w, base, in, out, m);
  if (regs == 5) return tail_crypt<V, R, 5, kReflect>(w, base, in, out, m);
  if (regs == 6) return tail_crypt<V, R, 6, kReflect>(w, base, in, out, m);
  if (regs == 7) return tail_crypt<V, R, 7, kReflect>(w, base, in, out, m);
  tail_crypt<V, R, 8, kReflect>(w, base, in, out, m);
}

// tail_hashing: seal's last m (1..kGroup - 1) blocks of CTR while the previous whole group
// at `hashed` is absorbed (group() with P = ceil(m / kBlocks) registers).
template <class V, unsigned R, bool kReflect = true>
AESKIT_WIDE_INLINE void tail_hashing(const GcmKeys<V, R>& w, const std::uint8_t* table,
                                     typename V::reg base, __m128i& y, const std::uint8_t* in,
                                     std::uint8_t* out, const std::uint8_t* hashed, std::size_t m) {
  static_assert(V::kGcmRegs == 8);
  const std::size_t regs = (m + V::kBlocks - 1) / V::kBlocks;
  const std::size_t n = m - V::kBlocks * (regs - 1);
  switch (regs) {
    case 1:
      return group<V, R, true, 1, kReflect>(w, table, base, y, in, out, hashed, n);
    case 2:
      return group<V, R, true, 2, kReflect>(w, table, base, y, in, out, hashed, n);
    case 3:
      return group<V, R, true, 3, kReflect>(w, table, base, y, in, out, hashed, n);
    case 4:
      return group<V, R, true, 4, kReflect>(w, table, base, y, in, out, hashed, n);
    case 5:
      return group<V, R, true, 5, kReflect>(w, table, base, y, in, out, hashed, n);
    case 6:
      return group<V, R, true, 6, kReflect>(w, table, base, y, in, out, hashed, n);
    case 7:
      return group<V, R, true, 7, kReflect>(w, table, base, y, in, out, hashed, n);
    default:
      return group<V, R, true, 8, kReflect>(w, table, base, y, in, out, hashed, n);
  }
}

// State: the reflected counter CB, the lanes (CB, CB + 1, ...) and the reflected hash.
template <class V>
struct State {
  __m128i counter;
  typename V::reg base;
  __m128i y;
};

template <class V>
AESKIT_WIDE_INLINE State<V> state_at(__m128i counter, __m128i y) {
  return {counter, V::add32(V::broadcast(counter), V::lane_index32()), y};
}

// crypt_blocks: `blocks` whole blocks of CTR from s.base, advancing s.base and s.y. kSeal
// hashes the output (GCM seal; GCM-SIV open, whose POLYVAL is over the plaintext), else the
// input (GCM open). kReflect: GCM's byte order (see as_block); false for GCM-SIV.
// absorb_tail false (seal only): the last blocks % kGroup output blocks are left unhashed, for
// the caller to absorb with what follows them in one reduction (message).
template <class V, unsigned R, bool kSeal, bool kReflect = true>
AESKIT_WIDE_INLINE void crypt_blocks(const GcmKeys<V, R>& w, const std::uint8_t* table, State<V>& s,
                                     const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                                     bool absorb_tail = true) {
  const std::size_t groups = blocks / kGroup<V>;
  const std::size_t m = blocks % kGroup<V>;
  const std::size_t rest = kGroupBytes<V> * groups;
  constexpr std::size_t kRegs = V::kGcmRegs;
  if constexpr (kSeal) {
    if (groups > 0) {
      group<V, R, false, kRegs, kReflect>(w, table, s.base, s.y, in, out, nullptr);
      for (std::size_t g = 1; g < groups; ++g)
        group<V, R, true, kRegs, kReflect>(w, table, s.base, s.y, in + kGroupBytes<V> * g,
                                           out + kGroupBytes<V> * g,
                                           out + kGroupBytes<V> * (g - 1));
    }
    if (groups > 0 && m > 0) {  // the last group is hashed during the tail's rounds
      tail_hashing<V, R, kReflect>(w, table, s.base, s.y, in + rest, out + rest,
                                   out + rest - kGroupBytes<V>, m);
    } else if (groups > 0) {
      s.y = absorb_blocks<V, kReflect>(s.y, out + rest - kGroupBytes<V>, table, kGroup<V>);
    } else if (m > 0) {
      tail<V, R, kReflect>(w, s.base, in + rest, out + rest, m);
    }
    if (m > 0 && absorb_tail) s.y = absorb_blocks<V, kReflect>(s.y, out + rest, table, m);
  } else {
    for (std::size_t g = 0; g < groups; ++g)
      group<V, R, true, kRegs, kReflect>(w, table, s.base, s.y, in + kGroupBytes<V> * g,
                                         out + kGroupBytes<V> * g, in + kGroupBytes<V> * g);
    if (m > 0) {
      // before out (maybe in) is written
      s.y = absorb_blocks<V, kReflect>(s.y, in + rest, table, m);
      tail<V, R, kReflect>(w, s.base, in + rest, out + rest, m);
    }
  }
}

// blocks: the GcmFusedKernels seal/open entry (counter and hash in GCM byte order).
template <class V, bool kSeal>
AESKIT_WIDE_INLINE void blocks(const RoundKeys& rk, const GhashKey& hk, std::uint8_t counter[16],
                               std::uint8_t hash[16], const std::uint8_t* in, std::uint8_t* out,
                               std::size_t count) {
  State<V> s = state_at<V>(clmul::load_block(counter), clmul::load_block(hash));
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    const GcmKeys<V, R> w = gcm_keys<V, R>(rk);
    crypt_blocks<V, R, kSeal>(w, hk.bytes, s, in, out, count);
  });
  const int n = static_cast<int>(static_cast<std::uint32_t>(count));  // inc32 is mod 2^32
  clmul::store_block(counter, _mm_add_epi32(s.counter, _mm_cvtsi32_si128(n)));
  clmul::store_block(hash, s.y);
  V::finish();
}

// siv_open_blocks: the GcmFusedKernels polyval_open entry (AES-GCM-SIV's open pass, RFC 8452
// §5): CTR whose counter is the little-endian 32-bit word in bytes 0..3 (element 0 of the
// block as loaded: the same VPADDD as GCM's reflected counter, no shuffles), then POLYVAL over
// the plaintext (the output, hashed as GCM seal hashes its ciphertext) with blocks and state in
// POLYVAL's byte order, on a per-message POLYVAL key with the whole table (ghash.hpp
// HighPowers::all: a full group on zmm reads K_32..K_17).
template <class V>
AESKIT_WIDE_INLINE void siv_open_blocks(const RoundKeys& rk, const GhashKey& pk,
                                        std::uint8_t counter[16], std::uint8_t state[16],
                                        const std::uint8_t* in, std::uint8_t* out,
                                        std::size_t count) {
  State<V> s = state_at<V>(clmul::load(counter), clmul::load(state));
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    const GcmKeys<V, R> w = gcm_keys<V, R>(rk);
    crypt_blocks<V, R, /*kSeal=*/true, /*kReflect=*/false>(w, pk.bytes, s, in, out, count);
  });
  const int n = static_cast<int>(static_cast<std::uint32_t>(count));  // mod 2^32 (§4)
  clmul::store(counter, _mm_add_epi32(s.counter, _mm_cvtsi32_si128(n)));
  clmul::store(state, s.y);
  V::finish();
}

// xctr_polyval_blocks: the GcmFusedKernels xctr_polyval entry (HCTR2's second pass, ePrint
// 2021/1441 §3): XCTR, out_i = in_i ^ E(S ^ counter_i) with the little-endian counter of
// siv_open_blocks, then POLYVAL over the output. S only ever enters the cipher XORed with the
// counter block, which is XORed with round key 0 next: E(S ^ c) starts from c ^ (K_0 ^ S). So
// this is siv_open_blocks' loop (CTR32-LE, POLYVAL of the output: each group's AES rounds
// interleaved with the products of the previous group's output and one reduction per group)
// on a copy of the schedule whose key 0 is K_0 ^ S: no extra instruction per block. The copy
// (16·(R+1) bytes, secret) is wiped before return.
template <class V>
AESKIT_WIDE_INLINE void xctr_polyval_blocks(const RoundKeys& rk, const GhashKey& pk,
                                            const std::uint8_t s[16], std::uint8_t counter[16],
                                            std::uint8_t state[16], const std::uint8_t* in,
                                            std::uint8_t* out, std::size_t count) {
  RoundKeys whitened;  // only keys 0..rounds and `rounds` are written and read
  const std::size_t key_bytes = 16 * (static_cast<std::size_t>(rk.rounds) + 1);
  whitened.rounds = rk.rounds;
  std::memcpy(whitened.bytes, rk.bytes, key_bytes);
  clmul::store(whitened.bytes, _mm_xor_si128(clmul::load(rk.bytes), clmul::load(s)));
  siv_open_blocks<V>(whitened, pk, counter, state, in, out, count);
  secure_zero(whitened.bytes, key_bytes);
}

// hash_bytes: y over len bytes, the last partial block zero-padded (built in a register).
template <class V>
AESKIT_WIDE_INLINE __m128i hash_bytes(__m128i y, const std::uint8_t* table,
                                      const std::uint8_t* data, std::size_t len) {
  const std::size_t full = len / 16;
  y = absorb_blocks<V, true>(y, data, table, full);
  const std::size_t rest = len % 16;
  if (rest == 0) return y;
  const __m128i last = clmul::load_partial(data + 16 * full, rest);
  const __m128i x = _mm_xor_si128(y, _mm_shuffle_epi8(last, clmul::byte_reverse_mask()));
  const std::uint8_t* k1 = table + TableOf<V>::powers_for(1);
  return clmul::reduce(
      clmul::product(x, clmul::load(k1), clmul::load(k1 + TableOf<V>::kMidOffset)));
}

// load_j0: the pre-counter block J0 (reflected) from memory the caller has just written, as
// 8 + 4 + 4 bytes: a 96-bit nonce's J0 is stored as the nonce's 8 and 4 bytes and the 4 bytes
// of the counter, and one 16-byte load over those three stores cannot take its data from the
// store buffer (a store-forwarding stall of about a dozen cycles at the head of every short
// message). Loads within one store forward (and within one wider store too).
AESKIT_PCLMUL_INLINE __m128i load_j0(const std::uint8_t j0[16]) {
  std::uint32_t w2, w3;
  std::memcpy(&w2, j0 + 8, 4);
  std::memcpy(&w3, j0 + 12, 4);
  const __m128i low = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(j0));
  const __m128i high = _mm_unpacklo_epi32(_mm_cvtsi32_si128(static_cast<int>(w2)),
                                          _mm_cvtsi32_si128(static_cast<int>(w3)));
  return _mm_shuffle_epi8(_mm_unpacklo_epi64(low, high), clmul::byte_reverse_mask());
}

// kShortMaxBlocks<V>: the most hashed blocks (AD, data, the lengths block) one short message may
// have: the width's whole power table, one reduction (8 on xmm, 16 on ymm and zmm).
template <class V>
inline constexpr std::size_t kShortMaxBlocks = TableOf<V>::kPowers;

// short_crypt: a short message (see message) with P registers of counter blocks: register j lane
// i holds J0 + kBlocks·j + i, so block 0 is E(J0), the tag mask, and block k the k-th data
// block's key stream; all of them go through the rounds together, so the tag's AES costs no
// latency of its own. The hashed blocks h_1..h_T (the padded AD, the padded ciphertext, the
// lengths block; T ≤ kShortMaxBlocks) are multiplied by K_T..K_1 from the table's last T
// entries, kBlocks to a register, and reduced once: the chain after the cipher is one
// multiply and one reduction (seal; open hashes its input, beside the cipher), where the
// general path had three dependent ones (AD, data, the partial and lengths blocks).
// short_finish is its second half (from the last round on), which the batch (short_batch)
// shares: x holds the P registers after rounds 0..R-1.
template <class V, unsigned R, std::size_t P, bool kSeal>
AESKIT_WIDE_INLINE void short_finish(const GcmKeys<V, R>& w, const std::uint8_t* table,
                                     const typename V::reg (&x)[P], const std::uint8_t* ad,
                                     std::size_t ad_len, const std::uint8_t* in, std::uint8_t* out,
                                     std::size_t len, std::uint8_t tag[16]) {
  constexpr std::size_t kB = V::kBlocks;
  constexpr std::size_t kMax = kShortMaxBlocks<V>;
  const __m128i reverse = clmul::byte_reverse_mask();
  alignas(64) std::uint8_t stream[16 * kB * P];
#pragma GCC unroll 8
  for (std::size_t j = 0; j < P; ++j) V::store(stream + 16 * kB * j, V::enc_last(x[j], w[R]));

  // h: the hashed blocks, reflected; AD first (its products do not wait for the cipher).
  alignas(16) __m128i h[kMax + kB];
  std::size_t t = 0;
  const std::size_t ad_full = ad_len / 16;
#pragma GCC unroll 16
  for (std::size_t i = 0; i < ad_full; ++i) h[t++] = clmul::load_block(ad + 16 * i);
  if (ad_len % 16 != 0)
    h[t++] = _mm_shuffle_epi8(clmul::load_partial(ad + 16 * ad_full, ad_len % 16), reverse);
  const std::size_t full = len / 16;
  const std::size_t rest = len % 16;
#pragma GCC unroll 16
  for (std::size_t i = 0; i + 1 < kB * P; ++i) {  // full < kB·P: the bound the compiler sees
    if (i >= full) break;
    const __m128i d = clmul::load(in + 16 * i);
    const __m128i c = _mm_xor_si128(d, clmul::load(stream + 16 * (i + 1)));
    clmul::store(out + 16 * i, c);
    h[t++] = _mm_shuffle_epi8(kSeal ? c : d, reverse);
  }
  if (rest != 0 && full + 1 < kB * P) {  // always true when rest != 0 (regs counts it)
    const __m128i d = clmul::load_partial(in + 16 * full, rest);
    const __m128i c = _mm_xor_si128(d, clmul::load(stream + 16 * (full + 1)));
    clmul::store_partial(out + 16 * full, rest, c);
    h[t++] = _mm_shuffle_epi8(kSeal ? _mm_and_si128(c, clmul::prefix_mask(rest)) : d, reverse);
  }
  h[t++] = _mm_shuffle_epi8(clmul::length_block(ad_len, len), reverse);
  // The last register's unused lanes (ymm, zmm): zero blocks, under masked-off powers.
#pragma GCC unroll 4
  for (std::size_t i = 0; i + 1 < kB; ++i) h[t + i] = _mm_setzero_si128();

  // One reduction: h_j (1-based) times K_(t-j+1), the run at powers_for(t).
  using Table = TableOf<V>;
  const std::uint8_t* powers = table + Table::powers_for(t);
  Product<V> acc = zero_product<V>();
  const std::size_t regs = (t + kB - 1) / kB;
#pragma GCC unroll 16
  for (std::size_t j = 0; j < kMax / kB; ++j) {
    if (j >= regs) break;
    const std::size_t n = j + 1 == regs ? t - kB * j : kB;
    __m128i blocks[kB];
#pragma GCC unroll 4
    for (std::size_t i = 0; i < kB; ++i) blocks[i] = h[kB * j + i];
    multiply_into<V>(acc, V::from_blocks(blocks), V::load_n(powers + 16 * kB * j, n),
                     V::load_n(powers + Table::kMidOffset + 16 * kB * j, n));
  }
  const __m128i y = clmul::reduce(fold_lanes<V>(acc));
  clmul::store(tag, _mm_xor_si128(clmul::load(stream), _mm_shuffle_epi8(y, reverse)));
}

template <class V, unsigned R, std::size_t P, bool kSeal>
AESKIT_WIDE_INLINE void short_crypt(const GcmKeys<V, R>& w, const std::uint8_t* table, __m128i j0r,
                                    const std::uint8_t* ad, std::size_t ad_len,
                                    const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                                    std::uint8_t tag[16]) {
  typename V::reg x[P];
  first_round<V, R, P>(w, V::add32(V::broadcast(j0r), V::lane_index32()), x);
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
    const typename V::reg k = round_key<V, R>(w, r);
#pragma GCC unroll 8
    for (std::size_t j = 0; j < P; ++j) x[j] = V::enc(x[j], k);
  }
  short_finish<V, R, P, kSeal>(w, table, x, ad, ad_len, in, out, len, tag);
}

// short_message: short_crypt with ceil((blocks + 1) / kBlocks) registers (J0 and the data
// blocks' counters).
template <class V, bool kSeal>
AESKIT_WIDE_INLINE void short_message(const RoundKeys& rk, const GhashKey& hk,
                                      const std::uint8_t j0[16], const std::uint8_t* ad,
                                      std::size_t ad_len, const std::uint8_t* in, std::uint8_t* out,
                                      std::size_t len, std::uint8_t tag[16]) {
  const __m128i j0r = load_j0(j0);
  const std::size_t regs = ((len + 15) / 16 + 1 + V::kBlocks - 1) / V::kBlocks;
  static_assert(kShortMaxBlocks<V> / V::kBlocks <= 8);
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    const GcmKeys<V, R> w = gcm_keys<V, R>(rk);
    const std::uint8_t* t = hk.bytes;
    switch (regs) {
      case 1:
        return short_crypt<V, R, 1, kSeal>(w, t, j0r, ad, ad_len, in, out, len, tag);
      case 2:
        return short_crypt<V, R, 2, kSeal>(w, t, j0r, ad, ad_len, in, out, len, tag);
      case 3:
        return short_crypt<V, R, 3, kSeal>(w, t, j0r, ad, ad_len, in, out, len, tag);
      case 4:
        return short_crypt<V, R, 4, kSeal>(w, t, j0r, ad, ad_len, in, out, len, tag);
      default:
        if constexpr (kShortMaxBlocks<V> / V::kBlocks > 4) {
          if (regs == 5)
            return short_crypt<V, R, 5, kSeal>(w, t, j0r, ad, ad_len, in, out, len, tag);
          if (regs == 6)
            return short_crypt<V, R, 6, kSeal>(w, t, j0r, ad, ad_len, in, out, len, tag);
          if (regs == 7)
            return short_crypt<V, R, 7, kSeal>(w, t, j0r, ad, ad_len, in, out, len, tag);
          return short_crypt<V, R, 8, kSeal>(w, t, j0r, ad, ad_len, in, out, len, tag);
        }
    }
  });
  V::finish();
}

// is_short: whether a message's hashed blocks (padded AD, padded data, lengths) fit one
// reduction (short_message). Lengths are public.
template <class V>
inline bool is_short(std::size_t ad_len, std::size_t len) {
  const std::size_t ad_blocks = (ad_len + 15) / 16;
  const std::size_t blocks = (len + 15) / 16;
  return ad_blocks <= kShortMaxBlocks<V> && blocks <= kShortMaxBlocks<V> &&
         ad_blocks + blocks + 1 <= kShortMaxBlocks<V>;
}

// absorb_unreduced: m (1..kPowers - e) GCM blocks at data and the state y, times
// K_(m+e)..K_(e+1), folded but not reduced: the caller adds e more products (K_e..K_1) and
// reduces once.
template <class V>
AESKIT_WIDE_INLINE clmul::Product absorb_unreduced(__m128i y, const std::uint8_t* data,
                                                   const std::uint8_t* table, std::size_t m,
                                                   std::size_t e) {
  using Table = TableOf<V>;
  constexpr std::size_t kB = V::kBlocks;
  constexpr std::size_t kStride = 16 * kB;
  const std::uint8_t* powers = table + Table::powers_for(m + e);
  const std::size_t regs = (m + kB - 1) / kB;
  Product<V> acc = zero_product<V>();
#pragma GCC unroll 16
  for (std::size_t j = 1; j < Table::kPowers / kB; ++j) {
    if (j >= regs) break;
    const std::size_t n = j + 1 == regs ? m - kB * j : kB;
    multiply_into<V>(acc, load_data<V, true>(data + kStride * j, n),
                     V::load_n(powers + kStride * j, n),
                     V::load_n(powers + Table::kMidOffset + kStride * j, n));
  }
  const std::size_t n0 = regs == 1 ? m : kB;
  const typename V::reg first = V::x(load_data<V, true>(data, n0), V::low_only(y));
  multiply_into<V>(acc, first, V::load_n(powers, n0), V::load_n(powers + Table::kMidOffset, n0));
  return fold_lanes<V>(acc);
}

// message: one whole message (GcmFusedKernels::seal_message / open_message). The register of
// (J0, CB of the final partial block) is encrypted first, so its serial rounds overlap the AD
// hash and the bulk; then AD, whole blocks, the padded partial block and the lengths block
// are hashed (the last two from registers), and tag = E(J0) ^ GHASH.
template <class V, bool kSeal>
AESKIT_WIDE_INLINE void message(const RoundKeys& rk, const GhashKey& hk, const std::uint8_t j0[16],
                                const std::uint8_t* ad, std::size_t ad_len, const std::uint8_t* in,
                                std::uint8_t* out, std::size_t len, std::uint8_t tag[16]) {
  if (is_short<V>(ad_len, len))
    return short_message<V, kSeal>(rk, hk, j0, ad, ad_len, in, out, len, tag);
  const std::uint8_t* table = hk.bytes;
  const std::size_t blocks = len / 16;
  const std::size_t rest = len % 16;
  const __m128i j0r = load_j0(j0);  // reflected J0
  const int last_ctr = static_cast<int>(static_cast<std::uint32_t>(blocks + 1));
  // E(J0), the tag mask, and E(inc32^(blocks+1)(J0)), the partial block's key stream: lanes
  // 0 and 1 of one register, or two registers at one block per register.
  constexpr std::size_t kMaskRegs = V::kBlocks >= 2 ? 1 : 2;
  typename V::reg masks[kMaskRegs];
  __m128i y = _mm_setzero_si128();
  // Seal: the whole blocks after the last full group, the padded partial block and the lengths
  // block in one reduction (the general order hashes the first ones on their own), when the
  // table has powers for all of them.
  const std::size_t tail_blocks = blocks % kGroup<V>;
  const std::size_t extra = (rest != 0 ? 1 : 0) + 1;
  // On zmm the split table reaches K_32 (split_unreduced): tails of up to 32 - extra blocks.
  const bool split =
      kSplitTable<V> && tail_blocks + extra > TableOf<V>::kPowers && tail_blocks + extra <= 32;
  const bool combine =
      kSeal && tail_blocks > 0 && (tail_blocks + extra <= TableOf<V>::kPowers || split);
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    const GcmKeys<V, R> w = gcm_keys<V, R>(rk);
    if constexpr (kMaskRegs == 1) {
      first_round<V, R>(w, V::add32(V::broadcast(j0r), V::lane1_32(last_ctr)), masks);
    } else {
      masks[0] = V::x(V::reverse_lanes(V::broadcast(j0r)), w[0]);
      masks[1] =
          V::x(V::reverse_lanes(V::add32(V::broadcast(j0r), V::each_lane32(last_ctr))), w[0]);
    }
#pragma GCC unroll 16
    for (unsigned r = 1; r < R; ++r) {
#pragma GCC unroll 2
      for (std::size_t i = 0; i < kMaskRegs; ++i) masks[i] = V::enc(masks[i], w[r]);
    }
#pragma GCC unroll 2
    for (std::size_t i = 0; i < kMaskRegs; ++i) masks[i] = V::enc_last(masks[i], w[R]);
    const __m128i counter = _mm_add_epi32(j0r, _mm_cvtsi32_si128(1));
    State<V> s = state_at<V>(counter, hash_bytes<V>(_mm_setzero_si128(), table, ad, ad_len));
    crypt_blocks<V, R, kSeal>(w, table, s, in, out, blocks, !combine);
    y = s.y;
  });
  const __m128i tag_mask = V::low_lane(masks[0]);
  const __m128i last_stream =
      kMaskRegs == 1 ? V::lane(masks[0], 1) : V::low_lane(masks[kMaskRegs - 1]);

  const __m128i lengths =
      _mm_shuffle_epi8(clmul::length_block(ad_len, len), clmul::byte_reverse_mask());
  const std::uint8_t* k1 = table + TableOf<V>::powers_for(1);
  clmul::Product acc;
  if (combine) {
    const std::uint8_t* tail_out = out + 16 * (blocks - tail_blocks);
    if constexpr (kSplitTable<V>) {
      acc = tail_blocks + extra <= TableOf<V>::kPowers
                ? absorb_unreduced<V>(y, tail_out, table, tail_blocks, extra)
                : split_unreduced<V, true>(y, tail_out, table, tail_blocks, extra);
    } else {
      acc = absorb_unreduced<V>(y, tail_out, table, tail_blocks, extra);
    }
    if (rest != 0) {
      const __m128i x = clmul::load_partial(in + 16 * blocks, rest);
      const __m128i c = _mm_xor_si128(x, last_stream);
      clmul::store_partial(out + 16 * blocks, rest, c);
      const __m128i hashed = _mm_and_si128(c, clmul::prefix_mask(rest));
      const std::uint8_t* k2 = table + TableOf<V>::powers_for(2);
      clmul::multiply_into(acc, _mm_shuffle_epi8(hashed, clmul::byte_reverse_mask()),
                           clmul::load(k2), clmul::load(k2 + TableOf<V>::kMidOffset));
    }
    clmul::multiply_into(acc, lengths, clmul::load(k1), clmul::load(k1 + TableOf<V>::kMidOffset));
  } else if (rest != 0) {
    const __m128i x = clmul::load_partial(in + 16 * blocks, rest);
    const __m128i c = _mm_xor_si128(x, last_stream);  // x read before out is written
    clmul::store_partial(out + 16 * blocks, rest, c);
    // The hashed ciphertext block, zero-padded: x itself when opening, the output's first
    // `rest` bytes when sealing.
    const __m128i hashed = kSeal ? _mm_and_si128(c, clmul::prefix_mask(rest)) : x;
    const __m128i first = _mm_xor_si128(y, _mm_shuffle_epi8(hashed, clmul::byte_reverse_mask()));
    const std::uint8_t* k2 = table + TableOf<V>::powers_for(2);
    acc = clmul::product(first, clmul::load(k2), clmul::load(k2 + TableOf<V>::kMidOffset));
    clmul::multiply_into(acc, lengths, clmul::load(k1), clmul::load(k1 + TableOf<V>::kMidOffset));
  } else {
    acc = clmul::product(_mm_xor_si128(y, lengths), clmul::load(k1),
                         clmul::load(k1 + TableOf<V>::kMidOffset));
  }
  y = clmul::reduce(acc);
  clmul::store(tag, _mm_xor_si128(tag_mask, _mm_shuffle_epi8(y, clmul::byte_reverse_mask())));
  V::finish();
}

// --- Batches of short messages (GcmFusedKernels::seal_messages / open_messages) -----------
//
// One short message (short_crypt) is one latency chain: R rounds of its P registers (4 cycles
// each on Zen 5), then the XOR, one multiply, one reduction and the tag's XOR; a message's
// code is too long for the out-of-order window to start the next message's rounds under it,
// so a loop of one-message calls pays the whole chain per message (64 bytes on zmm: ~80
// cycles). short_batch runs kBatchMessages short messages together: the registers of all of
// them through one run of rounds (Q·P ≤ 8 independent chains, as in the bulk loop), then each
// message's hash and tag (short_finish); the hashes of the Q messages do not depend on one
// another, so their multiplies and reductions overlap. Q = 4 on zmm (32 registers hold the 8
// states and the round keys), 2 on xmm and ymm (16 registers; round keys loaded per round).
template <class V>
inline constexpr std::size_t kBatchMessages = V::kVectorRegisters >= 32 ? 4 : 2;
template <class V>
inline constexpr std::size_t kBatchMaxRegs = 8 / kBatchMessages<V>;
// AESKIT_BATCH_KERNEL: the batch kernels below are functions of their own (one per
// instantiation), not inlined into their caller: inlined, the dozens of instantiations made
// one function so large that the sanitizer builds took over 20 minutes to compile the zmm
// unit. One call per group of messages costs nothing measurable.
#define AESKIT_BATCH_KERNEL __attribute__((noinline)) AESKIT_WIDE_TARGET

// kSideBySide<V>: whether messages of different shapes run side by side (short_batch_crypt):
// on zmm (1.10-1.16x one by one for 32 x 64-byte seals of three shapes, Zen 5); on ymm it was
// level for seal and 0.88x for open, so those go one by one there.
template <class V>
inline constexpr bool kSideBySide = V::kVectorRegisters >= 32;

// short_regs: the registers short_crypt gives a message of len bytes (J0 and the data
// blocks' counters).
template <class V>
inline std::size_t short_regs(std::size_t len) {
  return ((len + 15) / 16 + 1 + V::kBlocks - 1) / V::kBlocks;
}

// batchable: whether a message can join short_batch (short, and at most kBatchMaxRegs
// registers). Lengths are public.
template <class V>
inline bool batchable(const GcmMessage& m) {
  return is_short<V>(m.ad_len, m.len) && short_regs<V>(m.len) <= kBatchMaxRegs<V>;
}

// short_batch_crypt: Q = kBatchMessages messages, each given P registers (the most any of them
// needs; a shorter message's extra lanes are key stream nobody reads).
template <class V, unsigned R, std::size_t P, bool kSeal>
AESKIT_BATCH_KERNEL void short_batch_crypt(const GcmKeys<V, R>& w, const std::uint8_t* table,
                                           const GcmMessage* const* m) {
  constexpr std::size_t Q = kBatchMessages<V>;
  typename V::reg x[Q][P];
#pragma GCC unroll 4
  for (std::size_t q = 0; q < Q; ++q)
    first_round<V, R, P>(w, V::add32(V::broadcast(load_j0(m[q]->j0)), V::lane_index32()), x[q]);
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
    const typename V::reg k = round_key<V, R>(w, r);
#pragma GCC unroll 4
    for (std::size_t q = 0; q < Q; ++q) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < P; ++j) x[q][j] = V::enc(x[q][j], k);
    }
  }
#pragma GCC unroll 4
  for (std::size_t q = 0; q < Q; ++q) {
    const GcmMessage& g = *m[q];
    short_finish<V, R, P, kSeal>(w, table, x[q], g.ad, g.ad_len, g.in, g.out, g.len, g.tag);
  }
}

// --- Lanes: kBlocks messages of one shape, one message per lane (ymm, zmm) -------------------
//
// When the gathered messages have the same shape — as many AD blocks (A) and data blocks (B,
// the last one possibly partial, its length each message's own) — lane q of every register
// holds message q: row r of counters is (J0_q + r)_q, so rows 0..B through the rounds give
// every message's E(J0) (row 0) and key stream (rows 1..B) with the AES instructions of one
// message; and hashed block t (AD blocks, then data blocks, then the lengths block; T = A + B +
// 1) has the same place in every message, so row t of hashed blocks is multiplied by one
// broadcast power K_(T-t+1) and the kBlocks hashes are reduced together (reduce_lanes). Per
// message on zmm that is a quarter of the rounds, a quarter of the carry-less multiplies and
// no lane folding; the cost is moving blocks between messages' memory and lanes (one insert
// and one extract per block and message). P is the rows given (B + 1 rounded up).
inline constexpr std::size_t kLaneRowsMax = 8;
// kOnes: 16 bytes of ones, cut to each lane's prefix mask (load_partial16).
inline constexpr std::uint8_t kOnes[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                           0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

template <class V>
inline constexpr bool kLanesBatch = V::kBlocks == kBatchMessages<V>&& V::kBlocks > 1;

template <class V, unsigned R, std::size_t P, bool kSeal>
AESKIT_BATCH_KERNEL void lanes_crypt(const GcmKeys<V, R>& w, const std::uint8_t* table,
                                     const GcmMessage* const* m) {
  constexpr std::size_t Q = V::kBlocks;
  using Table = TableOf<V>;
  const std::size_t ad_blocks = (m[0]->ad_len + 15) / 16;
  const std::size_t data_blocks = (m[0]->len + 15) / 16;
  const std::size_t total = ad_blocks + data_blocks + 1;
  __m128i j[Q];
#pragma GCC unroll 4
  for (std::size_t q = 0; q < Q; ++q) j[q] = load_j0(m[q]->j0);
  const typename V::reg base = V::from_blocks(j);
  typename V::reg x[P];
#pragma GCC unroll 8
  for (std::size_t r = 0; r < P; ++r)
    x[r] = V::x(V::reverse_lanes(V::add32(base, V::each_lane32(static_cast<int>(r)))), w[0]);
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
    const typename V::reg k = round_key<V, R>(w, r);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < P; ++i) x[i] = V::enc(x[i], k);
  }
#pragma GCC unroll 8
  for (std::size_t r = 0; r < P; ++r) x[r] = V::enc_last(x[r], w[R]);

  // Row t (1-based) of hashed blocks times K_(total - t + 1), broadcast.
  Product<V> acc = zero_product<V>();
  auto absorb_row = [&](typename V::reg row, std::size_t t) AESKIT_WIDE_LAMBDA {
    const std::uint8_t* k = table + Table::powers_for(total - t + 1);
    multiply_into<V>(acc, row, V::broadcast(clmul::load(k)),
                     V::broadcast(clmul::load(k + Table::kMidOffset)));
  };
  // The AD rows: whole blocks, then (the last row) each message's own partial block.
  __m128i b[Q];
#pragma GCC unroll 16
  for (std::size_t i = 0; i < kShortMaxBlocks<V>; ++i) {
    if (i >= ad_blocks) break;
#pragma GCC unroll 4
    for (std::size_t q = 0; q < Q; ++q) {
      const std::size_t n = std::min<std::size_t>(m[q]->ad_len - 16 * i, 16);
      b[q] = V::load_partial16(m[q]->ad + 16 * i, n);
    }
    absorb_row(V::reverse_lanes(V::from_blocks(b)), i + 1);
  }
  // The data rows (key stream row i + 1): every lane whole but in the last row, whose lanes
  // hold each message's own partial block (seal hashes it with its tail zeroed: the key stream
  // above the message is masked off; open hashes the zero-padded input).
#pragma GCC unroll 8
  for (std::size_t i = 0; i + 2 < P; ++i) {
    if (i + 1 >= data_blocks) break;
#pragma GCC unroll 4
    for (std::size_t q = 0; q < Q; ++q) b[q] = clmul::load(m[q]->in + 16 * i);
    const typename V::reg d = V::from_blocks(b);
    const typename V::reg c = V::x(d, x[i + 1]);
#pragma GCC unroll 4
    for (std::size_t q = 0; q < Q; ++q) clmul::store(m[q]->out + 16 * i, V::lane(c, q));
    absorb_row(V::reverse_lanes(kSeal ? c : d), ad_blocks + i + 1);
  }
  if (data_blocks != 0) {
    const std::size_t i = data_blocks - 1;
    std::size_t n[Q];
#pragma GCC unroll 4
    for (std::size_t q = 0; q < Q; ++q) {
      n[q] = m[q]->len - 16 * i;
      b[q] = V::load_partial16(m[q]->in + 16 * i, n[q]);
    }
    const typename V::reg d = V::from_blocks(b);
    typename V::reg stream = x[1];
#pragma GCC unroll 8
    for (std::size_t r = 2; r < P; ++r)
      if (r == i + 1) stream = x[r];
#pragma GCC unroll 4
    for (std::size_t q = 0; q < Q; ++q) b[q] = V::load_partial16(kOnes, n[q]);
    const typename V::reg c = V::and_(V::x(d, stream), V::from_blocks(b));
#pragma GCC unroll 4
    for (std::size_t q = 0; q < Q; ++q) V::store_partial16(m[q]->out + 16 * i, n[q], V::lane(c, q));
    absorb_row(V::reverse_lanes(kSeal ? c : d), ad_blocks + i + 1);
  }
#pragma GCC unroll 4
  for (std::size_t q = 0; q < Q; ++q) b[q] = clmul::length_block(m[q]->ad_len, m[q]->len);
  absorb_row(V::reverse_lanes(V::from_blocks(b)), total);
  const typename V::reg tags = V::x(x[0], V::reverse_lanes(reduce_lanes<V>(acc)));
#pragma GCC unroll 4
  for (std::size_t q = 0; q < Q; ++q) clmul::store(m[q]->tag, V::lane(tags, q));
}

// same_shape: whether the gathered messages can share lanes (lanes_crypt): as many AD blocks
// and data blocks each, and at most kLaneRowsMax rows of counters. Lengths are public.
template <class V>
inline bool same_shape(const GcmMessage* const* m) {
  const std::size_t ad_blocks = (m[0]->ad_len + 15) / 16;
  const std::size_t data_blocks = (m[0]->len + 15) / 16;
  if (data_blocks + 1 > kLaneRowsMax) return false;
  for (std::size_t q = 1; q < V::kBlocks; ++q)
    if ((m[q]->ad_len + 15) / 16 != ad_blocks || (m[q]->len + 15) / 16 != data_blocks) return false;
  return true;
}

// short_batch: kBatchMessages batchable messages; regs is the most registers one of them needs.
template <class V, bool kSeal>
AESKIT_WIDE_INLINE void short_batch(const RoundKeys& rk, const GhashKey& hk,
                                    const GcmMessage* const* m, std::size_t regs, bool lanes) {
  static_assert(kBatchMaxRegs<V> == 2 || kBatchMaxRegs<V> == 4);
  const std::size_t rows = (m[0]->len + 15) / 16 + 1;
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    const GcmKeys<V, R> w = gcm_keys<V, R>(rk);
    const std::uint8_t* t = hk.bytes;
    if constexpr (kLanesBatch<V>) {
      if (lanes) {
        if (rows <= 2) return lanes_crypt<V, R, 2, kSeal>(w, t, m);
        if (rows <= 4) return lanes_crypt<V, R, 4, kSeal>(w, t, m);
        if (rows <= 6) return lanes_crypt<V, R, 6, kSeal>(w, t, m);
        return lanes_crypt<V, R, 8, kSeal>(w, t, m);
      }
    }
    if constexpr (kSideBySide<V>) {
      if (regs == 1) return short_batch_crypt<V, R, 1, kSeal>(w, t, m);
      if constexpr (kBatchMaxRegs<V> == 4) {
        if (regs == 3) return short_batch_crypt<V, R, 3, kSeal>(w, t, m);
        if (regs == 4) return short_batch_crypt<V, R, 4, kSeal>(w, t, m);
      }
      return short_batch_crypt<V, R, 2, kSeal>(w, t, m);
    }
  });
}

// MessageEntry: a width's one-message entry (entries_gcm.inc gcm_seal_message /
// gcm_open_message), for the messages a batch does not take.
using MessageEntry = void (*)(const RoundKeys&, const GhashKey&, const std::uint8_t*,
                              const std::uint8_t*, std::size_t, const std::uint8_t*, std::uint8_t*,
                              std::size_t, std::uint8_t*) noexcept;

// messages: n messages; batchable ones are gathered kBatchMessages at a time into short_batch
// (on ymm only when they have one shape), the others (and a last incomplete gathering) go to
// `one` in turn. Messages do not overlap,
// so the order in which they are done does not show.
template <class V, bool kSeal>
AESKIT_WIDE_INLINE void messages(const RoundKeys& rk, const GhashKey& hk, const GcmMessage* m,
                                 std::size_t n, MessageEntry one) {
  constexpr std::size_t Q = kBatchMessages<V>;
  const GcmMessage* gathered[Q];
  std::size_t count = 0;
  std::size_t regs = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const GcmMessage& g = m[i];
    if (!batchable<V>(g)) {
      one(rk, hk, g.j0, g.ad, g.ad_len, g.in, g.out, g.len, g.tag);
      continue;
    }
    gathered[count++] = &g;
    regs = std::max(regs, short_regs<V>(g.len));
    if (count == Q) {
      bool lanes = false;
      if constexpr (kLanesBatch<V>) lanes = same_shape<V>(gathered);
      if (lanes || kSideBySide<V>) {
        short_batch<V, kSeal>(rk, hk, gathered, regs, lanes);
      } else {
        for (const GcmMessage* h : gathered)
          one(rk, hk, h->j0, h->ad, h->ad_len, h->in, h->out, h->len, h->tag);
      }
      count = 0;
      regs = 0;
    }
  }
  for (std::size_t q = 0; q < count; ++q) {
    const GcmMessage& g = *gathered[q];
    one(rk, hk, g.j0, g.ad, g.ad_len, g.in, g.out, g.len, g.tag);
  }
  V::finish();
}

}  // namespace aeskit::detail::x86::gcm
