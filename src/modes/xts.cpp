// src/modes/xts.cpp — XTS-AES data units over the backend contract (IEEE 1619-2018 §5.3.1,
// §5.3.2, §5.4.1, §5.4.2; NIST SP 800-38E). Generic: no instruction set is named here.
//
// CPU features: none (the backend's kernels carry theirs).
// References: IEEE 1619-2018 §5.2 (multiplication by α), §5.3 (encryption), §5.4
// (decryption); SP 800-38E (approval of the same mode, the 2^20-block limit).
//
// Math. Key1 encrypts data, Key2 encrypts the tweak i (16 bytes, a little-endian integer):
//     T_0 = E_K2(i),   T_j = T_0·α^j   (GF(2^128), the 16 bytes read little-endian, reduced
//                                       by x^128 + x^7 + x^2 + x + 1: a carry out of bit 127
//                                       folds back as 0x87 into byte 0)
//     C_j = E_K1(P_j ^ T_j) ^ T_j,      P_j = D_K1(C_j ^ T_j) ^ T_j.
// With m = floor(len/16) whole blocks and r = len mod 16 > 0 bytes left (ciphertext stealing):
//   encryption (§5.3.2): CC = E(P_{m-1} ^ T_{m-1}) ^ T_{m-1};  C_m = CC[0..r);
//                        C_{m-1} = E((P_m || CC[r..16)) ^ T_m) ^ T_m.
//   decryption (§5.4.2): the last two tweaks in swapped order:
//                        PP = D(C_{m-1} ^ T_m) ^ T_m;  P_m = PP[0..r);
//                        P_{m-1} = D((C_m || PP[r..16)) ^ T_{m-1}) ^ T_{m-1}.
// A data unit of exactly one block is one call of the backend's xts_encrypt_one /
// xts_decrypt_one (tweak encryption included) when it has them, else one block call. Longer ones:
// whole blocks go to the backend's xts_encrypt/xts_decrypt kernel when it has one; whatever it
// leaves is done here in batches: the tweaks of a batch are computed with the constant-time
// doubling below, XORed in, the batch goes through encrypt_blocks/decrypt_blocks in one call,
// and the tweaks are XORed out. Every branch depends on lengths only; the tweak doubling uses
// masks, never a branch on the carry.
#include <cstring>

#include "base/buffers.hpp"
#include "base/byte_order.hpp"
#include "base/ct_mask.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"
#include "modes/xts_mode.hpp"

namespace aeskit::detail {
namespace {

// One data unit's running state: the data key's backend and schedule for the direction.
struct Unit {
  const AesBackend& b;
  const RoundKeys& rk;
  bool enc;

