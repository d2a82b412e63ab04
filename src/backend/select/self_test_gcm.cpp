// src/backend/select/self_test_gcm.cpp — the once-per-process self-test of each fused AES-CTR +
// GHASH kernel (aead/gcm_fused.hpp; see self_test.hpp for the contract).
//
// The reference is the unfused composition the AEAD layer runs without a fused kernel
// (aead/gcm_blocks.cpp), on the kernel's own AES and GHASH backends, whose self-tests ran and
// passed first: GCTR with inc32 through the AES backend's ctr32_be (what it leaves, a block at
// a time through encrypt_blocks), GHASH one block per update call, and
// tag = E_K(J0) ^ GHASH(AD zero-padded || C zero-padded || [bits(AD)]_64 || [bits(C)]_64).
// For each key size (AES-128/192/256: the kernels interleave the hash with the rounds, so each
// round count is its own schedule), on the key 00 01 .. 1f cut to size:
//   - one key stream from inc32(J0) over 2·group + 2 blocks (J0's low word placed so inc32
//     wraps 2^32 inside the run: after 15, 1 and 40 blocks for AES-128/192/256) gives the
//     ciphertext of a fixed plaintext; the hash after every ciphertext block is kept from a
//     fixed nonzero start (the block entries) and from the hash of each AD (the messages).
//   - seal and open at every block count 0..2·group + 1 (group: the AES backend's
//     batch_blocks, clamped to 8..64: the kernels' blocks per iteration), out of place up to
//     group + 1 and in place beyond: done ≤ n, the first `done` output blocks, the counter and
//     the hash after `done` blocks, the block after the n-th untouched. open is given the
//     ciphertext and must give back the plaintext and the same hash.
//   - seal_message and open_message (when present) for every whole block count 0..2·group + 1
//     with a partial block of 0, 1, 15 or 7 bytes and an AD of 0, 1, 16 or 17 bytes, half of
//     them in place: the output, the byte after it untouched, the 16-byte tag. AES-128 runs
//     every AD length at every block count (the partial block rotating); AES-192/256, whose
//     kernels differ from it only in the rounds of the same schedule, one message per block
//     count, the (AD, partial block) pair rotating through all 16 every 16 block counts. These
//     cross the zmm kernel's hand-over to the ymm one below 64 bytes.
//   - seal_messages and open_messages (when present): 14 messages of that set in one call
//     (empty ones, ones of one shape, short ones of different shapes, two long ones), each
//     checked as above (batch_entries).
// Each entry stops at its first mismatch per key size. The reference's work is linear in the
// longest run (every shorter one is a prefix of it); the kernels' about 0.6 MiB in all at the
// zmm group (32 blocks), 0.1 MiB at the xmm one (8).
//
// References: NIST SP 800-38D §6.4-6.5 and §7 (GHASH, GCTR with inc32, J0, the tag).
#include <cstring>

#include "backend/gcm_fused_kernels.hpp"
#include "backend/polyval_kernels.hpp"
#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
#include "backend/select/self_test_once.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kBlock = 16;
constexpr std::size_t kMinGroup = 8;
constexpr std::size_t kMaxGroup = 64;
constexpr std::size_t kMaxBlocks = 2 * kMaxGroup + 1;
constexpr std::size_t kAdLengths[] = {0, 1, 16, 17};
constexpr std::size_t kAdCount = std::size(kAdLengths);
constexpr std::size_t kRests[] = {0, 1, 15, 7};  // partial block bytes, rotating
constexpr std::uint8_t kGuard = 0xA5;
// seal_messages / open_messages run this many messages in one call (batch_entries).
// Whole blocks, partial-block bytes and AD (kAdLengths index) of each: four empty messages,
// four of one shape (4 data blocks, 1 AD block: one lane each on ymm and zmm), four short ones
// of different shapes (run side by side), then 2·group + 1 and group + 1 blocks (kBatchLong:
// the one-message path).
constexpr std::size_t kBatchCount = 14;
constexpr std::size_t kBatchLong = 1000;  // stands for 2·group + 1 (max_blocks)
constexpr std::size_t kBatchBlocks[kBatchCount] = {0, 0, 0, 0, 3, 3,          3,
                                                   3, 1, 2, 5, 6, kBatchLong, kBatchLong / 2};
