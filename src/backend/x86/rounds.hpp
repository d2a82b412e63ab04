// src/backend/x86/rounds.hpp — AES rounds on vector registers that each hold
// V::kBlocks independent blocks, for every width (vec256.hpp, vec512.hpp), and the driver
// that runs a kernel over a block count in groups of V::kRegs registers.
//
// CPU features: those of the policy V; the including translation unit has defined
// AESKIT_WIDE_INLINE for exactly one width (vec256.hpp or vec512.hpp), so every function
// here is compiled for that width's target only.
// References: FIPS-197 §5.1 (cipher), §5.3.5 (equivalent inverse cipher); Intel SDM, VAESENC/
// VAESDEC (the 128-bit operation applied to each 128-bit lane with that lane of the key).
//
// Math. VAESENC applies AESENC to each 128-bit lane independently:
//     VAESENC([x0 | x1 | ...], [k | k | ...]) = [AESENC(x0, k) | AESENC(x1, k) | ...].
// With the round key broadcast to every lane, one register carries V::kBlocks blocks through
// the same round: y = x ^ k[0]; y = VAESENC(y, k[r]) for r = 1..R-1; y = VAESENCLAST(y, k[R]).
// Decryption is the same shape with VAESDEC and the equivalent-inverse-cipher keys (the
// AES-NI key schedule: aesni::derive_decrypt_key). VAESENCLAST(s, k ^ m) = T(s) ^ k ^ m, so a
// mode that XORs the cipher output with data folds that XOR into the last round key.
//
// Interleave width (V::kRegs). Latency 4 and two issues per cycle (Zen 3 ymm, Zen 5 zmm)
// need 8 independent registers to keep both AES pipes busy. Measured on Zen 3 with ymm (TSC
// ticks per byte, best of 200 runs, 16 KiB / 256 B, AES-128):
//     width (ymm regs)       4            6            8
//     ECB encrypt      0.128/0.128  0.128/0.153  0.127/0.128
//     CTR32            0.162/0.235  0.150/0.219  0.149/0.170
//     CBC decrypt      0.135/0.137  0.137/0.198  0.133/0.133
// On long inputs the out-of-order core overlaps consecutive narrow groups; on short ones 8
// wins by up to 40%. AVX2 has 16 ymm registers (8 states + a key + temporaries fit); AVX-512
// has 32.
//
// Round keys: with 16 vector registers (xmm, ymm) each round broadcasts its key from the
// RoundKeys buffer (one broadcast load per round per group, i.e. per kRegs AES
// instructions). With 32 (zmm) a loop of whole groups holds them in registers (HeldKeys,
// run_groups).
//
// Groups. A kernel is a struct with a member `round_keys` (Keys) and
// `template <std::size_t Y, class K> void run(std::size_t blocks, const K& keys)` that
// processes the next `blocks` blocks in Y registers with the round keys `keys` (Keys or
// HeldKeys), where V::kBlocks·(Y-1) < blocks <= V::kBlocks·Y: the last register holds
// m = blocks - kBlocks·(Y-1) blocks (its other lanes are computed and discarded; a wide round
// costs what a narrow one does), loaded and stored with load_n/store_n. Full groups are
// Y = kRegs; the tail of 1..kRegs·kBlocks-1 blocks runs as one group of ceil(r / kBlocks)
// registers. Y = 1..kRegs are separate instantiations so every loop unrolls. Branches depend
// only on block counts (public).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/kernels/rounds_dispatch.hpp"
#include "base/ct_shadow.hpp"

#ifndef AESKIT_WIDE_INLINE
#error "include x86/vec256.hpp or x86/vec512.hpp first"
#endif

