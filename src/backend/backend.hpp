// src/backend/backend.hpp — the backend contract: what every AES implementation provides.
//
// A backend is one constant AesBackend: a name, a CPU predicate and a table of function
// pointers. The required entries are key expansion and multi-block encrypt/decrypt. The bulk
// entries are optional (nullptr) and each may process fewer blocks than asked: it returns how
// many it did, and the generic mode code in src/modes/ finishes the rest by batching blocks
// through encrypt_blocks/decrypt_blocks. So a backend with only the required entries already
// runs every mode on its own instructions; bulk entries make the parallel modes faster.
//
// Round keys live in a RoundKeys buffer whose layout belongs to the backend that wrote it
// (the key object remembers which one, and never hands a schedule to another backend).
//
// Every function here:
//   - is noexcept and allocation-free;
//   - accepts in == out (exact in-place) and otherwise non-overlapping buffers, any alignment;
//   - runs in time independent of key and data (constant-time), depending only on lengths.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cpu/features.hpp"

namespace aeskit::detail {

// RoundKeys is storage for one expanded key (encryption or decryption direction).
// 960 bytes hold the largest format in the tree: the portable backend's fixsliced AES-256
// schedule (15 round keys × 8 bitsliced 64-bit words). 16-byte alignment is what the
// allocator guarantees without an over-aligned (slow) allocation, and what 128-bit loads want.
struct alignas(16) RoundKeys {
  static constexpr std::size_t kBytes = 960;
  std::uint8_t bytes[kBytes];
  unsigned rounds;  // 10, 12 or 14
};

// OcbLTable: OCB3's per-key offsets table (RFC 7253 §4.1): l[0] = L_0 = double(L_$),
// l[j] = double(l[j-1]), where double() is multiplication by x in GF(2^128) on the
// big-endian block. 64 entries cover every 64-bit block index. And the prefix sums the wide
// kernels start from: q[j] = l[ntz(1)] ^ l[ntz(2)] ^ ... ^ l[ntz(j+1)], j = 0..31, the offset
// change from the start of a run aligned to 32 blocks to its (j+1)-th block (x86/ocb.hpp).
// Computed by the OCB mode code (src/aead: fill l, then fill_prefix_sums()), read by the
// backends' ocb_* kernels. Plain bytes; no instruction set. 64-byte aligned: a kernel's
// 64-byte read of q never splits a cache line.
struct alignas(64) OcbLTable {
  static constexpr std::size_t kCount = 64;
  static constexpr std::size_t kPrefixCount = 32;
  std::uint8_t l[kCount][16];
  std::uint8_t q[kPrefixCount][16];

  void fill_prefix_sums() noexcept {
    for (std::size_t j = 0; j < kPrefixCount; ++j) {
      const std::uint8_t* add = l[__builtin_ctzll(j + 1)];
      for (std::size_t b = 0; b < 16; ++b)
        q[j][b] = static_cast<std::uint8_t>((j == 0 ? 0 : q[j - 1][b]) ^ add[b]);
    }
  }
};

struct AesBackend {
  std::string_view name;         // stable: "aesni", "portable", ...
  std::string_view description;  // one line for `aeskit cpu`
  // supported: can this CPU (after AESKIT_DISABLE) run the backend's code?
  bool (*supported)(const cpu::FeatureSet& features);
  // batch_blocks: how many blocks generic mode code should hand to encrypt_blocks at once
  // to keep the backend's pipeline full (its interleave width, or a multiple of it).
  std::size_t batch_blocks;
  // vector_bits: the widest vector register the bulk kernels use (128, 256, 512), or 0 for
  // scalar code. Selection skips backends wider than cpu::max_vector_bits() (prefer-ymm).
  unsigned vector_bits = 0;

  // --- required -------------------------------------------------------------------------
  // expand_key: key_len is 16, 24 or 32 (validated by the caller). Sets enc.rounds.
  void (*expand_key)(const std::uint8_t* key, std::size_t key_len, RoundKeys& enc) noexcept;
  // derive_decrypt_key: builds the schedule decrypt_blocks uses from the encryption one.
  void (*derive_decrypt_key)(const RoundKeys& enc, RoundKeys& dec) noexcept;
  void (*encrypt_blocks)(const RoundKeys& enc, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t blocks) noexcept;
  void (*decrypt_blocks)(const RoundKeys& dec, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t blocks) noexcept;

