// src/aead/ocb_crypt.cpp — AES-OCB3 one-shot encryption and decryption (RFC 7253 §4.2 HASH,
// §4.3 OCB-ENCRYPT, §4.4 OCB-DECRYPT), generic over the AES backend.
//
// CPU features: none (generic; AES through the key's backend, its ocb_* entries when present).
// References: RFC 7253 §4.
//
// Math (blocks of 128 bits, "^" is xor, i is the 1-based block index, ntz(i) its trailing
// zero bits — public):
//   Nonce  = num2str(TAGLEN mod 128, 7) || 0* || 1 || N              (128 bits)
//   bottom = last 6 bits of Nonce; Ktop = E(Nonce with its last 6 bits cleared)
//   Stretch = Ktop || (Ktop[1..64] ^ Ktop[9..72]);  Offset_0 = Stretch[1+bottom..128+bottom]
//   Offset_i = Offset_{i-1} ^ L_{ntz(i)}
//   encrypt: C_i = Offset_i ^ E(P_i ^ Offset_i);   Checksum ^= P_i
//   decrypt: P_i = Offset_i ^ D(C_i ^ Offset_i);   Checksum ^= P_i
//   final partial block X_* (1..15 bytes): Offset_* = Offset_m ^ L_*; Pad = E(Offset_*);
//     the other side's bytes are X_* ^ Pad; Checksum ^= P_* || 1 || 0*; Offset_m := Offset_*
//   Tag = E(Checksum ^ Offset_m ^ L_$) ^ HASH(A)
//   HASH(A): the same offsets from Offset_0 = 0: Sum ^= E(A_i ^ Offset_i), and a partial A_*
//     as (A_* || 1 || 0*) ^ Offset_* with Offset_* = Offset_m ^ L_*.
// Ktop's stretch is shifted by `bottom`, which comes from the public nonce: two 64-bit
// variable shifts by a public amount, no branch and no table lookup on Ktop.
//
// Whole blocks go to the backend's ocb_* kernel when it has one (it may do a prefix); the
// rest is batched: kBatch offsets computed, blocks whitened, one encrypt_blocks /
// decrypt_blocks call, then unwhitened. A final partial block is done before the whole
// blocks (Offset_m follows from Offset_0 and m by a Gray-code sum of L's), so its pad's AES
// overlaps the bulk kernel; after the bulk only the tag's AES is left. Short AD (≤ 16 bytes,
// the common case) is encrypted in the same call as the nonce block. Ktop comes from the
// key's cache when the nonce's top is the cached one (ocb_ktop_cache.hpp), which takes the
// nonce's AES call off the chain the bulk kernel waits for.
#include <bit>
#include <cstring>
#include <span>

#include "aead/ocb_key.hpp"
#include "base/block128.hpp"
#include "base/buffers.hpp"
#include "base/byte_order.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "base/wipe_block.hpp"

