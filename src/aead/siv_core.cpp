// src/aead/siv_core.cpp — AES-SIV (RFC 5297): S2V over a vector of strings, then CTR.
//
// CPU features: none (generic; AES through the keys' backend: cbc_mac for the CMACs,
// ctr128_be for the CTR pass).
// References: RFC 5297 §2.4 (S2V), §2.6 (SIV-ENCRYPT), §2.7 (SIV-DECRYPT), §2.5 (CTR with
// the two cleared bits); NIST SP 800-38B (CMAC).
//
// Math (dbl = multiplication by x in GF(2^128); CMAC under K1):
//   S2V(S_1, ..., S_n):              (n ≥ 1 here: the plaintext is always S_n)
//     D = CMAC(<zero>)                 (per-key constant d0, and d1 = dbl(d0))
//     for i = 1..n-1:  D = dbl(D) ^ CMAC(S_i)
//     if len(S_n) ≥ 16:  T = S_n xorend D   (D xored into the last 16 bytes of S_n)
//     else:              T = dbl(D) ^ pad(S_n)   (pad = S_n || 10*)
//     V = CMAC(T)
//   Q = V & 1^64 0 1^31 0 1^31 (bits 63 and 31 cleared: byte 8 and byte 12 lose their top
//   bit), C = P ^ (E_K2(Q) || E_K2(Q+1) || ...), the counter a 128-bit big-endian integer.
//   The output is V || C; opening recomputes V from the decrypted P and compares.
// "xorend" without a copy of S_n: the CMAC chains S_n's whole blocks before its last 16
// bytes in place, then the remaining 16..31 bytes from a copy with D xored in. A component's zero
// length is a valid input distinct from its absence: each component costs its own dbl and CMAC.
// Nothing branches on or indexes by key, data, D, V or Q; only on lengths and counts.
#include "aead/siv_core.hpp"

#include <cstring>

#include "aead/open_verdict.hpp"
#include "base/block128.hpp"
#include "base/block_double.hpp"
#include "base/buffers.hpp"
#include "base/ct_equal.hpp"
#include "base/declassify.hpp"
#include "base/secure_zero.hpp"
#include "base/wipe_block.hpp"
#include "core/error_detail.hpp"
#include "modes/mac_chain.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail::siv {

Core::~Core() {
  secure_zero(d0, sizeof d0);
  secure_zero(d1, sizeof d1);
}

Result<std::unique_ptr<Core>> make_core(std::span<const std::uint8_t> key,
                                        std::string_view backend) {
  Result<AesKeyPair> keys = create_key_pair("AES-SIV", key, backend);
  if (!keys.ok()) return keys.status();
  auto core = std::make_unique<Core>();
  core->mac_aes = std::move(keys->first);
  core->ctr_aes = std::move(keys->second);
  core->mac = KeyAccess::state(core->mac_aes);
  core->ctr = KeyAccess::state(core->ctr_aes);
  cmac::derive_subkeys(*core->mac, core->sub);
  const std::uint8_t zero[16] = {};
  cmac::compute(*core->mac, core->sub, zero, 16, core->d0);
  block_double(core->d0, core->d1);
  return core;
}

