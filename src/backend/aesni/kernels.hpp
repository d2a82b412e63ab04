// src/backend/aesni/kernels.hpp — the AES-NI backend's entry points, one per AesBackend slot
// (see backend/backend.hpp for the contract). Defined in the *_aesni.cpp files beside this one
// and collected into kAesniBackend by aes_aesni.cpp.
//
// CPU features: AES-NI, SSSE3; callers must check kAesniBackend.supported() first.
// References: backend/backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/aesni/target.hpp"
#include "backend/backend.hpp"

namespace aeskit::detail::aesni {

// key_schedule_aesni.cpp
AESKIT_AESNI_TARGET void expand_key(const std::uint8_t* key, std::size_t key_len,
                                    RoundKeys& enc) noexcept;
AESKIT_AESNI_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept;
AESKIT_AESNI_TARGET void gcm_siv_derive(const RoundKeys& kgk, const std::uint8_t nonce[12],
                                        std::uint8_t auth_key[16], RoundKeys& enc) noexcept;

// blocks_aesni.cpp
AESKIT_AESNI_TARGET void encrypt_blocks(const RoundKeys& enc, const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET void decrypt_blocks(const RoundKeys& dec, const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks) noexcept;

// ctr_aesni.cpp
AESKIT_AESNI_TARGET std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16],
                                          const std::uint8_t* in, std::uint8_t* out,
                                          std::size_t blocks) noexcept;

// ctr_le_aesni.cpp (AES-GCM-SIV's little-endian 32-bit counter)
AESKIT_AESNI_TARGET std::size_t ctr32_le(const RoundKeys& enc, std::uint8_t counter[16],
                                         const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t gcm_siv_tag_ctr(const RoundKeys& enc, const std::uint8_t s[16],
                                                const std::uint8_t nonce[12], std::uint8_t tag[16],
                                                std::uint8_t counter[16], const std::uint8_t* in,
                                                std::uint8_t* out, std::size_t blocks) noexcept;

// cbc_cfb_aesni.cpp
AESKIT_AESNI_TARGET std::size_t cbc_encrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t cbc_decrypt(const RoundKeys& dec, std::uint8_t iv[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t cfb128_decrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                               const std::uint8_t* in, std::uint8_t* out,
                                               std::size_t blocks) noexcept;

// feedback_aesni.cpp
AESKIT_AESNI_TARGET std::size_t cfb128_encrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                               const std::uint8_t* in, std::uint8_t* out,
                                               std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t ofb(const RoundKeys& enc, std::uint8_t iv[16],
                                    const std::uint8_t* in, std::uint8_t* out,
                                    std::size_t blocks) noexcept;

// xts_aesni.cpp
AESKIT_AESNI_TARGET std::size_t xts_encrypt(const RoundKeys& enc, std::uint8_t tweak[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t xts_decrypt(const RoundKeys& dec, std::uint8_t tweak[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept;

// mac_aesni.cpp (also used by the vaes256 backend: serial chains)
AESKIT_AESNI_TARGET std::size_t cbc_mac(const RoundKeys& enc, std::uint8_t mac[16],
                                        const std::uint8_t* in, std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t mac_ctr(const RoundKeys& enc, bool ctr128, std::uint8_t counter[16],
                                        std::uint8_t mac[16], const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks,
                                        bool mac_output) noexcept;

}  // namespace aeskit::detail::aesni
