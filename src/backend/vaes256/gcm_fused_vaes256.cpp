// src/backend/vaes256/gcm_fused_vaes256.cpp — fused AES-GCM (CTR32 encryption and GHASH in one
// pass over the data) on 256-bit VAES + VPCLMULQDQ: 16 blocks (8 ymm registers) per
// iteration, for keys on the (vaes256, vpclmul256) backend pair.
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (vaes256/target.hpp), enabled per
// function; kVaes256Backend.supported() and kGhashVpclmul256Backend.supported() gate the calls.
// References: NIST SP 800-38D §6.3-§7 (GF(2^128) and its bit order, GHASH, GCTR with inc32);
// FIPS-197 (AES); Intel SDM, VAESENC/VAESENCLAST and VPCLMULQDQ (each 128-bit lane does the
// 128-bit instruction on its own); Intel white paper "Carry-Less Multiplication Instruction
// and its Usage for Computing the GCM Mode" (the reflected representation and aggregated
// reduction, as facts). The code is this file's own.
//
// What it computes (gcm_fused.hpp): for blocks P_1..P_n, C_i = P_i ^ E_K(CB_i), CB_(i+1) =
// inc32(CB_i), and GHASH state Y = (...((Y ^ C_1)·H ^ C_2)·H ... ^ C_n)·H (open: the input
// is C_i and the output P_i; the hash is always over the ciphertext).
//
// The field, bit-reflected. GF(2^128) = GF(2)[x]/P, P = x^128 + x^7 + x^2 + x + 1. GCM writes
// an element as 16 bytes with the x^0 coefficient in the top bit of byte 0 and x^127 in the
// low bit of byte 15. Reversing the 16 bytes (VPSHUFB, per 128-bit lane, so two blocks at once)
// gives a 128-bit little-endian integer whose bit 127-k is the x^k coefficient: the
// "reflected" form. A carry-less integer product of two reflected 128-bit values has the x^k
// coefficient of a·b at bit 254-k, i.e. read as a reflected 256-bit value it is x·a·b. The
// GhashKey (clmul/ghash_groups.hpp, layout of the vpclmul256 GHASH backend) stores
// K_i = H^i·x^-1 mod P in reflected form, for i = 16..1, so clmul(A, K_i) read as a
// reflected 256-bit value is exactly A·H^i, unreduced — no per-product shift.
//
// Multiplication: Karatsuba on 64-bit halves, a = a1:a0, k = k1:k0: lo = a0·k0, hi = a1·k1,
// mid = (a0^a1)·(k0^k1); the cross term is mid ^ lo ^ hi. Three VPCLMULQDQ per register of two
// blocks instead of schoolbook's four; the key's half (k0^k1, both halves) is precomputed per
// power in the table (its second 256 bytes), the data's half is one VPSHUFD + VPXOR. Chosen
// because VPCLMULQDQ and VAESENC share the vector pipes that limit this loop (Zen 3: VAESENC
// ymm issues on two pipes, VPCLMULQDQ ymm on one), while shuffles and XORs have spare ports;
// schoolbook (4 multiplies, no shuffle) was rejected for that reason: 32 instead of 24
// multiplies per 16 blocks, each taking a slot an AES round wants.
//
// Aggregation. Over a group of 16 blocks X_1..X_16 from state Y,
//   Y' = (Y ^ X_1)·H^16 ^ X_2·H^15 ^ ... ^ X_16·H,
// and a sum of products is the product of nothing more than the sums: lo, mid and hi are
// accumulated (XOR) over all 8 registers in both lanes, the two lanes are XORed together,
// the Karatsuba middle is corrected once (mid ^= lo ^ hi) and folded in (lo ^= mid << 64,
// hi ^= mid >> 64), and the 256-bit result is reduced once per 16 blocks.
//
// Reduction modulo P in the reflected domain (clmul::reduce, gf128_clmul.hpp): with the
// 256-bit value as 64-bit words T3:T2:T1:T0 (T3 holding x^0..x^63), x^128 = x^7 + x^2 + x + 1
// sends x^(128+j) to x^j (a plain XOR one 128-bit position up) and to x^(j+1), x^(j+2),
// x^(j+7), which is one PCLMULQDQ by C = 0xC200000000000000 (C's reflected bits are
// 1 + x + x^6, and the product's built-in factor x makes it x + x^2 + x^7). Two 64-bit folds
// (T0 into T2:T1, then T1 into T3:T2) leave T3:T2, the reduced value: 2 PCLMULQDQ, 2 PSHUFD
// and a few XORs per 16 blocks.
//
// Counters. inc32 adds 1 to the last four bytes, big-endian, mod 2^32, never carrying into
// byte 11. The counter block is kept byte-reversed (the same VPSHUFB as the data): then its
// 32-bit element 0 is exactly that big-endian word as a little-endian integer, and VPADDD of
// (n, 0, 0, 0) per lane is inc32 applied n times, wrapping without carry. A register holds
// the pair (CB + 2j, CB + 2j + 1); 8 registers are built from one base by VPADDD with
// constants (independent of each other), reversed back with VPSHUFB and whitened with round
// key 0. The XOR of the data is folded into the last round: VAESENCLAST(x, k ^ d) =
// VAESENCLAST(x, k) ^ d.
//
// Schedule of one iteration (16 blocks, AES-128: 1 + 9 + 1 rounds on 8 registers). The 8
// ymm AES states stay in registers; round keys are broadcast once per call into a 32-byte-wide
// copy and read as memory operands. Between rounds r = 1..7 of the new group the kernel does
// one register pair of GHASH of the other group (load, VPSHUFB, VPSHUFD/VPXOR, 3 VPCLMULQDQ,
// 3 VPXOR), the state-dependent first pair after round 8 (so the previous group's reduction
// had the time of 8 rounds), and the reduction after round 9. seal hashes the previous
// group's ciphertext (the current one is not computed yet): the first group is encrypted
// alone and the last one hashed alone after the loop. open hashes the group it is
// decrypting (the ciphertext is the input); in place is safe because the hash loads come
// before the stores.
//
// Tails. After the whole groups, m = 1..15 blocks are done here too (not left to the generic
// path, which would cost two more backend calls per message): ceil(m/2) registers of AES
// (a template per register count, chosen by a switch on the public m; an odd last block
// uses a 16-byte load/store so nothing outside the buffers is touched), then GHASH of the m
// blocks with the table's last m powers and one reduction (clmul::absorb256). So the kernel
// always processes every block it is given.
//
// Rejected: (1) keeping the counter big-endian and adding to byte 15 only (saves the 8
// VPSHUFB per group but needs a carry check per group; the shuffles have spare ports);
// (2) deferring the reduction across groups (the next group's first block needs the reduced
// state); (3) zmm — this machine has no AVX-512 (the zmm kernel is not written).
// Round keys and key stream are not wiped from the stack copy / spill slots (as in the other
// AES kernels of the tree).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "aead/gcm_fused.hpp"
#include "backend/clmul/gcm_tail.hpp"
#include "backend/clmul/ghash_clmul.hpp"
#include "backend/clmul/ghash_groups.hpp"
#include "backend/gcm_fused_list.hpp"
#include "backend/vaes256/target.hpp"
#include "backend/vaes256/vaes256.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kRegs = 8;           // ymm AES states per iteration
constexpr std::size_t kGroup = 2 * kRegs;  // blocks per iteration = powers in the table
constexpr std::size_t kGroupBytes = 16 * kGroup;
using Table = clmul::Table256;
static_assert(kGroup == Table::kPowers);

