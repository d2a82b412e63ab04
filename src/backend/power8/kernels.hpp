// src/backend/power8/kernels.hpp — the power8 backend's entry points (shared by its files).
// CPU features: POWER8 vector crypto (callers check through AesBackend::supported).
// References: backend/backend.hpp (the contract); rounds.hpp (layout and round structure).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/power8/rounds.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {  // rounds.hpp: p8 or p9

// key_schedule_power8.cpp
AESKIT_POWER8_TARGET void expand_key(const std::uint8_t* key, std::size_t key_len,
                                     RoundKeys& enc) noexcept;
AESKIT_POWER8_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept;

// blocks_power8.cpp
AESKIT_POWER8_TARGET void encrypt_blocks(const RoundKeys& enc, const std::uint8_t* in,
                                         std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET void decrypt_blocks(const RoundKeys& dec, const std::uint8_t* in,
                                         std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t ctr32_le(const RoundKeys& enc, std::uint8_t counter[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t xctr(const RoundKeys& enc, const std::uint8_t s[16],
                                      std::uint8_t counter[16], const std::uint8_t* in,
                                      std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t cbc_encrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                             const std::uint8_t* in, std::uint8_t* out,
                                             std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t cbc_decrypt(const RoundKeys& dec, std::uint8_t iv[16],
                                             const std::uint8_t* in, std::uint8_t* out,
                                             std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t cfb128_encrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                                const std::uint8_t* in, std::uint8_t* out,
                                                std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t cfb128_decrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                                const std::uint8_t* in, std::uint8_t* out,
                                                std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t ofb(const RoundKeys& enc, std::uint8_t iv[16],
                                     const std::uint8_t* in, std::uint8_t* out,
                                     std::size_t blocks) noexcept;

// modes_power8.cpp
AESKIT_POWER8_TARGET std::size_t xts_encrypt(const RoundKeys& enc, std::uint8_t tweak[16],
                                             const std::uint8_t* in, std::uint8_t* out,
                                             std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t xts_decrypt(const RoundKeys& dec, std::uint8_t tweak[16],
                                             const std::uint8_t* in, std::uint8_t* out,
                                             std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t ocb_encrypt(const RoundKeys& enc, const OcbLTable& l,
                                             std::uint64_t first_index, std::uint8_t offset[16],
                                             std::uint8_t checksum[16], const std::uint8_t* in,
                                             std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t ocb_decrypt(const RoundKeys& dec, const OcbLTable& l,
                                             std::uint64_t first_index, std::uint8_t offset[16],
                                             std::uint8_t checksum[16], const std::uint8_t* in,
                                             std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t ocb_hash(const RoundKeys& enc, const OcbLTable& l,
                                          std::uint64_t first_index, std::uint8_t offset[16],
                                          std::uint8_t sum[16], const std::uint8_t* in,
                                          std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t cbc_mac(const RoundKeys& enc, std::uint8_t mac[16],
                                         const std::uint8_t* in, std::size_t blocks) noexcept;
AESKIT_POWER8_TARGET std::size_t mac_ctr(const RoundKeys& enc, bool ctr128,
                                         std::uint8_t counter[16], std::uint8_t mac[16],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t blocks, bool mac_output) noexcept;

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8
