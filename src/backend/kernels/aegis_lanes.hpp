// src/backend/kernels/aegis_lanes.hpp — AEGIS-128L/128X and AEGIS-256/256X
// (draft-irtf-cfrg-aegis-aead) written once for every AES-instruction backend: the X forms' D
// states sit in the 128-bit lanes of the policy's registers, K = D / lanes registers per state
// block. So one template gives AEGIS-128L on xmm (D = 1, K = 1), AEGIS-128X2 on ymm (D = 2, K = 1)
// or on two xmm (K = 2), AEGIS-128X4 on zmm, ...; on AArch64 (armv8ce) and POWER8 (power8/power9)
// one block per register, K = D; likewise the 256 family with 6 blocks instead of 8.
//
// The vector policy V (x86/vec128.hpp, vec256.hpp, vec512.hpp; arm64/aegis_armv8ce.cpp;
// ppc64/aegis_power8.cpp) gives:
//   reg, kBlocks (blocks per reg), load/store (kBlocks blocks), x, x3, and_,
//   enc(a, k) = AESRound(a, k) = MixColumns(ShiftRows(SubBytes(a))) ^ k per block,
//   block (one 16-byte block), load_block/store_block/xor_block, length_block(a, b) (the
//   block LE64(a) || LE64(b)), broadcast(block) (the block in every lane), lanes_xor(reg)
//   (the XOR of the lanes, a block), finish() (end of a kernel).
// Blocks and registers only need to be consistent between load and store (POWER holds them in
// big-endian byte order): every operation here works bytewise or on whole AES columns.
// OneBlockPerReg<Ops> completes the policy of a backend with one block per register from its
// reg, load, store, x, and_ and enc. aegis_kernel<V, B, D>(name) is the kernel table row.
// The including unit defines AESKIT_AEGIS_TARGET (its target attribute) and AESKIT_AEGIS_INLINE
// / AESKIT_AEGIS_LAMBDA (the same plus always_inline, for functions and lambdas) first.
//
// CPU features: the including policy's (AES-NI/VAES, ARMv8 AES, POWER8 vector crypto).
// References: draft-irtf-cfrg-aegis-aead §3 (AEGIS-128L), §4 (AEGIS-256), §5 (the X forms:
// lane i of a register is state i; ctx[i] = i || D - 1 XORed into blocks 3 and 7 (128X) or 3
// and 5 (256X) before each init update; tags XORed over the lanes); backend/aegis_kernels.hpp
// (the contract).
//
// AESRound is exactly AESENC(a, k) on x86, vcipher(a, k) on POWER and AESMC(AESE(a, 0)) ^ k on
// ARMv8, so an update is B independent rounds (8 for 128L: the AES pipes stay full on one
// state). Constant-time: only lengths steer branches; partial blocks go through zero-padded
// stack buffers, wiped after use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>

#include "backend/aegis_kernels.hpp"
#include "base/byte_order.hpp"
#include "base/secure_zero.hpp"

#if !defined(AESKIT_AEGIS_TARGET) || !defined(AESKIT_AEGIS_INLINE) || !defined(AESKIT_AEGIS_LAMBDA)
#error "define AESKIT_AEGIS_TARGET, _INLINE and _LAMBDA (the unit's target) first"
#endif

namespace aeskit::detail::aegis_lanes {

// kTernary<V>: V has one-instruction three-input logic (AVX-512's VPTERNLOG): V::x3 and
// V::xand (a ^ (b & c)) cost one operation each, so the kernels may spend an input on them.
template <class V>
constexpr bool kTernary = requires {
  requires V::kTernaryLogic;
};

// xand: a ^ (b & c), in one operation where V has it.
template <class V>
AESKIT_AEGIS_INLINE typename V::reg xand(typename V::reg a, typename V::reg b, typename V::reg c) {
  if constexpr (kTernary<V>)
    return V::xand(a, b, c);
  else
    return V::x(a, V::and_(b, c));
}

// AegisShape<B>: B = 8 (128 family: two message words per update, blocks 3 and 7 get ctx) or
// 6 (256 family: one word, blocks 3 and 5).
template <unsigned B>
struct AegisShape {
  static constexpr unsigned kWords = B == 8 ? 2 : 1;
  static constexpr unsigned kSecondWordBlock = 4;  // 128 family: M1 goes into block 4
  static constexpr unsigned kCtxBlock = B == 8 ? 7 : 5;
  static constexpr unsigned kFinalBlock = B == 8 ? 2 : 3;  // Finalize: t = S[kFinalBlock] ^ u
};

template <class V, unsigned B, unsigned K>
struct AegisState {
  using reg = typename V::reg;
  reg s[B][K];

