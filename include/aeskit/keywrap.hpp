// aeskit/keywrap.hpp — AES key wrap: KW (RFC 3394, NIST SP 800-38F §6.2 KW-AE/KW-AD) and KW with
// padding, KWP (RFC 5649, SP 800-38F §6.3 KWP-AE/KWP-AD), for AES-128/192/256 key-encryption
// keys (KEKs).
//
// Key wrap is a deterministic authenticated encryption for keys and other small secrets: no
// nonce, 8 bytes of expansion, and every output bit depends on every input bit. The integrity
// check value is the default of each standard (KW: A6A6A6A6A6A6A6A6; KWP: A65959A6 || the
// 32-bit length).
//
// Lengths (SP 800-38F §5.3.1):
//   KW:  plaintext of 16 bytes or more, a multiple of 8, at most 2^54 - 1 semiblocks
//        (else Errc::not_semiblock_multiple / message_too_long); wrapped = plaintext + 8 bytes.
//   KWP: plaintext of 1 to 2^32 - 1 bytes (empty: Errc::empty_input, longer: message_too_long);
//        wrapped = 8 + the plaintext rounded up to a multiple of 8.
//
// Unwrapping: any wrapped input that does not authenticate — a wrong length (KW: under 24 bytes
// or not a multiple of 8; KWP: under 16 or not a multiple of 8), a wrong integrity value, a bad
// KWP length indicator or non-zero padding — fails with the one code
// Errc::authentication_failed, and the output span it would have written
// (wrapped.size() - 8 bytes) is zeroed: no key bytes come back. The checks run in constant
// time. key_unwrap_pad needs room for wrapped.size() - 8 bytes (the padded plaintext) and
// returns the real length.
//
// Buffers: `out` may start exactly at the input (in place); any other overlap is rejected
// (Errc::overlapping_buffers). On an argument error nothing is written. The KEK is an AesKey
// (make it with AesKey::create(kek_bytes)); unwrapping uses its decryption schedule (built on
// first use).
//
// Usage:
//   auto kek = aeskit::AesKey::create(kek_bytes);
//   std::vector<std::uint8_t> wrapped(aeskit::key_wrap_pad_length(secret.size()));
//   auto n = aeskit::key_wrap_pad(*kek, secret, wrapped);
//   std::vector<std::uint8_t> back(wrapped.size() - 8);
//   auto m = aeskit::key_unwrap_pad(*kek, wrapped, back);   // *m == secret.size()
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aeskit/aes.hpp"
#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

// key_wrap_length: wrapped size for a KW plaintext of n bytes (n + 8).
constexpr std::size_t key_wrap_length(std::size_t n) noexcept {
  return n + 8;
}
// key_wrap_pad_length: wrapped size for a KWP plaintext of n bytes (8 + n rounded up to 8).
constexpr std::size_t key_wrap_pad_length(std::size_t n) noexcept {
  return 8 + (n + 7) / 8 * 8;
}

// key_wrap (KW-AE): writes plaintext.size() + 8 bytes to out and returns that count.
// Errors: invalid_state (empty key), not_semiblock_multiple (plaintext under 16 bytes or not a
// multiple of 8), message_too_long, output_too_small, overlapping_buffers.
AESKIT_API Result<std::size_t> key_wrap(const AesKey& kek, std::span<const std::uint8_t> plaintext,
                                        std::span<std::uint8_t> out);

// key_unwrap (KW-AD): writes wrapped.size() - 8 bytes to out and returns that count.
// Errors: authentication_failed (out[0 .. wrapped.size() - 8) zeroed when it fits), invalid_state,
// output_too_small, overlapping_buffers.
AESKIT_API Result<std::size_t> key_unwrap(const AesKey& kek, std::span<const std::uint8_t> wrapped,
                                          std::span<std::uint8_t> out);

// key_wrap_pad (KWP-AE): writes key_wrap_pad_length(plaintext.size()) bytes and returns that
// count. Errors: invalid_state, empty_input (empty plaintext), message_too_long (2^32
// bytes or more), output_too_small, overlapping_buffers.
AESKIT_API Result<std::size_t> key_wrap_pad(const AesKey& kek,
                                            std::span<const std::uint8_t> plaintext,
                                            std::span<std::uint8_t> out);

// key_unwrap_pad (KWP-AD): out must hold wrapped.size() - 8 bytes; returns the plaintext length
// (the bytes of out past it are zero). Errors as key_unwrap.
AESKIT_API Result<std::size_t> key_unwrap_pad(const AesKey& kek,
                                              std::span<const std::uint8_t> wrapped,
                                              std::span<std::uint8_t> out);

}  // namespace aeskit
