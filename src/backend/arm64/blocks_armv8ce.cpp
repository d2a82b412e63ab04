// src/backend/arm64/blocks_armv8ce.cpp — the armv8ce backend's CTR (32/128-bit big-endian
// and GCM-SIV's 32-bit little-endian counter), HCTR2's XCTR, CBC, CFB128 and OFB kernels (ECB, and
// CBC decryption in the base build: ecb_cbc_armv8ce.cpp).
//
// CPU features: AArch64 FEAT_AES.
// References: FIPS-197; NIST SP 800-38A §6.1-6.5 (ECB, CBC, CFB, OFB, CTR); RFC 8452 §4 (the
// little-endian counter); ePrint 2021/1441 §3 (XCTR); backend/backend.hpp (the contract);
// rounds.hpp (round structure, groups of 8).
//
// Independent blocks (CTR, CBC and CFB decryption) go through the rounds 8 at a time;
// the chains (CBC and CFB encryption, OFB) are one block after another. Each group loads all
// its inputs before it stores, so in == out works. Counters are public (IVs and nonces):
// counter.hpp keeps them in a vector lane. The last round key is XORed together with the data
// (x3: one EOR3 in the eor3 build, rounds.hpp).
#include "backend/arm64/counter.hpp"
#include "backend/arm64/kernels.hpp"

namespace aeskit::detail::armv8ce {
inline namespace AESKIT_ARMV8CE_NS {  // rounds.hpp: base or eor3
namespace {

// ctr: out_i = in_i ^ E(counter_i), or with `s` (HCTR2's XCTR) out_i = in_i ^ E(S ^
// counter_i): S is folded into the first round key (AESE XORs it with the block first), so
// XCTR is the le32 loop with a different k_0 and costs nothing per block.
template <Counter C>
AESKIT_ARMV8CE_INLINE std::size_t ctr(const RoundKeys& rk, std::uint8_t counter[16],
                                      const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                                      const std::uint8_t* s = nullptr) {
  CounterGen<C> gen(counter);
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_ARMV8CE_LAMBDA {
    Keys<R> keys = load_keys<R>(rk);
    if (s != nullptr) keys.k[0] = x(keys.k[0], load(s));  // a public choice of entry
    const auto group = [&]<std::size_t Y>(auto& source) AESKIT_ARMV8CE_LAMBDA {
      block b[Y];
      block d[Y];
      source.take(b);
      rounds<Dir::encrypt, R>(keys, b);
#if defined(AESKIT_ARMV8CE_EOR3)
      // Four blocks per LD1/ST1 list: the EOR3s write the list registers directly.
      load_group(in, d);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) b[i] = x3(b[i], keys.k[R], d[i]);
      store_group(out, b);
#else
      // Single loads and stores (LDP/STP pairs): with two EORs per block, GCC moves blocks
      // in and out of LD1/ST1 lists here (5 instructions more per group).
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) d[i] = load(in + 16 * i);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) store(out + 16 * i, x3(b[i], keys.k[R], d[i]));
#endif
      in += 16 * Y;
      out += 16 * Y;
    };
    std::size_t left = blocks;
    if constexpr (C == Counter::be32) {
      // Runs of whole groups before the last byte wraps take the byte steps (counter.hpp
      // ByteRun); a group across the wrap takes the general path.
      while (left >= kGroup) {
        std::size_t run = gen.groups_before_wrap();
        if (run > left / kGroup) run = left / kGroup;
        if (run == 0) {
          group.template operator()<kGroup>(gen);
          left -= kGroup;
          continue;
        }
        ByteRun bytes(gen.current());
        for (std::size_t g = 0; g < run; ++g) group.template operator()<kGroup>(bytes);
        gen.advance(kGroup * run);
        left -= kGroup * run;
      }
    }
    run_groups(left,
               [&]<std::size_t Y>() AESKIT_ARMV8CE_LAMBDA { group.template operator()<Y>(gen); });
  });
  store(counter, gen.current());
  return blocks;
}