constexpr std::size_t kBatchRests[kBatchCount] = {0, 0, 0, 0, 1, 15, 7, 1, 7, 0, 1, 0, 7, 0};
constexpr std::size_t kBatchAds[kBatchCount] = {0, 0, 0, 0, 1, 2, 1, 2, 3, 0, 1, 2, 1, 2};

void xor_bytes(std::uint8_t* out, const std::uint8_t* x, const std::uint8_t* y, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(x[i] ^ y[i]);
}

// inc32: the last 4 bytes, big-endian, plus one mod 2^32 (byte by byte, as self_test.cpp).
void inc32(std::uint8_t c[kBlock]) {
  for (std::size_t i = kBlock; i-- > kBlock - 4;)
    if (++c[i] != 0) return;
}

void store_be64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 7; i >= 0; --i) {
    p[i] = static_cast<std::uint8_t>(v);
    v >>= 8;
  }
}

// Everything one kernel's run works on; static storage (the runs are serialised).
struct Scratch {
  RoundKeys enc;
  GhashKey hkey;
  std::uint8_t j0[kBlock];
  std::uint8_t ek_j0[kBlock];                    // E_K(J0), the tag mask
  std::uint8_t plain[kMaxBlocks + 1][kBlock];    // + the partial block's
  std::uint8_t cipher[kMaxBlocks + 1][kBlock];   // plain ^ key stream from inc32(J0)
  std::uint8_t counter[kMaxBlocks + 2][kBlock];  // the counter block after k blocks
  std::uint8_t chain[kMaxBlocks + 1][kBlock];    // block entries: hash after k blocks
  std::uint8_t ad[32];                           // the AD (its first 0, 1, 16 or 17 bytes)
  std::uint8_t ad_chain[kAdCount][kMaxBlocks + 1][kBlock];  // messages: after AD and k blocks
  std::uint8_t buf[kMaxBlocks + 2][kBlock];                 // the kernel's output, and a guard
  // seal_messages / open_messages: each message's J0 copy, output (and a guard) and tag.
  std::uint8_t batch_j0[kBatchCount][kBlock];
  std::uint8_t batch_out[kBatchCount][kMaxBlocks + 2][kBlock];
  std::uint8_t batch_tag[kBatchCount][kBlock];
  // polyval_open: the POLYVAL key, counters (LE32), plaintext of s.plain read as ciphertext,
  // and the POLYVAL state after k plaintext blocks.
  GhashKey pkey;
  std::uint8_t siv_counter[kMaxBlocks + 1][kBlock];
  std::uint8_t siv_plain[kMaxBlocks][kBlock];
  std::uint8_t siv_chain[kMaxBlocks + 1][kBlock];
};

struct Run {
  const GcmFusedKernels& k;
  Scratch& s;
  GcmFusedSelfTestResult& result;
  int fault;  // GcmFusedSelfTestEntry whose output the test hook corrupts, or -1
  unsigned key_bits = 0;
  std::size_t group = 0;
  std::size_t max_blocks = 0;

  void fail(GcmFusedSelfTestEntry e, std::size_t length, std::size_t ad_bytes) {
    if (result.failed_entries == 0) {
      result.first_failure = e;
      result.first_failure_key_bits = key_bits;
      result.first_failure_length = length;
      result.first_failure_ad_bytes = ad_bytes;
    }
    result.failed_entries |= entry_bit(e);
  }

  // ghash: hash = GHASH continued over `blocks` blocks, through the GHASH backend.
  void ghash(std::uint8_t hash[kBlock], const std::uint8_t* data, std::size_t blocks) const {
    k.ghash->update(s.hkey, hash, data, blocks);
  }

  // ctr: GCTR from `counter` (advanced) through the AES backend.
  void ctr(std::uint8_t counter[kBlock], const std::uint8_t* in, std::uint8_t* out,
           std::size_t blocks) const {
    const AesBackend& a = *k.aes;
    std::size_t done = a.ctr32_be != nullptr ? a.ctr32_be(s.enc, counter, in, out, blocks) : 0;
    for (; done < blocks; ++done) {
      std::uint8_t stream[kBlock];
      a.encrypt_blocks(s.enc, counter, stream, 1);
      xor_bytes(out + kBlock * done, in + kBlock * done, stream, kBlock);
      inc32(counter);
    }
  }

