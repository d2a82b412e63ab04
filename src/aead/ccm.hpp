// src/aead/ccm.hpp — AES-CCM (NIST SP 800-38C, RFC 3610): the one-shot seal/open the AEAD
// layer calls through its AeadScheme (ccm_setup.cpp). Generic code (no ISA named): the CBC-MAC
// chain and the CTR encryption of the data run in one pass through mac_chain.hpp, i.e. the
// backend's mac_ctr kernel when it has one.
//
// Parameters: nonce N of n = 7..13 bytes, q = L = 15 − n bytes of length field, tag of
// t = 4..16 even bytes (fixed per key), plaintext P of fewer than 2^(8q) bytes, AD of any
// length (< 2^64).
//
// Nothing here branches on or indexes by key, plaintext or tag; only lengths and the nonce
// (public) steer the code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aeskit/aead.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

// is_ccm: is `algorithm` one of the AES-*-CCM descriptors (algorithms.cpp)?
bool is_ccm(const AeadAlgorithm& algorithm) noexcept;

// make_ccm_scheme: the AeadScheme factory for the CCM descriptors (aead_scheme.hpp).
Result<std::unique_ptr<AeadScheme>> make_ccm_scheme(const AeadAlgorithm& algorithm,
                                                    std::span<const std::uint8_t> key,
                                                    std::size_t tag_length,
                                                    std::string_view aes_backend);

namespace ccm {

// check_length: message_too_long when `data_len` does not fit the q = 15 − nonce_len byte
// length field (data_len ≥ 2^(8q)); the nonce length is already checked (7..13).
Status check_length(std::size_t nonce_len, std::uint64_t data_len) noexcept;

// seal: CCM generation-encryption (SP 800-38C §6.1): `len` bytes in -> out (in == out
// allowed) and the t-byte tag to tag_out.
void seal(const KeyState& key, std::size_t tag_length, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, std::uint8_t* tag_out) noexcept;

// open: CCM decryption-verification (§6.2): decrypts `len` bytes in -> out, recomputes the
// tag over the plaintext and compares it with `tag` (tag_length bytes) in constant time. On
// mismatch it zeroes out[0..len) and returns false.
bool open(const KeyState& key, std::size_t tag_length, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, const std::uint8_t* tag) noexcept;

// describe: the code path, for AeadKey::kernel() / `aeskit cpu`; starts "<backend>:".
std::string describe(const KeyState& key);

}  // namespace ccm
}  // namespace aeskit::detail
