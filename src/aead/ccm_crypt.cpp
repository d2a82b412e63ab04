// src/aead/ccm_crypt.cpp — AES-CCM seal and open (SP 800-38C §6.1/§6.2, RFC 3610 §2).
//
// CPU features: none (generic; AES through the key's backend, the chain through
// modes/mac_chain.hpp). References: NIST SP 800-38C §5.3, §6, Appendix A.2 (formatting);
// RFC 3610 §2.2-2.6.
//
// Math (n = nonce length, q = 15 − n, t = tag length, a = AD length, p = data length):
//   B_0   = flags || N || [p]_q,  flags = 64·[a > 0] + 8·(t − 2)/2 + (q − 1)
//   AD    = enc(a) || A, zero-padded to whole blocks, where enc(a) is [a]_16 for
//           0 < a < 2^16 − 2^8, 0xff 0xfe || [a]_32 for a < 2^32, else 0xff 0xff || [a]_64
//   MAC   = CBC-MAC over B_0 || AD blocks || P zero-padded (Y_0 = E(B_0), Y_i = E(Y_{i−1} ^ B_i))
//   Ctr_i = (q − 1) || N || [i]_q,   S_i = E(Ctr_i)
//   C     = P ^ MSB_p(S_1 || S_2 || ...),   T = MSB_t(Y_r) ^ MSB_t(S_0)
// The plaintext and ciphertext blocks except the last go through mac_ctr_blocks (CBC-MAC over
// the plaintext and CTR from Ctr_1 in one pass; MAC over its input when sealing, over its
// output when opening). The blocks that need no chain value — E(B_0), S_0 and the key stream
// of the last (possibly partial) data block — are one parallel batch at the start, so short
// messages pay one AES latency per chained block and nothing more.
// The counter never leaves the q-byte field: p < 2^(8q) means at most 2^(8q−4) + 1 blocks.
// So ctr32 arithmetic is exact for q ≤ 4, and 128-bit arithmetic for q > 4.
#include <cstring>

#include "aead/ccm.hpp"
#include "base/block128.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "base/wipe_block.hpp"
#include "modes/mac_chain.hpp"

