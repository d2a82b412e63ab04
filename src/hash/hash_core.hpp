// src/hash/hash_core.hpp — the generic Merkle–Damgård layer of SHA-1/SHA-256/SHA-512 shared by
// Hash, Hmac, HKDF and the TLS AEADs: buffering, padding and length encoding around a
// compression function taken from the SHA compressor registry. Never names an ISA.
//
// FIPS 180-4 §5.1: the message M of ℓ bits is followed by a 1 bit, k zero bits and ℓ as a
// 64-bit (SHA-1/SHA-256) or 128-bit (SHA-512) big-endian integer, with k the smallest
// non-negative value making the total a multiple of the block size (512 or 1024 bits).
// §5.3: the chaining value starts at the algorithm's H(0); §6: the digest is H(N) big-endian
// (SHA-1: the first five words). Lengths are the only thing branched on: constant-time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aeskit/hash.hpp"
#include "backend/sha_backend.hpp"

namespace aeskit::detail {

// Largest total message length in bytes: 2^61 - 1 for 64-bit length fields; SHA-512's
// 128-bit field holds more than a 64-bit byte count can reach.
inline std::uint64_t max_message_bytes(HashAlgorithm alg) noexcept {
  return alg == HashAlgorithm::sha512 ? ~std::uint64_t{0} : (std::uint64_t{1} << 61) - 1;
}

// initial_words writes H(0) of `alg` into h.
void initial_words(HashAlgorithm alg, HashWords& h) noexcept;

// core_start: a fresh computation of `alg` on compressor `c` (which must implement it).
void core_start(HashCore& core, HashAlgorithm alg, const ShaCompressor& c) noexcept;
// core_resume: continue from chaining value h after `length` bytes (a multiple of the block).
void core_resume(HashCore& core, const HashWords& h, std::uint64_t length) noexcept;
// core_update: absorbs n bytes; false (nothing absorbed) if the total would exceed the limit.
bool core_update(HashCore& core, const std::uint8_t* data, std::size_t n) noexcept;
// core_update_status: Hash::update and Hmac::update over `core`: invalid_state unless `open`
// (a valid object not yet finished), message_too_long (nothing absorbed) past the limit.
inline Status core_update_status(bool open, HashCore& core,
                                 std::span<const std::uint8_t> data) noexcept {
  if (!open) return Errc::invalid_state;
  if (!core_update(core, data.data(), data.size())) return Errc::message_too_long;
  return {};
}
// core_finish: pads, compresses and writes the full digest (digest_length bytes). The core's
// state is spent afterwards (core_start/core_resume before reuse).
void core_finish(HashCore& core, std::uint8_t* digest) noexcept;

// compress_blocks: runs the core's compression function on whole blocks at `data`, straight
// into its chaining value (for callers that manage their own buffering).
inline void compress_blocks(HashCore& core, const std::uint8_t* data, std::size_t blocks) noexcept {
  compress_fn(*core.compressor, core.alg)(core.h, data, blocks);
}

// select_compressor: the compressor named `backend` (empty: the best for this CPU) for `alg`.
// Errors: unknown_backend, backend_unavailable.
Result<const ShaCompressor*> select_compressor(HashAlgorithm alg,
                                               std::string_view backend) noexcept;

}  // namespace aeskit::detail
