// src/backend/arm64/pmull/gcm_armv8ce_pmull.cpp — fused AES-GCM for the (armv8ce, pmull)
// pair: each group of 8 blocks goes through the AES rounds (CTR with inc32) and through
// GHASH (8 Karatsuba products, one reduction) in the same loop iteration, the data never
// leaving registers between the two.
//
// CPU features: AArch64 FEAT_AES and FEAT_PMULL (target("+crypto")), little-endian.
// References: NIST SP 800-38D §6.5 (GCTR, inc32), §6.4 (GHASH), §7; arm64/rounds.hpp and
// arm64/counter.hpp (AES and the counter); arm64/pmull/field.hpp (the field and the GhashKey
// layout); backend/gcm_fused_kernels.hpp (the contract).
//
// seal: C_i = P_i ^ E(CB_i), then hash = (hash ^ C_1)·H^n ^ C_2·H^(n-1) ^ ... over the group's
// ciphertext. open: the group's ciphertext (the input) is hashed first, then decrypted; both
// load every input block before storing, so in == out works. A last group of 1..7 blocks
// uses the powers H^m..H^1. The AES states, the GHASH sums and the round keys fit the 32
// vector registers (8 + 3 + 11..15), so the core can run the PMULLs between the AES pairs.
#include "backend/arm64/pmull/gcm_armv8ce_pmull.hpp"

#include "backend/arm64/armv8ce.hpp"
#include "backend/arm64/counter.hpp"
#include "backend/arm64/eor3.hpp"
#include "backend/arm64/pmull/field.hpp"
#include "backend/arm64/pmull/ghash_pmull.hpp"
#include "backend/arm64/rounds.hpp"

