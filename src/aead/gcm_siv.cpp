// src/aead/gcm_siv.cpp — AES-GCM-SIV seal and open (RFC 8452 §4-5), generic over the AES
// backend contract and the POLYVAL code (polyval.hpp).
//
// CPU features: none (generic). AES through the key's backend (encrypt_blocks for the key
// derivation and the tag, ctr32_le for the CTR pass), POLYVAL through polyval.hpp.
// References: RFC 8452 §4 (key derivation, POLYVAL input, tag, CTR), §5 (decryption: CTR with
// the received tag first, then the tag check), §6 (limits, enforced by AeadKey).
//
// Paths (the choice depends on public lengths only):
//   one call (the native POLYVAL kernel has hash_message and the POLYVAL block count is in
//     its seal / open range: vpclmul512, messages of about 100 bytes to 4 KiB): the whole
//     POLYVAL input (AD, data, lengths) is hashed in one call with the powers of H built and
//     kept in registers, no table stored or wiped. Seal hashes the plaintext, then runs the
//     tag and CTR (one gcm_siv_tag_ctr call); open runs CTR over the whole message, then
//     hashes its output, and zeroes it on a mismatch.
//   short (padded AD + padded data + the length block fit kSmallBytes): the hash input is
//     laid out in one stack buffer and hashed with one polyval_short call (no POLYVAL key
//     table: the kernel keeps H and H^2 in registers); the data is encrypted
//     in that buffer with one CTR call. Open decrypts there, re-zeroes the padding, hashes,
//     and copies the plaintext out only when the tag matches (zeros otherwise).
//   long (the rest): seal hashes AD, the whole blocks of plaintext in place and the padded
//     tail, then runs CTR over the whole message. Open runs CTR and POLYVAL over the whole
//     blocks in one fused pass (the key's fused_open, on a POLYVAL key with the whole
//     table), or else chunk by chunk (kChunkBlocks: the chunk's plaintext is hashed while
//     still in L1), then the tail, and zeroes the output on a mismatch.
// Every temporary that held key material, plaintext or key stream is wiped.
//
// One-block messages are latency-bound (derivation AES -> key expansion and POLYVAL -> tag
// AES -> CTR AES), so every block handed between those steps is written with one 16-byte
// store (base/block128.hpp) that the next step's 16-byte load forwards from: the short
// layout, S ^ N with the top bit cleared, the counter from the tag. The backend's
// gcm_siv_derive (when it has one) derives and expands the per-nonce keys in registers.
#include "aead/gcm_siv.hpp"
#include "base/byte_order.hpp"

#include <bit>
#include <cstring>

