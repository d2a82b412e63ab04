// src/backend/vaes256/kernels.hpp — the vaes256 backend's ymm kernels (declarations), for
// aes_vaes256.cpp's backend table. Semantics of each entry: backend/backend.hpp.
//
// CPU features: AVX2, AES-NI, VAES (see target.hpp).
// References: backend/backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {

// blocks_vaes256.cpp
AESKIT_VAES256_TARGET void encrypt_blocks(const RoundKeys& enc, const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_VAES256_TARGET void decrypt_blocks(const RoundKeys& dec, const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t blocks) noexcept;

// ctr_vaes256.cpp
AESKIT_VAES256_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept;
AESKIT_VAES256_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept;

// ctr_le_vaes256.cpp (AES-GCM-SIV's little-endian 32-bit counter)
AESKIT_VAES256_TARGET std::size_t ctr32_le(const RoundKeys& enc, std::uint8_t counter[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept;

// cbc_cfb_vaes256.cpp
AESKIT_VAES256_TARGET std::size_t cbc_decrypt(const RoundKeys& dec, std::uint8_t iv[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept;
AESKIT_VAES256_TARGET std::size_t cfb128_decrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                                 const std::uint8_t* in, std::uint8_t* out,
                                                 std::size_t blocks) noexcept;

// xts_vaes256.cpp
AESKIT_VAES256_TARGET std::size_t xts_encrypt(const RoundKeys& enc, std::uint8_t tweak[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept;
AESKIT_VAES256_TARGET std::size_t xts_decrypt(const RoundKeys& dec, std::uint8_t tweak[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept;

}  // namespace aeskit::detail::vaes256