  // --- optional bulk operations: return blocks processed (≤ blocks) -----------------------
  // ctr32_be: out = in ^ E(counter), counter's last 4 bytes incremented big-endian mod 2^32
  // per block; `counter` is advanced past the blocks processed.
  std::size_t (*ctr32_be)(const RoundKeys& enc, std::uint8_t counter[16], const std::uint8_t* in,
                          std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // ctr32_le: as ctr32_be but the counter is the block's FIRST 4 bytes read as a little-endian
  // 32-bit integer, incremented mod 2^32 per block (bytes 4..15 never change): AES-GCM-SIV's
  // CTR (RFC 8452 §4).
  std::size_t (*ctr32_le)(const RoundKeys& enc, std::uint8_t counter[16], const std::uint8_t* in,
                          std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // ctr128_be: as ctr32_be but the whole 16-byte block is one big-endian counter.
  std::size_t (*ctr128_be)(const RoundKeys& enc, std::uint8_t counter[16], const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // cbc_encrypt: serial chain; iv becomes the last ciphertext block.
  std::size_t (*cbc_encrypt)(const RoundKeys& enc, std::uint8_t iv[16], const std::uint8_t* in,
                             std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // cbc_decrypt: uses the decryption schedule; iv becomes the last ciphertext block.
  std::size_t (*cbc_decrypt)(const RoundKeys& dec, std::uint8_t iv[16], const std::uint8_t* in,
                             std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // cfb128_decrypt: out_i = in_i ^ E(in_{i-1}), in_{-1} = iv; iv becomes the last input block.
  std::size_t (*cfb128_decrypt)(const RoundKeys& enc, std::uint8_t iv[16], const std::uint8_t* in,
                                std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // cfb128_encrypt: serial chain out_i = in_i ^ E(out_{i-1}); iv becomes the last output block.
  std::size_t (*cfb128_encrypt)(const RoundKeys& enc, std::uint8_t iv[16], const std::uint8_t* in,
                                std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // ofb: serial chain o_i = E(o_{i-1}), out_i = in_i ^ o_i; iv becomes the last o_i.
  std::size_t (*ofb)(const RoundKeys& enc, std::uint8_t iv[16], const std::uint8_t* in,
                     std::uint8_t* out, std::size_t blocks) noexcept = nullptr;

  // xts_encrypt: XTS over whole blocks with the data key (IEEE 1619 §5.3): for each block
  // out_i = E(in_i ^ T) ^ T, then T = T·α, where T·α shifts the 16 bytes, read as one
  // little-endian 128-bit integer, left by one and folds a carry out of bit 127 back as 0x87
  // into byte 0. `tweak` is advanced past the blocks processed. Ciphertext stealing and the
  // tweak encryption (with key 2) are the caller's.
  std::size_t (*xts_encrypt)(const RoundKeys& enc, std::uint8_t tweak[16], const std::uint8_t* in,
                             std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // xts_decrypt: as xts_encrypt with out_i = D(in_i ^ T) ^ T, using the decryption schedule.
  std::size_t (*xts_decrypt)(const RoundKeys& dec, std::uint8_t tweak[16], const std::uint8_t* in,
                             std::uint8_t* out, std::size_t blocks) noexcept = nullptr;
  // xts_encrypt_one / xts_decrypt_one (optional): a whole data unit of exactly one block,
  // the tweak's encryption included: T = E_K2(tweak), out = E_K1(in ^ T) ^ T (D_K1 with
  // Key1's decryption schedule for decrypt). Key1 and Key2 have the same length (the halves of
  // one XTS key) and are both this backend's schedules. A 16-byte data unit (openssl speed's
  // 16-byte XTS, a lone block) in one call: T stays in a register. `in` may equal `out`.
  void (*xts_encrypt_one)(const RoundKeys& enc, const RoundKeys& tweak_enc,
                          const std::uint8_t tweak[16], const std::uint8_t* in,
                          std::uint8_t* out) noexcept = nullptr;
  void (*xts_decrypt_one)(const RoundKeys& dec, const RoundKeys& tweak_enc,
                          const std::uint8_t tweak[16], const std::uint8_t* in,
                          std::uint8_t* out) noexcept = nullptr;

  // OCB3 (RFC 7253 §4.2-4.3) over whole blocks. `first_index` is the 1-based index i of the
  // first block passed; for each block, Offset ^= L[ntz(i)] (ntz: trailing zero bits of i,
  // public), then
  //   ocb_encrypt:  out_i = Offset ^ E(in_i ^ Offset);  checksum ^= in_i
  //   ocb_decrypt:  out_i = Offset ^ D(in_i ^ Offset);  checksum ^= out_i   (dec schedule)
  //   ocb_hash:     sum ^= E(in_i ^ Offset)            (associated data; no output)
  // offset/checksum/sum are advanced past the blocks processed.
  std::size_t (*ocb_encrypt)(const RoundKeys& enc, const OcbLTable& l, std::uint64_t first_index,
                             std::uint8_t offset[16], std::uint8_t checksum[16],
                             const std::uint8_t* in, std::uint8_t* out,
                             std::size_t blocks) noexcept = nullptr;
  std::size_t (*ocb_decrypt)(const RoundKeys& dec, const OcbLTable& l, std::uint64_t first_index,
                             std::uint8_t offset[16], std::uint8_t checksum[16],
                             const std::uint8_t* in, std::uint8_t* out,
                             std::size_t blocks) noexcept = nullptr;
  std::size_t (*ocb_hash)(const RoundKeys& enc, const OcbLTable& l, std::uint64_t first_index,
                          std::uint8_t offset[16], std::uint8_t sum[16], const std::uint8_t* in,
                          std::size_t blocks) noexcept = nullptr;

  // CBC-MAC chains (CMAC, CCM, EAX, SIV's S2V): for each block X_i, mac = E(mac ^ X_i).
  // cbc_mac: over `in` only (no output).
  std::size_t (*cbc_mac)(const RoundKeys& enc, std::uint8_t mac[16], const std::uint8_t* in,
                         std::size_t blocks) noexcept = nullptr;
  // mac_ctr: CTR encryption and a CBC-MAC chain in one pass (CCM, EAX): out_i = in_i ^
  // E(counter_i), and mac = E(mac ^ X_i) where X_i is in_i (mac_output false: CCM seal, EAX
  // open) or out_i (mac_output true: CCM open, EAX seal). `ctr128` false: the counter's last
  // 4 bytes count big-endian mod 2^32 (as ctr32_be); true: all 16 bytes (as ctr128_be).
  // counter and mac are advanced past the blocks processed. The chain is serial (one AES
  // latency per block); the CTR blocks ride in the idle AES slots beside it.
  std::size_t (*mac_ctr)(const RoundKeys& enc, bool ctr128, std::uint8_t counter[16],
                         std::uint8_t mac[16], const std::uint8_t* in, std::uint8_t* out,
                         std::size_t blocks, bool mac_output) noexcept = nullptr;

  // gcm_siv_derive: AES-GCM-SIV's per-nonce keys (RFC 8452 §4) from the key-generating key's
  // schedule `kgk` (10 rounds: AES-128-GCM-SIV, 14: AES-256-GCM-SIV) and the 12-byte nonce:
  // the blocks LE32(i) || N, i < 4 (6), encrypted; the first 8 bytes of outputs 0-1 are
  // written to auth_key (16 bytes), those of outputs 2-3 (2-5) are the message-encryption key,
  // written expanded to `enc` (as expand_key would). Nothing else is stored: the blocks, the
  // key halves and the unexpanded key stay in registers, so the caller's loads of auth_key and
  // enc forward from single full-width stores.
  void (*gcm_siv_derive)(const RoundKeys& kgk, const std::uint8_t nonce[12],
                         std::uint8_t auth_key[16], RoundKeys& enc) noexcept = nullptr;
  // gcm_siv_tag_ctr: AES-GCM-SIV's tag and the start of its CTR pass (RFC 8452 §4) under the
  // message-encryption schedule `enc`: tag = E(S') with S' = S ^ (N || 0^32) and bit 7 of
  // byte 15 cleared (S: the POLYVAL result, 16 bytes; N: the 12-byte nonce); then CTR from the
  // tag with byte 15 | 0x80 (first 4 bytes little-endian, +1 mod 2^32 per block, as ctr32_le)
  // over the first whole blocks of in/out. Returns the blocks processed (≤ blocks; may stop
  // early) and leaves the next counter block in `counter`; ctr32_le finishes the rest. The
  // tag, S' and the counter are handed on in registers (one-block messages are bound by
  // this chain's latency).
  std::size_t (*gcm_siv_tag_ctr)(const RoundKeys& enc, const std::uint8_t s[16],
                                 const std::uint8_t nonce[12], std::uint8_t tag[16],
                                 std::uint8_t counter[16], const std::uint8_t* in,
                                 std::uint8_t* out, std::size_t blocks) noexcept = nullptr;

  // xctr: HCTR2's XCTR (Crowley, Huckleberry, Biggers, ePrint 2021/1441 §3): out_i = in_i ^
  // E(S ^ counter_i), the counter the block's FIRST 4 bytes read as a little-endian 32-bit
  // integer, incremented mod 2^32 per block (bytes 4..15 never change), as ctr32_le. HCTR2
  // starts it at le128(1); a message of at most 2^36 bytes never wraps it. `s` is only read
  // (it is secret: S = MM ^ UU ^ L); `counter` is advanced past the blocks processed.
  std::size_t (*xctr)(const RoundKeys& enc, const std::uint8_t s[16], std::uint8_t counter[16],
                      const std::uint8_t* in, std::uint8_t* out,
                      std::size_t blocks) noexcept = nullptr;

  // ecb_gather: out[16i .. 16i+16) = E(the 16 bytes at in[i]) for i < blocks: ECB of blocks
  // that lie anywhere (QUIC header-protection samples, one per packet), each loaded straight
  // from its pointer into the cipher's registers (no gather copy). The blocks may overlap each
  // other (they are only read) but not `out` (the caller checks). Returns blocks processed.
  std::size_t (*ecb_gather)(const RoundKeys& enc, const std::uint8_t* const* in, std::uint8_t* out,
                            std::size_t blocks) noexcept = nullptr;
};

// The backends compiled into this build, fastest first (backend/select/catalog.hpp; registries.cpp;
// best_backend: backend/select/select.cpp).
std::size_t backend_count() noexcept;
const AesBackend& backend_at(std::size_t index) noexcept;
// find_backend: by name, or nullptr.
const AesBackend* find_backend(std::string_view name) noexcept;
// best_backend: the first in the list that `features` supports and that did not fail its
// once-per-process self-test (backend/select/self_test.hpp); the portable backend in the end.
const AesBackend& best_backend(const cpu::FeatureSet& features) noexcept;

}  // namespace aeskit::detail
