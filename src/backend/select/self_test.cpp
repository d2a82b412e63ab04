// src/backend/select/self_test.cpp — the once-per-process known-answer self-test of an AES
// backend's table, including its AES-GCM-SIV entries (see self_test.hpp for the contract; the GHASH
// and fused GCM self-tests are self_test_ghash.cpp and self_test_gcm.cpp).
//
// How one backend is tested, for each key size (the FIPS-197 Appendix C key, cut to 16/24/32):
//   1. key_schedule: the backend's expand_key + encrypt_blocks, and derive_decrypt_key +
//      decrypt_blocks, against the FIPS-197 Appendix C.1-C.3 known answers.
//   2. every entry the table has: a model of the entry's contract (backend.hpp), written here
//      over the PORTABLE backend's encrypt_blocks/decrypt_blocks (one block per call for the
//      serial chains), gives the output and the chaining state (counter, IV, tweak, offset,
//      checksum, MAC) after every block count. The entry is run at every count n from 1 to
//      group + 1 out of place and from group + 2 to 2·group + 1 in place (group: batch_blocks,
//      clamped to 16..64, so each tail length modulo an 8-, 16-, 32- or 64-block group is seen
//      in both), and must return done ≤ n, produce the model's first `done` blocks and leave the
//      model's state after `done` blocks, without writing the block after the n-th.
//   3. the GCM-SIV entries (AES-128 and AES-256, the only message-key sizes of RFC 8452):
//      gcm_siv_derive for two nonces against the portable backend's encrypt_blocks on the
//      blocks LE32(i) || N, the auth key compared byte for byte (and the byte after it left
//      alone), the message key through encryption with the portable backend's expand_key of it;
//      gcm_siv_tag_ctr at every block count 0..2·group + 1 (laps as in 2.) against
//      E(S ^ (N || 0^32), bit 127 cleared) and ctr32_le's model from the tag | 0x80, with tags
//      chosen (through the portable decryption) so the counter wraps 2^32 inside both laps.
// Start states are chosen so the runs cross a 32-bit counter wrap (ctr32_be, ctr32_le, xctr,
// mac_ctr), a carry from the low 32 and the low 64 bits (ctr128_be), the XTS α reduction, and
// OCB runs starting at block index 1 and at index 5 (unaligned to any group). ecb_gather reads
// its blocks through pointers scattered over the input at byte offsets 0..4.
//
// The portable backend is the reference; its own self-test is step 1 only. A broken reference
// fails every backend, and best_backend() then still ends at the portable backend.
//
// References: FIPS-197 Appendix C; SP 800-38A (ECB, CBC, CFB, OFB, CTR); IEEE 1619-2018 (XTS);
// RFC 7253 (OCB3); SP 800-38C (CCM's CBC-MAC + CTR); RFC 8452 §4 (CTR32 little-endian, the
// per-nonce keys, the tag and the initial counter).
#include "backend/select/self_test.hpp"

#include <cstring>

#include "backend/select/catalog.hpp"
#include "backend/select/self_test_once.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kBlock = 16;
constexpr std::size_t kMinGroup = 16;
constexpr std::size_t kMaxGroup = 64;
constexpr std::size_t kMaxBlocks = 2 * kMaxGroup + 1;

// State: the chaining values an entry carries between calls (a: counter, IV, tweak or offset;
// b: checksum, sum or MAC). Entries without state leave it as it was.
struct State {
  std::uint8_t a[kBlock];
  std::uint8_t b[kBlock];
};

void xor_block(std::uint8_t* out, const std::uint8_t* x, const std::uint8_t* y) {
  for (std::size_t i = 0; i < kBlock; ++i) out[i] = static_cast<std::uint8_t>(x[i] ^ y[i]);
}