// The hooks of kernels/group8/chain.inc: each chain step is the block's R AES pairs on the
// feedback.
template <unsigned R>
AESKIT_ARMV8CE_INLINE block cbc_step(const Keys<R>& keys, block f, block p) {
  return one<Dir::encrypt, R>(keys, x(p, f));
}
template <unsigned R>
AESKIT_ARMV8CE_INLINE block cfb_step(const Keys<R>& keys, block f, block p) {
  return x(one<Dir::encrypt, R>(keys, f), p);
}
template <unsigned R>
AESKIT_ARMV8CE_INLINE block ofb_step(const Keys<R>& keys, block f) {
  return one<Dir::encrypt, R>(keys, f);
}

#include "backend/kernels/group8/chain.inc"

// The hooks of kernels/group8/feedback_decrypt.inc. Each input is loaded twice instead of copied:
// as a round input (LDP pairs, the rounds overwrite the registers) and into LD1's four-register
// lists for the final XOR; the copy costs a register move per block, the second load a
// quarter of an instruction. (GCC moves blocks out of LD1 lists that feed AESE/AESD.)
template <bool kCbc, std::size_t Y>
AESKIT_ARMV8CE_INLINE void feedback_inputs(const std::uint8_t* in, const Offsets&, block prev,
                                           block (&b)[Y], block (&)[Y]) {
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) {
    if constexpr (kCbc)
      b[i] = load(in + 16 * i);
    else
      b[i] = i == 0 ? prev : load(in + 16 * (i - 1));
  }
}
template <std::size_t Y>
AESKIT_ARMV8CE_INLINE void feedback_reload(const std::uint8_t* in, block (&c)[Y]) {
  load_group(in, c);
}

#include "backend/kernels/group8/feedback_decrypt.inc"

}  // namespace

AESKIT_ARMV8CE_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept {
  return ctr<Counter::be32>(enc, counter, in, out, blocks);
}

AESKIT_ARMV8CE_TARGET std::size_t ctr32_le(const RoundKeys& enc, std::uint8_t counter[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept {
  return ctr<Counter::le32>(enc, counter, in, out, blocks);
}

// xctr: HCTR2's XCTR, the le32 loop with S ^ k_0 as the first round key.
AESKIT_ARMV8CE_TARGET std::size_t xctr(const RoundKeys& enc, const std::uint8_t s[16],
                                       std::uint8_t counter[16], const std::uint8_t* in,
                                       std::uint8_t* out, std::size_t blocks) noexcept {
  return ctr<Counter::le32>(enc, counter, in, out, blocks, s);
}

// ctr128_be: runs of the 32-bit kernel up to each wrap of the low word (every 2^32 blocks,
// at most once per call in practice), then a carry into bytes 0..11. Counters are public.
AESKIT_ARMV8CE_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept {
  std::size_t left = blocks;
  while (left != 0) {
    const std::uint32_t low = (std::uint32_t{counter[12]} << 24) |
                              (std::uint32_t{counter[13]} << 16) |
                              (std::uint32_t{counter[14]} << 8) | counter[15];
    const std::uint64_t room = (std::uint64_t{1} << 32) - low;  // blocks until the wrap
    const std::size_t n = left < room ? left : static_cast<std::size_t>(room);
    ctr<Counter::be32>(enc, counter, in, out, n);
    if (n == room) {
      for (int i = 11; i >= 0 && ++counter[i] == 0; --i) {
      }
    }
    in += 16 * n;
    out += 16 * n;
    left -= n;
  }
  return blocks;
}

// cbc_encrypt, cbc_decrypt, cfb128_encrypt, cfb128_decrypt, ofb over chain and
// feedback_decrypt.
#define AESKIT_GROUP8_TARGET AESKIT_ARMV8CE_TARGET
#if defined(AESKIT_ARMV8CE_EOR3)  // the base build's is in ecb_cbc_armv8ce.cpp
#define AESKIT_GROUP8_CBC_DECRYPT
#endif
#include "backend/kernels/group8/entries_chains.inc"
#undef AESKIT_GROUP8_CBC_DECRYPT
#undef AESKIT_GROUP8_TARGET

}  // namespace AESKIT_ARMV8CE_NS
}  // namespace aeskit::detail::armv8ce
