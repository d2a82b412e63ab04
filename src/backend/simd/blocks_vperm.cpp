// src/backend/simd/blocks_vperm.cpp — vperm ECB entries: N independent blocks, kWide (4) at a
// time so four dependency chains share the shuffle units, then 2, then 1 for the tail.
// CPU features: SSSE3 on x86, NEON on AArch64.
// References: backend/backend.hpp (encrypt_blocks / decrypt_blocks); core_vperm.hpp.
#include "backend/simd/core_vperm.hpp"
#include "backend/simd/kernels.hpp"

namespace aeskit::detail::vperm {
namespace {

template <std::size_t N, bool kEncrypt>
AESKIT_SIMD_TARGET void run_group(const RoundKeys& keys, const std::uint8_t* in,
                                  std::uint8_t* out) noexcept {
  V128 x[N];
  for (std::size_t b = 0; b < N; ++b) x[b] = V128::load(in + 16 * b);
  if constexpr (kEncrypt)
    encrypt_n<N>(keys.bytes, keys.rounds, x);
  else
    decrypt_n<N>(keys.bytes, keys.rounds, x);
  for (std::size_t b = 0; b < N; ++b) x[b].store(out + 16 * b);
}

template <bool kEncrypt>
AESKIT_SIMD_TARGET void run_blocks(const RoundKeys& keys, const std::uint8_t* in, std::uint8_t* out,
                                   std::size_t blocks) noexcept {
  for (; blocks >= kWide; blocks -= kWide, in += 16 * kWide, out += 16 * kWide)
    run_group<kWide, kEncrypt>(keys, in, out);
  if (blocks >= 2) {
    run_group<2, kEncrypt>(keys, in, out);
    blocks -= 2;
    in += 32;
    out += 32;
  }
  if (blocks == 1) run_group<1, kEncrypt>(keys, in, out);
}

}  // namespace

AESKIT_SIMD_TARGET void encrypt_blocks(const RoundKeys& enc, const std::uint8_t* in,
                                       std::uint8_t* out, std::size_t blocks) noexcept {
  run_blocks<true>(enc, in, out, blocks);
}

AESKIT_SIMD_TARGET void decrypt_blocks(const RoundKeys& dec, const std::uint8_t* in,
                                       std::uint8_t* out, std::size_t blocks) noexcept {
  run_blocks<false>(dec, in, out, blocks);
}

}  // namespace aeskit::detail::vperm