// WideKeys: the R+1 round keys, each broadcast to both lanes.
template <unsigned R>
struct WideKeys {
  __m256i k[R + 1];
};

template <unsigned R>
AESKIT_VAES256_INLINE WideKeys<R> load_wide_keys(const RoundKeys& rk) {
  WideKeys<R> w;
  const auto* keys = reinterpret_cast<const __m128i*>(rk.bytes);
#pragma GCC unroll 16
  for (unsigned i = 0; i <= R; ++i) w.k[i] = _mm256_broadcastsi128_si256(_mm_load_si128(keys + i));
  return w;
}

// inc_pair: n added to the counter word of both lanes (reflected counter blocks).
AESKIT_VAES256_INLINE __m256i inc_pair(int n) {
  return _mm256_set_epi32(0, 0, 0, n, 0, 0, 0, n);
}

AESKIT_VAES256_INLINE void store256(std::uint8_t* p, __m256i v) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}

// first_round: the P registers of counter blocks base + 2j, base + 2j + 1 (j < P), back in
// big-endian byte order and whitened with round key 0.
template <unsigned R, std::size_t P>
AESKIT_VAES256_INLINE void first_round(const WideKeys<R>& w, __m256i base, __m256i (&x)[P]) {
  const __m256i reverse = clmul::byte_reverse_mask256();
#pragma GCC unroll 8
  for (std::size_t j = 0; j < P; ++j) {
    const __m256i ctr = _mm256_add_epi32(base, inc_pair(static_cast<int>(2 * j)));
    x[j] = _mm256_xor_si256(_mm256_shuffle_epi8(ctr, reverse), w.k[0]);
  }
}

