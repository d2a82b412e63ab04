// src/backend/ppc64/blocks_power8.cpp — the power8 backend's ECB, CTR (32/128-bit big-endian
// and GCM-SIV's 32-bit little-endian counter), HCTR2's XCTR, CBC, CFB128 and OFB kernels.
//
// CPU features: POWER8 vector crypto (vcipher, vcipherlast, vncipher, vncipherlast).
// References: FIPS-197; NIST SP 800-38A §6.1-6.5 (ECB, CBC, CFB, OFB, CTR); RFC 8452 §4 (the
// little-endian counter); ePrint 2021/1441 §3 (XCTR); backend/backend.hpp (the contract);
// rounds.hpp (round structure, byte order, groups of 8).
//
// Independent blocks (ECB, CTR, CBC and CFB decryption) go through the rounds 8 at a time;
// the chains (CBC and CFB encryption, OFB) are one block after another. Each group loads all
// its inputs before it stores, so in == out works. The data XOR that ends CTR and the
// CBC/CFB decryptions is folded into the last round's key operand (rounds.hpp):
// vcipherlast(s, k_R ^ d), one XOR and one crypto instruction per block.
#include "backend/ppc64/counter.hpp"
#include "backend/ppc64/kernels.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {  // rounds.hpp: p8 or p9
namespace {

#define AESKIT_GROUP8_TARGET AESKIT_POWER8_TARGET
#include "backend/kernels/group8/ecb.inc"  // the kernel

// ctr: out_i = in_i ^ E(counter_i), or with `s` (HCTR2's XCTR) out_i = in_i ^ E(S ^
// counter_i): S, loaded in the keys' byte order, is folded into the first round key, so XCTR
// is the le128 loop with a different k_0 and costs nothing per block.
template <Counter C>
AESKIT_POWER8_INLINE std::size_t ctr(const RoundKeys& rk, std::uint8_t counter[16],
                                     const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                                     const std::uint8_t* s = nullptr) {
  CounterGen<C> gen(counter);
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_POWER8_LAMBDA {
    Keys<R> keys = load_keys<R>(rk);
    if (s != nullptr) keys.k[0] = x(keys.k[0], load(s));  // a public choice of entry
    const Offsets off = make_offsets();
    run_groups(blocks, [&]<std::size_t Y>() AESKIT_POWER8_LAMBDA {
      ctr_group<R, Y>(keys, gen, off, in, out);
      in += 16 * Y;
      out += 16 * Y;
    });
  });
  gen.save(counter);
  return blocks;
}

// The hooks of kernels/group8/chain.inc. What does not depend on the feedback f is computed beside
// the chain: P_i ^ k_0 (CBC), k_R ^ P_i folded into vcipherlast (CFB); the chain itself is one
// XOR (f ^ ...) and R crypto instructions.
template <unsigned R>
AESKIT_POWER8_INLINE block cbc_step(const Keys<R>& keys, block f, block p) {
  return chain_step<Dir::encrypt, R>(keys, x(f, x(p, keys.k[0])), keys.k[R]);
}
template <unsigned R>
AESKIT_POWER8_INLINE block cfb_step(const Keys<R>& keys, block f, block p) {
  return chain_step<Dir::encrypt, R>(keys, x(f, keys.k[0]), x(keys.k[R], p));
}
template <unsigned R>
AESKIT_POWER8_INLINE block ofb_step(const Keys<R>& keys, block f) {
  return chain_step<Dir::encrypt, R>(keys, x(f, keys.k[0]), keys.k[R]);
}

#include "backend/kernels/group8/chain.inc"

// The hooks of kernels/group8/feedback_decrypt.inc: each ciphertext loaded once, kept across the
// rounds for the final XOR (folded into vcipherlast's key operand).
template <bool kCbc, std::size_t Y>
AESKIT_POWER8_INLINE void feedback_inputs(const std::uint8_t* in, const Offsets& off, block prev,
                                          block (&b)[Y], block (&c)[Y]) {
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) c[i] = load(in, off.o[i]);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) {
    if constexpr (kCbc)
      b[i] = c[i];
    else
      b[i] = i == 0 ? prev : c[i - 1];
  }
}
template <std::size_t Y>
AESKIT_POWER8_INLINE void feedback_reload(const std::uint8_t*, block (&)[Y]) {}

#include "backend/kernels/group8/feedback_decrypt.inc"

}  // namespace

#define AESKIT_GROUP8_ECB_ENTRIES
#include "backend/kernels/group8/ecb.inc"  // encrypt_blocks, decrypt_blocks
#undef AESKIT_GROUP8_ECB_ENTRIES

// ctr32_be / ctr32_le: the 128-bit adds up to each wrap of the 32-bit word (counter.hpp).
AESKIT_POWER8_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) noexcept {
  ctr32_runs<false>(counter, blocks, [&](std::size_t n) AESKIT_POWER8_LAMBDA {
    ctr<Counter::be128>(enc, counter, in, out, n);
    in += 16 * n;
    out += 16 * n;
  });
  return blocks;
}

AESKIT_POWER8_TARGET std::size_t ctr32_le(const RoundKeys& enc, std::uint8_t counter[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) noexcept {
  ctr32_runs<true>(counter, blocks, [&](std::size_t n) AESKIT_POWER8_LAMBDA {
    ctr<Counter::le128>(enc, counter, in, out, n);
    in += 16 * n;
    out += 16 * n;
  });
  return blocks;
}

// xctr: HCTR2's XCTR, ctr32_le's runs with S ^ k_0 as the first round key.
AESKIT_POWER8_TARGET std::size_t xctr(const RoundKeys& enc, const std::uint8_t s[16],
                                      std::uint8_t counter[16], const std::uint8_t* in,
                                      std::uint8_t* out, std::size_t blocks) noexcept {
  ctr32_runs<true>(counter, blocks, [&](std::size_t n) AESKIT_POWER8_LAMBDA {
    ctr<Counter::le128>(enc, counter, in, out, n, s);
    in += 16 * n;
    out += 16 * n;
  });
  return blocks;
}

// ctr128_be: the whole block is the counter (vadduqm carries through all 128 bits).
AESKIT_POWER8_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept {
  return ctr<Counter::be128>(enc, counter, in, out, blocks);
}

// cbc_encrypt, cbc_decrypt, cfb128_encrypt, cfb128_decrypt, ofb over chain and
// feedback_decrypt.
#define AESKIT_GROUP8_CBC_DECRYPT
#include "backend/kernels/group8/entries_chains.inc"
#undef AESKIT_GROUP8_CBC_DECRYPT
#undef AESKIT_GROUP8_TARGET

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8
