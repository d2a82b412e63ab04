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

#include <cstring>

#include "core/secure_zero.hpp"
#include "hash/hmac_core.hpp"

namespace aeskit::detail {

std::uint64_t tls_check_padding(const std::uint8_t* rec, std::size_t len, std::size_t mac_len,
                                std::size_t* data_len) noexcept {
  const std::uint64_t pad = rec[len - 1];
  std::uint64_t good = ct_mask_le(mac_len + 1 + pad, len);
  const std::size_t n = len < 256 ? len : 256;
  for (std::size_t i = 0; i < n; ++i) {
    // The index goes through an empty asm so the compiler cannot fold it into an induction
    // variable shared with pad - i (it did: the address was then computed from pad, the same
    // address in the end, but an address computed from a secret; the ct audit flags that).
    std::size_t at = len - 1 - i;
    __asm__("" : "+r"(at));
    const std::uint64_t b = rec[at];
    const std::uint64_t in_padding = ct_mask_le(i, pad);
    good &= ~(in_padding & ~ct_mask_eq(b, pad));
  }
  *data_len = len - mac_len - 1 - (pad & good);
  return good;
}

namespace {

void store_be32(std::uint8_t* p, std::uint32_t v) noexcept {
  for (int i = 3; i >= 0; --i, v >>= 8) p[i] = static_cast<std::uint8_t>(v);
}

}  // namespace

void tls_hmac_secret_length(const HmacKey& key, const std::uint8_t header[13],
                            const std::uint8_t* rec, std::size_t rec_len, std::size_t min_len,
                            std::size_t max_len, std::size_t data_len, std::uint8_t* mac) noexcept {
  constexpr std::size_t kB = 64;  // SHA-1 / SHA-256 block
  const std::size_t d = digest_length(key.alg);
  const std::size_t words = key.alg == HashAlgorithm::sha1 ? 5 : 8;
  const CompressFn compress = compress_fn(*key.compressor, key.alg);
  HashWords h = key.ipad_h;

  // Message byte at public position p (0 beyond the record).
  auto m_byte = [&](std::size_t p) -> std::uint8_t {
    if (p < 13) return header[p];
    return p - 13 < rec_len ? rec[p - 13] : 0;
  };

  // Public part: whole blocks below 13 + min_len.
  const std::size_t public_blocks = (13 + min_len) / kB;
  alignas(16) std::uint8_t block[kB];
  std::size_t j = 0;
  if (public_blocks > 0) {
    // Block 0 holds the header; later ones come straight from rec.
    for (std::size_t i = 0; i < kB; ++i) block[i] = m_byte(i);
    compress(h, block, 1);
    if (public_blocks > 1) compress(h, rec + (kB - 13), public_blocks - 1);
    j = public_blocks;
  }

  const std::uint64_t m_len = 13 + data_len;  // secret
  const std::uint64_t f = (m_len + 8) / kB;   // secret (a shift)
  const std::uint64_t bits = (kB + m_len) * 8;
  std::uint8_t len_bytes[8];
  for (int i = 0; i < 8; ++i) len_bytes[i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));

  HashWords selected{};
  const std::size_t last = (13 + max_len + 8) / kB;
  for (; j <= last; ++j) {
    const std::uint64_t is_final = ct_mask_eq(j, f);
    for (std::size_t i = 0; i < kB; ++i) {
      const std::size_t p = j * kB + i;
      const std::uint64_t lt = ct_mask_lt(p, m_len), eq = ct_mask_eq(p, m_len);
      std::uint64_t b = (m_byte(p) & lt) | (0x80 & eq);
      if (i >= 56) b |= len_bytes[i - 56] & is_final;
      block[i] = static_cast<std::uint8_t>(b);
    }
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
  // out[i] = OR over the window of rec[p] & (p == data_len + i): every window byte is read
  // for every output byte, by a public address (mac_len × (mac_len + 256) byte reads, a few
  // thousand per record). Simpler than a rotation, and the ct audit found the rotated
  // version compiled into secret-dependent addresses and moves.
  const std::size_t window = mac_len + 256;
  const std::size_t start = rec_len > window ? rec_len - window : 0;
  for (std::size_t i = 0; i < mac_len; ++i) {
    // i passes through an empty asm before the secret is added, so the compiler cannot make
    // data_len + i the loop's induction variable (it did, and then addressed out[] and ended
    // the loop from it).
    std::size_t opaque_i = i;
    __asm__("" : "+r"(opaque_i));
    const std::uint64_t target = data_len + opaque_i;  // secret
    std::uint64_t acc = 0;
    for (std::size_t p = start; p < rec_len; ++p) {
      std::size_t at = p;  // kept out of any induction variable shared with the target
      __asm__("" : "+r"(at));
      acc |= rec[at] & ct_mask_eq(at, target);
    }
    out[i] = static_cast<std::uint8_t>(acc);
  }
}

}  // namespace aeskit::detail
