// src/backend/simd/kernels.hpp — the vperm backend's entry points (shared by its files) and
// its RoundKeys layout.
// CPU features: SSSE3 on x86, NEON on AArch64 (callers check through AesBackend::supported).
// References: backend/backend.hpp (the contract).
//
// RoundKeys layout (both directions): bytes [0, 16 (rounds + 1)) hold the schedule in the
// order the kernels use it, transformed into the backend's bases (core_vperm.hpp §3). An
// encryption schedule also keeps the plain FIPS-197 round keys at kPlainOffset, from which
// derive_decrypt_key builds the decryption schedule.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "simd/v128.hpp"  // AESKIT_SIMD_TARGET

namespace aeskit::detail::vperm {

inline constexpr std::size_t kPlainOffset = 240;
static_assert(kPlainOffset + 240 <= RoundKeys::kBytes);

// Blocks per interleaved group in the bulk loops (then 2, then 1 for the tail).
inline constexpr std::size_t kWide = 4;

AESKIT_SIMD_TARGET void expand_key(const std::uint8_t* key, std::size_t key_len,
                                   RoundKeys& enc) noexcept;
AESKIT_SIMD_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept;
AESKIT_SIMD_TARGET void encrypt_blocks(const RoundKeys& enc, const std::uint8_t* in,
                                       std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_SIMD_TARGET void decrypt_blocks(const RoundKeys& dec, const std::uint8_t* in,
                                       std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_SIMD_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                        const std::uint8_t* in, std::uint8_t* out,
                                        std::size_t blocks) noexcept;
AESKIT_SIMD_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t blocks) noexcept;
AESKIT_SIMD_TARGET std::size_t cbc_decrypt(const RoundKeys& dec, std::uint8_t iv[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept;

}  // namespace aeskit::detail::vperm
