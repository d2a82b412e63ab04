// aeskit/kdf.hpp — HKDF (RFC 5869): HMAC-based extract-and-expand key derivation over
// SHA-1, SHA-256 or SHA-512 (aeskit/hash.hpp).
//
//   PRK = HMAC-Hash(salt, IKM)                         (extract; empty salt = HashLen zeros)
//   T(0) = empty, T(i) = HMAC-Hash(PRK, T(i-1) || info || i), i = 1..N (one byte)
//   OKM = first L bytes of T(1) || T(2) || ... || T(N), N = ceil(L / HashLen) ≤ 255
//
// All functions are allocation-free and constant-time in the key material; they write
// nothing when they fail.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aeskit/export.hpp"
#include "aeskit/hash.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

// hkdf_max_output: 255 · HashLen (5100, 8160 or 16320 bytes).
AESKIT_API std::size_t hkdf_max_output(HashAlgorithm alg) noexcept;

// Argument order, the same in all three: algorithm, input key material, salt, info, output
// (RFC 5869 writes HKDF-Extract(salt, IKM); here IKM always comes first, as in hkdf()).

// hkdf_extract writes PRK = HMAC-Hash(salt, IKM) (digest_length(alg) bytes) to the start of
// `prk_out`. Errors: output_too_small.
AESKIT_API Status hkdf_extract(HashAlgorithm alg, std::span<const std::uint8_t> ikm,
                               std::span<const std::uint8_t> salt,
                               std::span<std::uint8_t> prk_out) noexcept;

// hkdf_expand fills all of `out` (L = out.size(), 0 allowed) from `prk`.
// Errors: output_too_long (L > 255 · HashLen), prk_too_short (prk shorter than HashLen,
// RFC 5869 §2.3), overlapping_buffers (out overlaps info).
AESKIT_API Status hkdf_expand(HashAlgorithm alg, std::span<const std::uint8_t> prk,
                              std::span<const std::uint8_t> info,
                              std::span<std::uint8_t> out) noexcept;

// hkdf: extract then expand. Errors: output_too_long, overlapping_buffers (out overlaps info).
AESKIT_API Status hkdf(HashAlgorithm alg, std::span<const std::uint8_t> ikm,
                       std::span<const std::uint8_t> salt, std::span<const std::uint8_t> info,
                       std::span<std::uint8_t> out) noexcept;

}  // namespace aeskit