namespace aeskit::detail::ccm {
namespace {

// put_be: v as `n` big-endian bytes (n ≤ 8).
void put_be(std::uint8_t* p, std::uint64_t v, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) p[n - 1 - i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// counter_block: Ctr_i.
void counter_block(std::span<const std::uint8_t> nonce, std::uint64_t i,
                   std::uint8_t out[16]) noexcept {
  const std::size_t q = 15 - nonce.size();
  out[0] = static_cast<std::uint8_t>(q - 1);
  std::memcpy(out + 1, nonce.data(), nonce.size());
  put_be(out + 1 + nonce.size(), i, q);
}

// encode_ad_length: enc(a) into out; returns its length (2, 6 or 10; a > 0).
std::size_t encode_ad_length(std::uint64_t a, std::uint8_t* out) noexcept {
  if (a < 0xff00u) {
    put_be(out, a, 2);
    return 2;
  }
  out[0] = 0xff;
  if (a <= 0xffffffffu) {
    out[1] = 0xfe;
    put_be(out + 2, a, 4);
    return 6;
  }
  out[1] = 0xff;
  put_be(out + 2, a, 8);
  return 10;
}

// Work: the per-message state both directions share.
struct Work {
  const KeyState& key;
  std::span<const std::uint8_t> nonce;
  std::size_t len;
  std::size_t body_blocks = 0;  // data blocks before the last one (through mac_ctr)
  std::size_t last_bytes = 0;   // bytes of the last data block (1..16; 0 when len == 0)
  alignas(16) std::uint8_t mac[16];
  alignas(16) std::uint8_t s0[16];
  alignas(16) std::uint8_t last_ks[16];  // key stream of the last data block
  alignas(16) std::uint8_t counter[16];  // Ctr_1, advanced by mac_ctr_blocks

  Work(const KeyState& k, std::span<const std::uint8_t> n, std::size_t l) noexcept
      : key(k), nonce(n), len(l) {}
  Work(const Work&) = delete;
  Work& operator=(const Work&) = delete;
  ~Work() {
    wipe_block(mac);
    wipe_block(s0);
    wipe_block(last_ks);
  }

  // start: E(B_0) (the chain's first value), S_0 and the last block's key stream in one batch,
  // then the AD into the chain.
  void start(std::size_t tag_length, std::span<const std::uint8_t> ad) noexcept {
    const std::size_t q = 15 - nonce.size();
    alignas(16) std::uint8_t batch[48];
    batch[0] =
        static_cast<std::uint8_t>((ad.empty() ? 0 : 64) + 8 * ((tag_length - 2) / 2) + (q - 1));
    std::memcpy(batch + 1, nonce.data(), nonce.size());
    put_be(batch + 1 + nonce.size(), len, q);
    counter_block(nonce, 0, batch + 16);
    std::size_t count = 2;
    if (len != 0) {
      const std::size_t blocks = (len + 15) / 16;
      body_blocks = blocks - 1;
      last_bytes = len - 16 * body_blocks;
      counter_block(nonce, blocks, batch + 32);
      count = 3;
    }
    key.backend->encrypt_blocks(key.enc, batch, batch, count);
    std::memcpy(mac, batch, 16);
    std::memcpy(s0, batch + 16, 16);
    if (count == 3) std::memcpy(last_ks, batch + 32, 16);
    wipe_fixed<sizeof batch>(batch);
    counter_block(nonce, 1, counter);
    if (!ad.empty()) absorb_ad(ad);
  }

  void absorb_ad(std::span<const std::uint8_t> ad) noexcept {
    alignas(16) std::uint8_t block[16] = {};
    const std::size_t e = encode_ad_length(ad.size(), block);
    const std::size_t first = ad.size() < 16 - e ? ad.size() : 16 - e;
    std::memcpy(block + e, ad.data(), first);
    cbc_mac_blocks(key, mac, block, 1);
    const std::uint8_t* rest = ad.data() + first;
    const std::size_t rest_len = ad.size() - first;
    const std::size_t whole = rest_len / 16;
    if (whole != 0) cbc_mac_blocks(key, mac, rest, whole);
    const std::size_t tail = rest_len % 16;
    if (tail != 0) {
      std::memset(block, 0, 16);
      std::memcpy(block, rest + 16 * whole, tail);
      cbc_mac_blocks(key, mac, block, 1);
    }
    wipe_block(block);
  }

  // crypt: the data blocks before the last, CTR and the MAC chain in one pass (the chain takes
  // the output when decrypting), then the last 1..16 bytes: out = in ^ key stream, the MAC
  // takes the plaintext zero-extended (P || 0*); in is read before out is written (in place is
  // allowed).
  void crypt(const std::uint8_t* in, std::uint8_t* out, bool decrypt) noexcept {
    if (body_blocks != 0)
      mac_ctr_blocks(key, 15 - nonce.size() > 4, counter, mac, in, out, body_blocks, decrypt);
    if (last_bytes == 0) return;
    const std::size_t off = 16 * body_blocks;
    alignas(16) std::uint8_t block[16];
    const Block128 data = load_partial_block(in + off, last_bytes, /*pad=*/false);
    const Block128 crypted = data ^ load_partial_block(last_ks, last_bytes, /*pad=*/false);
    store_block128(block, decrypt ? crypted : data);
    store_partial_block(out + off, last_bytes, crypted);
    cbc_mac_blocks(key, mac, block, 1);
    wipe_block(block);
  }

  // tag: T = MSB_t(Y_r) ^ MSB_t(S_0), all 16 bytes (the caller keeps t).
  void tag(std::uint8_t out[16]) const noexcept {
    for (int i = 0; i < 16; ++i) out[i] = static_cast<std::uint8_t>(mac[i] ^ s0[i]);
  }
};

}  // namespace

Status check_length(std::size_t nonce_len, std::uint64_t data_len) noexcept {
  const std::size_t q = 15 - nonce_len;
  if (q < 8 && (data_len >> (8 * q)) != 0) return Errc::message_too_long;
  return {};
}

void seal(const KeyState& key, std::size_t tag_length, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, std::uint8_t* tag_out) noexcept {
  Work w(key, nonce, len);
  w.start(tag_length, ad);
  w.crypt(in, out, /*decrypt=*/false);
  alignas(16) std::uint8_t t[16];
  w.tag(t);
  std::memcpy(tag_out, t, tag_length);
  wipe_block(t);
}

bool open(const KeyState& key, std::size_t tag_length, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, const std::uint8_t* tag) noexcept {
  alignas(16) std::uint8_t received[16] = {};
  std::memcpy(received, tag, tag_length);
  Work w(key, nonce, len);
  w.start(tag_length, ad);
  w.crypt(in, out, /*decrypt=*/true);
  alignas(16) std::uint8_t expected[16];
  w.tag(expected);
  const bool ok = ct_equal(expected, received, tag_length);
  wipe_block(expected);
  wipe_block(received);
  if (!ok && len != 0) secure_zero(out, len);
  return ok;
}

std::string describe(const KeyState& key) {
  const AesBackend& b = *key.backend;
  const std::string name(b.name);
  std::string text;
  if (b.mac_ctr != nullptr && b.cbc_mac != nullptr) {
    text = name + ":ccm mac_ctr kernel (CBC-MAC chain with CTR interleaved, one pass)";
  } else {
    text = name + ":ccm generic (CTR and CBC-MAC over 1 KiB chunks, " + name +
           " ctr/encrypt_blocks) [no mac_ctr kernel]";
  }
  return text + "; B_0, S_0 and the last block's key stream: one batch";
}

}  // namespace aeskit::detail::ccm
