// src/backend/x86/xmm/mac_aesni.cpp — the CBC-MAC chain alone (cbc_mac) and beside CTR
// encryption in one pass (mac_ctr) for the AES-NI backend; the vaes256 backend uses them too
// (a serial chain runs one block at a time, where ymm gains nothing).
//
// CPU features: AES-NI, SSSE3 (PSHUFB for the counter's byte order).
// References: SP 800-38B §6.2 and SP 800-38C §6.1 (the CBC-MAC chain), SP 800-38A §6.5 (CTR);
// backend/backend.hpp (the entries' contract); FIPS-197.
//
// Math. The chain is M_i = E(M_{i-1} ^ X_i): R AES rounds per block, each waiting for the one
// before, so a block costs R AESENC latencies (40 cycles for AES-128 at 4 cycles) and the AES
// unit, which can start one or two AESENC per cycle, is idle most of that time. The chain is
// kept whitened, y = M ^ k[0], and the next block's input is folded into the last round key
// as in chains_aesni.cpp: with s the state after rounds 1..R-1,
//     AESENCLAST(s, k[R] ^ k[0] ^ X_{i+1}) = M_i ^ k[0] ^ X_{i+1} = the next whitened input,
// so when X_{i+1} is known early the chain is exactly the R AES instructions.
//
// mac_ctr puts one CTR block beside each chain step, its rounds interleaved with the chain's
// (the two are independent, so the CTR block runs in the chain's idle AES slots and adds no
// time). One CTR block per step is exactly what the mode needs: more would only run ahead.
//   MAC over the input (CCM seal, EAX open): X_i = in_i, known in advance; step i computes
//     M_i and the key stream K_i together: out_i = in_i ^ K_i.
//   MAC over the output (CCM open, EAX seal): X_i = in_i ^ K_i, and the fold needs X_{i+1}
//     before step i ends, so the CTR half runs two blocks ahead: the prologue computes K_0 and
//     K_1 side by side, step i computes M_i beside K_{i+2}. Each K is finished with its input
//     block in its own last round key (AESENCLAST(t, k[R] ^ in) = K ^ in = X).
// Counters: kept byte-reversed (a little-endian integer) in a register, as in x86/ctr.hpp;
// ctr32 adds 1 to the low 32-bit lane (PADDD wraps mod 2^32 and leaves bytes 0..11 alone);
// ctr128 is two 64-bit halves in scalar registers with the carry added to the high half.
// The counter only depends on public values (nonce, position). In place (in == out) is fine:
// each input block is loaded before its output block is stored.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/kernels/rounds_dispatch.hpp"
#include "backend/x86/targets.hpp"
#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/xmm/rounds.hpp"
#include "base/ct_shadow.hpp"

namespace aeskit::detail::aesni {
namespace {

// Counter32: the counter block's last 4 bytes count big-endian mod 2^32.
struct Counter32 {
  __m128i le;
  AESKIT_AESNI_INLINE explicit Counter32(const std::uint8_t* block)
      : le(reverse_bytes(load_block(block))) {}
  // next: the current counter block (big-endian), then advance by one.
  AESKIT_AESNI_INLINE __m128i next() {
    const __m128i block = reverse_bytes(le);
    le = _mm_add_epi32(le, _mm_cvtsi32_si128(1));
    return block;
  }
  AESKIT_AESNI_INLINE void store(std::uint8_t* block) const {
    store_block(block, reverse_bytes(le));
  }
};

// Counter128: the whole block counts big-endian mod 2^128.
struct Counter128 {
  std::uint64_t lo, hi;
  AESKIT_AESNI_INLINE explicit Counter128(const std::uint8_t* block) {
    const __m128i le = reverse_bytes(load_block(block));
    lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(le));
    hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(le, le)));
  }
  AESKIT_AESNI_INLINE __m128i current() const {
    return reverse_bytes(_mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo)));
  }
  AESKIT_AESNI_INLINE __m128i next() {
    const __m128i block = current();
    // The carry out of the low half without a branch or CMOV: EAX's counter N' is
    // OMAC_K(N), secret. The low half's top bit falls from 1 to 0 only when it wraps.
    const std::uint64_t before = lo;
    lo = before + 1;
    hi += (before & ~lo) >> 63;
    // Without the barrier GCC turns the counter into the loop's induction variable and ends
    // the loop on a comparison of it (a branch on N', though its outcome is public).
    AESKIT_REGISTER_BARRIER("+r", lo);
    return block;
  }
  AESKIT_AESNI_INLINE void store(std::uint8_t* block) const { store_block(block, current()); }
};

