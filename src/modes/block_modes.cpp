// src/modes/block_modes.cpp — ECB and CBC over whole blocks (SP 800-38A §6.1, §6.2).
//
// ECB:  C_i = E(P_i)                     P_i = D(C_i)
// CBC:  C_i = E(P_i ^ C_{i-1}), C_0 = IV  P_i = D(C_i) ^ C_{i-1}
// CBC encryption is a serial chain (each block needs the previous ciphertext), so its speed
// is the block cipher's latency; decryption is parallel.
#include <cstring>

#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {

void ecb_encrypt_blocks(const KeyState& key, const std::uint8_t* in, std::uint8_t* out,
                        std::size_t blocks) {
  if (blocks) key.backend->encrypt_blocks(key.enc, in, out, blocks);
}

void ecb_decrypt_blocks(const KeyState& key, const std::uint8_t* in, std::uint8_t* out,
                        std::size_t blocks) {
  if (blocks) key.backend->decrypt_blocks(key.decryption_keys(), in, out, blocks);
}

void cbc_encrypt_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                        std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  std::size_t done = b.cbc_encrypt ? b.cbc_encrypt(key.enc, iv, in, out, blocks) : 0;
  if (done == blocks) return;  // the kernel did it all: no scratch block to wipe
  // Generic chain: one block-cipher call per block.
  std::uint8_t x[16];
  for (std::size_t i = done; i < blocks; ++i) {
    xor_block(x, in + 16 * i, iv);
    b.encrypt_blocks(key.enc, x, out + 16 * i, 1);
    std::memcpy(iv, out + 16 * i, 16);
  }
  secure_zero(x, sizeof x);
}

void cbc_decrypt_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                        std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  const RoundKeys& dk = key.decryption_keys();
  std::size_t done = b.cbc_decrypt ? b.cbc_decrypt(dk, iv, in, out, blocks) : 0;
  // Generic: decrypt a batch into a scratch buffer, then XOR with the previous ciphertext
  // blocks from the last to the first, so exact in-place (in == out) never reads a block
  // it has already overwritten.
  // Only the part a batch used is wiped: when the kernel did every block, nothing is.
  std::uint8_t scratch[16 * kMaxBatchBlocks];
  const std::size_t batch = b.batch_blocks < kMaxBatchBlocks ? b.batch_blocks : kMaxBatchBlocks;
  std::size_t used = 0;
  while (done < blocks) {
    std::size_t n = blocks - done < batch ? blocks - done : batch;
    used = n > used ? n : used;
    const std::uint8_t* c = in + 16 * done;
    std::uint8_t* p = out + 16 * done;
    b.decrypt_blocks(dk, c, scratch, n);
    std::uint8_t next_iv[16];
    std::memcpy(next_iv, c + 16 * (n - 1), 16);
    for (std::size_t i = n; i-- > 1;) xor_block(p + 16 * i, scratch + 16 * i, c + 16 * (i - 1));
    xor_block(p, scratch, iv);
    std::memcpy(iv, next_iv, 16);
    done += n;
  }
  if (used != 0) secure_zero(scratch, 16 * used);
}

}  // namespace aeskit::detail
