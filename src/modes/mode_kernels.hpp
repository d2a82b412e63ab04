// src/modes/mode_kernels.hpp — whole-block mode loops over the backend contract.
//
// These functions know the modes' chaining rules and nothing about instruction sets: each
// first offers the work to the backend's bulk entry (if it has one), then finishes whatever
// it left by batching blocks through encrypt_blocks/decrypt_blocks. They do no argument
// checking (the public entry points in one_shot.cpp and cipher.cpp do), accept in == out,
// and take block counts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "aeskit/modes.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

// Generic batches are at most this many blocks (a 512-byte stack buffer).
inline constexpr std::size_t kMaxBatchBlocks = 32;

void ecb_encrypt_blocks(const KeyState& key, const std::uint8_t* in, std::uint8_t* out,
                        std::size_t blocks);
void ecb_decrypt_blocks(const KeyState& key, const std::uint8_t* in, std::uint8_t* out,
                        std::size_t blocks);
void cbc_encrypt_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                        std::uint8_t* out, std::size_t blocks);
void cbc_decrypt_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                        std::uint8_t* out, std::size_t blocks);

// ctr_blocks: mode is Mode::ctr32 or Mode::ctr128; counter advances by `blocks`.
void ctr_blocks(const KeyState& key, Mode mode, std::uint8_t counter[16], const std::uint8_t* in,
                std::uint8_t* out, std::size_t blocks);
// ctr32_le_blocks: CTR with AES-GCM-SIV's counter (RFC 8452 §4: the first 4 bytes count
// little-endian mod 2^32); the backend's ctr32_le first, then a generic loop (ctr_le.cpp).
void ctr32_le_blocks(const KeyState& key, std::uint8_t counter[16], const std::uint8_t* in,
                     std::uint8_t* out, std::size_t blocks);
// xctr_blocks: HCTR2's XCTR, out_i = in_i ^ E(S ^ counter_i) with ctr32_le's counter; the
// backend's xctr first, then a generic loop (ctr_le.cpp).
void xctr_blocks(const KeyState& key, const std::uint8_t s[16], std::uint8_t counter[16],
                 const std::uint8_t* in, std::uint8_t* out, std::size_t blocks);
// ctr_increment: advance a counter block by one in `mode`'s arithmetic.
void ctr_increment(Mode mode, std::uint8_t counter[16]);
void cfb128_encrypt_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks);
void cfb128_decrypt_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks);
// ofb_blocks: iv holds the previous output block (the IV at the start).
void ofb_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in, std::uint8_t* out,
                std::size_t blocks);
// cfb8_bytes: one block-cipher call per byte; iv is the 16-byte shift register.
void cfb8_bytes(const KeyState& key, Direction direction, std::uint8_t iv[16],
                const std::uint8_t* in, std::uint8_t* out, std::size_t len);

// cbc_encrypt_one / cbc_decrypt_one: exactly one CBC block (an OpenSSL provider's 16-byte
// update): the backend's CBC entry for one block (the x86 backends' one-block path keeps the
// chaining value's XOR in a register), else the loops above.
inline void cbc_encrypt_one(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                            std::uint8_t* out) {
  const auto kernel = key.backend->cbc_encrypt;
  if (kernel == nullptr || kernel(key.enc, iv, in, out, 1) != 1)
    cbc_encrypt_blocks(key, iv, in, out, 1);
}
inline void cbc_decrypt_one(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                            std::uint8_t* out) {
  const auto kernel = key.backend->cbc_decrypt;
  if (kernel == nullptr || kernel(key.decryption_keys(), iv, in, out, 1) != 1)
    cbc_decrypt_blocks(key, iv, in, out, 1);
}

// encrypt_one: a single block through the key's backend (for partial blocks of stream modes).
inline void encrypt_one(const KeyState& key, const std::uint8_t in[16], std::uint8_t out[16]) {
  key.backend->encrypt_blocks(key.enc, in, out, 1);
}

// describe_kernel: which code path the functions above take for `mode`/`direction` on
// `backend` — the text `aeskit cpu` prints. Kept next to the loops it describes.
std::string describe_kernel(const AesBackend& backend, Mode mode, Direction direction);

}  // namespace aeskit::detail
