// src/aead/derived_gcm.hpp — one AES-256-GCM message under a key derived per message, for the
// AEADs that derive a fresh GCM key from a root key and the nonce (XAES-256-GCM, DNDK-GCM).
//
// The derived key is expanded on the root key's AES backend into a KeyState on the stack, H
// and its GHASH precomputation are set up for the GHASH backend (and fused kernels) chosen
// once per root key, and the one-shot GCM flow of aead_key.cpp runs with a 12-byte GCM
// nonce: the fused message kernel when the pair has one, else the short-message path, else
// the chunked one. No allocation; the schedule, H's precomputation and J0 are wiped.
// References: NIST SP 800-38D §7 (GCM-AE, GCM-AD).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "aead/aead_key_state.hpp"
#include "aead/gcm_blocks.hpp"
#include "aead/gcm_fused.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

// crypt_derived_gcm: GCM-AE (op seal) or GCM-AD without the tag check (op open) of `len`
// bytes in -> out (out may be in) under the 32-byte `derived_key` and the 12-byte
// `gcm_nonce`; `tag` receives all 16 bytes of the computed tag. `root` supplies the AES
// backend; `choice` the GHASH backend and fused kernels. The caller wipes derived_key.
void crypt_derived_gcm(const KeyState& root, const GcmChoice& choice,
                       const std::uint8_t derived_key[32], gcm::Op op,
                       std::span<const std::uint8_t> gcm_nonce, std::span<const std::uint8_t> ad,
                       const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                       std::uint8_t tag[16]) noexcept;

// describe_derived_gcm: the describe() text of such an AEAD: "<root backend>" + `derivation`
// (the scheme's name and how it derives the key), then the per-message key expansion and GHASH
// key, and the AES-256-GCM path (`choice`'s fused kernel, else CTR then GHASH).
std::string describe_derived_gcm(const KeyState& root, const GcmChoice& choice,
                                 std::string_view derivation);

}  // namespace aeskit::detail
