// src/aead/dndk.hpp — DNDK-GCM (Double Nonce Derive Key AES-GCM, IETF CFRG
// draft-gueron-cfrg-dndkgcm): AES-256-GCM under a key derived per message from a 32-byte root
// key and the first 15 bytes of a 24-byte (12..27-byte) nonce, with or without a 32-byte key
// commitment value.
//
// Derivation (the draft's Derive, test vectors of draft -03 Appendix A): the nonce N of LN
// bytes is zero-padded to 27 bytes; NHead = its first 15 bytes, NTail the last 12 (the GCM
// nonce). ConfigByte = 128·KC_Choice + 8·(LN − 12). X_i = AES-256_K(NHead || ConfigByte + i)
// for i = 0..2 (KC_Choice 0) or 0..4 (KC_Choice 1), all in one encrypt_blocks call;
// Y_i = X_i ^ X_0; DK = Y_1 || Y_2, KC = Y_3 || Y_4. Then AES-256-GCM with DK and NTail.
//
// Layout in aeskit: "DNDK-GCM" (KC_Choice 0) seals C || T (16-byte tag); "DNDK-GCM-KC"
// (KC_Choice 1) seals C || T || KC, its "tag" the 48 bytes T || KC. Open of DNDK-GCM-KC
// compares KC first (constant time) and, when it differs, fails without running GCM.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aeskit/aead.hpp"

namespace aeskit::detail {

struct KeyState;

bool is_dndk(const AeadAlgorithm& algorithm) noexcept;     // both forms (algorithms.cpp)
bool is_dndk_kc(const AeadAlgorithm& algorithm) noexcept;  // the key-committing one

inline constexpr std::size_t kDndkNonceMin = 12;  // the draft's LN range
inline constexpr std::size_t kDndkNonceMax = 27;
inline constexpr std::size_t kDndkNonce = 24;  // the recommended LN (random nonces)
inline constexpr std::size_t kDndkCommitment = 32;

// dndk_derive: DK (32 bytes) and, when `commit`, KC (32 bytes) for `nonce` (LN in
// [kDndkNonceMin, kDndkNonceMax], checked by the caller) under the expanded root key;
// `gcm_nonce` gets NTail. KC is written only when `commit`.
void dndk_derive(const KeyState& root, bool commit, std::span<const std::uint8_t> nonce,
                 std::uint8_t dk[32], std::uint8_t kc[32], std::uint8_t gcm_nonce[12]) noexcept;

// The AeadScheme factory named in algorithms.cpp.
Result<std::unique_ptr<AeadScheme>> make_dndk_scheme(const AeadAlgorithm& algorithm,
                                                     std::span<const std::uint8_t> key,
                                                     std::size_t tag_length,
                                                     std::string_view aes_backend);

}  // namespace aeskit::detail