#include "aead/open_verdict.hpp"
#include "base/block128.hpp"
#include "base/ct_equal.hpp"
#include "base/declassify.hpp"
#include "base/secure_zero.hpp"
#include "base/wipe_block.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail::gcm_siv {
namespace {

constexpr std::size_t kChunkBlocks = 256;  // 4 KiB per CTR + POLYVAL step when opening
constexpr std::size_t kSmallBytes = 512;

std::size_t padded(std::size_t n) noexcept {
  return (n + 15) / 16 * 16;
}

// MessageKeys: the per-nonce keys (§4): the message-encryption key expanded on the key's
// backend (KeyState wipes it), the message-authentication key H, and (long paths) H's
// POLYVAL key; all wiped on destruction.
struct MessageKeys {
  KeyState enc;
  alignas(16) std::uint8_t auth_key[16];  // the message-authentication key H
  PolyvalKey auth;                        // H's POLYVAL key: the long paths only (init_auth)
  bool auth_built = false;
  MessageKeys() = default;
  MessageKeys(const MessageKeys&) = delete;
  MessageKeys& operator=(const MessageKeys&) = delete;
  ~MessageKeys() {
    wipe_block(auth_key);
    if (auth_built) polyval_wipe(auth);
  }
};

// derive: blocks LE32(i) || N for i < 4 (AES-128) or 6 (AES-256), encrypted in one call; the
// first half of each output block, concatenated, gives auth key || encryption key (the
// latter expanded into m.enc). With the backend's gcm_siv_derive the same happens in
// registers (backend.hpp).
void derive(const GcmSivKey& key, const std::uint8_t* nonce, MessageKeys& m) noexcept {
  const AesBackend& backend = *key.aes->backend;
  const std::size_t enc_len = key.aes->key_len;  // 16 or 32
  m.enc.backend = &backend;
  m.enc.key_len = enc_len;
  if (backend.gcm_siv_derive != nullptr) {
    backend.gcm_siv_derive(key.aes->enc, nonce, m.auth_key, m.enc.enc);
    return;
  }
  const std::size_t count = 2 + enc_len / 8;
  alignas(16) std::uint8_t blocks[6 * 16];
  for (std::size_t i = 0; i < count; ++i) {
    store_le32(blocks + 16 * i, static_cast<std::uint32_t>(i));
    std::memcpy(blocks + 16 * i + 4, nonce, 12);
  }
  backend.encrypt_blocks(key.aes->enc, blocks, blocks, count);
  std::uint8_t keys[6 * 8];
  for (std::size_t i = 0; i < count; ++i) std::memcpy(keys + 8 * i, blocks + 16 * i, 8);
  backend.expand_key(keys + 16, enc_len, m.enc.enc);
  std::memcpy(m.auth_key, keys, 16);
  wipe_fixed<sizeof blocks>(blocks);
  wipe_fixed<sizeof keys>(keys);
}

// init_auth (the long paths): H's POLYVAL key with only the powers of H that `blocks` (the
// message's POLYVAL input: padded AD, padded data, the length block; public; or the whole
// table for the fused open pass) can use.
void init_auth(const GcmSivKey& key, MessageKeys& m, std::size_t blocks) noexcept {
  polyval_init(key.polyval, m.auth_key, m.auth, blocks);
  m.auth_built = true;
}

// hash_blocks: the blocks POLYVAL absorbs for this message (§4).
std::size_t hash_blocks(std::size_t ad_len, std::size_t len) noexcept {
  return padded(ad_len) / 16 + padded(len) / 16 + 1;
}

std::uint64_t to_le64(std::uint64_t v) noexcept {
  if constexpr (std::endian::native == std::endian::little)
    return v;
  else
    return __builtin_bswap64(v);
}

// lengths_block: LE64(bits(AD)) || LE64(bits(P)) as one 16-byte store.
void lengths_block(std::uint8_t block[16], std::size_t ad_len, std::size_t len) noexcept {
  store_block128(block, Block128{to_le64(static_cast<std::uint64_t>(ad_len) * 8),
                                 to_le64(static_cast<std::uint64_t>(len) * 8)});
}

// Byte masks for the tag input and the counter (loads from constant memory, any endianness).
alignas(16) constexpr std::uint8_t kClearTop[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
alignas(16) constexpr std::uint8_t kSetTop[16] = {0, 0, 0, 0, 0, 0, 0, 0,
                                                  0, 0, 0, 0, 0, 0, 0, 0x80};

// copy_padded: p[0..n) to buf zero-padded to whole blocks, one 16-byte store per block
// (a byte-granular copy would make POLYVAL's and CTR's 16-byte loads wait for the stores).
void copy_padded(std::uint8_t* buf, const std::uint8_t* p, std::size_t n) noexcept {
  const std::size_t whole = n / 16;
  for (std::size_t i = 0; i < whole; ++i) store_block128(buf + 16 * i, load_block128(p + 16 * i));
  if (n % 16 != 0)
    store_block128(buf + 16 * whole, load_partial_block(p + 16 * whole, n % 16, /*pad=*/false));
}

// hash_padded: POLYVAL over `len` bytes, the last partial block zero-padded. A short input
// (≤ kPaddedCopyBytes, e.g. the AD) is copied padded and hashed in one call, so it pays one
// final reduction instead of two.
constexpr std::size_t kPaddedCopyBytes = 256;

void hash_padded(const PolyvalKey& pk, std::uint8_t s[16], const std::uint8_t* data,
                 std::size_t len) noexcept {
  if (len == 0) return;
  const std::size_t rem = len % 16;
  if (rem != 0 && len <= kPaddedCopyBytes) {
    alignas(16) std::uint8_t buf[kPaddedCopyBytes];
    const std::size_t blocks = padded(len) / 16;
    copy_padded(buf, data, len);
    polyval_update(pk, s, buf, blocks);
    wipe_blocks(buf, blocks);
    return;
  }
  if (len / 16 != 0) polyval_update(pk, s, data, len / 16);
  if (rem == 0) return;
  alignas(16) std::uint8_t block[16];
  store_block128(block, load_partial_block(data + len - rem, rem, /*pad=*/false));
  polyval_update(pk, s, block, 1);
  wipe_block(block);
}

// hash_tail_and_lengths: POLYVAL over the data's last partial block (rem = len % 16 bytes at
// `tail`, zero-padded; nothing when rem is 0) and the length block, in one call.
void hash_tail_and_lengths(const PolyvalKey& pk, std::uint8_t s[16], const std::uint8_t* tail,
                           std::size_t ad_len, std::size_t len) noexcept {
  alignas(16) std::uint8_t last[2][16];
  const std::size_t rem = len % 16;
  std::size_t at = 0;
  if (rem != 0) store_block128(last[at++], load_partial_block(tail, rem, /*pad=*/false));
  lengths_block(last[at], ad_len, len);
  polyval_update(pk, s, last[0], at + 1);
  wipe_fixed<sizeof last>(last);
}

// make_tag: S ^= N (bytes 0..11), S[15] &= 0x7f, tag = AES(enc key, S). Wipes S. The
// block is formed in a register and stored once, so the AES load forwards from that store.
void make_tag(const MessageKeys& m, std::uint8_t s[16], const std::uint8_t* nonce,
              std::uint8_t tag[16]) noexcept {
  const Block128 v =
      (load_block128(s) ^ load_partial_block(nonce, 12, /*pad=*/false)) & load_block128(kClearTop);
  store_block128(s, v);
  m.enc.backend->encrypt_blocks(m.enc.enc, s, tag, 1);
  wipe_block(s);
}

// initial_counter: the tag with byte 15's top bit set. The tag travels in the clear, so the
// counter is public: declassified here (as SIV does with V) for the audit's benefit.
void initial_counter(const std::uint8_t tag[16], std::uint8_t counter[16]) noexcept {
  store_block128(counter, load_block128(tag) | load_block128(kSetTop));
  for (int i = 0; i < 16; ++i) declassify(counter[i]);
}

// tag_and_ctr (seal): make_tag, initial_counter and CTR over `blocks` whole blocks from in to
// out (maybe the same); through the backend's gcm_siv_tag_ctr when it has one (the tag and
// counter stay in registers), whose first group ctr32_le_blocks continues. Leaves the next
// counter block in `counter`.
void tag_and_ctr(const MessageKeys& m, std::uint8_t s[16], const std::uint8_t* nonce,
                 std::uint8_t tag[16], std::uint8_t counter[16], const std::uint8_t* in,
                 std::uint8_t* out, std::size_t blocks) noexcept {
  std::size_t done = 0;
  const AesBackend& b = *m.enc.backend;
  if (b.gcm_siv_tag_ctr != nullptr) {
    done = b.gcm_siv_tag_ctr(m.enc.enc, s, nonce, tag, counter, in, out, blocks);
    wipe_block(s);
    for (int i = 0; i < 16; ++i) declassify(counter[i]);  // from the tag, as initial_counter
  } else {
    make_tag(m, s, nonce, tag);
    initial_counter(tag, counter);
  }
  if (done < blocks)
    ctr32_le_blocks(m.enc, counter, in + 16 * done, out + 16 * done, blocks - done);
}

// ctr_tail: the last `rem` (< 16) bytes through one key-stream block.
void ctr_tail(const MessageKeys& m, std::uint8_t counter[16], const std::uint8_t* in,
              std::uint8_t* out, std::size_t rem) noexcept {
  std::uint8_t ks[16] = {};
  ctr32_le_blocks(m.enc, counter, ks, ks, 1);
  for (std::size_t i = 0; i < rem; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
  wipe_block(ks);
}

// kShortAlways: inputs of at most this many POLYVAL blocks (one AD block, one data block, the
// lengths) take the short path without looking at the kernel: hash_short's two powers in
// registers beat any one-call kernel there (the seal and open ranges start above it), and
// the 16-byte messages' path stays exactly as it was (measured: zmm open 0.91x when the
// range was checked first).
constexpr std::size_t kShortAlways = 3;

// message_hasher: the native POLYVAL kernel's one-call hash of the whole input (powers in
// registers, no table: PolyvalKernel::hash_message) when it has one and the input's POLYVAL
// block count (public) is in its range for this operation, else nullptr.
const PolyvalKernel* message_hasher(const GcmSivKey& key, std::size_t ad_len, std::size_t len,
                                    bool sealing) noexcept {
  const PolyvalKernel* k = key.polyval.native;
  if (k == nullptr || k->hash_message == nullptr) return nullptr;
  const PolyvalKernel::Range& range = sealing ? k->hash_message_seal : k->hash_message_open;
  const std::size_t n = hash_blocks(ad_len, len);
  return n >= range.from && n < range.below ? k : nullptr;
}

// hash_one_call (seal) and open_one_call: the one-call paths, out of line so that the short
// path's code around them stays as it was (measured: 1-3% at 16 bytes when inlined).
[[gnu::noinline]] void hash_one_call(const PolyvalKernel& hasher, const MessageKeys& m,
                                     std::span<const std::uint8_t> ad, const std::uint8_t* in,
                                     std::size_t len, std::uint8_t s[16]) noexcept {
  hasher.hash_message(m.auth_key, ad.data(), ad.size(), in, len, s);
}

[[gnu::noinline]] bool open_one_call(const PolyvalKernel& hasher, const MessageKeys& m,
                                     const std::uint8_t* nonce, std::span<const std::uint8_t> ad,
                                     const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                                     std::uint8_t counter[16],
                                     const std::uint8_t received[16]) noexcept {
  const std::size_t full = len / 16;
  ctr32_le_blocks(m.enc, counter, in, out, full);
  if (len % 16 != 0) ctr_tail(m, counter, in + 16 * full, out + 16 * full, len % 16);
  std::uint8_t s[16];
  hasher.hash_message(m.auth_key, ad.data(), ad.size(), out, len, s);
  std::uint8_t expected[16];
  make_tag(m, s, nonce, expected);
  return open_verdict(expected, received, out, len);
}

bool fits_small(std::size_t ad_len, std::size_t len) noexcept {
  return ad_len <= kSmallBytes && len <= kSmallBytes &&
         padded(ad_len) + padded(len) + 16 <= kSmallBytes;
}

// copy_out: the first n bytes of the padded blocks at buf to p[0..n): block loads and stores
// (no library call for a one-block message).
void copy_out(std::uint8_t* p, const std::uint8_t* buf, std::size_t n) noexcept {
  const std::size_t whole = n / 16;
  for (std::size_t i = 0; i < whole; ++i) store_block128(p + 16 * i, load_block128(buf + 16 * i));
  if (n % 16 != 0) store_partial_block(p + 16 * whole, n % 16, load_block128(buf + 16 * whole));
}

// Small layout: [AD padded | data padded | lengths] in buf; returns the data offset.
std::size_t lay_out_small(std::uint8_t* buf, std::span<const std::uint8_t> ad,
                          const std::uint8_t* in, std::size_t len) noexcept {
  const std::size_t pa = padded(ad.size());
  const std::size_t pd = padded(len);
  copy_padded(buf, ad.data(), ad.size());
  copy_padded(buf + pa, in, len);
  lengths_block(buf + pa + pd, ad.size(), len);
  return pa;
}

}  // namespace

void seal(const GcmSivKey& key, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, std::uint8_t tag[16]) noexcept {
  MessageKeys m;
  derive(key, nonce.data(), m);
  std::uint8_t s[16] = {};
  const PolyvalKernel* hasher = hash_blocks(ad.size(), len) > kShortAlways
                                    ? message_hasher(key, ad.size(), len, /*sealing=*/true)
                                    : nullptr;
  if (hasher == nullptr && fits_small(ad.size(), len)) {
    alignas(16) std::uint8_t buf[kSmallBytes];
    const std::size_t at = lay_out_small(buf, ad, in, len);
    const std::size_t total = at + padded(len) + 16;
    polyval_short(key.polyval, m.auth_key, s, buf, total / 16);
    std::uint8_t counter[16];
    tag_and_ctr(m, s, nonce.data(), tag, counter, buf + at, buf + at, padded(len) / 16);
    copy_out(out, buf + at, len);
    wipe_blocks(buf, total / 16);
    return;
  }
  if (hasher != nullptr) {
    hash_one_call(*hasher, m, ad, in, len, s);
  } else {
    init_auth(key, m, hash_blocks(ad.size(), len));
    hash_padded(m.auth, s, ad.data(), ad.size());
    if (len / 16 != 0) polyval_update(m.auth, s, in, len / 16);
    hash_tail_and_lengths(m.auth, s, in + 16 * (len / 16), ad.size(), len);
  }
  std::uint8_t counter[16];
  const std::size_t full = len / 16;
  tag_and_ctr(m, s, nonce.data(), tag, counter, in, out, full);
  if (len % 16 != 0) ctr_tail(m, counter, in + 16 * full, out + 16 * full, len % 16);
}

bool open(const GcmSivKey& key, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, const std::uint8_t tag[16]) noexcept {
  MessageKeys m;
  derive(key, nonce.data(), m);
  std::uint8_t received[16];
  std::memcpy(received, tag, 16);
  std::uint8_t counter[16];
  initial_counter(received, counter);
  std::uint8_t s[16] = {};
  std::uint8_t expected[16];
  const std::size_t full = len / 16;
  const PolyvalKernel* hasher = hash_blocks(ad.size(), len) > kShortAlways
                                    ? message_hasher(key, ad.size(), len, /*sealing=*/false)
                                    : nullptr;
  if (hasher != nullptr)
    return open_one_call(*hasher, m, nonce.data(), ad, in, out, len, counter, received);
  if (fits_small(ad.size(), len)) {
    alignas(16) std::uint8_t buf[kSmallBytes];
    const std::size_t at = lay_out_small(buf, ad, in, len);
    const std::size_t pd = padded(len);
    if (len != 0) {
      ctr32_le_blocks(m.enc, counter, buf + at, buf + at, pd / 16);
      if (len % 16 != 0) {  // the padding must hash as zeros: mask the last block in place
        std::uint8_t* last = buf + at + pd - 16;
        store_block128(last, load_block128(last) & block128_prefix_mask(len % 16));
      }
    }
    const std::size_t total = at + pd + 16;
    polyval_short(key.polyval, m.auth_key, s, buf, total / 16);
    make_tag(m, s, nonce.data(), expected);
    const bool ok = ct_equal(expected, received, 16);
    wipe_block(expected);
    if (len != 0) {
      if (ok)
        copy_out(out, buf + at, len);
      else
        secure_zero(out, len);
    }
    wipe_blocks(buf, total / 16);
    return ok;
  }
  const GcmFusedKernels* fused = key.fused_open;
  std::size_t powers = hash_blocks(ad.size(), len);
  if (fused != nullptr && powers < key.polyval.native->full_table_from)
    powers = key.polyval.native->full_table_from;  // the fused pass reads the whole table
  init_auth(key, m, powers);
  hash_padded(m.auth, s, ad.data(), ad.size());
  std::size_t done = 0;
  if (fused != nullptr)
    done = fused->polyval_open(m.enc.enc, m.auth.hkey, counter, s, in, out, full);
  while (done < full) {
    const std::size_t n = full - done < kChunkBlocks ? full - done : kChunkBlocks;
    ctr32_le_blocks(m.enc, counter, in + 16 * done, out + 16 * done, n);
    polyval_update(m.auth, s, out + 16 * done, n);
    done += n;
  }
  if (len % 16 != 0) ctr_tail(m, counter, in + 16 * full, out + 16 * full, len % 16);
  hash_tail_and_lengths(m.auth, s, out + 16 * full, ad.size(), len);
  make_tag(m, s, nonce.data(), expected);
  return open_verdict(expected, received, out, len);
}

std::string describe(const GcmSivKey& key) {
  const AesBackend& b = *key.aes->backend;
  const std::string name(b.name);
  const std::string ctr = b.ctr32_le != nullptr
                              ? name + ":ctr32_le kernel"
                              : name + ":ctr32_le generic (encrypt_blocks batches) [no kernel]";
  const std::string keys =
      b.gcm_siv_derive != nullptr
          ? "per-nonce keys derived and expanded in registers (" + name + ":gcm_siv_derive)"
          : "per-nonce keys in one encrypt_blocks call + " + name + " key expansion";
  const std::string open =
      key.fused_open != nullptr
          ? "open: CTR32-LE + POLYVAL fused (" + std::string(key.fused_open->name) + ")"
          : "open: CTR + POLYVAL per " + std::to_string(kChunkBlocks * 16 / 1024) + " KiB chunk";
  std::string message;
  if (const PolyvalKernel* k = key.polyval.native; k != nullptr && k->hash_message != nullptr) {
    auto range = [](const PolyvalKernel::Range& r) {
      return std::to_string(r.from) + ".." + std::to_string(r.below - 1);
    };
    message = " (whole input in one call, powers in registers: seal " +
              range(k->hash_message_seal) + ", open " + range(k->hash_message_open) +
              " POLYVAL blocks)";
  }
  return name + ":gcm-siv, " + keys + "; " + ctr + "; POLYVAL " + describe_polyval(key.polyval) +
         message + "; " + open;
}

}  // namespace aeskit::detail::gcm_siv