  // update: S'0 = AESRound(S[B-1], S0 ^ m0), S'j = AESRound(S[j-1], Sj) (and S4 ^ m1 for the
  // 128 family), per register k. AESRound(a, k) = MixColumns(ShiftRows(SubBytes(a))) ^ k, so
  // AESRound(S[B-1], S0 ^ m0) = AESRound(S[B-1], m0) ^ S0: the message word is the round key
  // and S0 joins after the round. S0 -> S0' is then one XOR instead of an XOR and a round, and
  // every block's own chain is at most one round per update (Sj -> Sj' through the key input).
  AESKIT_AEGIS_INLINE void update(const reg (&m0)[K], const reg (&m1)[K]) {
    for (unsigned k = 0; k < K; ++k) {
      const reg last = s[B - 1][k], s0 = s[0][k], s4 = s[4][k];
      for (unsigned j = B - 1; j >= 1; --j) {
        if (B == 8 && j == 4)
          s[4][k] = V::x(V::enc(s[3][k], m1[k]), s4);
        else
          s[j][k] = V::enc(s[j - 1][k], s[j][k]);
      }
      s[0][k] = V::x(V::enc(last, m0[k]), s0);
    }
  }

  // update_after: update() for Dec, whose words are its plaintext, which waits on the state (an
  // AND and two XORs): the words join after the round, S'0 = AESRound(S[B-1], S0) ^ m0, so the
  // round starts before they are known. (The form of update() would put the late word under a
  // round; AESRound(S[B-1], 0) ^ S0 ^ m0 costs an XOR more per block: both measured slower.)
  AESKIT_AEGIS_INLINE void update_after(const reg (&m0)[K], const reg (&m1)[K]) {
    for (unsigned k = 0; k < K; ++k) {
      const reg last = s[B - 1][k];
      for (unsigned j = B - 1; j >= 1; --j) {
        if (B == 8 && j == 4)
          s[4][k] = V::x(V::enc(s[3][k], s[4][k]), m1[k]);
        else
          s[j][k] = V::enc(s[j - 1][k], s[j][k]);
      }
      s[0][k] = V::x(V::enc(last, s[0][k]), m0[k]);
    }
  }

