// src/aead/cbc_hmac_ct.hpp — the constant-time pieces of opening a TLS CBC record (Lucky13):
// the padding check, the HMAC over a secret-length prefix, and extracting the MAC from a
// secret offset. Generic code (no ISA): SHA through the HMAC key's compressor.
//
// References: N. AlFardan, K. Paterson, "Lucky Thirteen: Breaking the TLS and DTLS Record
// Protocols" (2013); A. Langley, "Lucky Thirteen attack on TLS CBC" (2013), whose approach
// (hash a fixed number of blocks for a given record length, select the state after the real
// last block; rotate the MAC out of a fixed window) this follows; RFC 5246 §6.2.3.2.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aeskit/hash.hpp"
#include "base/ct_mask.hpp"

namespace aeskit::detail {

// The masks (all ones when a relation holds) are base/ct_mask.hpp's: comparisons of the
// secret (pad, data_len, the MAC difference) with public values, made masks by a sign
// extension behind a register barrier: no branch, and a shadow that MemorySanitizer computes
// exactly (the sign bit of a difference, used before, passed its carry-less shadow as clean).

// tls_check_padding: rec is the decrypted record (len ≥ mac_len + 1 bytes). Returns an
// all-ones mask when rec ends in valid TLS padding (pad + 1 bytes of value pad, pad = the
// last byte, with mac_len + pad + 1 ≤ len) and sets *data_len = len - mac_len - 1 - pad;
// otherwise zero, with *data_len = len - mac_len - 1 (as if pad were 0). Constant-time:
// reads the last min(256, len) bytes whatever the padding.
std::uint64_t tls_check_padding(const std::uint8_t* rec, std::size_t len, std::size_t mac_len,
                                std::size_t* data_len) noexcept;

// tls_hmac_secret_length: HMAC(key, header[0..13) || rec[0..data_len)) into mac (digest
// length bytes). data_len is secret, in [min_len, max_len] (public bounds, max_len ≤ rec_len).
// The compression work depends only on min_len and max_len: every block that may hold the
// end of the message is compressed, and the chaining value after the real final block is
// selected with masks.
void tls_hmac_secret_length(const HmacKey& key, const std::uint8_t header[13],
                            const std::uint8_t* rec, std::size_t rec_len, std::size_t min_len,
                            std::size_t max_len, std::size_t data_len, std::uint8_t* mac) noexcept;

// tls_hmac_secret_length_from: the same, continuing from chaining value `start` after the
// first done_blocks 64-byte blocks of header || rec (done_blocks ≤ the public blocks,
// floor((13 + min_len) / 64), or 0 to start from the key's ipad state).
void tls_hmac_secret_length_from(const HmacKey& key, const HashWords& start,
                                 std::size_t done_blocks, const std::uint8_t header[13],
                                 const std::uint8_t* rec, std::size_t rec_len, std::size_t min_len,
                                 std::size_t max_len, std::size_t data_len,
                                 std::uint8_t* mac) noexcept;

// tls_extract_mac: copies rec[data_len .. data_len + mac_len) to out without an address that
// depends on data_len: it copies the window of the last mac_len + 256 bytes (public
// addresses) and rotates it left by the secret offset in eight masked steps (log shifter).
void tls_extract_mac(const std::uint8_t* rec, std::size_t rec_len, std::size_t mac_len,
                     std::size_t data_len, std::uint8_t* out) noexcept;

}  // namespace aeskit::detail
