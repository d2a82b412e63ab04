// src/modes/stream_modes.cpp — CTR, CFB128, CFB8 and OFB over whole blocks
// (SP 800-38A §6.3–6.5).
//
// CTR:    O_i = E(T_i), C_i = P_i ^ O_i; T_{i+1} = inc(T_i). inc is either the low 32 bits
//         big-endian mod 2^32 (SP 800-38A B.1 with m = 32, GCM's inc32) or the whole
//         128-bit block big-endian (OpenSSL's aes-*-ctr).
// CFB128: C_i = P_i ^ E(C_{i-1}), C_0 = IV. Encryption is serial; decryption is parallel
//         (every E input is ciphertext already known).
// CFB8:   per byte: O = E(R); c = p ^ O[0]; R = (R << 8) | c. Encryption is serial, one block
//         call per byte; decryption is parallel (every R is ciphertext already known).
// OFB:    O_i = E(O_{i-1}), O_0 = IV; C_i = P_i ^ O_i. Serial in both directions.
#include <cstring>

#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {
namespace {

std::size_t batch_for(const AesBackend& b) {
  return b.batch_blocks < kMaxBatchBlocks ? b.batch_blocks : kMaxBatchBlocks;
}

}  // namespace

void ctr_increment(Mode mode, std::uint8_t counter[16]) {
  // Big-endian add of one, carrying from byte 15 up to byte 12 (ctr32) or byte 0 (ctr128),
  // through every byte whatever the carry: the counter is not always public. It was an early
  // exit at the first byte that did not wrap, which the MemorySanitizer check (tests/ct,
  // ctmsan) reported under EAX on the portable backend: EAX's initial counter is
  // N' = OMAC_K(0 || N), a value of the key that is never sent.
  // The carry out of a byte is `carry and the byte is 0xff` (a comparison of the byte itself),
  // not bit 8 of byte + carry: MemorySanitizer's shadow for + has no carries, so that bit
  // counted as clean and a branch on it would have gone unreported (base/ct_mask.hpp).
  const int lowest = mode == Mode::ctr32 ? 12 : 0;
  unsigned carry = 1;
  for (int i = 15; i >= lowest; --i) {
    const unsigned next = carry & static_cast<unsigned>(counter[i] == 0xff);
    counter[i] = static_cast<std::uint8_t>(counter[i] + carry);
    carry = next;
  }
}

void ctr_blocks(const KeyState& key, Mode mode, std::uint8_t counter[16], const std::uint8_t* in,
                std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  auto* bulk = mode == Mode::ctr32 ? b.ctr32_be : b.ctr128_be;
  std::size_t done = bulk ? bulk(key.enc, counter, in, out, blocks) : 0;
  // Generic: lay out a batch of counter blocks, encrypt them in one call, XOR.
  // Only the part a batch used is wiped: when the kernel did every block, nothing is.
  std::uint8_t stream[16 * kMaxBatchBlocks];
  const std::size_t batch = batch_for(b);
  std::size_t used = 0;
  while (done < blocks) {
    std::size_t n = blocks - done < batch ? blocks - done : batch;
    used = n > used ? n : used;
    for (std::size_t i = 0; i < n; ++i) {
      std::memcpy(stream + 16 * i, counter, 16);
      ctr_increment(mode, counter);
    }
    b.encrypt_blocks(key.enc, stream, stream, n);
    xor_bytes(out + 16 * done, in + 16 * done, stream, 16 * n);
    done += n;
  }
  if (used != 0) secure_zero(stream, 16 * used);
}

void cfb128_encrypt_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  std::size_t done = b.cfb128_encrypt ? b.cfb128_encrypt(key.enc, iv, in, out, blocks) : 0;
  for (std::size_t i = done; i < blocks; ++i) {
    encrypt_one(key, iv, iv);
    xor_block(iv, iv, in + 16 * i);  // iv = C_i
    std::memcpy(out + 16 * i, iv, 16);
  }
}

void cfb128_decrypt_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks) {
  const AesBackend& b = *key.backend;
  std::size_t done = b.cfb128_decrypt ? b.cfb128_decrypt(key.enc, iv, in, out, blocks) : 0;
  // Generic: the batch's cipher inputs are IV, C_0 .. C_{n-2}; copy them out before any
  // output is written (in-place safety), encrypt in one call, XOR.
  std::uint8_t stream[16 * kMaxBatchBlocks];
  const std::size_t batch = batch_for(b);
  std::size_t used = 0;
  while (done < blocks) {
    std::size_t n = blocks - done < batch ? blocks - done : batch;
    used = n > used ? n : used;
    const std::uint8_t* c = in + 16 * done;
    std::memcpy(stream, iv, 16);
    std::memcpy(stream + 16, c, 16 * (n - 1));
    std::memcpy(iv, c + 16 * (n - 1), 16);
    b.encrypt_blocks(key.enc, stream, stream, n);
    xor_bytes(out + 16 * done, c, stream, 16 * n);
    done += n;
  }
  if (used != 0) secure_zero(stream, 16 * used);
}

void ofb_blocks(const KeyState& key, std::uint8_t iv[16], const std::uint8_t* in, std::uint8_t* out,
                std::size_t blocks) {
  const AesBackend& b = *key.backend;
  std::size_t done = b.ofb ? b.ofb(key.enc, iv, in, out, blocks) : 0;
  for (std::size_t i = done; i < blocks; ++i) {
    encrypt_one(key, iv, iv);
    xor_block(out + 16 * i, in + 16 * i, iv);
  }
}

// CFB8 keeps its register as a window over (R || the ciphertext so far): the register before
// byte i is the 16 bytes before position i, so no shift moves bytes and each AES input is
// one 16-byte load. Decryption knows every window before it writes (the ciphertext is its
// input), so a batch of windows goes through one encrypt_blocks call and the AES calls run
// side by side; encryption waits for each ciphertext byte, one block call per byte.
void cfb8_bytes(const KeyState& key, Direction direction, std::uint8_t iv[16],
                const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
  constexpr std::size_t kChunk = kMaxBatchBlocks;  // bytes per window refill (one batch)
  std::uint8_t window[16 + kChunk];
  std::uint8_t o[16 * kMaxBatchBlocks];  // key stream blocks
  const std::size_t chunk = direction == Direction::encrypt ? kChunk : batch_for(*key.backend);
  std::memcpy(window, iv, 16);
  std::size_t used = 0;  // o's bytes to wipe
  while (len > 0) {
    const std::size_t n = len < chunk ? len : chunk;
    if (direction == Direction::encrypt) {
      used = 16;
      for (std::size_t i = 0; i < n; ++i) {
        encrypt_one(key, window + i, o);
        const std::uint8_t y = static_cast<std::uint8_t>(in[i] ^ o[0]);
        out[i] = y;
        window[16 + i] = y;
      }
    } else {
      std::memcpy(window + 16, in, n);  // before any output: in place works
      std::uint8_t blocks[16 * kMaxBatchBlocks];
      for (std::size_t i = 0; i < n; ++i) std::memcpy(blocks + 16 * i, window + i, 16);
      key.backend->encrypt_blocks(key.enc, blocks, o, n);
      used = 16 * n > used ? 16 * n : used;
      for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<std::uint8_t>(window[16 + i] ^ o[16 * i]);
    }
    std::memmove(window, window + n, 16);  // the register after this chunk
    in += n;
    out += n;
    len -= n;
  }
  std::memcpy(iv, window, 16);
  secure_zero(o, used);
}

}  // namespace aeskit::detail