// cbc_mac_chain: y = M ^ k[0] throughout; the next block rides in the last round key.
template <unsigned R>
AESKIT_AESNI_TARGET void cbc_mac_chain(const RoundKeys& rk, std::uint8_t mac[16],
                                       const std::uint8_t* in, std::size_t blocks) noexcept {
  const Schedule<R> keys = load_schedule<R>(rk);
  const __m128i last_first = _mm_xor_si128(keys.k[R], keys.k[0]);
  __m128i y[1] = {_mm_xor_si128(_mm_xor_si128(load_block(mac), keys.k[0]), load_block(in))};
  for (std::size_t i = 1; i < blocks; ++i) {
    const __m128i last = _mm_xor_si128(last_first, load_block(in + 16 * i));
    middle_rounds<Dir::encrypt>(keys, y);
    y[0] = _mm_aesenclast_si128(y[0], last);  // M_{i-1} ^ k[0] ^ X_i
  }
  middle_rounds<Dir::encrypt>(keys, y);
  store_block(mac, _mm_aesenclast_si128(y[0], keys.k[R]));
}

// mac_input_chain: MAC over the input; chain step i and key stream K_i side by side.
template <unsigned R, class Counter>
AESKIT_AESNI_TARGET void mac_input_chain(const RoundKeys& rk, std::uint8_t counter[16],
                                         std::uint8_t mac[16], const std::uint8_t* in,
                                         std::uint8_t* out, std::size_t blocks) noexcept {
  const Schedule<R> keys = load_schedule<R>(rk);
  const __m128i last_first = _mm_xor_si128(keys.k[R], keys.k[0]);
  Counter ctr(counter);
  __m128i x = load_block(in);  // X_0 = in_0
  __m128i b[2] = {_mm_xor_si128(_mm_xor_si128(load_block(mac), keys.k[0]), x), {}};
  for (std::size_t i = 0; i < blocks; ++i) {
    // b[0]: the chain (already whitened with X_i); b[1]: the counter block.
    b[1] = _mm_xor_si128(ctr.next(), keys.k[0]);
    const __m128i ks_last = _mm_xor_si128(keys.k[R], x);  // E(T_i) ^ in_i in one step
    __m128i chain_last = keys.k[R];
    if (i + 1 < blocks) {
      x = load_block(in + 16 * (i + 1));
      chain_last = _mm_xor_si128(last_first, x);
    }
    middle_rounds<Dir::encrypt>(keys, b);
    b[0] = _mm_aesenclast_si128(b[0], chain_last);
    store_block(out + 16 * i, _mm_aesenclast_si128(b[1], ks_last));
  }
  store_block(mac, b[0]);  // the last step used k[R] alone: b[0] is M
  ctr.store(counter);
}

