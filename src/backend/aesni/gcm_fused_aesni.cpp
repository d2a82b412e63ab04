// src/backend/aesni/gcm_fused_aesni.cpp — fused AES-GCM (CTR32 encryption and GHASH in one
// pass over the data) on 128-bit AES-NI + PCLMULQDQ: 8 blocks per iteration, for keys on the
// (aesni, pclmul) backend pair.
//
// CPU features: AES-NI, SSSE3 (PSHUFB), PCLMULQDQ, enabled per function (legacy SSE
// encodings, no AVX, so no VZEROUPPER is needed); kAesniBackend.supported() and
// kGhashPclmulBackend.supported() gate the calls.
// References: NIST SP 800-38D §6.3-§7 (GF(2^128) and its bit order, GHASH, GCTR with inc32);
// FIPS-197 (AES); Intel SDM, AESENC/AESENCLAST and PCLMULQDQ; Intel white paper
// "Carry-Less Multiplication Instruction and its Usage for Computing the GCM Mode" (the
// reflected representation and aggregated reduction, as facts). The code is this file's own.
//
// What it computes (gcm_fused.hpp): C_i = P_i ^ E_K(CB_i), CB_(i+1) = inc32(CB_i), and the
// GHASH state Y = (...((Y ^ C_1)·H ^ C_2)·H ... ^ C_n)·H over the ciphertext (open: input C_i,
// output P_i).
//
// The field, bit-reflected. GF(2^128) = GF(2)[x]/P, P = x^128 + x^7 + x^2 + x + 1; GCM puts
// the x^0 coefficient in the top bit of byte 0. Reversing the 16 bytes (PSHUFB) gives the
// reflected 128-bit integer (bit 127-k = coefficient of x^k). The carry-less product of two
// reflected values, read as a reflected 256-bit value, is x·a·b; so the pclmul GhashKey
// (clmul/ghash_groups.hpp) stores K_i = H^i·x^-1 mod P, i = 8..1, and clmul(A, K_i) is
// exactly A·H^i unreduced.
//
// Multiplication: Karatsuba on 64-bit halves (a = a1:a0, k = k1:k0): lo = a0·k0, hi = a1·k1,
// mid = (a0^a1)·(k0^k1), cross term = mid ^ lo ^ hi. 3 PCLMULQDQ per block instead of 4; the
// key side k0^k1 is precomputed per power (the table's second 128 bytes), the data side is
// one PSHUFD + PXOR. PCLMULQDQ and AESENC compete for the same vector pipes, so the saved
// multiply is worth more than the extra shuffle (schoolbook rejected).
//
// Aggregation: over 8 blocks X_1..X_8 from state Y,
//   Y' = (Y ^ X_1)·H^8 ^ X_2·H^7 ^ ... ^ X_8·H,
// so the Karatsuba sums lo, mid, hi are accumulated over the 8 blocks and corrected/folded
// once (mid ^= lo ^ hi; lo ^= mid << 64; hi ^= mid >> 64): one reduction per 8 blocks.
//
// Reduction modulo P, reflected (clmul::reduce, gf128_clmul.hpp): 256-bit value T3:T2:T1:T0
// (T3 = x^0..x^63). x^(128+j) = x^j + x^(j+1) + x^(j+2) + x^(j+7): the x^j part is an XOR one
// 128-bit position up, the rest one PCLMULQDQ by C = 0xC200000000000000 (reflected 1 + x +
// x^6, times the product's own factor x). Two 64-bit folds (T0, then T1) leave T3:T2.
//
// Counters: the counter block is kept byte-reversed, so its 32-bit element 0 is the
// big-endian low word; PADDD of n is inc32 applied n times (wraps mod 2^32, never touches
// bytes 0..11). The data XOR is folded into the last round key (AESENCLAST(x, k ^ d) =
// AESENCLAST(x, k) ^ d).
//
// Schedule of one iteration (AES-128: whitening, 9 AESENC rounds, AESENCLAST on 8 blocks):
// after round r = 1..7 the kernel multiplies block r (0-based) of the other group by its
// power, after round 8 block 0 (the one that carries the state, so the previous reduction
// had 8 rounds of time), after round 9 the reduction. seal hashes the previous group's
// ciphertext (first group encrypted alone, last one hashed after the loop); open hashes the
// group it decrypts (its input), loads before stores, so in place is safe.
//
// Tails: m = 1..7 remaining blocks are encrypted here (a template per m, chosen by a switch
// on the public m) and hashed with the table's last m powers (clmul::absorb128), so every
// block given is processed. Rejected: 16 blocks per iteration on xmm (needs 16 state
// registers: the 16 XMM registers would all be AES state, spilling every round key and
// accumulator); deferring reductions across groups (the next first block needs the reduced
// state).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "aead/gcm_fused.hpp"
#include "backend/aesni/aesni.hpp"
#include "backend/aesni/rounds.hpp"
#include "backend/clmul/gcm_tail.hpp"
#include "backend/clmul/ghash_clmul.hpp"
#include "backend/clmul/ghash_groups.hpp"
#include "backend/gcm_fused_list.hpp"

