// src/modes/ctr_le.cpp — the two CTR forms with AES-GCM-SIV's counter over the backend
// contract: the counter block's first 4 bytes are a little-endian 32-bit integer incremented
// mod 2^32 per block (RFC 8452 §4); bytes 4..15 never change. ctr32_le: out_i = in_i ^
// E_K(counter_i) (AES-GCM-SIV); HCTR2's XCTR: out_i = in_i ^ E_K(S ^ counter_i) (HCTR2 starts
// at le128(1)).
//
// CPU features: none (generic). The backend's ctr32_le or xctr entry takes the blocks first;
// the rest run here in batches: the counter blocks (XCTR: S ^ counter_i) laid out, one
// encrypt_blocks call, one XOR (the portable and vperm backends, and any backend without the
// entry).
// References: RFC 8452 §4; Crowley, Huckleberry, Biggers, "Length-preserving encryption with
// HCTR2", ePrint 2021/1441 §3 (XCTR); backend/backend.hpp (ctr32_le, xctr).
// The counter is public (a block index; in AES-GCM-SIV derived from the tag, which travels
// with the ciphertext); the increment is plain arithmetic anyway, without a branch. S is
// secret (derived from the plaintext); it is only XORed, never used as an index or in a branch.
#include <cstring>

#include "base/buffers.hpp"
#include "base/byte_order.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {
namespace {

// le32_generic: blocks done..blocks-1 in batches of the backend's width, each counter block
// XORed with s when s is not null (XCTR); the counter advances past the last block.
void le32_generic(const KeyState& key, const std::uint8_t* s, std::uint8_t counter[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t done, std::size_t blocks) {
  if (done == blocks) return;
  const AesBackend& b = *key.backend;
  std::uint8_t stream[16 * kMaxBatchBlocks];
  const std::size_t batch = b.batch_blocks < kMaxBatchBlocks ? b.batch_blocks : kMaxBatchBlocks;
  std::uint32_t c = load_le32(counter);
  while (done < blocks) {
    const std::size_t n = blocks - done < batch ? blocks - done : batch;
    for (std::size_t i = 0; i < n; ++i) {
      std::memcpy(stream + 16 * i, counter, 16);
      store_le32(stream + 16 * i, c++);
      if (s != nullptr) xor_bytes(stream + 16 * i, stream + 16 * i, s, 16);
    }
    b.encrypt_blocks(key.enc, stream, stream, n);
    xor_bytes(out + 16 * done, in + 16 * done, stream, 16 * n);
    done += n;
  }
  store_le32(counter, c);
  secure_zero(stream, sizeof stream);
}

}  // namespace

void ctr32_le_blocks(const KeyState& key, std::uint8_t counter[16], const std::uint8_t* in,
                     std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  const std::size_t done = b.ctr32_le ? b.ctr32_le(key.enc, counter, in, out, blocks) : 0;
  le32_generic(key, nullptr, counter, in, out, done, blocks);
}

void xctr_blocks(const KeyState& key, const std::uint8_t s[16], std::uint8_t counter[16],
                 const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  const std::size_t done = b.xctr ? b.xctr(key.enc, s, counter, in, out, blocks) : 0;
  le32_generic(key, s, counter, in, out, done, blocks);
}

}  // namespace aeskit::detail
