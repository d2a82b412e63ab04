// src/aead/xaes.hpp — XAES-256-GCM (c2sp.org/XAES-256-GCM): AES-256-GCM with a 24-byte nonce,
// the per-message key derived from the input key and the nonce's first 12 bytes with a
// one-block CMAC (NIST SP 800-108r1 counter KDF), "XAES-256-GCM".
//
// Per key (spec steps 1-2): L = AES-256_K(0^128), K1 = dbl(L) (core/block_double.hpp).
// Per message (steps 3-6): M1 = 00 01 58 00 || N[:12], M2 = 00 02 58 00 || N[:12];
// Kx = AES-256_K(M1 ^ K1) || AES-256_K(M2 ^ K1) (both blocks in one encrypt_blocks call),
// then AES-256-GCM with key Kx and nonce N[12:]. The GCM key for Kx (schedule on the input
// key's backend, H and the GHASH key, the fused kernels chosen once per input key) is built
// on the stack and wiped: no allocation per message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aeskit/aead.hpp"

namespace aeskit::detail {

bool is_xaes(const AeadAlgorithm& algorithm) noexcept;  // algorithms.cpp

// The AeadScheme factory named in algorithms.cpp.
Result<std::unique_ptr<AeadScheme>> make_xaes_scheme(const AeadAlgorithm& algorithm,
                                                     std::span<const std::uint8_t> key,
                                                     std::size_t tag_length,
                                                     std::string_view aes_backend);

}  // namespace aeskit::detail
