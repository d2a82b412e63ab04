// src/backend/x86/xmm/kernels.hpp — the AES-NI backend's entry points, one per AesBackend slot
// (see backend/backend.hpp for the contract), plus its fused GCM and GHASH/POLYVAL entries.
// The parallel modes are the 128-bit instantiations of the x86 kernels (src/backend/x86/,
// compiled in blocks_aesni.cpp, xts_aesni.cpp, ocb_aesni.cpp, ghash_aesni.cpp); the key
// schedule (key_schedule_aesni.cpp), the serial chains (chains_aesni.cpp) and the MAC chains
// (mac_aesni.cpp) are this backend's own, and the vaes256/vaes512 backends use them too.
//
// CPU features: AES-NI, PCLMULQDQ, SSSE3 (x86/targets.hpp); callers must check
// kAesniBackend.supported() first (and the pclmul GHASH backend's for the GCM/GHASH entries).
// References: backend/backend.hpp, src/aead/gcm_fused.hpp, backend/ghash_backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/x86/targets.hpp"

namespace aeskit::detail::aesni {

// key_schedule_aesni.cpp
AESKIT_AESNI_TARGET void expand_key(const std::uint8_t* key, std::size_t key_len,
                                    RoundKeys& enc) noexcept;
AESKIT_AESNI_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept;
AESKIT_AESNI_TARGET void gcm_siv_derive(const RoundKeys& kgk, const std::uint8_t nonce[12],
                                        std::uint8_t auth_key[16], RoundKeys& enc) noexcept;

// chains_aesni.cpp
AESKIT_AESNI_TARGET std::size_t cbc_encrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t cfb128_encrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                               const std::uint8_t* in, std::uint8_t* out,
                                               std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t ofb(const RoundKeys& enc, std::uint8_t iv[16],
                                    const std::uint8_t* in, std::uint8_t* out,
                                    std::size_t blocks) noexcept;

// xts_aesni.cpp: a one-block XTS data unit with its tweak encryption (every x86 width's)
AESKIT_AESNI_TARGET void xts_encrypt_one(const RoundKeys& enc, const RoundKeys& tweak_enc,
                                         const std::uint8_t tweak[16], const std::uint8_t* in,
                                         std::uint8_t* out) noexcept;
AESKIT_AESNI_TARGET void xts_decrypt_one(const RoundKeys& dec, const RoundKeys& tweak_enc,
                                         const std::uint8_t tweak[16], const std::uint8_t* in,
                                         std::uint8_t* out) noexcept;

// mac_aesni.cpp
AESKIT_AESNI_TARGET std::size_t cbc_mac(const RoundKeys& enc, std::uint8_t mac[16],
                                        const std::uint8_t* in, std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t mac_ctr(const RoundKeys& enc, bool ctr128, std::uint8_t counter[16],
                                        std::uint8_t mac[16], const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t blocks,
                                        bool mac_output) noexcept;

}  // namespace aeskit::detail::aesni

// The x86 kernels at 128 bits: ECB, CTR (three counter forms), CBC/CFB decryption, XTS, OCB,
// fused GCM (gcm_aesni.cpp), GHASH and POLYVAL updates.
namespace aeskit::detail::aesni {
// kGroupBlocks: blocks per iteration of this width's kernels, 8 xmm registers of 1 block
// (x86/vec128.hpp); the backend's batch_blocks (x86/backend_table.hpp). x86/entries_blocks.inc
// checks it against the policy.
inline constexpr std::size_t kGroupBlocks = 8;
}  // namespace aeskit::detail::aesni

#define AESKIT_WIDE_NAMESPACE aesni
#define AESKIT_WIDE_DECLARE AESKIT_AESNI_TARGET
#include "backend/x86/entry_declarations.inc"
#undef AESKIT_WIDE_DECLARE
#undef AESKIT_WIDE_NAMESPACE
