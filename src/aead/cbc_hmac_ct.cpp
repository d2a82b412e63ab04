// src/aead/cbc_hmac_ct.cpp — constant-time TLS CBC record checks (see cbc_hmac_ct.hpp).
//
// Math of tls_hmac_secret_length (SHA-1/SHA-256: 64-byte blocks, 8-byte length field):
// the inner hash runs over I = (K0 ^ ipad) || M, M = header || data, |M| = 13 + data_len.
// The key block is already compressed (HmacKey::ipad_h), so M starts on a block boundary.
// Padded, M occupies blocks 0..f with f = floor((|M| + 8) / 64): byte p of block j is
//   M[p] (p < |M|), 0x80 (p == |M|), 0 (p > |M|), and in block f bytes 56..63 hold
//   8·(64 + |M|) big-endian.
// Blocks below floor((13 + min_len) / 64) are all message bytes whatever data_len is, and are
// hashed directly; every later block up to floor((13 + max_len + 8) / 64) is built with the
// masks above from public addresses and compressed, and the chaining value is kept where
// j == f (mask select). So the number of compressions depends on min_len and max_len only.
// Nothing here branches on or indexes memory with data_len, pad or the MAC bytes.
#include "aead/cbc_hmac_ct.hpp"
#include "base/byte_order.hpp"
#include "base/ct_mask.hpp"
#include "base/ct_shadow.hpp"

#include <cstring>

#include "base/secure_zero.hpp"
#include "hash/hmac_core.hpp"

namespace aeskit::detail {

std::uint64_t tls_check_padding(const std::uint8_t* rec, std::size_t len, std::size_t mac_len,
                                std::size_t* data_len) noexcept {
  const std::uint64_t pad = rec[len - 1];
  // mac_len + 1 + pad <= len, written with the secret alone on one side (len > mac_len).
  std::uint64_t good = ct_mask_le(pad, len - mac_len - 1);
  // The last n bytes (public window w). Byte r of w is padding iff n - 1 - r <= pad (< 256: a
  // 16-bit comparison of pad with a public value, made a byte mask by a sign extension; no
  // barrier, so the compiler vectorises the loop, branch-free: see base/ct_mask.hpp). Padding
  // bytes must equal pad; differences are ORed into `bad`. Public addresses, no early exit.
  const std::size_t n = len < 256 ? len : 256;
  const std::uint8_t* w = rec + (len - n);
  const std::uint8_t pad8 = static_cast<std::uint8_t>(pad);
  const std::uint16_t pad16 = static_cast<std::uint16_t>(pad);
  std::uint8_t bad = 0;
  for (std::size_t r = 0; r < n; ++r) {
    const std::uint16_t back = static_cast<std::uint16_t>(n - 1 - r);
    const std::uint8_t in_padding = ct_mask8_bit(back <= pad16);
    bad = static_cast<std::uint8_t>(bad | ((w[r] ^ pad8) & in_padding));
  }
  good &= ct_mask_eq(bad, 0);
  *data_len = len - mac_len - 1 - static_cast<std::size_t>(pad & good);  // pad <= 255
  return good;
}

namespace {}  // namespace

void tls_hmac_secret_length(const HmacKey& key, const std::uint8_t header[13],
                            const std::uint8_t* rec, std::size_t rec_len, std::size_t min_len,
                            std::size_t max_len, std::size_t data_len, std::uint8_t* mac) noexcept {
  tls_hmac_secret_length_from(key, key.ipad_h, 0, header, rec, rec_len, min_len, max_len, data_len,
                              mac);
}

void tls_hmac_secret_length_from(const HmacKey& key, const HashWords& start,
                                 std::size_t done_blocks, const std::uint8_t header[13],
                                 const std::uint8_t* rec, std::size_t rec_len, std::size_t min_len,
                                 std::size_t max_len, std::size_t data_len,
                                 std::uint8_t* mac) noexcept {
  constexpr std::size_t kB = 64;  // SHA-1 / SHA-256 block
  const std::size_t d = digest_length(key.alg);
  const std::size_t words = key.alg == HashAlgorithm::sha1 ? 5 : 8;
  const CompressFn compress = compress_fn(*key.compressor, key.alg);
  HashWords h = start;

  // Message byte at public position p (0 beyond the record).
  auto m_byte = [&](std::size_t p) -> std::uint8_t {
    if (p < 13) return header[p];
    return p - 13 < rec_len ? rec[p - 13] : 0;
  };

  // Public part: whole blocks below 13 + min_len.
  const std::size_t public_blocks = (13 + min_len) / kB;
  alignas(16) std::uint8_t block[kB];
  std::size_t j = done_blocks;
  if (j == 0 && public_blocks > 0) {
    // Block 0 holds the header; later ones come straight from rec.
    for (std::size_t i = 0; i < kB; ++i) block[i] = m_byte(i);
    compress(h, block, 1);
    j = 1;
  }
  if (j < public_blocks) {
    compress(h, rec + (j * kB - 13), public_blocks - j);
    j = public_blocks;
  }

  const std::uint64_t m_len = 13 + data_len;  // secret
  const std::uint64_t bits = (kB + m_len) * 8;
  std::uint8_t len_bytes[8];
  for (int i = 0; i < 8; ++i) len_bytes[i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));