namespace aeskit::detail::x86 {

enum class Dir { encrypt, decrypt };

// Keys<V, R>: one direction's R+1 round keys (16 bytes each, in the order they are used),
// broadcast to every lane on use.
template <class V, unsigned R>
struct Keys {
  static constexpr unsigned kRounds = R;
  const std::uint8_t* k;
  AESKIT_WIDE_INLINE typename V::reg operator[](unsigned r) const {
    return V::broadcast_load(k + 16 * r);
  }
};

// HeldKeys<V, R>: the same R+1 keys broadcast once into registers. Only where the registers
// exist (32: the 512-bit tier) and only for a loop of whole groups (run_groups, the fused GCM
// loop); a short call or a tail streams them (Keys).
template <class V, unsigned R>
struct HeldKeys {
  static constexpr unsigned kRounds = R;
  typename V::reg k[R + 1];
  AESKIT_WIDE_INLINE typename V::reg operator[](unsigned r) const { return k[r]; }
};

// hold: keys in registers. The empty asm per key keeps GCC from turning a held key back
// into a broadcast load at each use (it rematerialises loads it can see through).
template <class V, unsigned R>
AESKIT_WIDE_INLINE HeldKeys<V, R> hold(const Keys<V, R>& keys) {
  HeldKeys<V, R> held;
#pragma GCC unroll 16
  for (unsigned r = 0; r <= R; ++r) {
    typename V::reg k = keys[r];
    AESKIT_REGISTER_BARRIER("+v", k);
    held.k[r] = k;
  }
  return held;
}

// pinned_key: round key r, loaded where the call stands. A volatile empty asm on the pointer
// is a scheduling barrier the load depends on, so the compiler does not hoist all R+1 keys
// to the top of a long loop body where, beside 8 AES states and a GHASH accumulator, they
// would spill (the fused GCM loop; 16 ymm registers).
template <class V, unsigned R>
AESKIT_WIDE_INLINE typename V::reg pinned_key(const Keys<V, R>& keys, unsigned r) {
  const std::uint8_t* p = keys.k;
  __asm__ volatile("" : "+r"(p));
  return V::broadcast_load(p + 16 * r);
}

template <class V, unsigned R>
AESKIT_WIDE_INLINE Keys<V, R> keys_of(const RoundKeys& rk) {
  return Keys<V, R>{rk.bytes};
}

template <class V, Dir D>
AESKIT_WIDE_INLINE typename V::reg aes_round(typename V::reg x, typename V::reg k) {
  if constexpr (D == Dir::encrypt)
    return V::enc(x, k);
  else
    return V::dec(x, k);
}

template <class V, Dir D>
AESKIT_WIDE_INLINE typename V::reg aes_last_round(typename V::reg x, typename V::reg k) {
  if constexpr (D == Dir::encrypt)
    return V::enc_last(x, k);
  else
    return V::dec_last(x, k);
}

// middle_rounds: rounds 1..R-1 on Y registers (whitening done by the caller, e.g. folded
// into an offset), round-major (every register through round r before round r+1: Y
// independent AES instructions per round).
template <class V, Dir D, class K, std::size_t Y>
AESKIT_WIDE_INLINE void middle_rounds(const K& keys, typename V::reg (&b)[Y]) {
#pragma GCC unroll 16
  for (unsigned r = 1; r < K::kRounds; ++r) {
    const typename V::reg k = keys[r];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) b[i] = aes_round<V, D>(b[i], k);
  }
}

// all_but_last_round: whitening with k[0], then middle_rounds.
template <class V, Dir D, class K, std::size_t Y>
AESKIT_WIDE_INLINE void all_but_last_round(const K& keys, typename V::reg (&b)[Y]) {
  const typename V::reg k0 = keys[0];
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = V::x(b[i], k0);
  middle_rounds<V, D>(keys, b);
}

template <class V, Dir D, class K, std::size_t Y>
AESKIT_WIDE_INLINE void cipher(const K& keys, typename V::reg (&b)[Y]) {
  all_but_last_round<V, D>(keys, b);
  const typename V::reg k = keys[K::kRounds];
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = aes_last_round<V, D>(b[i], k);
}

// group_blocks: blocks per full group.
template <class V>
inline constexpr std::size_t kGroupBlocks = V::kRegs* V::kBlocks;

// last_count: blocks in the last of Y registers for a run of `blocks`.
template <class V, std::size_t Y>
AESKIT_WIDE_INLINE std::size_t last_count(std::size_t blocks) {
  return blocks - V::kBlocks * (Y - 1);
}

template <class V, std::size_t Y, class Kernel>
AESKIT_WIDE_INLINE void run_tail(Kernel& kernel, std::size_t blocks) {
  if constexpr (Y < V::kRegs) {
    if (blocks <= V::kBlocks * Y) return kernel.template run<Y>(blocks, kernel.round_keys);
    run_tail<V, Y + 1>(kernel, blocks);
  } else {
    kernel.template run<V::kRegs>(blocks, kernel.round_keys);
  }
}

// holds_keys: does the kernel's whole-group loop take held keys? Yes unless the kernel says
// kStreamKeys (XTS: its 8 tweak registers beside the keys and states; held, zmm XTS at
// 1350 bytes ran 0.93-0.96x).
template <class Kernel>
constexpr bool holds_keys() {
  if constexpr (requires { Kernel::kStreamKeys; })
    return !Kernel::kStreamKeys;
  else
    return true;
}

