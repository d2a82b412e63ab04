// src/aead/gcm_blocks.hpp — the GCM computation itself, shared by the one-shot calls, the
// incremental sealer/opener and GMAC. NIST SP 800-38D §6.4-§7 (GHASH, GCTR, J0, the tag).
//
// No argument checking here (aead_key.cpp, gcm_stream.cpp and gmac.cpp do it); in == out is
// allowed everywhere. Lengths are public; nothing branches on or indexes by secret data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "aead/aead_key_state.hpp"

namespace aeskit::detail::gcm {

// The generic path works in chunks of this many blocks (4 KiB): CTR over the chunk, then
// GHASH over the same chunk while it is still in the L1 cache.
inline constexpr std::size_t kChunkBlocks = 256;

enum class Op { seal, open };

// setup_key: H = E_K(0^128) with the key's AES backend, then the GHASH backend's
// precomputation from it. `key.aes` and `key.ghash` must be set.
void setup_key(GcmKey& key) noexcept;

// hash_blocks: hash = GHASH update over whole blocks.
inline void hash_blocks(const GcmKey& key, std::uint8_t hash[16], const std::uint8_t* data,
                        std::size_t blocks) noexcept {
  if (blocks != 0) key.ghash->update(key.hkey, hash, data, blocks);
}

// hash_padded: hash over `len` bytes, the last partial block padded with zeros.
void hash_padded(const GcmKey& key, std::uint8_t hash[16], const std::uint8_t* data,
                 std::size_t len) noexcept;

// derive_j0_hashed: J0 for a nonce that is not 12 bytes (derive_j0's out-of-line half).
void derive_j0_hashed(const GcmKey& key, std::span<const std::uint8_t> nonce,
                      std::uint8_t j0[16]) noexcept;

// derive_j0: the pre-counter block. 12-byte nonce: nonce || 0^31 || 1. Otherwise
// GHASH(nonce || 0^s || 0^64 || [bits(nonce)]_64) (§7.1 step 2). nonce.size() ≥ 1.
// Inline: the 12-byte case is three stores (8 + 4 nonce bytes, then the 4 counter bytes,
// the pieces the x86 message kernels load J0 in) where the call cost as much again.
inline void derive_j0(const GcmKey& key, std::span<const std::uint8_t> nonce,
                      std::uint8_t j0[16]) noexcept {
  if (nonce.size() != 12) return derive_j0_hashed(key, nonce, j0);
  std::memcpy(j0, nonce.data(), 12);
  j0[12] = j0[13] = j0[14] = 0;
  j0[15] = 1;
}

// inc32: the low 32 bits of the block, big-endian, plus one mod 2^32.
void inc32(std::uint8_t block[16]) noexcept;

// crypt_blocks: GCTR plus GHASH over whole blocks. seal hashes the output, open the input
// (before it is overwritten, so in == out is fine). Offers the blocks to the key's fused
// kernel first, then runs the generic chunked path on what it left.
void crypt_blocks(const GcmKey& key, Op op, std::uint8_t counter[16], std::uint8_t hash[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept;

// next_keystream: ks = E_K(counter), then inc32(counter). For partial blocks.
void next_keystream(const GcmKey& key, std::uint8_t counter[16], std::uint8_t ks[16]) noexcept;

// crypt_message: crypt_blocks over the whole blocks of `len` bytes, then the final partial
// block (zero-padded into the hash).
void crypt_message(const GcmKey& key, Op op, std::uint8_t counter[16], std::uint8_t hash[16],
                   const std::uint8_t* in, std::uint8_t* out, std::size_t len) noexcept;

// crypt_message_fused: the whole one-shot message (AD, data, lengths, tag = E_K(J0) ^ GHASH,
// all 16 bytes) in one call to the key's fused message kernel, when it has one; returns
// false (having done nothing) otherwise.
// Inline: it is one test and one indirect call on the one-shot path of every short message.
inline bool crypt_message_fused(const GcmKey& key, Op op, const std::uint8_t j0[16],
                                std::span<const std::uint8_t> ad, const std::uint8_t* in,
                                std::uint8_t* out, std::size_t len, std::uint8_t tag[16]) noexcept {
  if (key.fused == nullptr) return false;
  auto* kernel = op == Op::seal ? key.fused->seal_message : key.fused->open_message;
  if (kernel == nullptr) return false;
  kernel(key.aes->enc, key.hkey, j0, ad.data(), ad.size(), in, out, len, tag);
  return true;
}

// finish_tag: absorbs the lengths block [bits(AD)]_64 || [bits(C)]_64 into `hash`, then
// tag = E_K(J0) ^ hash (all 16 bytes; callers truncate). Wipes `hash`.
void finish_tag(const GcmKey& key, const std::uint8_t j0[16], std::uint8_t hash[16],
                std::uint64_t ad_bytes, std::uint64_t data_bytes, std::uint8_t tag[16]) noexcept;

}  // namespace aeskit::detail::gcm
