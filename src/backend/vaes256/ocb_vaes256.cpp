// src/backend/vaes256/ocb_vaes256.cpp — OCB3 whole-block kernels (encrypt, decrypt, AD hash)
// for the vaes256 backend: 16 blocks in flight in 8 ymm registers.
//
// CPU features: AVX2, VAES, AES-NI (SSSE3 for the AES-NI head/tail it calls).
// References: RFC 7253 §4.2-4.4; backend/backend.hpp (the ocb_* contract); rounds_vaes256.hpp.
//
// Math. Blocks have 1-based indices i; O_i = O_{i-1} ^ L[ntz(i)]; encrypt C_i = O_i ^ E(P_i ^
// O_i), decrypt P_i = O_i ^ D(C_i ^ O_i), checksum ^= P_i; hash sum ^= E(A_i ^ O_i).
// A group is 16 blocks s, s+1, ..., s+15 with s ≡ 1 (mod 16). Then s+j ≡ 1+j (mod 16) for
// j ≤ 14, so ntz(s+j) = ntz(1+j) does not depend on s, and only the last block's ntz(s+15)
// (≥ 4) does. With the per-call constants Q_j = L[ntz(1)] ^ ... ^ L[ntz(1+j)] (j = 0..14):
//     O_{s+j}  = O_{s-1} ^ Q_j                       (j = 0..14)
//     O_{s+15} = O_{s-1} ^ Q_14 ^ L[ntz(s+15)]
// so the 16 offsets of a group are 8 independent ymm XORs of the broadcast O_{s-1} with the
// pairs [Q_0|Q_1], ..., [Q_12|Q_13], [Q_14|Q_14 ^ L[ntz(s+15)]] — no serial chain. ntz of a
// block index is public, so is the L row it selects.
// The output XOR with O_i is folded into the last round key (VAESENCLAST(x, k ^ O) = ...^ O).
// The checksum/sum is kept per lane in one ymm and folded once at the end.
// Blocks before the first s ≡ 1 (mod 16), and a last run of fewer than 16, go to the AES-NI
// kernel (same round-key format; it interleaves 8). In place is safe: each group loads all
// its inputs before it stores.
#include "backend/vaes256/ocb_vaes256.hpp"

#include <immintrin.h>