// The counter steps, written out byte by byte (independent of every kernel's arithmetic).
void step_ctr32_be(std::uint8_t c[kBlock]) {
  for (std::size_t i = kBlock; i-- > kBlock - 4;)
    if (++c[i] != 0) return;
}
void step_ctr32_le(std::uint8_t c[kBlock]) {
  for (std::size_t i = 0; i < 4; ++i)
    if (++c[i] != 0) return;
}
void step_ctr128_be(std::uint8_t c[kBlock]) {
  for (std::size_t i = kBlock; i-- > 0;)
    if (++c[i] != 0) return;
}
// XTS: T·α on T read as a little-endian 128-bit integer (IEEE 1619-2018 §5.2).
void step_xts(std::uint8_t t[kBlock]) {
  const unsigned carry = t[15] >> 7;
  for (std::size_t i = kBlock - 1; i > 0; --i)
    t[i] = static_cast<std::uint8_t>((t[i] << 1) | (t[i - 1] >> 7));
  t[0] = static_cast<std::uint8_t>((t[0] << 1) ^ (carry ? 0x87 : 0));
}
// OCB: doubling of a big-endian block (RFC 7253 §2), for the L table.
void ocb_double(const std::uint8_t in[kBlock], std::uint8_t out[kBlock]) {
  const unsigned carry = in[0] >> 7;
  for (std::size_t i = 0; i + 1 < kBlock; ++i)
    out[i] = static_cast<std::uint8_t>((in[i] << 1) | (in[i + 1] >> 7));
  out[15] = static_cast<std::uint8_t>((in[15] << 1) ^ (carry ? 0x87 : 0));
}
unsigned ntz(std::uint64_t x) {
  unsigned n = 0;
  while ((x & 1) == 0) {
    x >>= 1;
    ++n;
  }
  return n;
}

// Everything one backend's run works on; static storage (the runs are serialised).
struct Scratch {
  RoundKeys enc, dec;          // the backend's schedules
  RoundKeys ref_enc, ref_dec;  // the portable backend's
  RoundKeys msg, ref_msg;      // gcm_siv_derive's message key: the backend's, the portable's
  OcbLTable l;
  std::uint8_t in[kMaxBlocks][kBlock];
  std::uint8_t tmp[kMaxBlocks][kBlock];
  std::uint8_t ref_out[kMaxBlocks][kBlock];
  std::uint8_t chain[kMaxBlocks][kBlock];  // CBC chain over `in` from kChainIv: c_k
  std::uint8_t chain_iv[kBlock];
  State ref_state[kMaxBlocks + 1];           // state after k blocks
  std::uint8_t buf[kMaxBlocks + 1][kBlock];  // the kernel's output, and a guard block
  const std::uint8_t* gather[kMaxBlocks];    // ecb_gather's block pointers into `in`
};

constexpr std::uint8_t kGuard = 0xA5;

struct Run {
  const AesBackend& b;
  Scratch& s;
  SelfTestResult& result;
  int fault;  // SelfTestEntry whose output the test hook corrupts, or -1
  unsigned key_bits = 0;
  std::size_t group = 0;
  std::size_t max_blocks = 0;

  void ref_encrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t n) const {
    kPortableBackend.encrypt_blocks(s.ref_enc, in, out, n);
  }
  void ref_decrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t n) const {
    kPortableBackend.decrypt_blocks(s.ref_dec, in, out, n);
  }

  void fail(SelfTestEntry e, std::size_t blocks) {
    if (result.failed_entries == 0) {
      result.first_failure = e;
      result.first_failure_key_bits = key_bits;
      result.first_failure_blocks = blocks;
    }
    result.failed_entries |= entry_bit(e);
  }

  // check: run entry `e` at every block count of both laps against `model`.
  //   model(lap, start, len): fills s.ref_out[0..len) and s.ref_state[0..len].
  //   kernel(lap, state, in, out, n): runs the entry, returns blocks done.
  // shared: both laps start from start[0] with the same model, computed once (the serial
  // chains, whose reference costs one portable call per block).
  // first: the lowest block count of lap 0 (0 for an entry with a zero-block contract).
  template <typename Model, typename Kernel>
  void check(SelfTestEntry e, bool has_output, const State (&start)[2], Model&& model,
             Kernel&& kernel, bool shared = false, std::size_t first = 1) {
    result.tested_entries |= entry_bit(e);
    if (shared) model(0, start[0], max_blocks);
    for (int lap = 0; lap < 2; ++lap) {
      const std::size_t lo = lap == 0 ? first : group + 2;
      const std::size_t hi = lap == 0 ? group + 1 : max_blocks;
      if (!shared) model(lap, start[lap], hi);
      for (std::size_t n = lo; n <= hi; ++n) {
        State st = start[shared ? 0 : lap];
        std::memset(s.buf, kGuard, (n + 1) * kBlock);
        const std::uint8_t* in = s.in[0];
        if (lap == 1) {
          std::memcpy(s.buf, s.in, n * kBlock);
          in = s.buf[0];
        }
        const std::size_t done = kernel(lap, st, in, s.buf[0], n);
        if (fault == static_cast<int>(e) && done > 0) {  // the test hook
          if (has_output)
            s.buf[0][0] ^= 1;
          else
            st.a[0] ^= 1;
        }
        bool ok = done <= n && std::memcmp(&st, &s.ref_state[done], sizeof st) == 0;
        if (ok && has_output) ok = std::memcmp(s.buf, s.ref_out, done * kBlock) == 0;
        for (std::size_t i = 0; ok && i < kBlock; ++i) ok = s.buf[n][i] == kGuard;
        if (!ok) {
          fail(e, n);
          return;
        }
      }
    }
  }

  // ctr_model: the model of a counter mode, out_i = in_i ^ E(counter_i), the counter stepped
  // by `step` from the start state (the ctr* entries, and gcm_siv_tag_ctr's key stream).
  auto ctr_model(void (*step)(std::uint8_t*)) {
    return [this, step](int, const State& start, std::size_t len) {
      s.ref_state[0] = start;
      for (std::size_t k = 0; k < len; ++k) {
        std::memcpy(s.tmp[k], s.ref_state[k].a, kBlock);
        s.ref_state[k + 1] = s.ref_state[k];
        step(s.ref_state[k + 1].a);
      }
      ref_encrypt(s.tmp[0], s.ref_out[0], len);
      for (std::size_t k = 0; k < len; ++k) xor_block(s.ref_out[k], s.ref_out[k], s.in[k]);
    };
  }

  // chain_model: the model of an entry over the shared CBC chain (s.chain, c_k = E(in_k ^
  // c_{k-1}) from chain_iv): after k blocks the state's `field` holds c_k (the other as it
  // started), and with `output` the chain is also the output (CBC encryption; CBC-MAC has none).
  auto chain_model(std::uint8_t (State::*field)[kBlock], bool output) {
    return [this, field, output](int, const State& start, std::size_t len) {
      s.ref_state[0] = start;
      for (std::size_t k = 0; k < len; ++k) {
        if (output) std::memcpy(s.ref_out[k], s.chain[k], kBlock);
        s.ref_state[k + 1] = start;
        std::memcpy(s.ref_state[k + 1].*field, s.chain[k], kBlock);
      }
    };
  }

  bool known_answers();
  void bulk_entries();
  void gcm_siv_entries(SelfTestBytes& gen);
};