  void cipher(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const {
    if (enc)
      b.encrypt_blocks(rk, in, out, blocks);
    else
      b.decrypt_blocks(rk, in, out, blocks);
  }

  // one_block: out = E/D(in ^ t) ^ t for one block (in and out may be the same).
  void one_block(const std::uint8_t t[16], const std::uint8_t* in, std::uint8_t* out) const {
    std::uint8_t x[16];
    xor_block(x, in, t);
    cipher(x, x, 1);
    xor_block(out, x, t);
    secure_zero(x, sizeof x);
  }

  // whole_blocks: `blocks` blocks starting with tweak t; t is advanced past them.
  void whole_blocks(std::uint8_t t[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t blocks) const {
    auto kernel = enc ? b.xts_encrypt : b.xts_decrypt;
    std::size_t done = (kernel != nullptr && blocks != 0) ? kernel(rk, t, in, out, blocks) : 0;
    if (done == blocks) return;
    const std::size_t batch = b.batch_blocks < kMaxBatchBlocks ? b.batch_blocks : kMaxBatchBlocks;
    std::uint8_t tweaks[16 * kMaxBatchBlocks];
    std::uint8_t buf[16 * kMaxBatchBlocks];
    std::size_t used = 0;  // only the part a batch used is wiped
    while (done < blocks) {
      const std::size_t n = blocks - done < batch ? blocks - done : batch;
      used = n > used ? n : used;
      for (std::size_t i = 0; i < n; ++i) {
        std::memcpy(tweaks + 16 * i, t, 16);
        xts_mul_alpha(t);
        xor_block(buf + 16 * i, in + 16 * (done + i), tweaks + 16 * i);
      }
      cipher(buf, buf, n);
      for (std::size_t i = 0; i < n; ++i)
        xor_block(out + 16 * (done + i), buf + 16 * i, tweaks + 16 * i);
      done += n;
    }
    secure_zero(tweaks, 16 * used);
    secure_zero(buf, 16 * used);
  }

  // data_unit: len >= 16 bytes with the encrypted tweak t = T_0 (clobbered).
  void data_unit(std::uint8_t t[16], const std::uint8_t* in, std::uint8_t* out,
                 std::size_t len) const {
    // One block (a 16-byte data unit or sector: openssl speed's 16-byte XTS): the backend's
    // XTS kernel directly when it has one (the x86 kernels keep T in a register for a lone
    // block), else the block call; not through whole_blocks' batch set-up.
    if (len == 16) {
      auto kernel = enc ? b.xts_encrypt : b.xts_decrypt;
      if (kernel == nullptr || kernel(rk, t, in, out, 1) != 1) one_block(t, in, out);
      return;
    }
    const std::size_t m = len / 16;
    const std::size_t r = len % 16;
    if (r == 0) return whole_blocks(t, in, out, m);
    const std::uint8_t* last_in = in + 16 * (m - 1);
    std::uint8_t* last_out = out + 16 * (m - 1);
    std::uint8_t t_prev[16];  // T_{m-1} (decryption)
    std::uint8_t full[16];    // CC (encryption) or PP (decryption)
    std::uint8_t stolen[16];  // P_m || CC[r..] or C_m || PP[r..]
    if (enc) {
      // Block m-1 is an ordinary block whose output CC is then split: the kernel does it.
      whole_blocks(t, in, out, m);  // t = T_m; last_out holds CC (P_{m-1} is not needed again)
      std::memcpy(full, last_out, 16);
    } else {
      whole_blocks(t, in, out, m - 1);  // t = T_{m-1}
      std::memcpy(t_prev, t, 16);
      xts_mul_alpha(t);  // T_m
      one_block(t, last_in, full);
    }
    // Read the partial input block before the partial output overwrites it (in == out).
    std::memcpy(stolen, last_in + 16, r);
    std::memcpy(stolen + r, full + r, 16 - r);
    std::memcpy(last_out + 16, full, r);
    one_block(enc ? t : t_prev, stolen, last_out);
    secure_zero(t_prev, sizeof t_prev);
    secure_zero(full, sizeof full);
    secure_zero(stolen, sizeof stolen);
  }
};

Unit make_unit(const KeyState& key1, Direction direction) {
  const bool enc = direction == Direction::encrypt;
  return Unit{*key1.backend, enc ? key1.enc : key1.decryption_keys(), enc};
}

}  // namespace

void xts_mul_alpha(std::uint8_t t[16]) noexcept {
  std::uint64_t lo = load_le64(t);
  std::uint64_t hi = load_le64(t + 8);
  const std::uint64_t carry = ct_mask_msb(hi);  // all ones iff bit 127 is set
  hi = (hi << 1) | (lo >> 63);
  lo = (lo << 1) ^ (carry & 0x87);
  store_le64(t, lo);
  store_le64(t + 8, hi);
}

void xts_data_unit(const KeyState& key1, const KeyState& key2, Direction direction,
                   const std::uint8_t tweak[16], const std::uint8_t* in, std::uint8_t* out,
                   std::size_t len) {
  // One block with both keys on one backend: its one-call entry when it has one.
  if (len == 16 && key1.backend == key2.backend) {
    const AesBackend& b = *key1.backend;
    if (direction == Direction::encrypt && b.xts_encrypt_one != nullptr)
      return b.xts_encrypt_one(key1.enc, key2.enc, tweak, in, out);
    if (direction == Direction::decrypt && b.xts_decrypt_one != nullptr)
      return b.xts_decrypt_one(key1.decryption_keys(), key2.enc, tweak, in, out);
  }
  std::uint8_t t[16];
  key2.backend->encrypt_blocks(key2.enc, tweak, t, 1);
  make_unit(key1, direction).data_unit(t, in, out, len);
  secure_zero(t, sizeof t);
}

void xts_sectors(const KeyState& key1, const KeyState& key2, Direction direction,
                 std::uint64_t first_sector, std::size_t unit_len, const std::uint8_t* in,
                 std::uint8_t* out, std::size_t units) {
  const Unit unit = make_unit(key1, direction);
  // The tweaks of up to kMaxBatchBlocks sectors are encrypted with Key2 in one call.
  std::uint8_t tweaks[16 * kMaxBatchBlocks];
  std::size_t done = 0;
  std::size_t used = 0;  // only the part a batch used is wiped
  while (done < units) {
    const std::size_t n = units - done < kMaxBatchBlocks ? units - done : kMaxBatchBlocks;
    used = n > used ? n : used;
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint64_t lo = first_sector + static_cast<std::uint64_t>(done + j);
      const std::uint64_t hi = lo < first_sector ? 1 : 0;  // public: sector numbers
      store_le64(tweaks + 16 * j, lo);
      store_le64(tweaks + 16 * j + 8, hi);
    }
    key2.backend->encrypt_blocks(key2.enc, tweaks, tweaks, n);
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t offset = unit_len * (done + j);
      unit.data_unit(tweaks + 16 * j, in + offset, out + offset, unit_len);
    }
    done += n;
  }
  if (used != 0) secure_zero(tweaks, 16 * used);
}

}  // namespace aeskit::detail