// hash_pair: register pair j (blocks 2j+1, 2j+2) of a full group at src into acc, with the
// powers K_(16-2j), K_(15-2j).
AESKIT_VAES256_INLINE void hash_pair(clmul::Product256& acc, __m256i data,
                                     const std::uint8_t* table, std::size_t j) {
  clmul::multiply_into2(acc, data, clmul::load256(table + 32 * j),
                        clmul::load256(table + Table::kMidOffset + 32 * j));
}

// group: 16 blocks of CTR from base (advanced by 16) from in to out; with kHash, the 16
// ciphertext blocks at `hashed` are absorbed into y at the same time.
template <unsigned R, bool kHash>
AESKIT_VAES256_INLINE void group(const WideKeys<R>& w, const std::uint8_t* table, __m256i& base,
                                 __m128i& y, const std::uint8_t* in, std::uint8_t* out,
                                 const std::uint8_t* hashed) {
  static_assert(R >= kRegs + 2, "the hash schedule needs rounds 1..9");
  __m256i x[kRegs];
  first_round(w, base, x);
  base = _mm256_add_epi32(base, inc_pair(static_cast<int>(kGroup)));
  clmul::Product256 acc = clmul::zero_product256();
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (std::size_t j = 0; j < kRegs; ++j) x[j] = _mm256_aesenc_epi128(x[j], w.k[r]);
    if constexpr (kHash) {
      if (r < kRegs) {  // pairs 1..7: independent of the state
        hash_pair(acc, clmul::load_pair(hashed + 32 * r), table, r);
      } else if (r == kRegs) {  // pair 0 carries the state
        const __m256i first = _mm256_xor_si256(clmul::load_pair(hashed), _mm256_zextsi128_si256(y));
        hash_pair(acc, first, table, 0);
      } else if (r == kRegs + 1) {
        y = clmul::reduce(clmul::fold_lanes(acc));
      }
    }
  }
#pragma GCC unroll 8
  for (std::size_t j = 0; j < kRegs; ++j) {
    const __m256i last = _mm256_xor_si256(w.k[R], clmul::load256(in + 32 * j));
    store256(out + 32 * j, _mm256_aesenclast_epi128(x[j], last));
  }
}

// tail_crypt: CTR over m = 2P or 2P - 1 blocks from base; an odd last block uses 16-byte
// memory accesses only.
template <unsigned R, std::size_t P>
AESKIT_VAES256_INLINE void tail_crypt(const WideKeys<R>& w, __m256i base, const std::uint8_t* in,
                                      std::uint8_t* out, std::size_t m) {
  __m256i x[P];
  first_round(w, base, x);
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (std::size_t j = 0; j < P; ++j) x[j] = _mm256_aesenc_epi128(x[j], w.k[r]);
  }
#pragma GCC unroll 8
  for (std::size_t j = 0; j + 1 < P; ++j) {
    const __m256i last = _mm256_xor_si256(w.k[R], clmul::load256(in + 32 * j));
    store256(out + 32 * j, _mm256_aesenclast_epi128(x[j], last));
  }
  constexpr std::size_t j = P - 1;
  if (m == 2 * P) {
    const __m256i last = _mm256_xor_si256(w.k[R], clmul::load256(in + 32 * j));
    store256(out + 32 * j, _mm256_aesenclast_epi128(x[j], last));
  } else {
    const __m256i data = _mm256_zextsi128_si256(clmul::load(in + 32 * j));
    const __m256i c = _mm256_aesenclast_epi128(x[j], _mm256_xor_si256(w.k[R], data));
    clmul::store(out + 32 * j, _mm256_castsi256_si128(c));
  }
}

// tail: CTR over m (1..15) blocks.
template <unsigned R>
AESKIT_VAES256_INLINE void tail(const WideKeys<R>& w, __m256i base, const std::uint8_t* in,
                                std::uint8_t* out, std::size_t m) {
  switch ((m + 1) / 2) {
    case 1:
      return tail_crypt<R, 1>(w, base, in, out, m);
    case 2:
      return tail_crypt<R, 2>(w, base, in, out, m);
    case 3:
      return tail_crypt<R, 3>(w, base, in, out, m);
    case 4:
      return tail_crypt<R, 4>(w, base, in, out, m);
    case 5:
      return tail_crypt<R, 5>(w, base, in, out, m);
    case 6:
      return tail_crypt<R, 6>(w, base, in, out, m);
    case 7:
      return tail_crypt<R, 7>(w, base, in, out, m);
    default:
      return tail_crypt<R, 8>(w, base, in, out, m);
  }
}

