// tests/chunked/chunked_support.hpp — helpers for the Cobblestone (c2sp.org/chunked-encryption)
// tests: SHA-512 through OpenSSL (the reference), driving the push streams with a given split, the
// pull streams from a buffer, and an independent OpenSSL-only encoder of the whole format
// (HKDF-Expand-SHA-512 via EVP_KDF, AES-GCM via EVP) to compare the library against.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "aeskit/chunked.hpp"
#include "support/hex.hpp"

namespace aeskit_test::chunked {

using aeskit::chunked::Suite;

// sha512_hex: lower-case hex SHA-512 of `data` (OpenSSL).
std::string sha512_hex(std::span<const std::uint8_t> data);

// StreamOutcome: what a streaming decryption released and how it ended.
struct StreamOutcome {
  Bytes out;
  aeskit::Errc error = aeskit::Errc::ok;  // ok when finish() succeeded
  bool error_repeats = true;              // later update/finish calls returned the same error
};

// stream_decrypt feeds `ct` to `dec` in pieces of `piece` bytes (the last one shorter), then
// finishes; after an error it calls update and finish once more to check the error repeats.
StreamOutcome stream_decrypt(aeskit::chunked::Decryptor dec, std::span<const std::uint8_t> ct,
                             std::size_t piece);
// stream_encrypt feeds `pt` in pieces given by `splits` (cycled) and finishes.
Bytes stream_encrypt(aeskit::chunked::Encryptor enc, std::span<const std::uint8_t> pt,
                     const std::vector<std::size_t>& splits);
// pull_all reads a PullDecryptor/PullEncryptor to the end in `piece`-byte reads.
StreamOutcome pull_decrypt(aeskit::chunked::Decryptor dec, std::span<const std::uint8_t> ct,
                           std::size_t source_piece, std::size_t read_piece);
Bytes pull_encrypt(aeskit::chunked::Encryptor enc, std::span<const std::uint8_t> pt,
                   std::size_t source_piece, std::size_t read_piece);

// openssl_seal: the whole format computed with OpenSSL only (salt given).
Bytes openssl_seal(Suite suite, std::span<const std::uint8_t> key,
                   std::span<const std::uint8_t> salt, std::span<const std::uint8_t> context,
                   std::span<const std::uint8_t> pt);

// zlib_inflate: the decompressed bytes of a zlib stream (Wycheproof's ct field).
Bytes zlib_inflate(std::span<const std::uint8_t> compressed);

}  // namespace aeskit_test::chunked