  void reference(SelfTestBytes& gen);
  void block_entry(GcmFusedSelfTestEntry e);
  void siv_pass_entry(SelfTestBytes& gen, GcmFusedSelfTestEntry e);
  void message_entries();
  void batch_entries();

  // reference_tag: the tag of the message of the set with AD kAdLengths[i] and len bytes
  // (b whole blocks and `rest` more): the chain after AD and b blocks, the padded partial
  // block, the lengths block.
  void reference_tag(std::size_t i, std::size_t b, std::size_t rest,
                     std::uint8_t tag[kBlock]) const {
    std::uint8_t hash[kBlock], block[kBlock] = {};
    std::memcpy(hash, s.ad_chain[i][b], kBlock);
    if (rest > 0) {
      std::memcpy(block, s.cipher[b], rest);
      ghash(hash, block, 1);
    }
    store_be64(block, static_cast<std::uint64_t>(kAdLengths[i]) * 8);
    store_be64(block + 8, static_cast<std::uint64_t>(kBlock * b + rest) * 8);
    ghash(hash, block, 1);
    xor_bytes(tag, s.ek_j0, hash, kBlock);
  }
};

// reference: the key, H, J0, the plaintext, its ciphertext and every hash chain.
void Run::reference(SelfTestBytes& gen) {
  static constexpr std::uint8_t kKey[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                            11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                            22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
  const AesBackend& a = *k.aes;
  a.expand_key(kKey, key_bits / 8, s.enc);
  std::uint8_t h[kBlock] = {};
  a.encrypt_blocks(s.enc, h, h, 1);
  k.ghash->init(h, s.hkey);
  // J0: any 16 bytes (a nonce of other than 12 bytes gives any J0), inc32 wrapping inside.
  gen.fill(s.j0, kBlock);
  const std::uint32_t wrap_after = key_bits == 128 ? 15 : key_bits == 192 ? 1 : 40;
  const std::uint32_t low = 0u - wrap_after - 1;  // inc32(J0) is the first counter
  for (int i = 0; i < 4; ++i) s.j0[15 - i] = static_cast<std::uint8_t>(low >> (8 * i));
  a.encrypt_blocks(s.enc, s.j0, s.ek_j0, 1);
  const std::size_t blocks = max_blocks + 1;  // + the partial block after the longest
  gen.fill(s.plain[0], kBlock * blocks);
  std::memcpy(s.counter[0], s.j0, kBlock);
  inc32(s.counter[0]);
  for (std::size_t i = 0; i <= blocks; ++i) {
    if (i > 0) {
      std::memcpy(s.counter[i], s.counter[i - 1], kBlock);
      inc32(s.counter[i]);
    }
  }
  std::uint8_t c[kBlock];
  std::memcpy(c, s.counter[0], kBlock);
  ctr(c, s.plain[0], s.cipher[0], blocks);
  // Hash chains, one block per call.
  gen.fill(s.chain[0], kBlock);
  gen.fill(s.ad, sizeof s.ad);
  for (std::size_t i = 0; i < kAdCount; ++i) {
    std::uint8_t* start = s.ad_chain[i][0];
    std::memset(start, 0, kBlock);
    const std::size_t whole = kAdLengths[i] / kBlock;
    if (whole > 0) ghash(start, s.ad, whole);
    const std::size_t rest = kAdLengths[i] % kBlock;
    if (rest > 0) {
      std::uint8_t last[kBlock] = {};
      std::memcpy(last, s.ad + kBlock * whole, rest);
      ghash(start, last, 1);
    }
  }
  for (std::size_t b = 0; b < max_blocks; ++b) {
    std::memcpy(s.chain[b + 1], s.chain[b], kBlock);
    ghash(s.chain[b + 1], s.cipher[b], 1);
    for (std::size_t i = 0; i < kAdCount; ++i) {
      std::memcpy(s.ad_chain[i][b + 1], s.ad_chain[i][b], kBlock);
      ghash(s.ad_chain[i][b + 1], s.cipher[b], 1);
    }
  }
}

// block_entry: seal or open at every block count 0..max_blocks.
void Run::block_entry(GcmFusedSelfTestEntry e) {
  const bool seal = e == GcmFusedSelfTestEntry::seal;
  auto* kernel = seal ? k.seal : k.open;
  result.tested_entries |= entry_bit(e);
  const std::uint8_t* src = seal ? s.plain[0] : s.cipher[0];
  const std::uint8_t* want = seal ? s.cipher[0] : s.plain[0];
  for (std::size_t n = 0; n <= max_blocks; ++n) {
    std::uint8_t counter[kBlock], hash[kBlock];
    std::memcpy(counter, s.counter[0], kBlock);
    std::memcpy(hash, s.chain[0], kBlock);
    std::memset(s.buf, kGuard, (n + 1) * kBlock);
    const std::uint8_t* in = src;
    if (n > group + 1) {  // in place
      std::memcpy(s.buf, src, n * kBlock);
      in = s.buf[0];
    }
    const std::size_t done = kernel(s.enc, s.hkey, counter, hash, in, s.buf[0], n);
    if (fault == static_cast<int>(e) && done > 0) s.buf[0][0] ^= 1;  // the test hook
    bool ok = done <= n && std::memcmp(counter, s.counter[done], kBlock) == 0 &&
              std::memcmp(hash, s.chain[done], kBlock) == 0 &&
              std::memcmp(s.buf, want, done * kBlock) == 0;
    for (std::size_t i = 0; ok && i < kBlock; ++i) ok = s.buf[n][i] == kGuard;
    if (!ok) return fail(e, n, 0);
  }
}

// inc_le32: the first 4 bytes, little-endian, plus one mod 2^32 (RFC 8452 §4).
void inc_le32(std::uint8_t c[kBlock]) {
  for (std::size_t i = 0; i < 4; ++i)
    if (++c[i] != 0) return;
}

// siv_pass_entry: `e` is polyval_open (AES-GCM-SIV's open pass) or xctr_polyval (HCTR2's fused
// second pass), at every block count 0..max_blocks against the AES backend's single blocks on
// the counter (XCTR: on S ^ counter, S random; the counter from a random block, its LE32 word
// wrapping inside the run, as the contract allows) and the native POLYVAL kernel's update one
// block per call over the output (its own self-test ran with the GHASH backend's), on a key
// with the whole table; in place beyond group + 1 blocks. The two entries share the buffers
// (one is done with them before the other starts).
void Run::siv_pass_entry(SelfTestBytes& gen, GcmFusedSelfTestEntry e) {
  using E = GcmFusedSelfTestEntry;
  const bool xctr = e == E::xctr_polyval;
  if (xctr ? k.xctr_polyval == nullptr : k.polyval_open == nullptr) return;
  result.tested_entries |= entry_bit(e);
  const PolyvalKernel* pk = polyval_kernel_of(*k.ghash);
  if (pk == nullptr || pk->init_powers == nullptr) return fail(e, 0, 0);
  std::uint8_t h[kBlock], sv[kBlock] = {};  // polyval_open: S = 0, the counter itself
  gen.fill(h, kBlock);
  if (xctr) gen.fill(sv, kBlock);
  pk->init_powers(h, s.pkey, pk->full_table_from);
  gen.fill(s.siv_counter[0], kBlock);
  const std::uint32_t low = 0u - static_cast<std::uint32_t>(group) - (xctr ? 5 : 3);  // wraps
  for (int i = 0; i < 4; ++i) s.siv_counter[0][i] = static_cast<std::uint8_t>(low >> (8 * i));
  gen.fill(s.siv_chain[0], kBlock);
  for (std::size_t i = 0; i < max_blocks; ++i) {
    std::uint8_t block[kBlock], stream[kBlock];
    xor_bytes(block, s.siv_counter[i], sv, kBlock);
    k.aes->encrypt_blocks(s.enc, block, stream, 1);
    xor_bytes(s.siv_plain[i], s.plain[i], stream, kBlock);
    std::memcpy(s.siv_counter[i + 1], s.siv_counter[i], kBlock);
    inc_le32(s.siv_counter[i + 1]);
    std::memcpy(s.siv_chain[i + 1], s.siv_chain[i], kBlock);
    pk->update(s.pkey, s.siv_chain[i + 1], s.siv_plain[i], 1);
  }
  for (std::size_t n = 0; n <= max_blocks; ++n) {
    std::uint8_t counter[kBlock], state[kBlock];
    std::memcpy(counter, s.siv_counter[0], kBlock);
    std::memcpy(state, s.siv_chain[0], kBlock);
    std::memset(s.buf, kGuard, (n + 1) * kBlock);
    const std::uint8_t* in = s.plain[0];
    if (n > group + 1) {  // in place
      std::memcpy(s.buf, s.plain[0], n * kBlock);
      in = s.buf[0];
    }
    const std::size_t done =
        xctr ? k.xctr_polyval(s.enc, s.pkey, sv, counter, state, in, s.buf[0], n)
             : k.polyval_open(s.enc, s.pkey, counter, state, in, s.buf[0], n);
    if (fault == static_cast<int>(e) && done > 0) s.buf[0][0] ^= 1;  // test hook
    bool ok = done <= n && std::memcmp(counter, s.siv_counter[done], kBlock) == 0 &&
              std::memcmp(state, s.siv_chain[done], kBlock) == 0 &&
              std::memcmp(s.buf, s.siv_plain, done * kBlock) == 0;
    for (std::size_t i = 0; ok && i < kBlock; ++i) ok = s.buf[n][i] == kGuard;
    if (!ok) {
      fail(e, n, 0);
      break;
    }
  }
  pk->wipe_powers(s.pkey, pk->full_table_from);
}

// message_entries: seal_message and open_message (those present) over the message set.
void Run::message_entries() {
  using E = GcmFusedSelfTestEntry;
  if (k.seal_message != nullptr) result.tested_entries |= entry_bit(E::seal_message);
  if (k.open_message != nullptr) result.tested_entries |= entry_bit(E::open_message);
  std::uint32_t failed = 0;  // entries already failed at this key size
  const bool every_ad = key_bits == 128;
  for (std::size_t b = 0; b <= max_blocks; ++b) {
    for (std::size_t j = 0; j < (every_ad ? kAdCount : 1); ++j) {
      const std::size_t i = every_ad ? j : b % kAdCount;
      const std::size_t ad_len = kAdLengths[i];
      const std::size_t rest = kRests[(every_ad ? b + i : b / kAdCount) % std::size(kRests)];
      const std::size_t len = kBlock * b + rest;
      const bool in_place = ((b / 2 + i) & 1) != 0;
      std::uint8_t tag[kBlock];
      reference_tag(i, b, rest, tag);
      for (E e : {E::seal_message, E::open_message}) {
        const bool seal = e == E::seal_message;
        auto* kernel = seal ? k.seal_message : k.open_message;
        if (kernel == nullptr || (failed & entry_bit(e)) != 0) continue;
        const std::uint8_t* src = seal ? s.plain[0] : s.cipher[0];
        const std::uint8_t* want = seal ? s.cipher[0] : s.plain[0];
        std::uint8_t* out = s.buf[0];
        std::memset(out, kGuard, len + 1);
        const std::uint8_t* in = src;
        if (in_place) {
          std::memcpy(out, src, len);
          in = out;
        }
        std::uint8_t got[kBlock];
        kernel(s.enc, s.hkey, s.j0, s.ad, ad_len, in, out, len, got);
        if (fault == static_cast<int>(e)) got[0] ^= 1;  // the test hook
        const bool ok = std::memcmp(out, want, len) == 0 && out[len] == kGuard &&
                        std::memcmp(got, tag, kBlock) == 0;
        if (!ok) {
          fail(e, len, ad_len);
          failed |= entry_bit(e);
        }
      }
    }
  }
}

// batch_entries: seal_messages and open_messages (those present), the kBatchCount messages of
// the set above in one call, every third in place; each message checked as message_entries
// checks one, with its own J0 copy and output buffer.
void Run::batch_entries() {
  using E = GcmFusedSelfTestEntry;
  if (k.seal_messages != nullptr) result.tested_entries |= entry_bit(E::seal_messages);
  if (k.open_messages != nullptr) result.tested_entries |= entry_bit(E::open_messages);
  for (E e : {E::seal_messages, E::open_messages}) {
    const bool seal = e == E::seal_messages;
    auto* kernel = seal ? k.seal_messages : k.open_messages;
    if (kernel == nullptr) continue;
    GcmMessage m[kBatchCount];
    std::size_t blocks[kBatchCount], ads[kBatchCount], rests[kBatchCount];
    for (std::size_t j = 0; j < kBatchCount; ++j) {
      blocks[j] = kBatchBlocks[j] == kBatchLong       ? max_blocks
                  : kBatchBlocks[j] == kBatchLong / 2 ? group + 1
                                                      : kBatchBlocks[j];
      ads[j] = kBatchAds[j];
      rests[j] = kBatchRests[j];
      const std::size_t len = kBlock * blocks[j] + rests[j];
      std::memcpy(s.batch_j0[j], s.j0, kBlock);
      std::uint8_t* out = s.batch_out[j][0];
      std::memset(out, kGuard, len + 1);
      const std::uint8_t* in = seal ? s.plain[0] : s.cipher[0];
      if (j % 3 == 2) {
        std::memcpy(out, in, len);
        in = out;
      }
      m[j] = {s.batch_j0[j], s.ad, kAdLengths[ads[j]], in, out, len, s.batch_tag[j]};
    }
    kernel(s.enc, s.hkey, m, kBatchCount);
    if (fault == static_cast<int>(e)) s.batch_tag[0][0] ^= 1;  // the test hook
    for (std::size_t j = 0; j < kBatchCount; ++j) {
      std::uint8_t tag[kBlock];
      reference_tag(ads[j], blocks[j], rests[j], tag);
      const std::uint8_t* want = seal ? s.cipher[0] : s.plain[0];
      const bool ok = std::memcmp(m[j].out, want, m[j].len) == 0 && m[j].out[m[j].len] == kGuard &&
                      std::memcmp(s.batch_tag[j], tag, kBlock) == 0;
      if (!ok) {
        fail(e, m[j].len, m[j].ad_len);
        break;
      }
    }
  }
}

GcmFusedSelfTestResult run_fused_self_test(const GcmFusedKernels& k, int fault) {
  static Scratch scratch;  // guarded by the caller's lock
  GcmFusedSelfTestResult result;
  const Stopwatch clock;
  const SelfTestBlocks blocks = self_test_blocks(k.aes->batch_blocks, kMinGroup, kMaxGroup);
  Run run{k, scratch, result, fault};
  run.group = blocks.group;
  run.max_blocks = result.max_blocks = blocks.max_blocks;
  result.messages = (run.max_blocks + 1) * (kAdCount + 2);  // AES-128, then 192 and 256
  result.max_message_bytes = kBlock * run.max_blocks + 15;
  for (unsigned key_bits : {128u, 192u, 256u}) {
    run.key_bits = key_bits;
    SelfTestBytes gen{0x6c6d000000000000u + key_bits};
    run.reference(gen);
    run.block_entry(GcmFusedSelfTestEntry::seal);
    run.block_entry(GcmFusedSelfTestEntry::open);
    run.message_entries();
    run.batch_entries();
    run.siv_pass_entry(gen, GcmFusedSelfTestEntry::polyval_open);
    run.siv_pass_entry(gen, GcmFusedSelfTestEntry::xctr_polyval);
  }
  finish_self_test(result, clock, scratch);
  return result;
}

constinit SelfTestSlots<GcmFusedKernels, GcmFusedSelfTestResult, kGcmFusedKernels.size()> slots{
    kGcmFusedKernels, kGcmFusedSelfTestEntryNames, run_fused_self_test};

}  // namespace

const GcmFusedSelfTestResult& gcm_fused_self_test(const GcmFusedKernels& k) noexcept {
  const cpu::FeatureSet& detected = cpu::detected_features();
  const bool runnable = k.aes->supported(detected) && k.ghash->supported(detected);
  // The reference is the two backends: their own tests first (outside this file's lock), and
  // checked on every call, so a backend failed later (the test hook) takes the kernel out too.
  if (runnable && (!backend_self_test_allows(*k.aes) || !ghash_self_test_allows(*k.ghash)))
    return backend_failed_result<GcmFusedSelfTestResult>();
  return slots.result(k, runnable);
}

bool gcm_fused_self_test_allows(const GcmFusedKernels& k) noexcept {
  return self_test_allows_kernels(gcm_fused_self_test(k));
}

bool self_test_inject_fault_for_testing(const GcmFusedKernels& k, std::string_view entry) noexcept {
  return slots.inject(k, entry);
}

void gcm_fused_self_test_reset_for_testing() noexcept {
  slots.reset_all();
}

unsigned self_test_runs_for_testing(const GcmFusedKernels& k) noexcept {
  return slots.runs(k);
}

}  // namespace aeskit::detail
