// src/backend/power8_vpmsum/gcm_power8_vpmsum.cpp — fused AES-GCM for the (power8, vpmsum)
// pair: each group of 8 blocks goes through the AES rounds (CTR with inc32) and through GHASH
// (24 vpmsumd, one reduction) in the same loop iteration, the data never leaving registers
// between the two.
//
// CPU features: POWER8 vector crypto (vcipher, vcipherlast, vpmsumd; target("cpu=power8")).
// References: NIST SP 800-38D §6.5 (GCTR, inc32), §6.4 (GHASH), §7; power8/rounds.hpp and
// power8/counter.hpp (AES, byte order, the counter); vpmsum/field.hpp (the field, GHASH as
// POLYVAL and the GhashKey layout); backend/gcm_fused_kernels.hpp (the contract).
//
// A block in the AES backend's big-endian byte order is, read as vpmsum's 128-bit integer,
// exactly the GHASH operand vpmsum's load_ghash produces (vpmsum/field.hpp): the ciphertext
// registers feed vpmsumd as they are, no byte shuffle between the two halves of the loop.
// seal: C_i = P_i ^ E(CB_i), then the group's ciphertext is hashed; open: the group's
// ciphertext (the input) is hashed first, then decrypted; both load every input block before
// storing, so in == out works. A last group of 1..7 blocks uses the powers H^m..H^1.
#include "backend/power8_vpmsum/gcm_power8_vpmsum.hpp"

#include "backend/power8/counter.hpp"
#include "backend/power8/power8.hpp"
#include "backend/power8/rounds.hpp"
#include "backend/vpmsum/field.hpp"
#include "backend/vpmsum/ghash_vpmsum.hpp"

namespace aeskit::detail {
namespace {

using power8::block;
using power8::Counter;
using power8::CounterGen;
using power8::Dir;
using power8::Keys;

// hash_group: y = (y ^ x_0)·H^Y ^ x_1·H^(Y-1) ^ ... ^ x_{Y-1}·H, one reduction.
template <std::size_t Y>
AESKIT_POWER8_INLINE vpmsum::u64x2 hash_group(const GhashKey& key, vpmsum::u64x2 y,
                                              const block (&x)[Y]) {
  vpmsum::Sums s;
  s.lo = s.mid = s.hi = vpmsum::u64x2{0, 0};
#pragma GCC unroll 8
  for (std::size_t j = 0; j < Y; ++j) {
    vpmsum::u64x2 v = reinterpret_cast<vpmsum::u64x2>(x[j]);
    if (j == 0) v = vpmsum::x(v, y);
    vpmsum::accumulate(s, v, vpmsum::load_power(key, Y - j));
  }
  return vpmsum::reduce(s);
}

template <bool kSeal>
AESKIT_POWER8_INLINE std::size_t gcm(const RoundKeys& enc, const GhashKey& hkey,
                                     std::uint8_t counter[16], std::uint8_t hash[16],
                                     const std::uint8_t* in, std::uint8_t* out,
                                     std::size_t blocks) {
  CounterGen<Counter::be128> gen(counter);
  vpmsum::u64x2 y = vpmsum::load_ghash(hash);
  power8::with_rounds(enc.rounds, [&]<unsigned R>() AESKIT_POWER8_LAMBDA {
    const Keys<R> keys = power8::load_keys<R>(enc);
    power8::run_groups(blocks, [&]<std::size_t Y>() AESKIT_POWER8_LAMBDA {
      block data[Y];
      block b[Y];
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) data[i] = power8::load(in, 16 * i);
      gen.take(b);
      if constexpr (!kSeal) y = hash_group(hkey, y, data);
      power8::rounds<Dir::encrypt, R>(keys, b);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i)
        b[i] = power8::round_last(Dir::encrypt, b[i], power8::x(keys.k[R], data[i]));
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) power8::store(out, b[i], 16 * i);
      if constexpr (kSeal) y = hash_group(hkey, y, b);
      in += 16 * Y;
      out += 16 * Y;
    });
  });
  gen.save(counter);
  vpmsum::store_ghash(hash, y);
  return blocks;
}

// seal / open: inc32 as 128-bit adds up to each wrap of the 32-bit word
// (power8/counter.hpp).
template <bool kSeal>
AESKIT_POWER8_INLINE std::size_t gcm_runs(const RoundKeys& enc, const GhashKey& hkey,
                                          std::uint8_t counter[16], std::uint8_t hash[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) {
  power8::ctr32_runs<false>(counter, blocks, [&](std::size_t n) AESKIT_POWER8_LAMBDA {
    gcm<kSeal>(enc, hkey, counter, hash, in, out, n);
    in += 16 * n;
    out += 16 * n;
  });
  return blocks;
}

AESKIT_POWER8_TARGET std::size_t seal(const RoundKeys& enc, const GhashKey& hkey,
                                      std::uint8_t counter[16], std::uint8_t hash[16],
                                      const std::uint8_t* in, std::uint8_t* out,
                                      std::size_t blocks) noexcept {
  return gcm_runs<true>(enc, hkey, counter, hash, in, out, blocks);
}

AESKIT_POWER8_TARGET std::size_t open(const RoundKeys& enc, const GhashKey& hkey,
                                      std::uint8_t counter[16], std::uint8_t hash[16],
                                      const std::uint8_t* in, std::uint8_t* out,
                                      std::size_t blocks) noexcept {
  return gcm_runs<false>(enc, hkey, counter, hash, in, out, blocks);
}

}  // namespace

const GcmFusedKernels kGcmFusedPower8Vpmsum = {
    .name = "power8+vpmsum 8x",
    .aes = &kPower8Backend,
    .ghash = &kGhashVpmsumBackend,
    .seal = seal,
    .open = open,
};

}  // namespace aeskit::detail