// run_groups: full groups of kGroupBlocks, then one group for the rest. With 32 vector
// registers the whole groups take their keys from registers (HeldKeys, loaded only when there
// is a whole group); the tail streams them. Zen 5, zmm, against streaming them everywhere
// (interleaved, best of 3-5): at 16 KiB CTR 1.02-1.08x, CBC decryption 1.02-1.05x, CFB
// decryption 1.03x, ECB 0.99-1.04x, OCB 1.01-1.04x; at 16 and 1350 bytes within noise.
template <class V, class Kernel>
AESKIT_WIDE_INLINE void run_groups(Kernel& kernel, std::size_t blocks) {
  if constexpr (V::kVectorRegisters >= 32 && holds_keys<Kernel>()) {
    if (blocks >= kGroupBlocks<V>) {
      const auto held = hold(kernel.round_keys);
      for (; blocks >= kGroupBlocks<V>; blocks -= kGroupBlocks<V>)
        kernel.template run<V::kRegs>(kGroupBlocks<V>, held);
    }
  } else {
    for (; blocks >= kGroupBlocks<V>; blocks -= kGroupBlocks<V>)
      kernel.template run<V::kRegs>(kGroupBlocks<V>, kernel.round_keys);
  }
  if (blocks > 0) run_tail<V, 1>(kernel, blocks);
}

// load_regs / store_regs: Y registers of blocks at p, the last one holding m (1..kBlocks)
// blocks (load_n / store_n).
template <class V, std::size_t Y>
AESKIT_WIDE_INLINE void load_regs(typename V::reg (&b)[Y], const std::uint8_t* p, std::size_t m) {
#pragma GCC unroll 8
  for (std::size_t j = 0; j + 1 < Y; ++j) b[j] = V::load(p + 16 * V::kBlocks * j);
  b[Y - 1] = V::load_n(p + 16 * V::kBlocks * (Y - 1), m);
}

template <class V, std::size_t Y>
AESKIT_WIDE_INLINE void store_regs(std::uint8_t* p, const typename V::reg (&b)[Y], std::size_t m) {
#pragma GCC unroll 8
  for (std::size_t j = 0; j + 1 < Y; ++j) V::store(p + 16 * V::kBlocks * j, b[j]);
  V::store_n(p + 16 * V::kBlocks * (Y - 1), b[Y - 1], m);
}

// last_round_xor_data: out = EncLast(b, k ^ in) for Y registers (the last holding m blocks):
// the cipher output XOR the data, the XOR folded into the last round key (CTR, CFB
// decryption, GCM).
template <class V, std::size_t Y>
AESKIT_WIDE_INLINE void last_round_xor_data(typename V::reg (&b)[Y], typename V::reg k,
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t m) {
  // One register at a time (load, XOR, last round, store): no second array of Y registers
  // (16 xmm would spill). Each register's data is read before its own store, and no other
  // register's data lies under that store, so in == out is safe.
  constexpr std::size_t kStride = 16 * V::kBlocks;
#pragma GCC unroll 8
  for (std::size_t j = 0; j + 1 < Y; ++j)
    V::store(out + kStride * j, V::enc_last(b[j], V::x(k, V::load(in + kStride * j))));
  constexpr std::size_t j = Y - 1;
  V::store_n(out + kStride * j, V::enc_last(b[j], V::x(k, V::load_n(in + kStride * j, m))), m);
}

// in_order: an empty asm that "changes" v, so the compiler keeps v in one register at this
// point of the program instead of re-associating the XORs that built it (a sum of 24 GHASH
// products computed as one tree after the last product: 24 live registers, spilled) or
// keeping values it could forward from earlier stores. No instruction is emitted.
template <class T>
AESKIT_WIDE_INLINE void in_order(T& v) {
  AESKIT_REGISTER_BARRIER("+v", v);
}

// opaque: the same pointer, which the compiler can no longer prove equal to another (GCM
// seal hashes the ciphertext it stored one iteration before: reloaded from memory, not kept
// in 8 spilled registers since the store).
template <class T>
AESKIT_WIDE_INLINE T* opaque(T* p) {
  __asm__("" : "+r"(p));
  return p;
}

// with_rounds: f.template operator()<R>() for the schedule's round count (10, 12 or 14): the
// generic lambdas of the width-generic kernels through the one dispatch
// (AESKIT_WITH_ROUNDS, backend/kernels/rounds_dispatch.hpp).
template <class F>
AESKIT_WIDE_INLINE decltype(auto) with_rounds(unsigned rounds, F&& f) {
  AESKIT_WITH_ROUNDS(rounds, R, return f.template operator()<R>());
  __builtin_unreachable();
}

}  // namespace aeskit::detail::x86