namespace aeskit::detail::ocb {
namespace {

constexpr std::size_t kBatch = 32;  // generic path: blocks per encrypt_blocks call

const std::uint8_t* l_for(const OcbKey& k, std::uint64_t index) noexcept {
  return k.l.l[__builtin_ctzll(index)];  // index ≥ 1, public
}

void encrypt1(const OcbKey& k, const std::uint8_t* in, std::uint8_t* out,
              std::size_t blocks) noexcept {
  k.aes->backend->encrypt_blocks(k.aes->enc, in, out, blocks);
}

// blocks_generic: `blocks` whole blocks from block index `index`, batched.
void blocks_generic(const OcbKey& k, Kind kind, std::uint64_t index, std::uint8_t offset[16],
                    std::uint8_t acc[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t blocks) noexcept {
  if (blocks == 0) return;
  const AesBackend& b = *k.aes->backend;
  alignas(16) std::uint8_t offs[kBatch * 16];
  alignas(16) std::uint8_t buf[kBatch * 16];
  const std::size_t used = blocks < kBatch ? blocks : kBatch;
  while (blocks != 0) {
    const std::size_t n = blocks < kBatch ? blocks : kBatch;
    for (std::size_t j = 0; j < n; ++j) {
      xor_block(offset, offset, l_for(k, index + j));
      std::memcpy(offs + 16 * j, offset, 16);
      if (kind == Kind::encrypt) xor_block(acc, acc, in + 16 * j);
      xor_block(buf + 16 * j, in + 16 * j, offset);
    }
    if (kind == Kind::decrypt)
      b.decrypt_blocks(*k.dec, buf, buf, n);
    else
      b.encrypt_blocks(k.aes->enc, buf, buf, n);
    for (std::size_t j = 0; j < n; ++j) {
      if (kind == Kind::hash) {
        xor_block(acc, acc, buf + 16 * j);
      } else {
        xor_block(out + 16 * j, buf + 16 * j, offs + 16 * j);
        if (kind == Kind::decrypt) xor_block(acc, acc, out + 16 * j);
      }
    }
    index += n;
    in += 16 * n;
    if (kind != Kind::hash) out += 16 * n;
    blocks -= n;
  }
  secure_zero(buf, 16 * used);
  secure_zero(offs, 16 * used);
}

}  // namespace

void run_blocks(const OcbKey& k, Kind kind, std::uint64_t index, std::uint8_t offset[16],
                std::uint8_t acc[16], const std::uint8_t* in, std::uint8_t* out,
                std::size_t blocks) noexcept {
  if (blocks == 0) return;
  if (k.use_kernels) {
    const AesBackend& b = *k.aes->backend;
    std::size_t done = 0;
    if (kind == Kind::encrypt && b.ocb_encrypt != nullptr) {
      done = b.ocb_encrypt(k.aes->enc, k.l, index, offset, acc, in, out, blocks);
    } else if (kind == Kind::decrypt && b.ocb_decrypt != nullptr) {
      done = b.ocb_decrypt(*k.dec, k.l, index, offset, acc, in, out, blocks);
    } else if (kind == Kind::hash && b.ocb_hash != nullptr) {
      done = b.ocb_hash(k.aes->enc, k.l, index, offset, acc, in, blocks);
    }
    index += done;
    in += 16 * done;
    if (kind != Kind::hash) out += 16 * done;
    blocks -= done;
  }
  blocks_generic(k, kind, index, offset, acc, in, out, blocks);
}

namespace {

// offset_after: Offset_m = Offset_0 ^ L_{ntz(1)} ^ ... ^ L_{ntz(m)} without the chain. The
// Gray code g(i) = i ^ (i >> 1) changes exactly bit ntz(i) from g(i-1) to g(i), so that sum
// is the XOR of L_j over the set bits j of g(m). m is a public block count.
void offset_after(const OcbKey& k, const std::uint8_t offset0[16], std::uint64_t m,
                  std::uint8_t out[16]) noexcept {
  Block128 o = load_block128(offset0);
  for (std::uint64_t g = m ^ (m >> 1); g != 0; g &= g - 1)
    o = o ^ load_block128(k.l.l[__builtin_ctzll(g)]);
  store_block128(out, o);
}

// final_partial: the last rest (1..15) bytes after `full` whole blocks, done before the
// whole blocks: Offset_* = Offset_m ^ L_* with Offset_m from Offset_0 (offset_after), Pad =
// E(Offset_*), the other side's bytes = X_* ^ Pad, and checksum seeded with P_* || 1 || 0*.
// Nothing here depends on the whole blocks, so this AES chain overlaps the bulk kernel that
// follows instead of adding its latency after it. Offset_* is left in offset_star.
void final_partial(const OcbKey& k, Kind kind, const std::uint8_t offset0[16], std::size_t full,
                   std::size_t rest, const std::uint8_t* in, std::uint8_t* out,
                   std::uint8_t checksum[16], std::uint8_t offset_star[16]) noexcept {
  alignas(16) std::uint8_t pad[16];
  offset_after(k, offset0, full, offset_star);
  xor_block(offset_star, offset_star, k.l_star);
  encrypt1(k, offset_star, pad, 1);
  // P_* || 1 || 0*: sealing reads it; opening gets it as C_* ^ Pad[0..rest) (the pad's bytes
  // past `rest` masked off) with 1 || 0* added. Read before out is written (in place).
  const Block128 x = load_partial_block(in + 16 * full, rest, /*pad=*/true);
  const Block128 p =
      kind == Kind::encrypt ? x : x ^ (load_block128(pad) & block128_prefix_mask(rest));
  store_partial_block(out + 16 * full, rest, x ^ load_block128(pad));
  store_block128(checksum, p);
  wipe_block(pad);
}

// nonce_block: Nonce = num2str(TAGLEN mod 128, 7) || 0* || 1 || N with its last 6 bits
// cleared, and those 6 bits (`bottom`). Built in two 64-bit words (byte i of the block is
// byte i % 8 of word i / 8) and returned as one register, so the AES call that follows reads
// it without a store-forwarding stall (base/block128.hpp). N is 1..15 bytes (public).
Block128 nonce_block(std::size_t tag_length, std::span<const std::uint8_t> nonce,
                     unsigned& bottom) noexcept {
  const std::size_t n = nonce.size();
  if constexpr (std::endian::native == std::endian::little) {
    const std::uint8_t* p = nonce.data();
    std::uint64_t w0 = 0, w1 = 0;  // N fills bytes 16-n..15
    if (n >= 8) {
      std::memcpy(&w1, p + n - 8, 8);
      if (n > 8) w0 = load_partial_word(p, n - 8) << (8 * (16 - n));
    } else if (n != 0) {
      w1 = load_partial_word(p, n) << (8 * (8 - n));
    }
    const std::size_t one = 15 - n;  // the byte holding the 1 bit before N
    if (one < 8)
      w0 |= std::uint64_t{1} << (8 * one);
    else
      w1 |= std::uint64_t{1} << (8 * (one - 8));
    w0 |= static_cast<std::uint64_t>(((tag_length * 8) % 128) << 1);
    bottom = static_cast<unsigned>(w1 >> 56) & 0x3f;
    w1 &= ~(std::uint64_t{0x3f} << 56);
    return Block128{w0, w1};
  } else {
    alignas(16) std::uint8_t in[16] = {};
    in[0] = static_cast<std::uint8_t>(((tag_length * 8) % 128) << 1);
    in[15 - n] |= 1;
    copy_bytes(in + 16 - n, nonce.data(), n);
    bottom = in[15] & 0x3f;
    in[15] &= 0xc0;
    return load_block128(in);
  }
}

// offset_from_ktop: Stretch = k0 || k1 || k2 (192 bits) with k2 = k0 ^ (k0 << 8 | k1 >> 56),
// and Offset_0 = bits bottom..bottom+127 of it.
void offset_from_ktop(const std::uint8_t ktop[16], unsigned bottom,
                      std::uint8_t offset[16]) noexcept {
  const std::uint64_t k0 = load_be64(ktop);
  const std::uint64_t k1 = load_be64(ktop + 8);
  const std::uint64_t k2 = k0 ^ ((k0 << 8) | (k1 >> 56));
  // (x >> 1) >> (63 - bottom) is x >> (64 - bottom), and 0 for bottom == 0, without an
  // undefined 64-bit shift.
  store_block128(offset, block128_from_be64((k0 << bottom) | ((k1 >> 1) >> (63 - bottom)),
                                            (k1 << bottom) | ((k2 >> 1) >> (63 - bottom))));
}

// start: Offset_0 from the nonce, and Sum = HASH(K, A).
void start(const OcbKey& k, std::size_t tag_length, std::span<const std::uint8_t> nonce,
           std::span<const std::uint8_t> ad, std::uint8_t offset[16],
           std::uint8_t sum[16]) noexcept {
  // in[0]: the nonce block with its bottom 6 bits cleared (then Ktop); in[1]: a short AD's
  // only block. With Ktop cached, only the AD block (if any) is encrypted, and nothing waits
  // for it until the tag.
  alignas(16) std::uint8_t in[2][16];
  unsigned bottom;
  const Block128 top = nonce_block(tag_length, nonce, bottom);
  Block128 ktop = top;
  const bool cached = k.ktop.find(top, ktop);  // the nonce decides: public
  store_block128(in[0], ktop);                 // Ktop if cached, else the block to encrypt

  const bool short_ad = ad.size() <= 16;
  bool ad_block = false;
  if (short_ad && ad.size() == 16) {
    xor_block(in[1], ad.data(), k.l.l[0]);  // Offset_1 = L_{ntz(1)} = L_0
    ad_block = true;
  } else if (short_ad && !ad.empty()) {  // (A_* || 1 || 0*) ^ Offset_*, Offset_* = 0 ^ L_*
    store_block128(
        in[1], load_partial_block(ad.data(), ad.size(), /*pad=*/true) ^ load_block128(k.l_star));
    ad_block = true;
  }
  if (cached) {
    if (ad_block) encrypt1(k, in[1], in[1], 1);
  } else {
    encrypt1(k, in[0], in[0], ad_block ? 2 : 1);
    k.ktop.offer(top, load_block128(in[0]));
  }
  if (ad_block)
    std::memcpy(sum, in[1], 16);
  else
    std::memset(sum, 0, 16);
  if (!short_ad) {
    alignas(16) std::uint8_t ad_offset[16] = {};
    const std::size_t full = ad.size() / 16;
    run_blocks(k, Kind::hash, 1, ad_offset, sum, ad.data(), nullptr, full);
    const std::size_t rest = ad.size() % 16;
    if (rest != 0) {
      alignas(16) std::uint8_t last[16];
      xor_block(ad_offset, ad_offset, k.l_star);
      store_block128(last, load_partial_block(ad.data() + 16 * full, rest, /*pad=*/true) ^
                               load_block128(ad_offset));
      encrypt1(k, last, last, 1);
      xor_block(sum, sum, last);
      wipe_block(last);
    }
    wipe_block(ad_offset);
  }

  offset_from_ktop(in[0], bottom, offset);
  wipe_fixed<32>(in);
}

// crypt_and_tag: the whole message (kind: encrypt or decrypt) and the full 16-byte tag
// E(Checksum ^ Offset ^ L_$) ^ HASH(A) into t. A final partial block goes first: its pad's
// AES overlaps the bulk kernel (final_partial); only the tag's AES follows the bulk.
void crypt_and_tag(const OcbKey& k, Kind kind, std::size_t tag_length,
                   std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                   const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                   std::uint8_t t[16]) noexcept {
  alignas(16) std::uint8_t offset[16];
  alignas(16) std::uint8_t sum[16];
  alignas(16) std::uint8_t checksum[16] = {};
  start(k, tag_length, nonce, ad, offset, sum);
  const std::size_t full = len / 16;
  const std::size_t rest = len % 16;
  if (rest != 0) final_partial(k, kind, offset, full, rest, in, out, checksum, t);
  run_blocks(k, kind, 1, offset, checksum, in, out, full);
  if (rest != 0) std::memcpy(offset, t, 16);  // Offset_*
  xor_block(t, checksum, offset);
  xor_block(t, t, k.l_dollar);
  encrypt1(k, t, t, 1);
  xor_block(t, t, sum);
  wipe_block(offset);
  wipe_block(sum);
  wipe_block(checksum);
}

}  // namespace

void initial_offset(const OcbKey& k, std::size_t tag_length, std::span<const std::uint8_t> nonce,
                    std::uint8_t offset[16]) noexcept {
  alignas(16) std::uint8_t ktop[16];
  unsigned bottom;
  const Block128 top = nonce_block(tag_length, nonce, bottom);
  Block128 cached = top;
  if (k.ktop.find(top, cached)) {  // the nonce decides: public
    store_block128(ktop, cached);
  } else {
    store_block128(ktop, top);
    encrypt1(k, ktop, ktop, 1);
    k.ktop.offer(top, load_block128(ktop));
  }
  offset_from_ktop(ktop, bottom, offset);
  wipe_block(ktop);
}

void seal(const OcbKey& k, std::size_t tag_length, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, std::uint8_t* tag_out) noexcept {
  alignas(16) std::uint8_t t[16];
  crypt_and_tag(k, Kind::encrypt, tag_length, nonce, ad, in, out, len, t);
  std::memcpy(tag_out, t, tag_length);
  wipe_block(t);
}

bool open(const OcbKey& k, std::size_t tag_length, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, const std::uint8_t* tag) noexcept {
  alignas(16) std::uint8_t received[16];
  std::memcpy(received, tag, tag_length);  // read before any output is written
  alignas(16) std::uint8_t t[16];
  crypt_and_tag(k, Kind::decrypt, tag_length, nonce, ad, in, out, len, t);
  const bool ok = ct_equal(t, received, tag_length);
  wipe_block(t);
  wipe_block(received);
  if (!ok && len != 0) secure_zero(out, len);
  return ok;
}

}  // namespace aeskit::detail::ocb