  HashWords selected{};
  const std::size_t last = (13 + max_len + 8) / kB;
  for (; j <= last; ++j) {
    // j == f, as j·64 <= m_len + 8 < j·64 + 64: comparisons with the secret sum itself (its
    // shadow under MSan lacks carries, so not f's bits: see base/ct_mask.hpp).
    const std::size_t base = j * kB;
    const std::uint64_t is_final = ct_mask_le(base, m_len + 8) & ct_mask_lt(m_len + 8, base + kB);
    // The block's message bytes by public address (zero past the record) ...
    if (base >= 13) {
      const std::size_t from = base - 13;
      const std::size_t avail = from >= rec_len ? 0 : (rec_len - from < kB ? rec_len - from : kB);
      if (avail) std::memcpy(block, rec + from, avail);
      std::memset(block + avail, 0, kB - avail);
    } else {
      for (std::size_t i = 0; i < kB; ++i) block[i] = m_byte(base + i);
    }
    // ... then masked: keep byte i when i < q, 0x80 when i == q, else 0, q = m_len - base
    // (secret, may be negative) clamped to [-1, 64] by masks from comparisons of m_len with
    // public bounds (base/ct_mask.hpp; through those masks q's MemorySanitizer shadow is the
    // whole word, not the carry-less shadow of the difference), so 16-bit comparisons are
    // exact; without a barrier in the byte loop the compiler vectorises it (branch-free).
    const std::uint64_t below = ct_mask_lt(m_len + 1, base);   // q < -1
    const std::uint64_t above = ct_mask_lt(base + kB, m_len);  // q > 64
    const std::uint64_t q = ((m_len - base) & ~below & ~above) | below | (kB & above);
    const std::int16_t q16 = static_cast<std::int16_t>(q);
    for (std::size_t i = 0; i < kB; ++i) {
      const std::int16_t i16 = static_cast<std::int16_t>(i);
      const std::uint8_t lt = ct_mask8_bit(i16 < q16);
      const std::uint8_t eq = ct_mask8_bit(i16 == q16);
      block[i] = static_cast<std::uint8_t>((block[i] & lt) | (0x80 & eq));
    }
    for (std::size_t i = 56; i < kB; ++i)
      block[i] = static_cast<std::uint8_t>(block[i] | (len_bytes[i - 56] & is_final));
    compress(h, block, 1);
    for (std::size_t w = 0; w < words; ++w)
      selected.w32[w] |= h.w32[w] & static_cast<std::uint32_t>(is_final);
  }

  std::uint8_t inner[32];
  for (std::size_t w = 0; w < words; ++w) store_be32(inner + 4 * w, selected.w32[w]);
  HashCore core;
  core.alg = key.alg;
  core.compressor = key.compressor;
  core_resume(core, key.opad_h, kB);
  core_update(core, inner, d);
  core_finish(core, mac);
  secure_zero(block, sizeof block);
  secure_zero(&h, sizeof h);
  secure_zero(&selected, sizeof selected);
  secure_zero(inner, sizeof inner);
  secure_zero(&core, sizeof core);
}

void tls_extract_mac(const std::uint8_t* rec, std::size_t rec_len, std::size_t mac_len,
                     std::size_t data_len, std::uint8_t* out) noexcept {
  // The MAC starts at data_len, which lies in [rec_len - mac_len - 256, rec_len - mac_len - 1]
  // (pad is one byte). Copy the window that can hold it (public start and length) into buf,
  // then rotate buf left by o = data_len - start (secret, 0..255) in eight steps, one per bit
  // of o from the highest: step k replaces buf[i] by buf[i + 2^k] when bit k is set (a mask
  // select on 8-byte words, public addresses). After the steps for bits 7..k only the first
  // mac_len + 2^k - 1 bytes are still needed, so step k updates that many (rounded up to 8);
  // its reads stay below mac_len + 2^(k+1) - 1 + 8 ≤ 32 + 256 + 8 bytes, inside buf. Walking
  // forward in place is safe: a word written at i is never read again by that step.
  constexpr std::size_t kBuf = 384;  // ≥ 32 + 256 + 8 (the window plus the last word's reach)
  alignas(16) std::uint8_t buf[kBuf] = {};
  const std::size_t window = mac_len + 256;
  const std::size_t start = rec_len > window ? rec_len - window : 0;
  std::memcpy(buf, rec + start, rec_len - start);
  const std::uint64_t o = data_len - start;  // secret
  for (int k = 7; k >= 0; --k) {
    const std::size_t s = std::size_t{1} << k;
    std::uint64_t m = ct_mask_bit(o >> k);  // all ones when bit k of o is set
    AESKIT_REGISTER_BARRIER("+r", m);
    const std::size_t need = (mac_len + s - 1 + 7) / 8 * 8;
    for (std::size_t i = 0; i < need; i += 8) {
      std::uint64_t keep, moved;
      std::memcpy(&keep, buf + i, 8);
      std::memcpy(&moved, buf + i + s, 8);
      const std::uint64_t w = (moved & m) | (keep & ~m);
      std::memcpy(buf + i, &w, 8);
    }
  }
  std::memcpy(out, buf, mac_len);
  secure_zero(buf, sizeof buf);
}

}  // namespace aeskit::detail
