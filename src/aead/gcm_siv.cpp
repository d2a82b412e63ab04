// src/aead/gcm_siv.cpp — AES-GCM-SIV seal and open (RFC 8452 §4-5), generic over the AES
// backend contract and the POLYVAL code (polyval.hpp).
//
// CPU features: none (generic). AES through the key's backend (encrypt_blocks for the key
// derivation and the tag, ctr32_le for the CTR pass), POLYVAL through polyval.hpp.
// References: RFC 8452 §4 (key derivation, POLYVAL input, tag, CTR), §5 (decryption: CTR with
// the received tag first, then the tag check), §6 (limits, enforced by AeadKey).
//
// Paths (the choice depends on public lengths only):
//   short (padded AD + padded data + the length block fit kSmallBytes): the hash input is
//     laid out in one stack buffer and hashed with one POLYVAL call; the data is encrypted
//     in that buffer with one CTR call. Open decrypts there, re-zeroes the padding, hashes,
//     and copies the plaintext out only when the tag matches (zeros otherwise).
//   long: seal hashes AD, the whole blocks of plaintext in place and the padded tail, then
//     runs CTR over the whole message. Open runs CTR and POLYVAL chunk by chunk (kChunkBlocks:
//     the chunk's plaintext is hashed while still in L1), then the tail, and zeroes the
//     output on a mismatch.
// Every temporary that held key material, plaintext or key stream is wiped.
#include "aead/gcm_siv.hpp"

#include <cstring>