// State: the reflected counter pair (CB, CB + 1) and hash, loaded from and stored to the
// caller's big-endian blocks.
struct State {
  __m128i counter;  // reflected CB
  __m256i base;     // reflected (CB, CB + 1)
  __m128i y;        // reflected hash
};

AESKIT_VAES256_INLINE State load_state(const std::uint8_t counter[16],
                                       const std::uint8_t hash[16]) {
  const __m128i c = clmul::load_block(counter);
  const __m256i lane1_plus_1 = _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0);
  return {c, _mm256_add_epi32(_mm256_broadcastsi128_si256(c), lane1_plus_1),
          clmul::load_block(hash)};
}

AESKIT_VAES256_INLINE void store_state(const State& s, std::size_t blocks, std::uint8_t counter[16],
                                       std::uint8_t hash[16]) {
  const int n = static_cast<int>(static_cast<std::uint32_t>(blocks));  // inc32 is mod 2^32
  clmul::store_block(counter, _mm_add_epi32(s.counter, _mm_cvtsi32_si128(n)));
  clmul::store_block(hash, s.y);
}

// crypt_blocks: seal (kSeal) or open `blocks` whole blocks, advancing s.base and s.y.
template <unsigned R, bool kSeal>
AESKIT_VAES256_INLINE void crypt_blocks(const WideKeys<R>& w, const std::uint8_t* table, State& s,
                                        const std::uint8_t* in, std::uint8_t* out,
                                        std::size_t blocks) {
  const std::size_t groups = blocks / kGroup;
  const std::size_t m = blocks % kGroup;
  const std::size_t rest = kGroupBytes * groups;
  if constexpr (kSeal) {
    if (groups > 0) {
      group<R, false>(w, table, s.base, s.y, in, out, nullptr);
      for (std::size_t g = 1; g < groups; ++g)
        group<R, true>(w, table, s.base, s.y, in + kGroupBytes * g, out + kGroupBytes * g,
                       out + kGroupBytes * (g - 1));
    }
    if (m > 0) tail(w, s.base, in + rest, out + rest, m);
    if (groups > 0) s.y = clmul::absorb256(s.y, out + rest - kGroupBytes, table, kGroup);
    if (m > 0) s.y = clmul::absorb256(s.y, out + rest, table, m);
  } else {
    for (std::size_t g = 0; g < groups; ++g)
      group<R, true>(w, table, s.base, s.y, in + kGroupBytes * g, out + kGroupBytes * g,
                     in + kGroupBytes * g);
    if (m > 0) {
      s.y = clmul::absorb256(s.y, in + rest, table, m);  // before out (maybe in) is written
      tail(w, s.base, in + rest, out + rest, m);
    }
  }
}

template <unsigned R, bool kSeal>
AESKIT_VAES256_TARGET void blocks_rounds(const RoundKeys& rk, const GhashKey& hk,
                                         std::uint8_t counter[16], std::uint8_t hash[16],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t blocks) {
  const WideKeys<R> w = load_wide_keys<R>(rk);
  State s = load_state(counter, hash);
  crypt_blocks<R, kSeal>(w, hk.bytes, s, in, out, blocks);
  store_state(s, blocks, counter, hash);
}

// hash_bytes: y over len bytes, the last partial block zero-padded.
AESKIT_VAES256_INLINE __m128i hash_bytes(__m128i y, const std::uint8_t* table,
                                         const std::uint8_t* data, std::size_t len) {
  std::size_t full = len / 16;
  for (; full >= kGroup; full -= kGroup, data += kGroupBytes)
    y = clmul::absorb256(y, data, table, kGroup);
  if (full > 0) y = clmul::absorb256(y, data, table, full);
  const std::size_t rest = len % 16;
  if (rest == 0) return y;
  // Built in a register and stored whole, so absorb256's load forwards from the store.
  alignas(16) std::uint8_t last[16];
  clmul::store(last, clmul::load_partial(data + 16 * full, rest));
  return clmul::absorb256(y, last, table, 1);
}