  // z: the key stream words of Enc/Dec (128: z0, z1; 256: z in z[0]).
  AESKIT_AEGIS_INLINE void keystream(reg (&z)[2][K]) const {
    for (unsigned k = 0; k < K; ++k) {
      if constexpr (B == 8) {
        z[0][k] = V::x3(s[6][k], s[1][k], V::and_(s[2][k], s[3][k]));
        z[1][k] = V::x3(s[2][k], s[5][k], V::and_(s[6][k], s[7][k]));
      } else {
        z[0][k] = V::x(V::x3(s[1][k], s[4][k], s[5][k]), V::and_(s[2][k], s[3][k]));
        z[1][k] = z[0][k];
      }
    }
  }
};

// Words of the rate block: word w holds lanes 0..D-1 (16 D bytes), register k its bytes
// 16 L k .. (L: blocks per register).
template <class V, unsigned K>
AESKIT_AEGIS_INLINE void aegis_load_word(typename V::reg (&r)[K], const std::uint8_t* p) {
  for (unsigned k = 0; k < K; ++k) r[k] = V::load(p + 16 * V::kBlocks * k);
}
template <class V, unsigned K>
AESKIT_AEGIS_INLINE void aegis_store_word(std::uint8_t* p, const typename V::reg (&r)[K]) {
  for (unsigned k = 0; k < K; ++k) V::store(p + 16 * V::kBlocks * k, r[k]);
}

template <class V, unsigned K>
AESKIT_AEGIS_INLINE void aegis_broadcast(typename V::reg (&r)[K], typename V::block b) {
  for (unsigned k = 0; k < K; ++k) r[k] = V::broadcast(b);
}

template <class V, unsigned B, unsigned D>
AESKIT_AEGIS_INLINE void aegis_init(AegisState<V, B, D / V::kBlocks>& st, const std::uint8_t* key,
                                    const std::uint8_t* nonce) {
  constexpr unsigned K = D / V::kBlocks;
  using reg = typename V::reg;
  using Shape = AegisShape<B>;
  // ctx[i] = Byte(i) || Byte(D - 1) || 0^112 in lane i (zero when D = 1: skipped).
  alignas(64) std::uint8_t ctx_bytes[16 * D] = {};
  for (unsigned i = 0; i < D; ++i) {
    ctx_bytes[16 * i] = static_cast<std::uint8_t>(i);
    ctx_bytes[16 * i + 1] = static_cast<std::uint8_t>(D - 1);
  }
  reg ctx[K];
  aegis_load_word<V, K>(ctx, ctx_bytes);
  const typename V::block c0 = V::load_block(kAegisC0), c1 = V::load_block(kAegisC1);
  auto add_ctx = [&]() AESKIT_AEGIS_LAMBDA {
    if constexpr (D > 1) {
      for (unsigned k = 0; k < K; ++k) {
        st.s[3][k] = V::x(st.s[3][k], ctx[k]);
        st.s[Shape::kCtxBlock][k] = V::x(st.s[Shape::kCtxBlock][k], ctx[k]);
      }
    }
  };
  if constexpr (B == 8) {
    const typename V::block k = V::load_block(key), n = V::load_block(nonce);
    const typename V::block init[8] = {V::xor_block(k, n),
                                       c1,
                                       c0,
                                       c1,
                                       V::xor_block(k, n),
                                       V::xor_block(k, c0),
                                       V::xor_block(k, c1),
                                       V::xor_block(k, c0)};
    for (unsigned j = 0; j < 8; ++j)
      for (unsigned r = 0; r < K; ++r) st.s[j][r] = V::broadcast(init[j]);
    reg kv[K], nv[K];
    aegis_broadcast<V, K>(kv, k);
    aegis_broadcast<V, K>(nv, n);
    for (int round = 0; round < 10; ++round) {
      add_ctx();
      st.update(nv, kv);
    }
  } else {
    const typename V::block k0 = V::load_block(key), k1 = V::load_block(key + 16);
    const typename V::block n0 = V::load_block(nonce), n1 = V::load_block(nonce + 16);
    const typename V::block init[6] = {V::xor_block(k0, n0), V::xor_block(k1, n1), c1, c0,
                                       V::xor_block(k0, c0), V::xor_block(k1, c1)};
    for (unsigned j = 0; j < 6; ++j)
      for (unsigned r = 0; r < K; ++r) st.s[j][r] = V::broadcast(init[j]);
    reg m[4][K];
    aegis_broadcast<V, K>(m[0], k0);
    aegis_broadcast<V, K>(m[1], k1);
    aegis_broadcast<V, K>(m[2], V::xor_block(k0, n0));
    aegis_broadcast<V, K>(m[3], V::xor_block(k1, n1));
    for (int round = 0; round < 4; ++round) {
      for (unsigned w = 0; w < 4; ++w) {
        add_ctx();
        st.update(m[w], m[w]);
      }
    }
  }
}

// aegis_step: one rate block (kWords words of 16 D bytes) from `in` to `out` (Enc or Dec;
// in == out allowed: everything is loaded before anything is stored).
template <class V, unsigned B, unsigned D, bool Decrypt>
AESKIT_AEGIS_INLINE void aegis_step(AegisState<V, B, D / V::kBlocks>& st, const std::uint8_t* in,
                                    std::uint8_t* out) {
  constexpr unsigned K = D / V::kBlocks;
  constexpr unsigned W = AegisShape<B>::kWords;
  using reg = typename V::reg;
  reg z[2][K], x[2][K], y[2][K];
  st.keystream(z);
  for (unsigned w = 0; w < W; ++w) aegis_load_word<V, K>(x[w], in + 16 * D * w);
  for (unsigned w = 0; w < W; ++w)
    for (unsigned k = 0; k < K; ++k) y[w][k] = V::x(x[w][k], z[w][k]);
  for (unsigned w = 0; w < W; ++w) aegis_store_word<V, K>(out + 16 * D * w, y[w]);
  if constexpr (Decrypt)
    st.update_after(y[0], y[W - 1]);
  else
    st.update(x[0], x[W - 1]);
}

// aegis_rot_step<R>: aegis_step on a state whose logical block j sits in r[(j + R) % B]. The
// new block j is written over the old block j - 1 (after its last use, in ascending order),
// so no register is copied: the mapping becomes R - 1, and B steps in a row bring it back to
// R = 0 (aegis_rot_steps). AESENC's destination is its state operand in the legacy SSE
// encoding of the xmm width, where the plain update costs a register copy per round.
template <class V, unsigned B, unsigned D, bool Decrypt, unsigned R>
AESKIT_AEGIS_INLINE void aegis_rot_step(typename V::reg (&r)[B][D / V::kBlocks],
                                        const std::uint8_t* in, std::uint8_t* out) {
  constexpr unsigned K = D / V::kBlocks;
  constexpr unsigned W = AegisShape<B>::kWords;
  using reg = typename V::reg;
  auto p = [](unsigned j) constexpr {
    return (j + R) % B;
  };
  // Enc: the words are the round keys of blocks 0 and 4, S0 and S4 XORed after the round
  // (AESRound(a, S0 ^ m) = AESRound(a, m) ^ S0; see update). Dec: its words are the plaintext
  // y, which waits on the state, so they are XORed after the round (see update_after).
  reg x[2][K], y[2][K];
  for (unsigned w = 0; w < W; ++w) aegis_load_word<V, K>(x[w], in + 16 * D * w);
  for (unsigned k = 0; k < K; ++k) {
    if constexpr (B == 8) {
      // y0 = (x0 ^ S6) ^ (S1 ^ (S2 & S3)): S1 two XORs from y0, S5 likewise in y1 (Dec's
      // S1 -> S0' -> S1'' and S5 -> S4' -> S5'' chains); with ternary logic two operations.
      if constexpr (kTernary<V>) {
        y[0][k] = V::x3(x[0][k], r[p(6)][k], xand<V>(r[p(1)][k], r[p(2)][k], r[p(3)][k]));
        y[1][k] = V::x3(x[1][k], r[p(2)][k], xand<V>(r[p(5)][k], r[p(6)][k], r[p(7)][k]));
      } else {
        y[0][k] = V::x(V::x(x[0][k], r[p(6)][k]), xand<V>(r[p(1)][k], r[p(2)][k], r[p(3)][k]));
        y[1][k] = V::x(V::x(x[1][k], r[p(2)][k]), xand<V>(r[p(5)][k], r[p(6)][k], r[p(7)][k]));
      }
      V::store(out + 16 * V::kBlocks * k, y[0][k]);
      V::store(out + 16 * D + 16 * V::kBlocks * k, y[1][k]);
    } else {
      const reg t = xand<V>(r[p(1)][k], r[p(2)][k], r[p(3)][k]);
      y[0][k] = V::x(x[0][k], V::x3(t, r[p(4)][k], r[p(5)][k]));
      V::store(out + 16 * V::kBlocks * k, y[0][k]);
    }
  }
  // Blocks 0 and 4 first in program order: their rounds end the steps' longest chains, so
  // they should not wait behind the others for an AES pipe.
  for (unsigned k = 0; k < K; ++k) {
    // Enc: enc(S[B-1], x0) ^ S0. Dec: enc(S[B-1], S0) ^ y0 (same count of operations; S0 ->
    // S0' is a round and an XOR, but y0, late, joins last); with ternary logic Dec takes
    // enc(S[B-1], 0) ^ S0 ^ y0 in as many operations, and S0 -> S0' is one.
    reg first, fourth = r[p(4)][k];
    if constexpr (Decrypt && kTernary<V>) {
      const reg zero = V::x(x[0][k], x[0][k]);
      first = V::x3(V::enc(r[p(B - 1)][k], zero), r[p(0)][k], y[0][k]);
      if constexpr (B == 8) fourth = V::x3(V::enc(r[p(3)][k], zero), r[p(4)][k], y[1][k]);
    } else if constexpr (Decrypt) {
      first = V::x(V::enc(r[p(B - 1)][k], r[p(0)][k]), y[0][k]);
      if constexpr (B == 8) fourth = V::x(V::enc(r[p(3)][k], r[p(4)][k]), y[1][k]);
    } else {
      first = V::x(V::enc(r[p(B - 1)][k], x[0][k]), r[p(0)][k]);
      if constexpr (B == 8) fourth = V::x(V::enc(r[p(3)][k], x[1][k]), r[p(4)][k]);
    }
    for (unsigned j = 1; j < B; ++j)
      r[p(j - 1)][k] = (B == 8 && j == 4) ? fourth : V::enc(r[p(j - 1)][k], r[p(j)][k]);
    r[p(B - 1)][k] = first;
  }
}

// aegis_rot_steps: B rate blocks, the mapping R = 0, B - 1, ..., 1, back to 0 at the end.
template <class V, unsigned B, unsigned D, bool Decrypt, unsigned... N>
AESKIT_AEGIS_INLINE void aegis_rot_steps(typename V::reg (&r)[B][D / V::kBlocks],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::integer_sequence<unsigned, N...>) {
  constexpr std::size_t kRate = 16 * D * AegisShape<B>::kWords;
  (aegis_rot_step<V, B, D, Decrypt, (B - N) % B>(r, in + kRate * N, out + kRate * N), ...);
}

// kAegisPrefixMask: 128 bytes 0xFF (the widest rate block, 128X4's) then 128 zeros; the
// bytes from 128 - n on keep the first n bytes of a rate block.
struct AegisPrefixMask {
  alignas(64) std::uint8_t b[256];
};
inline constexpr AegisPrefixMask kAegisPrefixMask = [] {
  AegisPrefixMask m{};
  for (std::size_t i = 0; i < 128; ++i) m.b[i] = 0xFF;
  return m;
}();

template <class V, unsigned B, unsigned D, bool Decrypt>
AESKIT_AEGIS_INLINE void aegis_run(const std::uint8_t* key, const std::uint8_t* nonce,
                                   const std::uint8_t* ad, std::size_t ad_len,
                                   const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                                   std::uint8_t* tag, std::size_t tag_len) {
  constexpr unsigned K = D / V::kBlocks;
  static_assert(K >= 1 && K * V::kBlocks == D, "D must be a multiple of the lanes");
  constexpr unsigned W = AegisShape<B>::kWords;
  constexpr std::size_t kRate = 16 * D * W;
  static_assert(kRate <= 128);
  using reg = typename V::reg;
  AegisState<V, B, K> st;
  aegis_init<V, B, D>(st, key, nonce);

  alignas(64) std::uint8_t buf[kRate];
  std::size_t i = 0;
  for (; i + kRate <= ad_len; i += kRate) {
    reg m[2][K];
    for (unsigned w = 0; w < W; ++w) aegis_load_word<V, K>(m[w], ad + i + 16 * D * w);
    st.update(m[0], m[W - 1]);
  }
  if (i < ad_len) {
    std::memset(buf, 0, kRate);
    std::memcpy(buf, ad + i, ad_len - i);
    reg m[2][K];
    for (unsigned w = 0; w < W; ++w) aegis_load_word<V, K>(m[w], buf + 16 * D * w);
    st.update(m[0], m[W - 1]);
  }

  i = 0;
  for (; i + B * kRate <= len; i += B * kRate)
    aegis_rot_steps<V, B, D, Decrypt>(st.s, in + i, out + i,
                                      std::make_integer_sequence<unsigned, B>{});
  for (; i + kRate <= len; i += kRate) aegis_step<V, B, D, Decrypt>(st, in + i, out + i);
  if (i < len) {
    const std::size_t rest = len - i;
    std::memset(buf, 0, kRate);
    std::memcpy(buf, in + i, rest);
    if constexpr (Decrypt) {
      // DecPartial: out = ZeroPad(cn) ^ z, truncated; the state absorbs ZeroPad(xn), the
      // same bytes ANDed with a prefix mask (loaded at an offset given by the public length)
      // in registers: reloading them from buf after byte stores would stall the state's
      // chain on a failed store-to-load forward.
      reg z[2][K], y[2][K], mask[K];
      st.keystream(z);
      for (unsigned w = 0; w < W; ++w) {
        aegis_load_word<V, K>(y[w], buf + 16 * D * w);
        aegis_load_word<V, K>(mask, kAegisPrefixMask.b + 128 - rest + 16 * D * w);
        for (unsigned k = 0; k < K; ++k) y[w][k] = V::and_(V::x(y[w][k], z[w][k]), mask[k]);
        aegis_store_word<V, K>(buf + 16 * D * w, y[w]);
      }
      std::memcpy(out + i, buf, rest);
      st.update_after(y[0], y[W - 1]);
    } else {
      aegis_step<V, B, D, false>(st, buf, buf);
      std::memcpy(out + i, buf, rest);
    }
  }
  secure_zero(buf, sizeof buf);

  // Finalize: t = S[kFinalBlock] ^ (LE64(ad bits) || LE64(msg bits)) in every lane, 7 updates.
  const typename V::block u =
      V::length_block(static_cast<std::uint64_t>(ad_len) * 8, static_cast<std::uint64_t>(len) * 8);
  reg t[K];
  for (unsigned k = 0; k < K; ++k)
    t[k] = V::x(st.s[AegisShape<B>::kFinalBlock][k], V::broadcast(u));
  for (int r = 0; r < 7; ++r) st.update(t, t);

  auto fold = [&](unsigned from, unsigned to) AESKIT_AEGIS_LAMBDA {
    reg acc = st.s[from][0];
    for (unsigned k = 1; k < K; ++k) acc = V::x(acc, st.s[from][k]);
    for (unsigned j = from + 1; j < to; ++j)
      for (unsigned k = 0; k < K; ++k) acc = V::x(acc, st.s[j][k]);
    return V::lanes_xor(acc);
  };
  if (tag_len == 16) {
    V::store_block(tag, fold(0, B == 8 ? 7 : 6));
  } else {
    V::store_block(tag, fold(0, B / 2));
    V::store_block(tag + 16, fold(B / 2, B));
  }
  V::finish();
}

// OneBlockPerReg: a policy with one block per register (armv8ce, power8): the block
// operations are the register ones, broadcast and lanes_xor the identity.
template <class Ops>
struct OneBlockPerReg : Ops {
  using reg = typename Ops::reg;
  using block = reg;
  static constexpr unsigned kBlocks = 1;
  AESKIT_AEGIS_INLINE static block load_block(const std::uint8_t* p) { return Ops::load(p); }
  AESKIT_AEGIS_INLINE static void store_block(std::uint8_t* p, block b) { Ops::store(p, b); }
  AESKIT_AEGIS_INLINE static block xor_block(block a, block b) { return Ops::x(a, b); }
  // length_block: LE64(a) || LE64(b) as a block, through memory (once per message).
  AESKIT_AEGIS_INLINE static block length_block(std::uint64_t a, std::uint64_t b) {
    std::uint8_t bytes[16];
    store_le64(bytes, a);
    store_le64(bytes + 8, b);
    return Ops::load(bytes);
  }
  AESKIT_AEGIS_INLINE static reg broadcast(block b) { return b; }
  AESKIT_AEGIS_INLINE static block lanes_xor(reg v) { return v; }
  AESKIT_AEGIS_INLINE static reg x3(reg a, reg b, reg c) { return Ops::x(Ops::x(a, b), c); }
  AESKIT_AEGIS_INLINE static void finish() {}
};

// aegis_entry: the AegisFn (backend/aegis_kernels.hpp) of the family with B state blocks
// (8: 128L/128X, 6: 256/256X) at degree D on policy V.
template <class V, unsigned B, unsigned D, bool Decrypt>
AESKIT_AEGIS_TARGET void aegis_entry(const std::uint8_t* key, const std::uint8_t* nonce,
                                     const std::uint8_t* ad, std::size_t ad_len,
                                     const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                                     std::uint8_t* tag, std::size_t tag_len) noexcept {
  aegis_run<V, B, D, Decrypt>(key, nonce, ad, ad_len, in, out, len, tag, tag_len);
}

// aegis_kernel: the table row of one family at one degree.
template <class V, unsigned B, unsigned D>
constexpr AegisKernel aegis_kernel(std::string_view name) {
  return AegisKernel{name, &aegis_entry<V, B, D, false>, &aegis_entry<V, B, D, true>};
}

}  // namespace aeskit::detail::aegis_lanes
