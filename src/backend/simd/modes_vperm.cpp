// src/backend/simd/modes_vperm.cpp — vperm bulk entries: CTR with 32-bit and 128-bit
// big-endian counters, and CBC decryption; kWide (4) blocks interleaved, then 2, then 1.
// CPU features: SSSE3 on x86, NEON on AArch64.
// References: NIST SP 800-38A §6.2 (CBC), §6.5 (CTR), and backend/backend.hpp.
//
// CTR32: the counter block is kept with its last 4 bytes swapped to little-endian order, so
// one 32-bit lane add (add32) steps it; a byte shuffle swaps them back per block. CTR128: the
// counter is two 64-bit integers (it is public, a nonce); each block is their little-endian
// 128-bit image byte-reversed.
#include <cstring>

#include "backend/simd/core_vperm.hpp"
#include "backend/simd/kernels.hpp"
#include "base/byte_order.hpp"
#include "base/ct_shadow.hpp"

namespace aeskit::detail::vperm {
namespace {

// kSwapLastWord: reverses bytes 12..15 (big-endian 32-bit counter <-> native lane 3).
inline constexpr std::uint8_t kSwapLastWord[16] = {0, 1, 2,  3,  4,  5,  6,  7,
                                                   8, 9, 10, 11, 15, 14, 13, 12};

template <std::size_t N>
AESKIT_SIMD_TARGET void xor_out(V128 (&x)[N], const std::uint8_t* in, std::uint8_t* out) noexcept {
  for (std::size_t b = 0; b < N; ++b) (x[b] ^ V128::load(in + 16 * b)).store(out + 16 * b);
}

template <std::size_t N>
AESKIT_SIMD_TARGET void ctr32_group(const RoundKeys& enc, V128& ctr, const std::uint8_t* in,
                                    std::uint8_t* out) noexcept {
  const V128 swap = table(kSwapLastWord);
  V128 x[N];
  for (std::size_t b = 0; b < N; ++b)
    x[b] = V128::shuffle(V128::add32(ctr, V128::from_u32(0, 0, 0, static_cast<std::uint32_t>(b))),
                         swap);
  ctr = V128::add32(ctr, V128::from_u32(0, 0, 0, static_cast<std::uint32_t>(N)));
  encrypt_n<N>(enc.bytes, enc.rounds, x);
  xor_out<N>(x, in, out);
}

struct Counter128 {
  std::uint64_t hi, lo;
};

template <std::size_t N>
AESKIT_SIMD_TARGET void ctr128_group(const RoundKeys& enc, Counter128& ctr, const std::uint8_t* in,
                                     std::uint8_t* out) noexcept {
  V128 x[N];
  for (std::size_t b = 0; b < N; ++b) {
    x[b] = V128::reverse_bytes(V128::from_u32(
        static_cast<std::uint32_t>(ctr.lo), static_cast<std::uint32_t>(ctr.lo >> 32),
        static_cast<std::uint32_t>(ctr.hi), static_cast<std::uint32_t>(ctr.hi >> 32)));
    // The carry without a branch, and the counter kept out of the loop's induction (GCC
    // otherwise ends the loop on a comparison of it): EAX's counter N' = OMAC_K(N) is secret.
    const std::uint64_t before = ctr.lo;
    ctr.lo = before + 1;
    ctr.hi += (before & ~ctr.lo) >> 63;
    AESKIT_REGISTER_BARRIER("+r", ctr.lo);
  }
  encrypt_n<N>(enc.bytes, enc.rounds, x);
  xor_out<N>(x, in, out);
}

template <std::size_t N>
AESKIT_SIMD_TARGET void cbc_group(const RoundKeys& dec, V128& prev, const std::uint8_t* in,
                                  std::uint8_t* out) noexcept {
  V128 c[N], x[N];
  for (std::size_t b = 0; b < N; ++b) c[b] = x[b] = V128::load(in + 16 * b);
  decrypt_n<N>(dec.bytes, dec.rounds, x);
  (x[0] ^ prev).store(out);
  for (std::size_t b = 1; b < N; ++b) (x[b] ^ c[b - 1]).store(out + 16 * b);
  prev = c[N - 1];
}

// run: the groups of kWide, then 2, then 1 over `blocks` blocks.
template <typename State,
          void (*Wide)(const RoundKeys&, State&, const std::uint8_t*, std::uint8_t*),
          void (*Two)(const RoundKeys&, State&, const std::uint8_t*, std::uint8_t*),
          void (*One)(const RoundKeys&, State&, const std::uint8_t*, std::uint8_t*)>
AESKIT_SIMD_TARGET void run(const RoundKeys& keys, State& state, const std::uint8_t* in,
                            std::uint8_t* out, std::size_t blocks) noexcept {
  for (; blocks >= kWide; blocks -= kWide, in += 16 * kWide, out += 16 * kWide)
    Wide(keys, state, in, out);
  if (blocks >= 2) {
    Two(keys, state, in, out);
    blocks -= 2;
    in += 32;
    out += 32;
  }
  if (blocks == 1) One(keys, state, in, out);
}

}  // namespace

AESKIT_SIMD_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                        const std::uint8_t* in, std::uint8_t* out,
                                        std::size_t blocks) noexcept {
  const V128 swap = table(kSwapLastWord);
  V128 ctr = V128::shuffle(V128::load(counter), swap);
  run<V128, ctr32_group<kWide>, ctr32_group<2>, ctr32_group<1>>(enc, ctr, in, out, blocks);
  V128::shuffle(ctr, swap).store(counter);
  return blocks;
}

AESKIT_SIMD_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t blocks) noexcept {
  Counter128 ctr{load_be64(counter), load_be64(counter + 8)};
  run<Counter128, ctr128_group<kWide>, ctr128_group<2>, ctr128_group<1>>(enc, ctr, in, out, blocks);
  store_be64(counter, ctr.hi);
  store_be64(counter + 8, ctr.lo);
  return blocks;
}

AESKIT_SIMD_TARGET std::size_t cbc_decrypt(const RoundKeys& dec, std::uint8_t iv[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept {
  V128 prev = V128::load(iv);
  run<V128, cbc_group<kWide>, cbc_group<2>, cbc_group<1>>(dec, prev, in, out, blocks);
  prev.store(iv);
  return blocks;
}

}  // namespace aeskit::detail::vperm