// FIPS-197 Appendix C: key 00 01 .. 1f (first 16/24/32 bytes), plaintext 00 11 .. ff.
constexpr std::uint8_t kFipsPlain[kBlock] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                             0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
constexpr std::uint8_t kFipsCipher[3][kBlock] = {
    {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5,
     0x5a},
    {0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0, 0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71,
     0x91},
    {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf, 0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60,
     0x89},
};

bool Run::known_answers() {
  const std::size_t k = (key_bits - 128) / 64;
  std::uint8_t out[kBlock];
  b.encrypt_blocks(s.enc, kFipsPlain, out, 1);
  if (fault == static_cast<int>(SelfTestEntry::key_schedule)) out[0] ^= 1;
  bool ok = std::memcmp(out, kFipsCipher[k], kBlock) == 0;
  b.decrypt_blocks(s.dec, kFipsCipher[k], out, 1);
  ok = ok && std::memcmp(out, kFipsPlain, kBlock) == 0;
  result.tested_entries |= entry_bit(SelfTestEntry::key_schedule);
  if (!ok) fail(SelfTestEntry::key_schedule, 1);
  return ok;
}

void Run::bulk_entries() {
  using E = SelfTestEntry;
  SelfTestBytes gen{0x5eed0000u + key_bits};
  gen.fill(s.in[0], sizeof s.in);
  // Starting states, two per family (lap 0, lap 1).
  State plain[2];
  gen.fill(plain[0].a, sizeof plain);
  State ctr32be[2], ctr32le[2], ctr128[2], mac_ctr_start[2];
  for (int lap = 0; lap < 2; ++lap) {
    ctr32be[lap] = ctr32le[lap] = ctr128[lap] = mac_ctr_start[lap] = plain[lap];
  }
  // ctr32_be: a low-byte carry (lap 0), the 2^32 wrap after 11 blocks (lap 1).
  std::memcpy(ctr32be[0].a + 12, "\x00\x00\x00\xf8", 4);
  std::memcpy(ctr32be[1].a + 12, "\xff\xff\xff\xf5", 4);
  std::memcpy(ctr32le[0].a, "\xf8\x00\x00\x00", 4);
  std::memcpy(ctr32le[1].a, "\xf5\xff\xff\xff", 4);
  // ctr128_be: a carry out of the low 32 bits (lap 0) and out of the low 64 bits (lap 1).
  std::memcpy(ctr128[0].a + 12, "\xff\xff\xff\xf8", 4);
  std::memcpy(ctr128[1].a + 8, "\xff\xff\xff\xff\xff\xff\xff\xf5", 8);
  std::memcpy(mac_ctr_start[0].a + 12, "\xff\xff\xff\xfa", 4);
  std::memcpy(mac_ctr_start[1].a + 8, "\xff\xff\xff\xff\xff\xff\xff\xfa", 8);
  State xts[2] = {plain[0], plain[1]};
  xts[0].a[15] |= 0x80;  // the first α step reduces
  xts[1].a[15] &= 0x7f;
  // OCB: a real L table (L_0 doubled on), block indexes from 1 (lap 0) and from 5 (lap 1).
  gen.fill(s.l.l[0], kBlock);
  for (std::size_t j = 1; j < OcbLTable::kCount; ++j) ocb_double(s.l.l[j - 1], s.l.l[j]);
  s.l.fill_prefix_sums();
  const std::uint64_t ocb_first[2] = {1, 5};
  // The CBC chain over `in`, one portable call per block, computed once and shared by the
  // cbc_encrypt, cbc_mac and mac_ctr (MAC of the input) models.
  std::memcpy(s.chain_iv, plain[0].a, kBlock);
  for (std::size_t k = 0; k < max_blocks; ++k) {
    std::uint8_t x[kBlock];
    xor_block(x, s.in[k], k == 0 ? s.chain_iv : s.chain[k - 1]);
    ref_encrypt(x, s.chain[k], 1);
  }
  State mac_start[2] = {plain[0], plain[0]};  // the MAC (.b) starts at chain_iv
  std::memcpy(mac_start[0].b, s.chain_iv, kBlock);
  mac_start[1] = mac_start[0];
  for (State& m : mac_ctr_start) std::memcpy(m.b, s.chain_iv, kBlock);

  auto stateless = [&](bool encrypt) {
    return [this, encrypt](int lap, const State& start, std::size_t len) {
      (void)lap;
      if (encrypt)
        ref_encrypt(s.in[0], s.ref_out[0], len);
      else
        ref_decrypt(s.in[0], s.ref_out[0], len);
      for (std::size_t k = 0; k <= len; ++k) s.ref_state[k] = start;
    };
  };
  check(E::encrypt_blocks, true, plain, stateless(true),
        [&](int, State&, const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
          b.encrypt_blocks(s.enc, in, out, n);
          return n;
        });
  check(E::decrypt_blocks, true, plain, stateless(false),
        [&](int, State&, const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
          b.decrypt_blocks(s.dec, in, out, n);
          return n;
        });

  // CTR: out_i = in_i ^ E(counter_i) (ctr_model).
  using CtrFn = std::size_t (*)(const RoundKeys&, std::uint8_t*, const std::uint8_t*, std::uint8_t*,
                                std::size_t) noexcept;
  auto chain_kernel = [this](CtrFn fn, bool dec_keys) {
    return [this, fn, dec_keys](int, State& st, const std::uint8_t* in, std::uint8_t* out,
                                std::size_t n) {
      return fn(dec_keys ? s.dec : s.enc, st.a, in, out, n);
    };
  };
  if (b.ctr32_be)
    check(E::ctr32_be, true, ctr32be, ctr_model(step_ctr32_be), chain_kernel(b.ctr32_be, false));
  if (b.ctr32_le)
    check(E::ctr32_le, true, ctr32le, ctr_model(step_ctr32_le), chain_kernel(b.ctr32_le, false));
  if (b.ctr128_be)
    check(E::ctr128_be, true, ctr128, ctr_model(step_ctr128_be), chain_kernel(b.ctr128_be, false));
  // xctr (HCTR2): out_i = in_i ^ E(S ^ counter_i), S in the state's .b (unchanged), the
  // counter in .a stepped as ctr32_le's (the same starts: the wrap inside lap 1).
  if (b.xctr) {
    check(
        E::xctr, true, ctr32le,
        [this](int, const State& start, std::size_t len) {
          s.ref_state[0] = start;
          for (std::size_t k = 0; k < len; ++k) {
            xor_block(s.tmp[k], s.ref_state[k].a, start.b);
            s.ref_state[k + 1] = s.ref_state[k];
            step_ctr32_le(s.ref_state[k + 1].a);
          }
          ref_encrypt(s.tmp[0], s.ref_out[0], len);
          for (std::size_t k = 0; k < len; ++k) xor_block(s.ref_out[k], s.ref_out[k], s.in[k]);
        },
        [this](int, State& st, const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
          return b.xctr(s.enc, st.b, st.a, in, out, n);
        });
  }

  // ecb_gather: out_i = E(the 16 bytes at gather[i]), the pointers into `in` in a scattered
  // order at byte offsets 0..4 (unaligned; neighbours overlap by up to 4 bytes, and from block
  // max_blocks - 1 on the blocks repeat at other offsets). The kernel never reads `buf`, so
  // both laps are out of place.
  if (b.ecb_gather) {
    // Offsets into the whole of `in` (its bytes as one array, not past the row s.in[0]).
    const auto* const in_bytes = reinterpret_cast<const std::uint8_t*>(&s.in);
    for (std::size_t k = 0; k < max_blocks; ++k)
      s.gather[k] = in_bytes + kBlock * ((k * 5) % (max_blocks - 1)) + k % 5;
    check(
        E::ecb_gather, true, plain,
        [this](int, const State& start, std::size_t len) {
          for (std::size_t k = 0; k < len; ++k) std::memcpy(s.tmp[k], s.gather[k], kBlock);
          ref_encrypt(s.tmp[0], s.ref_out[0], len);
          for (std::size_t k = 0; k <= len; ++k) s.ref_state[k] = start;
        },
        [this](int, State&, const std::uint8_t*, std::uint8_t* out, std::size_t n) {
          return b.ecb_gather(s.enc, s.gather, out, n);
        });
  }

  // CBC encryption: c_i = E(p_i ^ c_{i-1}): the shared chain (IV chain_iv in both laps).
  if (b.cbc_encrypt) {
    check(E::cbc_encrypt, true, plain, chain_model(&State::a, true),
          chain_kernel(b.cbc_encrypt, false), true);
  }
  // CBC decryption: p_i = D(c_i) ^ c_{i-1}; the IV becomes the last ciphertext block.
  if (b.cbc_decrypt) {
    check(
        E::cbc_decrypt, true, plain,
        [this](int, const State& start, std::size_t len) {
          ref_decrypt(s.in[0], s.ref_out[0], len);
          s.ref_state[0] = start;
          for (std::size_t k = 0; k < len; ++k) {
            xor_block(s.ref_out[k], s.ref_out[k], s.ref_state[k].a);
            s.ref_state[k + 1] = start;
            std::memcpy(s.ref_state[k + 1].a, s.in[k], kBlock);
          }
        },
        chain_kernel(b.cbc_decrypt, true));
  }
  // CFB128 and OFB: out_i = in_i ^ E(x_{i-1}), x = out (CFB encrypt), in (CFB decrypt) or the
  // keystream itself (OFB); the IV becomes the last x.
  enum class Feedback { output, input, keystream };
  auto feedback_model = [this](Feedback f) {
    return [this, f](int, const State& start, std::size_t len) {
      s.ref_state[0] = start;
      for (std::size_t k = 0; k < len; ++k) {
        std::uint8_t ks[kBlock];
        ref_encrypt(s.ref_state[k].a, ks, 1);
        xor_block(s.ref_out[k], s.in[k], ks);
        s.ref_state[k + 1] = start;
        const std::uint8_t* next = f == Feedback::output  ? s.ref_out[k]
                                   : f == Feedback::input ? s.in[k]
                                                          : ks;
        std::memcpy(s.ref_state[k + 1].a, next, kBlock);
      }
    };
  };
  if (b.cfb128_encrypt)
    check(E::cfb128_encrypt, true, plain, feedback_model(Feedback::output),
          chain_kernel(b.cfb128_encrypt, false), true);
  if (b.cfb128_decrypt)
    check(E::cfb128_decrypt, true, plain, feedback_model(Feedback::input),
          chain_kernel(b.cfb128_decrypt, false));
  if (b.ofb) {
    check(E::ofb, true, plain, feedback_model(Feedback::keystream), chain_kernel(b.ofb, false),
          true);
  }

  // XTS whole blocks: out_i = C(in_i ^ T_i) ^ T_i, T_{i+1} = T_i·α.
  auto xts_model = [this](bool encrypt) {
    return [this, encrypt](int, const State& start, std::size_t len) {
      s.ref_state[0] = start;
      for (std::size_t k = 0; k < len; ++k) {
        xor_block(s.tmp[k], s.in[k], s.ref_state[k].a);
        s.ref_state[k + 1] = s.ref_state[k];
        step_xts(s.ref_state[k + 1].a);
      }
      if (encrypt)
        ref_encrypt(s.tmp[0], s.ref_out[0], len);
      else
        ref_decrypt(s.tmp[0], s.ref_out[0], len);
      for (std::size_t k = 0; k < len; ++k) xor_block(s.ref_out[k], s.ref_out[k], s.ref_state[k].a);
    };
  };
  if (b.xts_encrypt)
    check(E::xts_encrypt, true, xts, xts_model(true), chain_kernel(b.xts_encrypt, false));
  if (b.xts_decrypt)
    check(E::xts_decrypt, true, xts, xts_model(false), chain_kernel(b.xts_decrypt, true));
  // XTS one-block data unit: T = E(tweak) (the tweak in .a, unchanged; Key2 = Key1 here),
  // out_0 = C(in_0 ^ T) ^ T; one block per call.
  auto xts_one_model = [this](bool encrypt) {
    return [this, encrypt](int, const State& start, std::size_t len) {
      std::uint8_t t[kBlock];
      ref_encrypt(start.a, t, 1);
      for (std::size_t k = 0; k < len; ++k) xor_block(s.tmp[k], s.in[k], t);
      if (encrypt)
        ref_encrypt(s.tmp[0], s.ref_out[0], len);
      else
        ref_decrypt(s.tmp[0], s.ref_out[0], len);
      for (std::size_t k = 0; k < len; ++k) xor_block(s.ref_out[k], s.ref_out[k], t);
      for (std::size_t k = 0; k <= len; ++k) s.ref_state[k] = start;
    };
  };
  if (b.xts_encrypt_one) {
    check(E::xts_encrypt_one, true, xts, xts_one_model(true),
          [&](int, State& st, const std::uint8_t* in, std::uint8_t* out, std::size_t) {
            b.xts_encrypt_one(s.enc, s.enc, st.a, in, out);
            return std::size_t{1};
          });
  }
  if (b.xts_decrypt_one) {
    check(E::xts_decrypt_one, true, xts, xts_one_model(false),
          [&](int, State& st, const std::uint8_t* in, std::uint8_t* out, std::size_t) {
            b.xts_decrypt_one(s.dec, s.enc, st.a, in, out);
            return std::size_t{1};
          });
  }

  // OCB3 whole blocks (RFC 7253 §4.2-4.3): Offset_i = Offset_{i-1} ^ L[ntz(i)].
  enum class Ocb { encrypt, decrypt, hash };
  auto ocb_model = [this, &ocb_first](Ocb kind) {
    return [this, &ocb_first, kind](int lap, const State& start, std::size_t len) {
      s.ref_state[0] = start;
      for (std::size_t k = 0; k < len; ++k) {
        s.ref_state[k + 1] = s.ref_state[k];
        xor_block(s.ref_state[k + 1].a, s.ref_state[k].a, s.l.l[ntz(ocb_first[lap] + k)]);
        xor_block(s.tmp[k], s.in[k], s.ref_state[k + 1].a);
      }
      if (kind == Ocb::decrypt)
        ref_decrypt(s.tmp[0], s.ref_out[0], len);
      else
        ref_encrypt(s.tmp[0], s.ref_out[0], len);
      for (std::size_t k = 0; k < len; ++k) {
        std::uint8_t* acc = s.ref_state[k + 1].b;
        const std::uint8_t* prev = s.ref_state[k].b;
        if (kind == Ocb::hash) {
          xor_block(acc, prev, s.ref_out[k]);  // sum ^= E(A_i ^ Offset_i)
          continue;
        }
        xor_block(s.ref_out[k], s.ref_out[k], s.ref_state[k + 1].a);
        xor_block(acc, prev, kind == Ocb::encrypt ? s.in[k] : s.ref_out[k]);
      }
    };
  };
  if (b.ocb_encrypt) {
    check(E::ocb_encrypt, true, plain, ocb_model(Ocb::encrypt),
          [&](int lap, State& st, const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
            return b.ocb_encrypt(s.enc, s.l, ocb_first[lap], st.a, st.b, in, out, n);
          });
  }
  if (b.ocb_decrypt) {
    check(E::ocb_decrypt, true, plain, ocb_model(Ocb::decrypt),
          [&](int lap, State& st, const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
            return b.ocb_decrypt(s.dec, s.l, ocb_first[lap], st.a, st.b, in, out, n);
          });
  }
  if (b.ocb_hash) {
    check(E::ocb_hash, false, plain, ocb_model(Ocb::hash),
          [&](int lap, State& st, const std::uint8_t* in, std::uint8_t*, std::size_t n) {
            return b.ocb_hash(s.enc, s.l, ocb_first[lap], st.a, st.b, in, n);
          });
  }

  // CBC-MAC: mac = E(mac ^ X_i), state in .b: the shared chain.
  if (b.cbc_mac) {
    check(
        E::cbc_mac, false, mac_start, chain_model(&State::b, false),
        [&](int, State& st, const std::uint8_t* in, std::uint8_t*, std::size_t n) {
          return b.cbc_mac(s.enc, st.b, in, n);
        },
        true);
  }
  // mac_ctr: CTR (32- or 128-bit counter in .a) and a CBC-MAC (in .b) over the input or the
  // output. Two passes cover the four flag pairs: (ctr128, mac_output) per lap.
  if (b.mac_ctr) {
    for (int pass = 0; pass < 2; ++pass) {
      // pass 0: lap 0 (32-bit, MAC of input), lap 1 (128-bit, MAC of output);
      // pass 1: lap 0 (128-bit, MAC of input), lap 1 (32-bit, MAC of output).
      auto ctr128_of = [pass](int lap) { return (lap == 1) != (pass == 1); };
      auto mac_output_of = [](int lap) { return lap == 1; };
      check(
          E::mac_ctr, true, mac_ctr_start,
          [&, this](int lap, const State& start, std::size_t len) {
            // The CTR part as ctr_model (keystream in one portable call), then the MAC:
            // the shared chain over the input, or a chain over the output.
            s.ref_state[0] = start;
            for (std::size_t k = 0; k < len; ++k) {
              std::memcpy(s.tmp[k], s.ref_state[k].a, kBlock);
              s.ref_state[k + 1] = s.ref_state[k];
              if (ctr128_of(lap))
                step_ctr128_be(s.ref_state[k + 1].a);
              else
                step_ctr32_be(s.ref_state[k + 1].a);
            }
            ref_encrypt(s.tmp[0], s.ref_out[0], len);
            for (std::size_t k = 0; k < len; ++k) {
              xor_block(s.ref_out[k], s.ref_out[k], s.in[k]);
              if (!mac_output_of(lap)) {
                std::memcpy(s.ref_state[k + 1].b, s.chain[k], kBlock);
                continue;
              }
              std::uint8_t x[kBlock];
              xor_block(x, s.ref_state[k].b, s.ref_out[k]);
              ref_encrypt(x, s.ref_state[k + 1].b, 1);
            }
          },
          [&](int lap, State& st, const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
            return b.mac_ctr(s.enc, ctr128_of(lap), st.a, st.b, in, out, n, mac_output_of(lap));
          });
    }
  }
  if (key_bits != 192) gcm_siv_entries(gen);  // RFC 8452: AES-128 and AES-256 keys only
}