// mac_output_chain: MAC over the output; the CTR half runs two blocks ahead of the chain, so
// X_{i+1} is ready while step i runs and rides in its last round key like the input form.
template <unsigned R, class Counter>
AESKIT_AESNI_TARGET void mac_output_chain(const RoundKeys& rk, std::uint8_t counter[16],
                                          std::uint8_t mac[16], const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t blocks) noexcept {
  const Schedule<R> keys = load_schedule<R>(rk);
  const __m128i last_first = _mm_xor_si128(keys.k[R], keys.k[0]);
  Counter ctr(counter);
  // Prologue: K_0 (and K_1) alone, each finished with its input block in the last round key,
  // which gives X_0 = out_0 (and X_1) directly.
  __m128i x0, x1 = _mm_setzero_si128();
  if (blocks == 1) {
    __m128i ks[1] = {_mm_xor_si128(ctr.next(), keys.k[0])};
    middle_rounds<Dir::encrypt>(keys, ks);
    x0 = _mm_aesenclast_si128(ks[0], _mm_xor_si128(keys.k[R], load_block(in)));
  } else {
    __m128i ks[2] = {_mm_xor_si128(ctr.next(), keys.k[0]), {}};
    ks[1] = _mm_xor_si128(ctr.next(), keys.k[0]);
    middle_rounds<Dir::encrypt>(keys, ks);
    x0 = _mm_aesenclast_si128(ks[0], _mm_xor_si128(keys.k[R], load_block(in)));
    x1 = _mm_aesenclast_si128(ks[1], _mm_xor_si128(keys.k[R], load_block(in + 16)));
  }
  store_block(out, x0);
  __m128i y = _mm_xor_si128(_mm_xor_si128(load_block(mac), keys.k[0]), x0);  // M ^ k[0] ^ X_0
  for (std::size_t i = 0; i < blocks; ++i) {
    // y: the chain's whitened input for block i; x1: X_{i+1} when i + 1 < blocks.
    __m128i chain_last = keys.k[R];
    if (i + 1 < blocks) {
      store_block(out + 16 * (i + 1), x1);
      chain_last = _mm_xor_si128(last_first, x1);
    }
    if (i + 2 < blocks) {
      // b[0]: chain step i; b[1]: K_{i+2}, finished with in_{i+2}: X_{i+2}.
      const __m128i ks_last = _mm_xor_si128(keys.k[R], load_block(in + 16 * (i + 2)));
      __m128i b[2] = {y, _mm_xor_si128(ctr.next(), keys.k[0])};
      middle_rounds<Dir::encrypt>(keys, b);
      y = _mm_aesenclast_si128(b[0], chain_last);
      x1 = _mm_aesenclast_si128(b[1], ks_last);
    } else {
      __m128i b[1] = {y};
      middle_rounds<Dir::encrypt>(keys, b);
      y = _mm_aesenclast_si128(b[0], chain_last);
    }
  }
  store_block(mac, y);  // the last step used k[R] alone: y is M
  ctr.store(counter);
}

template <unsigned R, class Counter>
AESKIT_AESNI_TARGET void mac_ctr_r(const RoundKeys& rk, std::uint8_t counter[16],
                                   std::uint8_t mac[16], const std::uint8_t* in, std::uint8_t* out,
                                   std::size_t blocks, bool mac_output) noexcept {
  if (mac_output)
    mac_output_chain<R, Counter>(rk, counter, mac, in, out, blocks);
  else
    mac_input_chain<R, Counter>(rk, counter, mac, in, out, blocks);
}

template <class Counter>
AESKIT_AESNI_TARGET void mac_ctr_any(const RoundKeys& rk, std::uint8_t counter[16],
                                     std::uint8_t mac[16], const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t blocks,
                                     bool mac_output) noexcept {
  AESKIT_WITH_ROUNDS(rk.rounds, R,
                     mac_ctr_r<R, Counter>(rk, counter, mac, in, out, blocks, mac_output));
}

}  // namespace

AESKIT_AESNI_TARGET std::size_t cbc_mac(const RoundKeys& enc, std::uint8_t mac[16],
                                        const std::uint8_t* in, std::size_t blocks) noexcept {
  if (blocks == 0) return 0;
  AESKIT_WITH_ROUNDS(enc.rounds, R, cbc_mac_chain<R>(enc, mac, in, blocks));
  return blocks;
}

AESKIT_AESNI_TARGET std::size_t mac_ctr(const RoundKeys& enc, bool ctr128, std::uint8_t counter[16],
                                        std::uint8_t mac[16], const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks,
                                        bool mac_output) noexcept {
  if (blocks == 0) return 0;
  if (ctr128)
    mac_ctr_any<Counter128>(enc, counter, mac, in, out, blocks, mac_output);
  else
    mac_ctr_any<Counter32>(enc, counter, mac, in, out, blocks, mac_output);
  return blocks;
}

}  // namespace aeskit::detail::aesni
