// src/modes/ctr_le.cpp — CTR with AES-GCM-SIV's counter over the backend contract: the
// counter block's first 4 bytes are a little-endian 32-bit integer incremented mod 2^32 per
// block (RFC 8452 §4); bytes 4..15 never change.
//
// CPU features: none (generic). The backend's ctr32_le entry takes the blocks first; the rest
// run here in batches: the counter blocks laid out, one encrypt_blocks call, one XOR.
// References: RFC 8452 §4.
// The counter is public (derived from the tag, which travels with the ciphertext); the
// increment is plain arithmetic anyway, without a branch.
#include <cstring>

#include "base/buffers.hpp"
#include "base/byte_order.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {
namespace {}  // namespace

void ctr32_le_blocks(const KeyState& key, std::uint8_t counter[16], const std::uint8_t* in,
                     std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  std::size_t done = b.ctr32_le ? b.ctr32_le(key.enc, counter, in, out, blocks) : 0;
  if (done == blocks) return;
  std::uint8_t stream[16 * kMaxBatchBlocks];
  const std::size_t batch = b.batch_blocks < kMaxBatchBlocks ? b.batch_blocks : kMaxBatchBlocks;
  std::uint32_t c = load_le32(counter);
  while (done < blocks) {
    const std::size_t n = blocks - done < batch ? blocks - done : batch;
    for (std::size_t i = 0; i < n; ++i) {
      std::memcpy(stream + 16 * i, counter, 16);
      store_le32(stream + 16 * i, c++);
    }
    b.encrypt_blocks(key.enc, stream, stream, n);
    xor_bytes(out + 16 * done, in + 16 * done, stream, 16 * n);
    done += n;
  }
  store_le32(counter, c);
  secure_zero(stream, sizeof stream);
}

}  // namespace aeskit::detail
