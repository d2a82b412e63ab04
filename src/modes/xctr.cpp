// src/modes/xctr.cpp — HCTR2's XCTR over the backend contract: out_i = in_i ^ E_K(S ^
// counter_i), the counter block's first 4 bytes a little-endian 32-bit integer incremented
// mod 2^32 per block (bytes 4..15 never change; HCTR2 starts at le128(1)).
//
// CPU features: none (generic). The backend's xctr entry takes the blocks first; the rest run
// here in batches: the blocks S ^ counter_i laid out, one encrypt_blocks call, one XOR (the
// portable and vperm backends, and any backend without the entry).
// References: Crowley, Huckleberry, Biggers, "Length-preserving encryption with HCTR2",
// ePrint 2021/1441 §3 (XCTR); backend/backend.hpp (xctr).
// S is secret (it is derived from the plaintext); it is only XORed, never used as an index or
// in a branch. The counter is a public block index.
#include <cstring>

#include "base/buffers.hpp"
#include "base/byte_order.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {

void xctr_blocks(const KeyState& key, const std::uint8_t s[16], std::uint8_t counter[16],
                 const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  std::size_t done = b.xctr ? b.xctr(key.enc, s, counter, in, out, blocks) : 0;
  if (done == blocks) return;
  std::uint8_t stream[16 * kMaxBatchBlocks];
  const std::size_t batch = b.batch_blocks < kMaxBatchBlocks ? b.batch_blocks : kMaxBatchBlocks;
  std::uint32_t c = load_le32(counter);
  while (done < blocks) {
    const std::size_t n = blocks - done < batch ? blocks - done : batch;
    for (std::size_t i = 0; i < n; ++i) {
      std::memcpy(stream + 16 * i, counter, 16);
      store_le32(stream + 16 * i, c++);
      xor_bytes(stream + 16 * i, stream + 16 * i, s, 16);
    }
    b.encrypt_blocks(key.enc, stream, stream, n);
    xor_bytes(out + 16 * done, in + 16 * done, stream, 16 * n);
    done += n;
  }
  store_le32(counter, c);
  secure_zero(stream, sizeof stream);
}

}  // namespace aeskit::detail