#include "backend/aesni/ocb_aesni.hpp"
#include "backend/vaes256/rounds_vaes256.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {
namespace {

enum class OcbOp { encrypt, decrypt, hash };

template <OcbOp Op, unsigned R>
AESKIT_VAES256_TARGET void ocb_groups(const RoundKeys& rk, const OcbLTable& l, std::uint64_t first,
                                      std::uint8_t offset[16], std::uint8_t acc[16],
                                      const std::uint8_t* in, std::uint8_t* out,
                                      std::size_t groups) noexcept {
  constexpr Dir D = Op == OcbOp::decrypt ? Dir::decrypt : Dir::encrypt;
  const Keys<R> keys = keys_of<R>(rk);
  __m128i q[15];
  __m128i run = _mm_setzero_si128();
  for (unsigned j = 0; j < 15; ++j) {
    run = _mm_xor_si128(run, load_block(l.l[__builtin_ctz(j + 1)]));
    q[j] = run;
  }
  __m256i qp[kWidth];
#pragma GCC unroll 8
  for (std::size_t p = 0; p + 1 < kWidth; ++p) qp[p] = make_pair(q[2 * p], q[2 * p + 1]);
  qp[kWidth - 1] = make_pair(q[14], q[14]);

  __m128i o = load_block(offset);
  __m256i sum = _mm256_setzero_si256();
  for (std::size_t g = 0; g < groups; ++g) {
    const std::uint64_t last_index = first + kGroupBlocks * g + (kGroupBlocks - 1);
    const __m128i lz = load_block(l.l[__builtin_ctzll(last_index)]);
    const __m256i base = _mm256_broadcastsi128_si256(o);
    __m256i off[kWidth];
    __m256i b[kWidth];
#pragma GCC unroll 8
    for (std::size_t p = 0; p < kWidth; ++p) off[p] = _mm256_xor_si256(base, qp[p]);
    off[kWidth - 1] = _mm256_xor_si256(off[kWidth - 1], make_pair(_mm_setzero_si128(), lz));
    o = _mm_xor_si128(o, _mm_xor_si128(q[14], lz));
#pragma GCC unroll 8
    for (std::size_t p = 0; p < kWidth; ++p) {
      const __m256i x = load_pair(in + 32 * p);
      if constexpr (Op == OcbOp::encrypt) sum = _mm256_xor_si256(sum, x);
      b[p] = _mm256_xor_si256(x, off[p]);
    }
    all_but_last_round<D>(keys, b);
    const __m256i last = keys[R];
    if constexpr (Op == OcbOp::hash) {
#pragma GCC unroll 8
      for (std::size_t p = 0; p < kWidth; ++p)
        sum = _mm256_xor_si256(sum, _mm256_aesenclast_epi128(b[p], last));
    } else {
#pragma GCC unroll 8
      for (std::size_t p = 0; p < kWidth; ++p) {
        const __m256i y = aes_last_round<D>(b[p], _mm256_xor_si256(last, off[p]));
        if constexpr (Op == OcbOp::decrypt) sum = _mm256_xor_si256(sum, y);
        store_pair(out + 32 * p, y);
      }
      out += 32 * kWidth;
    }
    in += 32 * kWidth;
  }
  store_block(offset, o);
  const __m128i folded =
      _mm_xor_si128(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  store_block(acc, _mm_xor_si128(load_block(acc), folded));
}

// aesni_part: the AES-NI kernel for a head or tail run (hash has no output).
template <OcbOp Op>
AESKIT_VAES256_TARGET void aesni_part(const RoundKeys& rk, const OcbLTable& l, std::uint64_t first,
                                      std::uint8_t offset[16], std::uint8_t acc[16],
                                      const std::uint8_t* in, std::uint8_t* out,
                                      std::size_t blocks) noexcept {
  if (blocks == 0) return;
  if constexpr (Op == OcbOp::encrypt)
    aesni::ocb_encrypt(rk, l, first, offset, acc, in, out, blocks);
  else if constexpr (Op == OcbOp::decrypt)
    aesni::ocb_decrypt(rk, l, first, offset, acc, in, out, blocks);
  else
    aesni::ocb_hash(rk, l, first, offset, acc, in, blocks);
}

template <OcbOp Op>
AESKIT_VAES256_TARGET std::size_t ocb_any(const RoundKeys& rk, const OcbLTable& l,
                                          std::uint64_t first, std::uint8_t offset[16],
                                          std::uint8_t acc[16], const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t blocks) noexcept {
  // head: blocks until the next index ≡ 1 (mod 16).
  std::size_t head =
      static_cast<std::size_t>((kGroupBlocks - (first - 1) % kGroupBlocks) % kGroupBlocks);
  if (head > blocks) head = blocks;
  aesni_part<Op>(rk, l, first, offset, acc, in, out, head);
  std::size_t done = head;
  const std::size_t groups = (blocks - done) / kGroupBlocks;
  if (groups != 0) {
    const std::uint64_t s = first + done;
    const std::uint8_t* gin = in + 16 * done;
    std::uint8_t* gout = Op == OcbOp::hash ? nullptr : out + 16 * done;
    if (rk.rounds == 10)
      ocb_groups<Op, 10>(rk, l, s, offset, acc, gin, gout, groups);
    else if (rk.rounds == 12)
      ocb_groups<Op, 12>(rk, l, s, offset, acc, gin, gout, groups);
    else
      ocb_groups<Op, 14>(rk, l, s, offset, acc, gin, gout, groups);
    done += groups * kGroupBlocks;
  }
  aesni_part<Op>(rk, l, first + done, offset, acc, in + 16 * done,
                 Op == OcbOp::hash ? nullptr : out + 16 * done, blocks - done);
  return blocks;
}

}  // namespace

AESKIT_VAES256_TARGET std::size_t ocb_encrypt(const RoundKeys& enc, const OcbLTable& l,
                                              std::uint64_t first_index, std::uint8_t offset[16],
                                              std::uint8_t checksum[16], const std::uint8_t* in,
                                              std::uint8_t* out, std::size_t blocks) noexcept {
  return ocb_any<OcbOp::encrypt>(enc, l, first_index, offset, checksum, in, out, blocks);
}

AESKIT_VAES256_TARGET std::size_t ocb_decrypt(const RoundKeys& dec, const OcbLTable& l,
                                              std::uint64_t first_index, std::uint8_t offset[16],
                                              std::uint8_t checksum[16], const std::uint8_t* in,
                                              std::uint8_t* out, std::size_t blocks) noexcept {
  return ocb_any<OcbOp::decrypt>(dec, l, first_index, offset, checksum, in, out, blocks);
}

AESKIT_VAES256_TARGET std::size_t ocb_hash(const RoundKeys& enc, const OcbLTable& l,
                                           std::uint64_t first_index, std::uint8_t offset[16],
                                           std::uint8_t sum[16], const std::uint8_t* in,
                                           std::size_t blocks) noexcept {
  return ocb_any<OcbOp::hash>(enc, l, first_index, offset, sum, in, nullptr, blocks);
}

}  // namespace aeskit::detail::vaes256