void Run::gcm_siv_entries(SelfTestBytes& gen) {
  using E = SelfTestEntry;
  const std::size_t key_len = key_bits / 8;
  if (b.gcm_siv_derive) {
    result.tested_entries |= entry_bit(E::gcm_siv_derive);
    const std::size_t count = 2 + key_len / 8;  // 4 or 6 blocks LE32(i) || N
    for (int trial = 0; trial < 2; ++trial) {
      std::uint8_t nonce[12];
      gen.fill(nonce, sizeof nonce);
      std::uint8_t blocks[6][kBlock];
      for (std::size_t i = 0; i < count; ++i) {
        std::memset(blocks[i], 0, 4);
        blocks[i][0] = static_cast<std::uint8_t>(i);
        std::memcpy(blocks[i] + 4, nonce, sizeof nonce);
      }
      ref_encrypt(blocks[0], blocks[0], count);
      std::uint8_t keys[6 * 8];  // auth key || message key: the first halves
      for (std::size_t i = 0; i < count; ++i) std::memcpy(keys + 8 * i, blocks[i], 8);
      std::uint8_t auth[kBlock + 1];
      std::memset(auth, kGuard, sizeof auth);
      b.gcm_siv_derive(s.enc, nonce, auth, s.msg);
      if (fault == static_cast<int>(E::gcm_siv_derive)) auth[0] ^= 1;
      kPortableBackend.expand_key(keys + kBlock, key_len, s.ref_msg);
      constexpr std::size_t kProbe = 3;  // the message key compared through encryption
      b.encrypt_blocks(s.msg, s.in[0], s.buf[0], kProbe);
      kPortableBackend.encrypt_blocks(s.ref_msg, s.in[0], s.ref_out[0], kProbe);
      const bool ok = std::memcmp(auth, keys, kBlock) == 0 && auth[kBlock] == kGuard &&
                      s.msg.rounds == s.ref_msg.rounds &&
                      std::memcmp(s.buf, s.ref_out, kProbe * kBlock) == 0;
      if (!ok) {
        fail(E::gcm_siv_derive, count);
        break;
      }
    }
  }
  if (b.gcm_siv_tag_ctr) {
    // Per lap: a nonce, a tag T whose counter (first 4 bytes, little-endian) wraps 2^32 inside
    // the lap (after 6 blocks in lap 0, after group + 4 in lap 1), S' = D(T) (T redrawn until
    // bit 127 of S' is clear, as the tag input always has it), and S = S' ^ (N || 0^32) with
    // bit 127 set, which the kernel must clear. State: .a the counter, .b the tag.
    std::uint8_t nonce[2][12];
    std::uint8_t s_in[2][kBlock];
    State start[2];
    const std::uint32_t wrap_in[2] = {6, static_cast<std::uint32_t>(group + 4)};
    for (int lap = 0; lap < 2; ++lap) {
      gen.fill(nonce[lap], sizeof nonce[lap]);
      std::uint8_t* t = start[lap].b;
      std::uint8_t s_prime[kBlock];
      const std::uint32_t low = 0u - wrap_in[lap];
      bool found = false;
      for (int tries = 0; tries < 64 && !found; ++tries) {
        gen.fill(t, kBlock);
        for (int i = 0; i < 4; ++i) t[i] = static_cast<std::uint8_t>(low >> (8 * i));
        ref_decrypt(t, s_prime, 1);
        found = (s_prime[15] & 0x80) == 0;
      }
      if (!found) {  // (2^-64) keep the last S' with the bit cleared: no wrap, still a test
        s_prime[15] &= 0x7f;
        ref_encrypt(s_prime, t, 1);
      }
      std::memcpy(s_in[lap], s_prime, kBlock);
      for (int i = 0; i < 12; ++i) s_in[lap][i] ^= nonce[lap][i];
      s_in[lap][15] |= 0x80;
      std::memcpy(start[lap].a, t, kBlock);
      start[lap].a[15] |= 0x80;
    }
    check(
        E::gcm_siv_tag_ctr, true, start, ctr_model(step_ctr32_le),
        [&](int lap, State& st, const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
          std::memset(&st, 0x5a, sizeof st);  // outputs only: nothing may pass through
          return b.gcm_siv_tag_ctr(s.enc, s_in[lap], nonce[lap], st.b, st.a, in, out, n);
        },
        false, 0);
  }
}