// message_rounds: one whole message (see GcmFusedKernels::seal_message). The pair
// (J0, CB of the final partial block) is encrypted first, as one ymm register, so its
// serial rounds overlap the AD hash and the bulk; then the AD, the whole blocks, the padded
// partial block and the lengths block are hashed, and tag = E(J0) ^ GHASH.
template <unsigned R, bool kSeal>
AESKIT_VAES256_TARGET void message_rounds(const RoundKeys& rk, const GhashKey& hk,
                                          const std::uint8_t j0[16], const std::uint8_t* ad,
                                          std::size_t ad_len, const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t len,
                                          std::uint8_t tag[16]) {
  const WideKeys<R> w = load_wide_keys<R>(rk);
  const std::uint8_t* table = hk.bytes;
  const std::size_t blocks = len / 16;
  const std::size_t rest = len % 16;
  const __m128i j0r = clmul::load_block(j0);  // reflected J0
  // Lane 0: J0 (the tag mask); lane 1: inc32^(blocks+1)(J0), the partial block's counter.
  const int last_ctr = static_cast<int>(static_cast<std::uint32_t>(blocks + 1));
  __m256i pair[1];
  first_round(w,
              _mm256_add_epi32(_mm256_broadcastsi128_si256(j0r),
                               _mm256_set_epi32(0, 0, 0, last_ctr, 0, 0, 0, 0)),
              pair);
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) pair[0] = _mm256_aesenc_epi128(pair[0], w.k[r]);
  pair[0] = _mm256_aesenclast_epi128(pair[0], w.k[R]);

  State s;
  s.counter = _mm_add_epi32(j0r, _mm_cvtsi32_si128(1));
  s.base = _mm256_add_epi32(_mm256_broadcastsi128_si256(s.counter),
                            _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
  s.y = hash_bytes(_mm_setzero_si128(), table, ad, ad_len);
  crypt_blocks<R, kSeal>(w, table, s, in, out, blocks);

  // tail_and_lengths: [padded partial block] || [bits(AD)]_64 || [bits(C)]_64, built in
  // registers and written with one store of the size absorb256 then loads (a 32-byte pair
  // or the lengths block alone), so the load forwards from it (gcm_tail.hpp says why).
  alignas(32) std::uint8_t tail_and_lengths[32];
  const __m128i lengths = clmul::length_block(ad_len, len);
  if (rest != 0) {
    const __m128i x = clmul::load_partial(in + 16 * blocks, rest);
    const __m128i c = _mm_xor_si128(x, _mm256_extracti128_si256(pair[0], 1));  // x read first
    clmul::store_partial(out + 16 * blocks, rest, c);
    // The hashed ciphertext block, zero-padded: x itself when opening, the output's first
    // `rest` bytes when sealing.
    const __m128i hashed = kSeal ? _mm_and_si128(c, clmul::prefix_mask(rest)) : x;
    _mm256_store_si256(reinterpret_cast<__m256i*>(tail_and_lengths),
                       _mm256_set_m128i(lengths, hashed));
  } else {
    clmul::store(tail_and_lengths, lengths);
  }
  s.y = clmul::absorb256(s.y, tail_and_lengths, table, rest != 0 ? 2 : 1);
  const __m128i mask = _mm256_castsi256_si128(pair[0]);
  clmul::store(tag, _mm_xor_si128(mask, _mm_shuffle_epi8(s.y, clmul::byte_reverse_mask())));
}

AESKIT_VAES256_TARGET std::size_t seal_kernel(const RoundKeys& enc, const GhashKey& hk,
                                              std::uint8_t counter[16], std::uint8_t hash[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept {
  if (enc.rounds == 10)
    blocks_rounds<10, true>(enc, hk, counter, hash, in, out, blocks);
  else if (enc.rounds == 12)
    blocks_rounds<12, true>(enc, hk, counter, hash, in, out, blocks);
  else
    blocks_rounds<14, true>(enc, hk, counter, hash, in, out, blocks);
  _mm256_zeroupper();
  return blocks;
}

AESKIT_VAES256_TARGET std::size_t open_kernel(const RoundKeys& enc, const GhashKey& hk,
                                              std::uint8_t counter[16], std::uint8_t hash[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept {
  if (enc.rounds == 10)
    blocks_rounds<10, false>(enc, hk, counter, hash, in, out, blocks);
  else if (enc.rounds == 12)
    blocks_rounds<12, false>(enc, hk, counter, hash, in, out, blocks);
  else
    blocks_rounds<14, false>(enc, hk, counter, hash, in, out, blocks);
  _mm256_zeroupper();
  return blocks;
}

template <bool kSeal>
AESKIT_VAES256_TARGET void message_kernel(const RoundKeys& enc, const GhashKey& hk,
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
  _mm256_zeroupper();
}

}  // namespace

const GcmFusedKernels kGcmFusedVaes256Vpclmul256 = {
    .name = "vaes256+vpclmul256 16x",
    .aes = &kVaes256Backend,
    .ghash = &kGhashVpclmul256Backend,
    .seal = seal_kernel,
    .open = open_kernel,
    .seal_message = message_kernel<true>,
    .open_message = message_kernel<false>,
};

}  // namespace aeskit::detail