#define AESKIT_GCM_AESNI_TARGET __attribute__((target("aes,ssse3,pclmul")))
#define AESKIT_GCM_AESNI_INLINE __attribute__((target("aes,ssse3,pclmul"), always_inline)) inline

namespace aeskit::detail {
namespace {

constexpr std::size_t kGroup = 8;  // blocks per iteration = powers in the table
constexpr std::size_t kGroupBytes = 16 * kGroup;
using Table = clmul::Table128;
static_assert(kGroup == Table::kPowers);

template <unsigned R>
using Schedule = aesni::Schedule<R>;

// first_round: counter blocks ctr + j (j < N) in big-endian byte order, whitened.
template <unsigned R, std::size_t N>
AESKIT_GCM_AESNI_INLINE void first_round(const Schedule<R>& s, __m128i ctr, __m128i (&x)[N]) {
#pragma GCC unroll 8
  for (std::size_t j = 0; j < N; ++j) {
    const __m128i c = _mm_add_epi32(ctr, _mm_cvtsi32_si128(static_cast<int>(j)));
    x[j] = _mm_xor_si128(aesni::reverse_bytes(c), s.k[0]);
  }
}

// group: 8 blocks of CTR from ctr (advanced by 8) from in to out; with kHash, the 8
// ciphertext blocks at `hashed` are absorbed into y meanwhile.
template <unsigned R, bool kHash>
AESKIT_GCM_AESNI_INLINE void group(const Schedule<R>& s, const std::uint8_t* table, __m128i& ctr,
                                   __m128i& y, const std::uint8_t* in, std::uint8_t* out,
                                   const std::uint8_t* hashed) {
  static_assert(R >= kGroup + 2, "the hash schedule needs rounds 1..9");
  constexpr std::size_t kMid = Table::kMidOffset;
  __m128i x[kGroup];
  first_round(s, ctr, x);
  ctr = _mm_add_epi32(ctr, _mm_cvtsi32_si128(static_cast<int>(kGroup)));
  clmul::Product acc = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (std::size_t j = 0; j < kGroup; ++j) x[j] = _mm_aesenc_si128(x[j], s.k[r]);
    if constexpr (kHash) {
      if (r < kGroup) {  // blocks 1..7: independent of the state
        clmul::multiply_into(acc, clmul::load_block(hashed + 16 * r), clmul::load(table + 16 * r),
                             clmul::load(table + kMid + 16 * r));
      } else if (r == kGroup) {  // block 0 carries the state
        const __m128i first = _mm_xor_si128(y, clmul::load_block(hashed));
        clmul::multiply_into(acc, first, clmul::load(table), clmul::load(table + kMid));
      } else if (r == kGroup + 1) {
        y = clmul::reduce(acc);
      }
    }
  }
#pragma GCC unroll 8
  for (std::size_t j = 0; j < kGroup; ++j) {
    const __m128i last = _mm_xor_si128(s.k[R], clmul::load(in + 16 * j));
    clmul::store(out + 16 * j, _mm_aesenclast_si128(x[j], last));
  }
}

// tail_crypt: CTR over N (1..7) blocks from ctr.
template <unsigned R, std::size_t N>
AESKIT_GCM_AESNI_INLINE void tail_crypt(const Schedule<R>& s, __m128i ctr, const std::uint8_t* in,
                                        std::uint8_t* out) {
  __m128i x[N];
  first_round(s, ctr, x);
  aesni::middle_rounds<aesni::Dir::encrypt>(s, x);
#pragma GCC unroll 8
  for (std::size_t j = 0; j < N; ++j) {
    const __m128i last = _mm_xor_si128(s.k[R], clmul::load(in + 16 * j));
    clmul::store(out + 16 * j, _mm_aesenclast_si128(x[j], last));
  }
}

template <unsigned R>
AESKIT_GCM_AESNI_INLINE void tail(const Schedule<R>& s, __m128i ctr, const std::uint8_t* in,
                                  std::uint8_t* out, std::size_t m) {
  switch (m) {
    case 1:
      return tail_crypt<R, 1>(s, ctr, in, out);
    case 2:
      return tail_crypt<R, 2>(s, ctr, in, out);
    case 3:
      return tail_crypt<R, 3>(s, ctr, in, out);
    case 4:
      return tail_crypt<R, 4>(s, ctr, in, out);
    case 5:
      return tail_crypt<R, 5>(s, ctr, in, out);
    case 6:
      return tail_crypt<R, 6>(s, ctr, in, out);
    default:
      return tail_crypt<R, 7>(s, ctr, in, out);
  }
}

AESKIT_GCM_AESNI_INLINE void store_state(__m128i ctr0, __m128i y, std::size_t blocks,
                                         std::uint8_t counter[16], std::uint8_t hash[16]) {
  const int n = static_cast<int>(static_cast<std::uint32_t>(blocks));  // inc32 is mod 2^32
  clmul::store_block(counter, _mm_add_epi32(ctr0, _mm_cvtsi32_si128(n)));
  clmul::store_block(hash, y);
}

// crypt_blocks: seal (kSeal) or open `blocks` whole blocks from the reflected counter ctr
// (advanced), absorbing the ciphertext into y.
template <unsigned R, bool kSeal>
AESKIT_GCM_AESNI_INLINE void crypt_blocks(const Schedule<R>& s, const std::uint8_t* table,
                                          __m128i& ctr, __m128i& y, const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t blocks) {
  const std::size_t groups = blocks / kGroup;
  const std::size_t m = blocks % kGroup;
  const std::size_t rest = kGroupBytes * groups;
  if constexpr (kSeal) {
    if (groups > 0) {
      group<R, false>(s, table, ctr, y, in, out, nullptr);
      for (std::size_t g = 1; g < groups; ++g)
        group<R, true>(s, table, ctr, y, in + kGroupBytes * g, out + kGroupBytes * g,
                       out + kGroupBytes * (g - 1));
    }
    if (m > 0) tail(s, ctr, in + rest, out + rest, m);
    if (groups > 0) y = clmul::absorb128(y, out + rest - kGroupBytes, table, kGroup);
    if (m > 0) y = clmul::absorb128(y, out + rest, table, m);
  } else {
    for (std::size_t g = 0; g < groups; ++g)
      group<R, true>(s, table, ctr, y, in + kGroupBytes * g, out + kGroupBytes * g,
                     in + kGroupBytes * g);
    if (m > 0) {
      y = clmul::absorb128(y, in + rest, table, m);  // before out (maybe in) is written
      tail(s, ctr, in + rest, out + rest, m);
    }
  }
}

template <unsigned R, bool kSeal>
AESKIT_GCM_AESNI_TARGET void blocks_rounds(const RoundKeys& rk, const GhashKey& hk,
                                           std::uint8_t counter[16], std::uint8_t hash[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) {
  const Schedule<R> s = aesni::load_schedule<R>(rk);
  const __m128i ctr0 = clmul::load_block(counter);
  __m128i ctr = ctr0;
  __m128i y = clmul::load_block(hash);
  crypt_blocks<R, kSeal>(s, hk.bytes, ctr, y, in, out, blocks);
  store_state(ctr0, y, blocks, counter, hash);
}

// hash_bytes: y over len bytes, the last partial block zero-padded.
AESKIT_GCM_AESNI_INLINE __m128i hash_bytes(__m128i y, const std::uint8_t* table,
                                           const std::uint8_t* data, std::size_t len) {
  std::size_t full = len / 16;
  for (; full >= kGroup; full -= kGroup, data += kGroupBytes)
    y = clmul::absorb128(y, data, table, kGroup);
  if (full > 0) y = clmul::absorb128(y, data, table, full);
  const std::size_t rest = len % 16;
  if (rest == 0) return y;
  // Built in a register and stored whole, so absorb128's load forwards from the store.
  alignas(16) std::uint8_t last[16];
  clmul::store(last, clmul::load_partial(data + 16 * full, rest));
  return clmul::absorb128(y, last, table, 1);
}

// message_rounds: one whole message (GcmFusedKernels::seal_message). E(J0) and the key
// stream of the final partial block are two independent blocks encrypted first, so their
// serial rounds overlap the AD hash and the bulk; then AD, whole blocks, padded partial
// block and lengths block are hashed, and tag = E(J0) ^ GHASH.
template <unsigned R, bool kSeal>
AESKIT_GCM_AESNI_TARGET void message_rounds(const RoundKeys& rk, const GhashKey& hk,
                                            const std::uint8_t j0[16], const std::uint8_t* ad,
                                            std::size_t ad_len, const std::uint8_t* in,
                                            std::uint8_t* out, std::size_t len,
                                            std::uint8_t tag[16]) {
  const Schedule<R> s = aesni::load_schedule<R>(rk);
  const std::uint8_t* table = hk.bytes;
  const std::size_t blocks = len / 16;
  const std::size_t rest = len % 16;
  const __m128i j0r = clmul::load_block(j0);  // reflected J0
  const int last_ctr = static_cast<int>(static_cast<std::uint32_t>(blocks + 1));
  __m128i pair[2] = {aesni::reverse_bytes(j0r),
                     aesni::reverse_bytes(_mm_add_epi32(j0r, _mm_cvtsi32_si128(last_ctr)))};
  aesni::cipher<aesni::Dir::encrypt>(s, pair);

  __m128i ctr = _mm_add_epi32(j0r, _mm_cvtsi32_si128(1));
  __m128i y = hash_bytes(_mm_setzero_si128(), table, ad, ad_len);
  crypt_blocks<R, kSeal>(s, table, ctr, y, in, out, blocks);

  // tail_and_lengths: [padded partial block] || [bits(AD)]_64 || [bits(C)]_64, each block
  // built in a register and written with one 16-byte store (core/block128.hpp says why).
  alignas(16) std::uint8_t tail_and_lengths[32];
  std::uint8_t* lengths = tail_and_lengths + (rest != 0 ? 16 : 0);
  if (rest != 0) {
    const __m128i x = clmul::load_partial(in + 16 * blocks, rest);
    const __m128i y_out = _mm_xor_si128(x, pair[1]);  // x read first: out may be in
    clmul::store_partial(out + 16 * blocks, rest, y_out);
    // The hashed ciphertext block, zero-padded: x itself when opening, the output's first
    // `rest` bytes when sealing.
    const __m128i hashed = kSeal ? _mm_and_si128(y_out, clmul::prefix_mask(rest)) : x;
    clmul::store(tail_and_lengths, hashed);
  }
  clmul::store(lengths, clmul::length_block(ad_len, len));
  y = clmul::absorb128(y, tail_and_lengths, table, rest != 0 ? 2 : 1);
  clmul::store(tag, _mm_xor_si128(pair[0], aesni::reverse_bytes(y)));
}

AESKIT_GCM_AESNI_TARGET std::size_t seal_kernel(const RoundKeys& enc, const GhashKey& hk,
                                                std::uint8_t counter[16], std::uint8_t hash[16],
                                                const std::uint8_t* in, std::uint8_t* out,
                                                std::size_t blocks) noexcept {
  if (enc.rounds == 10)
    blocks_rounds<10, true>(enc, hk, counter, hash, in, out, blocks);
  else if (enc.rounds == 12)
    blocks_rounds<12, true>(enc, hk, counter, hash, in, out, blocks);
  else
    blocks_rounds<14, true>(enc, hk, counter, hash, in, out, blocks);
  return blocks;
}

AESKIT_GCM_AESNI_TARGET std::size_t open_kernel(const RoundKeys& enc, const GhashKey& hk,
                                                std::uint8_t counter[16], std::uint8_t hash[16],
                                                const std::uint8_t* in, std::uint8_t* out,
                                                std::size_t blocks) noexcept {
  if (enc.rounds == 10)
    blocks_rounds<10, false>(enc, hk, counter, hash, in, out, blocks);
  else if (enc.rounds == 12)
    blocks_rounds<12, false>(enc, hk, counter, hash, in, out, blocks);
  else
    blocks_rounds<14, false>(enc, hk, counter, hash, in, out, blocks);
  return blocks;
}

template <bool kSeal>
AESKIT_GCM_AESNI_TARGET void message_kernel(const RoundKeys& enc, const GhashKey& hk,
                                            const std::uint8_t j0[16], const std::uint8_t* ad,
                                            std::size_t ad_len, const std::uint8_t* in,
                                            std::uint8_t* out, std::size_t len,
                                            std::uint8_t tag[16]) noexcept {
  if (enc.rounds == 10)
    message_rounds<10, kSeal>(enc, hk, j0, ad, ad_len, in, out, len, tag);
  else if (enc.rounds == 12)
    message_rounds<12, kSeal>(enc, hk, j0, ad, ad_len, in, out, len, tag);
  else
    message_rounds<14, kSeal>(enc, hk, j0, ad, ad_len, in, out, len, tag);
}

}  // namespace

const GcmFusedKernels kGcmFusedAesniPclmul = {
    .name = "aesni+pclmul 8x",
    .aes = &kAesniBackend,
    .ghash = &kGhashPclmulBackend,
    .seal = seal_kernel,
    .open = open_kernel,
    .seal_message = message_kernel<true>,
    .open_message = message_kernel<false>,
};

}  // namespace aeskit::detail
