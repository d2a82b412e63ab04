// src/backend/armv8ce_pmull/gcm_armv8ce_pmull.cpp — fused AES-GCM for the (armv8ce, pmull)
// pair: each group of 8 blocks goes through the AES rounds (CTR with inc32) and through
// GHASH (8 Karatsuba products, one reduction) in the same loop iteration, the data never
// leaving registers between the two.
//
// CPU features: AArch64 FEAT_AES and FEAT_PMULL (target("+crypto")), little-endian.
// References: NIST SP 800-38D §6.5 (GCTR, inc32), §6.4 (GHASH), §7; armv8ce/rounds.hpp and
// armv8ce/counter.hpp (AES and the counter); pmull/field.hpp (the field and the GhashKey
// layout); backend/gcm_fused_kernels.hpp (the contract).
//
// seal: C_i = P_i ^ E(CB_i), then hash = (hash ^ C_1)·H^n ^ C_2·H^(n-1) ^ ... over the group's
// ciphertext. open: the group's ciphertext (the input) is hashed first, then decrypted; both
// load every input block before storing, so in == out works. A last group of 1..7 blocks
// uses the powers H^m..H^1. The AES states, the GHASH sums and the round keys fit the 32
// vector registers (8 + 3 + 11..15), so the core can run the PMULLs between the AES pairs.
#include "backend/armv8ce_pmull/gcm_armv8ce_pmull.hpp"

#include "backend/armv8ce/armv8ce.hpp"
#include "backend/armv8ce/counter.hpp"
#include "backend/armv8ce/rounds.hpp"
#include "backend/pmull/field.hpp"
#include "backend/pmull/ghash_pmull.hpp"

namespace aeskit::detail {
namespace {

using armv8ce::block;
using armv8ce::Counter;
using armv8ce::CounterGen;
using armv8ce::Dir;
using armv8ce::Keys;

// hash_group: y = (y ^ x_0)·H^Y ^ x_1·H^(Y-1) ^ ... ^ x_{Y-1}·H for blocks in GCM order.
template <std::size_t Y>
AESKIT_ARMV8CE_INLINE pmull::u64x2 hash_group(const GhashKey& key, pmull::u64x2 y,
                                              const block (&x)[Y]) {
  const pmull::u64x2 zero = vdupq_n_u64(0);
  pmull::Sums s{zero, zero, zero};
#pragma GCC unroll 8
  for (std::size_t j = 0; j < Y; ++j) {
    pmull::u64x2 v = vreinterpretq_u64_u8(vrbitq_u8(x[j]));
    if (j == 0) v = veorq_u64(v, y);
    pmull::accumulate(s, v, pmull::power(key, Y - j), pmull::power_mid(key, Y - j));
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
    armv8ce::run_groups(blocks, [&]<std::size_t Y>() AESKIT_ARMV8CE_LAMBDA {
      block data[Y];
      block b[Y];
      armv8ce::load_group(in, data);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) b[i] = gen.next();
      if constexpr (!kSeal) y = hash_group(hkey, y, data);
      armv8ce::cipher<Dir::encrypt, R>(keys, b);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) b[i] = armv8ce::x(b[i], data[i]);
      armv8ce::store_group(out, b);
      if constexpr (kSeal) y = hash_group(hkey, y, b);
      in += 16 * Y;
      out += 16 * Y;
    });
  });
  armv8ce::store(counter, gen.current());
  pmull::store_natural(hash, y);
  return blocks;
}

AESKIT_ARMV8CE_TARGET std::size_t seal(const RoundKeys& enc, const GhashKey& hkey,
                                       std::uint8_t counter[16], std::uint8_t hash[16],
                                       const std::uint8_t* in, std::uint8_t* out,
                                       std::size_t blocks) noexcept {
  return gcm<true>(enc, hkey, counter, hash, in, out, blocks);
}

AESKIT_ARMV8CE_TARGET std::size_t open(const RoundKeys& enc, const GhashKey& hkey,
                                       std::uint8_t counter[16], std::uint8_t hash[16],
                                       const std::uint8_t* in, std::uint8_t* out,
                                       std::size_t blocks) noexcept {
  return gcm<false>(enc, hkey, counter, hash, in, out, blocks);
}

}  // namespace

const GcmFusedKernels kGcmFusedArmv8cePmull = {
    .name = "armv8ce+pmull 8x",
    .aes = &kArmv8ceBackend,
    .ghash = &kGhashPmullBackend,
    .seal = seal,
    .open = open,
};

}  // namespace aeskit::detail