namespace aeskit::detail {
namespace {

using armv8ce::block;
using armv8ce::Counter;
using armv8ce::CounterGen;
using armv8ce::Dir;
using armv8ce::Keys;

// x3: a ^ b ^ c on 64-bit lanes (one EOR3 in the eor3 build, rounds.hpp).
AESKIT_ARMV8CE_INLINE pmull::u64x2 x3(pmull::u64x2 a, pmull::u64x2 b, pmull::u64x2 c) {
  return vreinterpretq_u64_u8(
      armv8ce::x3(vreinterpretq_u8_u64(a), vreinterpretq_u8_u64(b), vreinterpretq_u8_u64(c)));
}

// hash_group: y = (y ^ x_0)·H^Y ^ x_1·H^(Y-1) ^ ... ^ x_{Y-1}·H for blocks in GCM order.
// kPairs (seal): blocks go in pairs. H^(p-1), its Karatsuba words, H^p and H^p's words are
// adjacent in the key (field.hpp): one four-register LD1 per pair. The pair's middle
// operands take TRN1, TRN2 and one EOR (halves_xor_pair) where one block at a time takes
// EXT and EOR each. AES-128 seal loops: base 35.875 -> 35.0, eor3 33.375 -> 32.75
// instructions per block. Open keeps one block at a time: there the ciphertext is live
// across the rounds and the pairs' registers made GCC spill (base 38.0 -> 38.25, eor3
// 40.4 -> 43.0). The three Karatsuba sums take the products of two blocks at a time (x3).
template <bool kPairs, std::size_t Y>
AESKIT_ARMV8CE_INLINE pmull::u64x2 hash_group(const GhashKey& key, pmull::u64x2 y,
                                              const block (&x)[Y]) {
  const pmull::u64x2 zero = vdupq_n_u64(0);
  pmull::Sums s{zero, zero, zero};
  pmull::u64x2 lo[Y], mid[Y], hi[Y];
  pmull::u64x2 v[Y];
#pragma GCC unroll 8
  for (std::size_t j = 0; j < Y; ++j) v[j] = vreinterpretq_u64_u8(vrbitq_u8(x[j]));
  v[0] = veorq_u64(v[0], y);
  const auto* powers = reinterpret_cast<const std::uint64_t*>(key.bytes);
  if constexpr (!kPairs) {
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Y; ++j) {
      const uint64x2x2_t h = vld1q_u64_x2(powers + 4 * (Y - j - 1));
      lo[j] = pmull::clmul_lo(v[j], h.val[0]);
      hi[j] = pmull::clmul_hi(v[j], h.val[0]);
      mid[j] = pmull::clmul_lo(pmull::halves_xor(v[j]), h.val[1]);
    }
  }
#pragma GCC unroll 8
  for (std::size_t j = 0; kPairs && j + 1 < Y; j += 2) {
    // H^(p-1), its Karatsuba words, H^p, H^p's (lane 0) and H^(p-1)'s (lane 1), p = Y - j.
    const uint64x2x4_t h = vld1q_u64_x4(powers + 4 * (Y - j - 2));
    lo[j] = pmull::clmul_lo(v[j], h.val[2]);
    hi[j] = pmull::clmul_hi(v[j], h.val[2]);
    lo[j + 1] = pmull::clmul_lo(v[j + 1], h.val[0]);
    hi[j + 1] = pmull::clmul_hi(v[j + 1], h.val[0]);
    const pmull::u64x2 m = pmull::halves_xor_pair(v[j], v[j + 1]);
    mid[j] = pmull::clmul_lo(m, h.val[3]);
    mid[j + 1] = pmull::clmul_hi(m, h.val[3]);
  }
  if constexpr (kPairs && Y % 2 == 1) {  // the last block, with H^1
    const uint64x2x2_t h = vld1q_u64_x2(powers);
    lo[Y - 1] = pmull::clmul_lo(v[Y - 1], h.val[0]);
    hi[Y - 1] = pmull::clmul_hi(v[Y - 1], h.val[0]);
    mid[Y - 1] = pmull::clmul_lo(pmull::halves_xor(v[Y - 1]), h.val[1]);
  }
#pragma GCC unroll 8
  for (std::size_t j = 0; j + 1 < Y; j += 2) {
    s.lo = x3(s.lo, lo[j], lo[j + 1]);
    s.hi = x3(s.hi, hi[j], hi[j + 1]);
    s.mid = x3(s.mid, mid[j], mid[j + 1]);
  }
  if constexpr (Y % 2 == 1) {
    s.lo = veorq_u64(s.lo, lo[Y - 1]);
    s.hi = veorq_u64(s.hi, hi[Y - 1]);
    s.mid = veorq_u64(s.mid, mid[Y - 1]);
  }
  return pmull::reduce(s);
}

template <bool kSeal>
AESKIT_ARMV8CE_INLINE std::size_t gcm(const RoundKeys& enc, const GhashKey& hkey,
                                      std::uint8_t counter[16], std::uint8_t hash[16],
                                      const std::uint8_t* in, std::uint8_t* out,
                                      std::size_t blocks) {
  CounterGen<Counter::be32> gen(counter);
  pmull::u64x2 y = pmull::load_natural(hash);
  armv8ce::with_rounds(enc.rounds, [&]<unsigned R>() AESKIT_ARMV8CE_LAMBDA {
    const Keys<R> keys = armv8ce::load_keys<R>(enc);
    // Open in the eor3 build loads the group's ciphertext a second time for the final EOR3
    // rather than keep it live across the rounds, where GCC spilled it: AES-128 loop 40.4 ->
    // 37.875 instructions per block. The base build's open keeps it (reloaded: 38.0 -> 38.4).
#if defined(AESKIT_ARMV8CE_EOR3)
    constexpr bool kReloadCiphertext = true;
#else
    constexpr bool kReloadCiphertext = false;
#endif
    const auto group = [&]<std::size_t Y>(auto& source) AESKIT_ARMV8CE_LAMBDA {
      block data[Y];
      block b[Y];
      armv8ce::load_group(in, data);
      source.take(b);
      if constexpr (!kSeal) y = hash_group<false>(hkey, y, data);
      armv8ce::rounds<Dir::encrypt, R>(keys, b);
      if constexpr (!kSeal && kReloadCiphertext) {
        // The ciphertext again from memory (the empty asm hides that it is the same), not
        // kept in registers across the rounds.
        const std::uint8_t* again = in;
        __asm__("" : "+r"(again));
        armv8ce::load_group(again, data);
      }
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) b[i] = armv8ce::x3(b[i], keys.k[R], data[i]);
        // Single stores (STP pairs): an ST1 register list here makes GCC assemble the list
        // through the stack.
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) armv8ce::store(out + 16 * i, b[i]);
      if constexpr (kSeal) y = hash_group<true>(hkey, y, b);
      in += 16 * Y;
      out += 16 * Y;
    };
    // Runs of whole groups before the counter's last byte wraps take the byte steps (one ADD
    // per counter block, no REV32: arm64/counter.hpp ByteRun); a group across the wrap and
    // the last partial group take the general path. AES-128 loops, instructions per block
    // (before hash_group's pairs): base seal 36.875 -> 35.875, base open 40.0 -> 38.0, eor3
    // seal 34.5 -> 33.375. Not in
    // the eor3 build's open: there the step registers made GCC spill (40.4 -> 41.6).
#if defined(AESKIT_ARMV8CE_EOR3)
    constexpr bool kByteRuns = kSeal;
#else
    constexpr bool kByteRuns = true;
#endif
    std::size_t left = blocks;
    while (kByteRuns && left >= armv8ce::kGroup) {
      std::size_t run = gen.groups_before_wrap();
      if (run > left / armv8ce::kGroup) run = left / armv8ce::kGroup;
      if (run == 0) {
        group.template operator()<armv8ce::kGroup>(gen);
        left -= armv8ce::kGroup;
        continue;
      }
      armv8ce::ByteRun bytes(gen.current());
      for (std::size_t g = 0; g < run; ++g) group.template operator()<armv8ce::kGroup>(bytes);
      gen.advance(armv8ce::kGroup * run);
      left -= armv8ce::kGroup * run;
    }
    armv8ce::run_groups(
        left, [&]<std::size_t Y>() AESKIT_ARMV8CE_LAMBDA { group.template operator()<Y>(gen); });
  });
  armv8ce::store(counter, gen.current());
  pmull::store_natural(hash, y);
  return blocks;
}

#define AESKIT_GROUP8_TARGET AESKIT_ARMV8CE_TARGET
#include "backend/kernels/group8/entries_gcm.inc"
#undef AESKIT_GROUP8_TARGET

}  // namespace

#if defined(AESKIT_ARMV8CE_EOR3)
namespace armv8ce {
const Eor3Gcm kEor3Gcm = {.seal = seal, .open = open};
}  // namespace armv8ce
#else
const GcmFusedKernels kGcmFusedArmv8cePmull = {
    .name = "armv8ce+pmull 8x",
    .aes = &kArmv8ceBackend,
    .ghash = &kGhashPmullBackend,
    .seal = armv8ce::Pick<seal, &armv8ce::Eor3Gcm::seal, armv8ce::kEor3Gcm>::run,
    .open = armv8ce::Pick<open, &armv8ce::Eor3Gcm::open, armv8ce::kEor3Gcm>::run,
};
#endif

}  // namespace aeskit::detail