SelfTestResult run_self_test(const AesBackend& b, int fault) {
  static Scratch scratch;  // guarded by the caller's lock
  SelfTestResult result;
  const Stopwatch clock;
  const SelfTestBlocks blocks = self_test_blocks(b.batch_blocks, kMinGroup, kMaxGroup);
  Run run{b, scratch, result, fault};
  run.group = blocks.group;
  run.max_blocks = result.max_blocks = blocks.max_blocks;
  static constexpr std::uint8_t kKey[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                            11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                            22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
  for (std::size_t key_len : {16u, 24u, 32u}) {
    run.key_bits = static_cast<unsigned>(key_len * 8);
    b.expand_key(kKey, key_len, scratch.enc);
    b.derive_decrypt_key(scratch.enc, scratch.dec);
    if (!run.known_answers()) continue;  // nothing else is meaningful with a bad schedule
    if (&b == &kPortableBackend) {       // the reference: known answers only
      result.known_answers_only = true;
      continue;
    }
    kPortableBackend.expand_key(kKey, key_len, scratch.ref_enc);
    kPortableBackend.derive_decrypt_key(scratch.ref_enc, scratch.ref_dec);
    run.bulk_entries();
  }
  finish_self_test(result, clock, scratch);  // wipes the schedules and the buffers
  return result;
}

constinit SelfTestSlots<AesBackend, SelfTestResult, kAesBackends.size()> slots{
    kAesBackends, kSelfTestEntryNames, run_self_test};

}  // namespace

const SelfTestResult& backend_self_test(const AesBackend& b) noexcept {
  return slots.result(b);
}

bool backend_self_test_allows(const AesBackend& b) noexcept {
  return backend_self_test(b).status != SelfTestResult::Status::failed;
}

bool self_test_inject_fault_for_testing(const AesBackend& b, std::string_view entry) noexcept {
  return slots.inject(b, entry);
}

void self_test_reset_for_testing() noexcept {
  slots.reset_all();
  ghash_self_test_reset_for_testing();
  gcm_fused_self_test_reset_for_testing();
  aegis_self_test_reset_for_testing();
}

unsigned self_test_runs_for_testing(const AesBackend& b) noexcept {
  return slots.runs(b);
}

}  // namespace aeskit::detail