namespace {

// Components are CMACed in groups of kGroup: those of at most 16 bytes are one block each
// (E(last block ^ K1 or K2) from a zero chain), independent of each other, so a group's
// short components go through one encrypt_blocks call; longer ones run their own chain.
constexpr std::size_t kGroup = 8;

// s2v: V for the AD components and the final string `last` (the plaintext). The per-key
// d0 = CMAC(<zero>) and d1 = dbl(d0) save the first doubling: the first component folds in
// as D = d1 ^ CMAC(S_1), and a short plaintext with no component before it uses d1 directly.
void s2v(const Core& core, const Component* ad, std::size_t ad_count, const std::uint8_t* last,
         std::size_t len, std::uint8_t v[16]) noexcept {
  const KeyState& k = *core.mac;
  alignas(16) std::uint8_t d[16];
  for (std::size_t base = 0; base < ad_count; base += kGroup) {
    const std::size_t n = ad_count - base < kGroup ? ad_count - base : kGroup;
    alignas(16) std::uint8_t shorts[kGroup][16];  // one-block components, then their CMACs
    alignas(16) std::uint8_t longs[kGroup][16];   // CMACs of the longer ones
    const std::uint8_t* result[kGroup];
    std::size_t short_count = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const Component& s = ad[base + j];
      if (s.size() <= 16) {  // lengths are public
        store_block128(shorts[short_count], cmac::final_block_input(core.sub, s.data(), s.size()));
        result[j] = shorts[short_count++];
      } else {
        result[j] = longs[j];
      }
    }
    if (short_count != 0) k.backend->encrypt_blocks(k.enc, shorts[0], shorts[0], short_count);
    for (std::size_t j = 0; j < n; ++j) {
      const Component& s = ad[base + j];
      if (s.size() > 16) cmac::compute(k, core.sub, s.data(), s.size(), longs[j]);
      if (base + j == 0) {  // a public index
        xor_block(d, core.d1, result[j]);
      } else {
        block_double(d, d);
        xor_block(d, d, result[j]);
      }
      if (s.size() > 16) wipe_block(longs[j]);
    }
    for (std::size_t i = 0; i < short_count; ++i) wipe_block(shorts[i]);
  }
  if (len >= 16) {
    // T = S_n xorend D differs from S_n only in its last 16 bytes: the whole blocks before
    // them are chained straight from S_n, the rest (16..31 bytes) from a copy with D xored
    // into its last 16 bytes. D is d0 when there is no component before S_n.
    const std::uint8_t* dn = ad_count == 0 ? core.d0 : d;
    const std::size_t head = (len - 16) / 16;
    std::memset(v, 0, 16);
    if (head != 0) cbc_mac_blocks(k, v, last, head);
    const std::size_t tail = len - 16 * head;
    alignas(16) std::uint8_t t[32];
    std::memcpy(t, last + 16 * head, tail);
    xor_block(t + (tail - 16), t + (tail - 16), dn);
    cmac::continue_message(k, core.sub, v, t, tail);
    wipe_fixed<32>(t);
  } else {
    // T = dbl(D) ^ (S_n || 10*): one whole block, whose CMAC is E(T ^ K1). Built in
    // registers and stored once (base/block128.hpp).
    const Block128 dd = ad_count == 0 ? load_block128(core.d1) : block128_double(load_block128(d));
    store_block128(v,
                   load_partial_block(last, len, /*pad=*/true) ^ dd ^ load_block128(core.sub.k1));
    k.backend->encrypt_blocks(k.enc, v, v, 1);
  }
  wipe_block(d);
}

// ctr: out = in ^ CTR(K2, Q), Q = v with bits 63 and 31 cleared. A message of at most one
// block takes the single-block path (Q itself is its only counter block).
void ctr(const Core& core, const std::uint8_t v[16], const std::uint8_t* in, std::uint8_t* out,
         std::size_t len) noexcept {
  if (len == 0) return;
  // Q = V with the top bits of bytes 8 and 12 cleared, as one 16-byte store (block128.hpp).
  alignas(16) static constexpr std::uint8_t kClearBits[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                              0xff, 0xff, 0x7f, 0xff, 0xff, 0xff,
                                                              0x7f, 0xff, 0xff, 0xff};
  alignas(16) std::uint8_t q[16];
  store_block128(q, load_block128(v) & load_block128(kClearBits));
  declassify(q);  // V is public: it is sent as the first 16 bytes of the output
  const KeyState& key = *core.ctr;
  if (len <= 16) {
    alignas(16) std::uint8_t stream[16];
    key.backend->encrypt_blocks(key.enc, q, stream, 1);
    store_partial_block(out, len, load_partial_block(in, len, false) ^ load_block128(stream));
    wipe_block(stream);
    wipe_block(q);
    return;
  }
  const std::size_t whole = len / 16;
  ctr_blocks(key, Mode::ctr128, q, in, out, whole);
  const std::size_t rest = len - 16 * whole;
  if (rest != 0) {
    alignas(16) std::uint8_t stream[16];
    key.backend->encrypt_blocks(key.enc, q, stream, 1);
    xor_bytes(out + 16 * whole, in + 16 * whole, stream, rest);
    wipe_block(stream);
  }
  wipe_block(q);
}

}  // namespace

void seal(const Core& core, const Component* ad, std::size_t ad_count, const std::uint8_t* in,
          std::uint8_t* out, std::size_t len, std::uint8_t v_out[16]) noexcept {
  alignas(16) std::uint8_t v[16];
  s2v(core, ad, ad_count, in, len, v);  // reads all of `in` before out is written
  ctr(core, v, in, out, len);
  std::memcpy(v_out, v, 16);
  wipe_block(v);
}

bool open(const Core& core, const Component* ad, std::size_t ad_count, const std::uint8_t* in,
          std::uint8_t* out, std::size_t len, const std::uint8_t v[16]) noexcept {
  alignas(16) std::uint8_t expected[16];
  ctr(core, v, in, out, len);
  s2v(core, ad, ad_count, out, len, expected);
  return open_verdict(expected, v, out, len);
}

std::string describe(const Core& core) {
  const AesBackend& b = *core.mac->backend;
  const std::string name(b.name);
  const std::string ctr_path =
      b.ctr128_be != nullptr ? "ctr128_be kernel" : "ctr128 generic (encrypt_blocks batches)";
  return name + ":siv S2V " + cmac::describe_chain(b) + ", then CTR " + ctr_path;
}

}  // namespace aeskit::detail::siv