#include "aead/ct_equal.hpp"
#include "aead/wipe_block.hpp"
#include "core/declassify.hpp"
#include "core/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail::gcm_siv {
namespace {

constexpr std::size_t kChunkBlocks = 256;  // 4 KiB per CTR + POLYVAL step when opening
constexpr std::size_t kSmallBytes = 512;

void store_le32(std::uint8_t* p, std::uint32_t v) noexcept {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

void store_le64(std::uint8_t* p, std::uint64_t v) noexcept {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::size_t padded(std::size_t n) noexcept {
  return (n + 15) / 16 * 16;
}

// MessageKeys: the per-nonce keys (§4): the message-encryption key expanded on the key's
// backend (KeyState wipes it) and the POLYVAL key from the message-authentication key.
struct MessageKeys {
  KeyState enc;
  PolyvalKey auth;
  MessageKeys() = default;
  MessageKeys(const MessageKeys&) = delete;
  MessageKeys& operator=(const MessageKeys&) = delete;
  ~MessageKeys() { polyval_wipe(auth); }
};

// derive: blocks LE32(i) || N for i < 4 (AES-128) or 6 (AES-256), encrypted in one call; the
// first half of each output block, concatenated, gives auth key || encryption key. The
// POLYVAL key gets only the powers of H that `hash_blocks` (the message's POLYVAL input:
// padded AD, padded data, the length block; public) can use.
void derive(const GcmSivKey& key, const std::uint8_t* nonce, std::size_t hash_blocks,
            MessageKeys& m) noexcept {
  const AesBackend& backend = *key.aes->backend;
  const std::size_t enc_len = key.aes->key_len;  // 16 or 32
  const std::size_t count = 2 + enc_len / 8;
  alignas(16) std::uint8_t blocks[6 * 16];
  for (std::size_t i = 0; i < count; ++i) {
    store_le32(blocks + 16 * i, static_cast<std::uint32_t>(i));
    std::memcpy(blocks + 16 * i + 4, nonce, 12);
  }
  backend.encrypt_blocks(key.aes->enc, blocks, blocks, count);
  std::uint8_t keys[6 * 8];
  for (std::size_t i = 0; i < count; ++i) std::memcpy(keys + 8 * i, blocks + 16 * i, 8);
  m.enc.backend = &backend;
  m.enc.key_len = enc_len;
  backend.expand_key(keys + 16, enc_len, m.enc.enc);
  polyval_init(key.polyval, keys, m.auth, hash_blocks);
  wipe_fixed<sizeof blocks>(blocks);
  wipe_fixed<sizeof keys>(keys);
}

// hash_blocks: the blocks POLYVAL absorbs for this message (§4).
std::size_t hash_blocks(std::size_t ad_len, std::size_t len) noexcept {
  return padded(ad_len) / 16 + padded(len) / 16 + 1;
}

void lengths_block(std::uint8_t block[16], std::size_t ad_len, std::size_t len) noexcept {
  store_le64(block, static_cast<std::uint64_t>(ad_len) * 8);
  store_le64(block + 8, static_cast<std::uint64_t>(len) * 8);
}

// hash_padded: POLYVAL over `len` bytes, the last partial block zero-padded.
void hash_padded(const PolyvalKey& pk, std::uint8_t s[16], const std::uint8_t* data,
                 std::size_t len) noexcept {
  polyval_update(pk, s, data, len / 16);
  const std::size_t rem = len % 16;
  if (rem == 0) return;
  std::uint8_t block[16] = {};
  std::memcpy(block, data + len - rem, rem);
  polyval_update(pk, s, block, 1);
  secure_zero(block, sizeof block);
}

// make_tag: S ^= N (bytes 0..11), S[15] &= 0x7f, tag = AES(enc key, S). Wipes S.
void make_tag(const MessageKeys& m, std::uint8_t s[16], const std::uint8_t* nonce,
              std::uint8_t tag[16]) noexcept {
  for (int i = 0; i < 12; ++i) s[i] ^= nonce[i];
  s[15] &= 0x7f;
  m.enc.backend->encrypt_blocks(m.enc.enc, s, tag, 1);
  wipe_block(s);
}

// initial_counter: the tag with byte 15's top bit set. The tag travels in the clear, so the
// counter is public: declassified here (as SIV does with V) for the audit's benefit.
void initial_counter(const std::uint8_t tag[16], std::uint8_t counter[16]) noexcept {
  std::memcpy(counter, tag, 16);
  counter[15] |= 0x80;
  for (int i = 0; i < 16; ++i) declassify(counter[i]);
}

// ctr_tail: the last `rem` (< 16) bytes through one key-stream block.
void ctr_tail(const MessageKeys& m, std::uint8_t counter[16], const std::uint8_t* in,
              std::uint8_t* out, std::size_t rem) noexcept {
  std::uint8_t ks[16] = {};
  ctr32_le_blocks(m.enc, counter, ks, ks, 1);
  for (std::size_t i = 0; i < rem; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
  wipe_block(ks);
}

bool fits_small(std::size_t ad_len, std::size_t len) noexcept {
  return ad_len <= kSmallBytes && len <= kSmallBytes &&
         padded(ad_len) + padded(len) + 16 <= kSmallBytes;
}

// Small layout: [AD padded | data padded | lengths] in buf; returns the data offset.
std::size_t lay_out_small(std::uint8_t* buf, std::span<const std::uint8_t> ad,
                          std::size_t len) noexcept {
  const std::size_t pa = padded(ad.size());
  const std::size_t pd = padded(len);
  std::memset(buf, 0, pa + pd);
  if (!ad.empty()) std::memcpy(buf, ad.data(), ad.size());
  lengths_block(buf + pa + pd, ad.size(), len);
  return pa;
}

}  // namespace

void seal(const GcmSivKey& key, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, std::uint8_t tag[16]) noexcept {
  MessageKeys m;
  derive(key, nonce.data(), hash_blocks(ad.size(), len), m);
  std::uint8_t s[16] = {};
  std::uint8_t counter[16];
  if (fits_small(ad.size(), len)) {
    alignas(16) std::uint8_t buf[kSmallBytes];
    const std::size_t at = lay_out_small(buf, ad, len);
    if (len != 0) std::memcpy(buf + at, in, len);
    const std::size_t total = at + padded(len) + 16;
    polyval_update(m.auth, s, buf, total / 16);
    make_tag(m, s, nonce.data(), tag);
    initial_counter(tag, counter);
    if (len != 0) {
      ctr32_le_blocks(m.enc, counter, buf + at, buf + at, padded(len) / 16);
      std::memcpy(out, buf + at, len);
    }
    secure_zero(buf, total);
    return;
  }
  hash_padded(m.auth, s, ad.data(), ad.size());
  hash_padded(m.auth, s, in, len);
  std::uint8_t lengths[16];
  lengths_block(lengths, ad.size(), len);
  polyval_update(m.auth, s, lengths, 1);
  make_tag(m, s, nonce.data(), tag);
  initial_counter(tag, counter);
  const std::size_t full = len / 16;
  ctr32_le_blocks(m.enc, counter, in, out, full);
  if (len % 16 != 0) ctr_tail(m, counter, in + 16 * full, out + 16 * full, len % 16);
}

bool open(const GcmSivKey& key, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, const std::uint8_t tag[16]) noexcept {
  MessageKeys m;
  derive(key, nonce.data(), hash_blocks(ad.size(), len), m);
  std::uint8_t received[16];
  std::memcpy(received, tag, 16);
  std::uint8_t counter[16];
  initial_counter(received, counter);
  std::uint8_t s[16] = {};
  std::uint8_t expected[16];
  if (fits_small(ad.size(), len)) {
    alignas(16) std::uint8_t buf[kSmallBytes];
    const std::size_t at = lay_out_small(buf, ad, len);
    const std::size_t pd = padded(len);
    if (len != 0) {
      std::memcpy(buf + at, in, len);
      ctr32_le_blocks(m.enc, counter, buf + at, buf + at, pd / 16);
      std::memset(buf + at + len, 0, pd - len);  // the padding must hash as zeros
    }
    const std::size_t total = at + pd + 16;
    polyval_update(m.auth, s, buf, total / 16);
    make_tag(m, s, nonce.data(), expected);
    const bool ok = ct_equal(expected, received, 16);
    wipe_block(expected);
    if (len != 0) {
      if (ok)
        std::memcpy(out, buf + at, len);
      else
        secure_zero(out, len);
    }
    secure_zero(buf, total);
    return ok;
  }
  hash_padded(m.auth, s, ad.data(), ad.size());
  const std::size_t full = len / 16;
  for (std::size_t done = 0; done < full;) {
    const std::size_t n = full - done < kChunkBlocks ? full - done : kChunkBlocks;
    ctr32_le_blocks(m.enc, counter, in + 16 * done, out + 16 * done, n);
    polyval_update(m.auth, s, out + 16 * done, n);
    done += n;
  }
  if (len % 16 != 0) {
    ctr_tail(m, counter, in + 16 * full, out + 16 * full, len % 16);
    hash_padded(m.auth, s, out + 16 * full, len % 16);
  }
  std::uint8_t lengths[16];
  lengths_block(lengths, ad.size(), len);
  polyval_update(m.auth, s, lengths, 1);
  make_tag(m, s, nonce.data(), expected);
  const bool ok = ct_equal(expected, received, 16);
  wipe_block(expected);
  if (!ok && len != 0) secure_zero(out, len);
  return ok;
}

std::string describe(const GcmSivKey& key) {
  const AesBackend& b = *key.aes->backend;
  const std::string name(b.name);
  const std::string ctr = b.ctr32_le != nullptr
                              ? name + ":ctr32_le kernel"
                              : name + ":ctr32_le generic (encrypt_blocks batches) [no kernel]";
  return name + ":gcm-siv, per-nonce keys in one encrypt_blocks call + " + name +
         " key expansion; " + ctr + "; POLYVAL " + describe_polyval(key.polyval) +
         "; open: CTR + POLYVAL per " + std::to_string(kChunkBlocks * 16 / 1024) + " KiB chunk";
}

}  // namespace aeskit::detail::gcm_siv
