// src/backend/arm64/ecb_cbc_armv8ce.cpp — the armv8ce backend's ECB kernels, and its CBC
// decryption for cores without FEAT_SHA3 (x3 = two EORs; the EOR3 build's is in
// blocks_armv8ce_eor3.cpp).
//
// CPU features: AArch64 FEAT_AES.
// References: FIPS-197; NIST SP 800-38A §6.1 (ECB), §6.2 (CBC); backend/backend.hpp (the
// contract); rounds.hpp (round structure, groups of 8).
//
// Built without GCC's pre-allocation instruction scheduler (-fno-schedule-insns,
// CMakeLists.txt): it hoists the AESD/AESE pairs of later blocks above the loads and EORs of
// the group's start and leaves the register allocator with copies to make. AES-128 loops,
// instructions per 16 bytes (docs/AARCH64.md): ECB 23.875 -> 22.375, CBC decryption
// 23.75 -> 22.5 (this file's scheme, below; with the scheduler it was 24.25). The CTR and CFB
// loops in blocks_armv8ce.cpp keep it: there it saves 0.125-0.375.
#include <cstring>

#include "backend/arm64/kernels.hpp"

namespace aeskit::detail::armv8ce {
inline namespace AESKIT_ARMV8CE_NS {  // rounds.hpp: base (this file is never built as eor3)
namespace {

#define AESKIT_GROUP8_TARGET AESKIT_ARMV8CE_TARGET
#include "backend/kernels/group8/ecb.inc"  // the kernel

// cbc_decrypt_two_eor: CBC decryption where x3 is two EORs (no FEAT_SHA3). Each ciphertext
// block is loaded once (LDP pairs) and feeds two things: its own rounds, which overwrite its
// register, and the next block's final XOR. That XOR's operand t = k_R ^ C_{i-1} is made
// (one EOR into a new register) before the rounds destroy C_{i-1}, and the output is
// P_i = AESD...(C_i) ^ t: two EORs per block, no register copy and no second load.
// before_rounds: t, computed from `state` before the rounds change it. The empty asm (no
// instruction) takes both: GCC may no longer look through t, nor move t's EOR after the
// asm, and the rounds read the asm's `state`. Without it GCC reassociates
// (state ^ t) = state ^ k_R ^ C_{i-1} back into the order that keeps every C_{i-1} alive
// across the rounds, and copies it (7-17 register moves per group).
AESKIT_ARMV8CE_INLINE block before_rounds(block t, block& state) {
  __asm__("" : "+w"(t), "+w"(state));
  return t;
}

// cbc_decrypt_group: Y blocks; t carries k_R ^ C_{i-1} from the block before the group to
// the block after it. AES-128 stores four blocks per ST1 list: the list needs four
// consecutive free registers, which AES-128's 11 round keys leave and AES-192/256's 13/15
// do not (GCC then spills inside the loop); they store STP pairs.
template <std::size_t Y, unsigned R>
AESKIT_ARMV8CE_INLINE void cbc_decrypt_group(const Keys<R>& keys, block& t_next,
                                             const std::uint8_t*& in, std::uint8_t*& out) {
  block b[Y];  // C_1..C_Y, then the rounds' states
  block t[Y];  // k_R ^ C_0..C_{Y-1} of the group
#pragma GCC unroll 8
  for (std::size_t i = 0; i < Y; ++i) b[i] = load(in + 16 * i);
  t[0] = t_next;
#pragma GCC unroll 8
  for (std::size_t i = 1; i < Y; ++i) t[i] = before_rounds(x(keys.k[R], b[i - 1]), b[i - 1]);
  t_next = before_rounds(x(keys.k[R], b[Y - 1]), b[Y - 1]);
  rounds<Dir::decrypt, R>(keys, b);
  if constexpr (R == 10) {
    block p[Y];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) p[i] = x(b[i], t[i]);
    store_group(out, p);
  } else {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < Y; ++i) store(out + 16 * i, x(b[i], t[i]));
  }
  in += 16 * Y;
  out += 16 * Y;
}

// cbc_decrypt_short: the m < kGroup blocks after C_0 = prev. Out of line: inlined after the
// group loop, its registers made GCC keep t on the stack, one store per group.
[[gnu::noinline]] AESKIT_ARMV8CE_TARGET void cbc_decrypt_short(const RoundKeys& rk,
                                                               const std::uint8_t prev[16],
                                                               const std::uint8_t* in,
                                                               std::uint8_t* out, std::size_t m) {
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_ARMV8CE_LAMBDA {
    const Keys<R> keys = load_keys<R>(rk);
    block t = x(keys.k[R], load(prev));
    run_groups(m, [&]<std::size_t Y>()
                      AESKIT_ARMV8CE_LAMBDA { cbc_decrypt_group<Y, R>(keys, t, in, out); });
  });
}

// The group loop ends on a pointer compare (no count to step) and never needs t after the
// loop's last block: the next IV is read from the input first. AES-128 loop: 22.5
// instructions per block (docs/AARCH64.md).
AESKIT_ARMV8CE_INLINE std::size_t cbc_decrypt_two_eor(const RoundKeys& rk, std::uint8_t iv[16],
                                                      const std::uint8_t* in, std::uint8_t* out,
                                                      std::size_t blocks) {
  if (blocks == 0) return 0;
  alignas(16) std::uint8_t prev[16];
  std::memcpy(prev, iv, 16);
  // The next IV is the last ciphertext block: read now, as in-place output overwrites it.
  std::memcpy(iv, in + 16 * (blocks - 1), 16);
  const std::size_t m = blocks % kGroup;
  const std::uint8_t* const groups_end = in + 16 * (blocks - m);
  if (in != groups_end) {
    with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_ARMV8CE_LAMBDA {
      const Keys<R> keys = load_keys<R>(rk);
      block t = x(keys.k[R], load(prev));
      do cbc_decrypt_group<kGroup, R>(keys, t, in, out);
      while (in != groups_end);
      store(prev, x(t, keys.k[R]));
    });
  }
  if (m != 0) cbc_decrypt_short(rk, prev, in, out, m);
  return blocks;
}

}  // namespace

#define AESKIT_GROUP8_ECB_ENTRIES
#include "backend/kernels/group8/ecb.inc"  // encrypt_blocks, decrypt_blocks
#undef AESKIT_GROUP8_ECB_ENTRIES
#undef AESKIT_GROUP8_TARGET

AESKIT_ARMV8CE_TARGET std::size_t cbc_decrypt(const RoundKeys& dec, std::uint8_t iv[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept {
  return cbc_decrypt_two_eor(dec, iv, in, out, blocks);
}

}  // namespace AESKIT_ARMV8CE_NS
}  // namespace aeskit::detail::armv8ce
