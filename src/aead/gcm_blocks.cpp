// src/aead/gcm_blocks.cpp — GCM's GCTR + GHASH over the key's backends (SP 800-38D §6-§7).
//
// GCTR is the AES backend's CTR32 kernel (modes/mode_kernels.hpp: ctr_blocks with
// Mode::ctr32 is exactly inc32 counting, wrapping mod 2^32 without carry into byte 11).
// GHASH is the GHASH backend's update. The generic path alternates the two per 4 KiB chunk;
// a fused kernel (gcm_fused.hpp), when the key has one, goes first.
#include "aead/gcm_blocks.hpp"
#include "base/byte_order.hpp"

#include <cstring>

#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail::gcm {
namespace {}  // namespace

void setup_key(GcmKey& key) noexcept {
  alignas(16) std::uint8_t h[16] = {};
  encrypt_one(*key.aes, h, h);
  key.ghash->init(h, key.hkey);
  secure_zero(h, sizeof h);
}

void hash_padded(const GcmKey& key, std::uint8_t hash[16], const std::uint8_t* data,
                 std::size_t len) noexcept {
  const std::size_t full = len / 16;
  hash_blocks(key, hash, data, full);
  const std::size_t rest = len % 16;
  if (rest == 0) return;
  std::uint8_t last[16] = {};
  std::memcpy(last, data + 16 * full, rest);
  hash_blocks(key, hash, last, 1);
  secure_zero(last, sizeof last);
}

void derive_j0_hashed(const GcmKey& key, std::span<const std::uint8_t> nonce,
                      std::uint8_t j0[16]) noexcept {
  std::memset(j0, 0, 16);
  hash_padded(key, j0, nonce.data(), nonce.size());
  std::uint8_t lengths[16] = {};
  store_be64(lengths + 8, static_cast<std::uint64_t>(nonce.size()) * 8);
  hash_blocks(key, j0, lengths, 1);
}

void inc32(std::uint8_t block[16]) noexcept {
  ctr_increment(Mode::ctr32, block);
}

void crypt_blocks(const GcmKey& key, Op op, std::uint8_t counter[16], std::uint8_t hash[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
  std::size_t done = 0;
  if (key.fused != nullptr && blocks != 0) {
    auto* kernel = op == Op::seal ? key.fused->seal : key.fused->open;
    done = kernel(key.aes->enc, key.hkey, counter, hash, in, out, blocks);
  }
  while (done < blocks) {
    const std::size_t n = blocks - done < kChunkBlocks ? blocks - done : kChunkBlocks;
    const std::uint8_t* src = in + 16 * done;
    std::uint8_t* dst = out + 16 * done;
    if (op == Op::open) hash_blocks(key, hash, src, n);
    ctr_blocks(*key.aes, Mode::ctr32, counter, src, dst, n);
    if (op == Op::seal) hash_blocks(key, hash, dst, n);
    done += n;
  }
}

void next_keystream(const GcmKey& key, std::uint8_t counter[16], std::uint8_t ks[16]) noexcept {
  encrypt_one(*key.aes, counter, ks);
  inc32(counter);
}

void crypt_message(const GcmKey& key, Op op, std::uint8_t counter[16], std::uint8_t hash[16],
                   const std::uint8_t* in, std::uint8_t* out, std::size_t len) noexcept {
  const std::size_t full = len / 16;
  crypt_blocks(key, op, counter, hash, in, out, full);
  const std::size_t rest = len % 16;
  if (rest == 0) return;
  // Copy the tail in first: out may be in.
  std::uint8_t block[16] = {};
  std::uint8_t ks[16];
  std::memcpy(block, in + 16 * full, rest);
  if (op == Op::open) hash_blocks(key, hash, block, 1);
  next_keystream(key, counter, ks);
  xor_bytes(block, block, ks, rest);
  std::memcpy(out + 16 * full, block, rest);
  if (op == Op::seal) hash_blocks(key, hash, block, 1);
  secure_zero(block, sizeof block);
  secure_zero(ks, sizeof ks);
}

void finish_tag(const GcmKey& key, const std::uint8_t j0[16], std::uint8_t hash[16],
                std::uint64_t ad_bytes, std::uint64_t data_bytes, std::uint8_t tag[16]) noexcept {
  std::uint8_t lengths[16];
  store_be64(lengths, ad_bytes * 8);
  store_be64(lengths + 8, data_bytes * 8);
  hash_blocks(key, hash, lengths, 1);
  encrypt_one(*key.aes, j0, tag);
  xor_block(tag, tag, hash);
  secure_zero(hash, 16);
}

}  // namespace aeskit::detail::gcm
