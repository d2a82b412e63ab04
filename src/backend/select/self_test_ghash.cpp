// src/backend/select/self_test_ghash.cpp — the once-per-process known-answer self-test of each
// GHASH backend and of its native POLYVAL kernel (see self_test.hpp for the contract).
//
// The reference: GCM's multiplication bit by bit (SP 800-38D §6.3, Algorithm 1, with its
// sequence V_i = H·x^i computed once for the fixed H) on the block read as a big-endian
// 128-bit integer (the x^0 coefficient is its most significant bit), no data-indexed table;
// with it, the chain of GHASH states over 300 fixed blocks from the zero state, built once per
// process. POLYVAL is the same chain through RFC 8452 Appendix A: with the GHASH key
// mulX_GHASH(ByteReverse(H)) and the POLYVAL blocks the byte-reversed GHASH blocks, the POLYVAL
// state after k blocks is the byte-reversed GHASH state, so one chain checks both.
//
// How one GHASH backend is tested (T: its native POLYVAL kernel's powers, the size of its
// table, at least 8 — the software backends reduce every 4 blocks):
//   update: one init, then from the zero state a call of n blocks for every n in 1..2T+1 and
//     127, 128, 129, 160, 300 (vpclmul512 takes 32-block steps, and calls of 128 blocks or
//     more its long path), each count also split in two calls, and 300 blocks in uneven
//     pieces (1 + 299, 31 + 269, 128 + 172, 33 + 128 + 139): the state after every call equals
//     the chain's. Then test case 2 of the GCM specification (McGrew-Viega; GHASH of 2 blocks)
//     as a known answer, which checks the reference too.
//   polyval_update (a native kernel): for each run above, init_powers(H, key, n) for exactly
//     that run's total n (so every partial table and the long-message key are built), the
//     same calls, wipe_powers; then the RFC 8452 Appendix A example.
//   polyval_hash_short: every n in 1..2T+1, from a garbage state (it must ignore it), then
//     the Appendix A example.
//   polyval_hash_message (AES-GCM-SIV's whole input: AD and data zero-padded, the lengths
//     block): for every data length of 0..2T+1 blocks, minus 0 or 7 bytes, beside AD of 0..2
//     blocks minus 0 or 5 bytes, and for lengths up to the kernel's seal range, against
//     polyval_update (checked just before) over the same input laid out padded; from a
//     garbage state.
// Each entry stops at its first mismatch. Cost: a few microseconds per clmul backend, tens for
// the software ones, plus about a hundred once for the reference chain.
//
// References: NIST SP 800-38D §6.3-6.4; RFC 8452 §3 and Appendix A; McGrew and Viega, "The
// Galois/Counter Mode of Operation (GCM)", test case 2.
#include <cstring>

#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
#include "backend/select/self_test_once.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kBlock = 16;
constexpr std::size_t kMinTable = 8;
constexpr std::size_t kLongest = 300;
constexpr std::size_t kLongCounts[] = {127, 128, 129, 160, kLongest};
// kLongest blocks in uneven calls (0: no more calls).
constexpr std::size_t kLongPieces[][3] = {{1, 299, 0}, {31, 269, 0}, {128, 172, 0}, {33, 128, 139}};
// kMessageCases: (AD bytes, data bytes) of the polyval_hash_message runs beyond the sweep.
constexpr std::size_t kMessageCases[][2] = {{13, 1350}, {0, 2048}, {31, 3000}, {16, 4560}};
constexpr std::size_t kMessageBytesMax = 4608;  // the largest AD + data above, padded, + 16

// A block as a big-endian 128-bit integer: hi = bytes 0..7.
struct U128 {
  std::uint64_t hi, lo;
};

U128 load_be(const std::uint8_t* p) {
  U128 v{0, 0};
  for (int i = 0; i < 8; ++i) {
    v.hi = (v.hi << 8) | p[i];
    v.lo = (v.lo << 8) | p[8 + i];
  }
  return v;
}

void store_be(std::uint8_t* p, U128 v) {
  for (int i = 7; i >= 0; --i) {
    p[i] = static_cast<std::uint8_t>(v.hi);
    p[8 + i] = static_cast<std::uint8_t>(v.lo);
    v.hi >>= 8;
    v.lo >>= 8;
  }
}

// times_x: V·x in GCM's bit order (V >> 1, the x^127 coefficient shifted out folds back as
// x^128 = x^7 + x^2 + x + 1, i.e. 0xE1 in the top byte).
U128 times_x(U128 v) {
  const std::uint64_t carry = 0 - (v.lo & 1);
  return {(v.hi >> 1) ^ (carry & 0xE100000000000000u), (v.lo >> 1) | (v.hi << 63)};
}

// TimesH: multiplication by a fixed H, SP 800-38D Algorithm 1 (for each coefficient x^i of X
// that is set, Z ^= V_i, with V_0 = H and V_(i+1) = V_i·x) with the V sequence computed once.
struct TimesH {
  U128 v[128];
  explicit TimesH(U128 h) {
    v[0] = h;
    for (int i = 1; i < 128; ++i) v[i] = times_x(v[i - 1]);
  }
  U128 operator()(U128 x) const {
    U128 z{0, 0};
    const std::uint64_t words[2] = {x.hi, x.lo};  // x^0..x^63, then x^64..x^127
    for (int w = 0; w < 2; ++w) {
      std::uint64_t word = words[w];
      for (int i = 0; i < 64; ++i) {
        const std::uint64_t take = 0 - (word >> 63);  // coefficient x^(64w + i), as a mask
        word <<= 1;
        z.hi ^= v[64 * w + i].hi & take;
        z.lo ^= v[64 * w + i].lo & take;
      }
    }
    return z;
  }
};

void reverse16(const std::uint8_t* in, std::uint8_t* out) {
  for (std::size_t i = 0; i < kBlock; ++i) out[i] = in[kBlock - 1 - i];
}

struct Reference {
  std::uint8_t h_polyval[kBlock];  // POLYVAL's H
  std::uint8_t h_ghash[kBlock];    // mulX_GHASH(ByteReverse(H)): GHASH's H for the same chain
  std::uint8_t ghash_data[kLongest][kBlock];
  std::uint8_t polyval_data[kLongest][kBlock];       // each GHASH block byte-reversed
  std::uint8_t ghash_state[kLongest + 1][kBlock];    // after k blocks from zero
  std::uint8_t polyval_state[kLongest + 1][kBlock];  // each GHASH state byte-reversed
};

// reference: built on first use (callers hold the self-test lock); `nanoseconds` gets the
// time it took when this call built it, else 0.
const Reference& reference(std::uint64_t& nanoseconds) {
  static Reference r;
  static bool built = false;
  nanoseconds = 0;
  if (built) return r;
  const Stopwatch clock;
  SelfTestBytes gen{0x9a54000000000000u};
  gen.fill(r.h_polyval, kBlock);
  gen.fill(r.ghash_data[0], sizeof r.ghash_data);
  std::uint8_t reversed[kBlock];
  reverse16(r.h_polyval, reversed);
  const U128 h = times_x(load_be(reversed));
  store_be(r.h_ghash, h);
  const TimesH times_h(h);
  U128 y{0, 0};
  store_be(r.ghash_state[0], y);
  for (std::size_t k = 0; k < kLongest; ++k) {
    reverse16(r.ghash_data[k], r.polyval_data[k]);
    const U128 x = load_be(r.ghash_data[k]);
    y = times_h({y.hi ^ x.hi, y.lo ^ x.lo});
    store_be(r.ghash_state[k + 1], y);
  }
  for (std::size_t k = 0; k <= kLongest; ++k) reverse16(r.ghash_state[k], r.polyval_state[k]);
  built = true;
  nanoseconds = clock.nanoseconds();
  return r;
}

// Known answers. GCM specification test case 2: H = E_0(0^128), C one block, no AD; GHASH over
// C and the lengths block (0, 128 bits).
constexpr std::uint8_t kGcmH[kBlock] = {0x66, 0xe9, 0x4b, 0xd4, 0xef, 0x8a, 0x2c, 0x3b,
                                        0x88, 0x4c, 0xfa, 0x59, 0xca, 0x34, 0x2b, 0x2e};
constexpr std::uint8_t kGcmData[2][kBlock] = {
    {0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92, 0xf3, 0x28, 0xc2, 0xb9, 0x71, 0xb2, 0xfe,
     0x78},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80},
};
constexpr std::uint8_t kGcmGhash[kBlock] = {0xf3, 0x8c, 0xbb, 0x1a, 0xd6, 0x92, 0x23, 0xdc,
                                            0xc3, 0x45, 0x7a, 0xe5, 0xb6, 0xb0, 0xf8, 0x85};
// RFC 8452 Appendix A: POLYVAL(H, X_1, X_2).
constexpr std::uint8_t kPolyvalH[kBlock] = {0x25, 0x62, 0x93, 0x47, 0x58, 0x92, 0x42, 0x76,
                                            0x1d, 0x31, 0xf8, 0x26, 0xba, 0x4b, 0x75, 0x7b};
constexpr std::uint8_t kPolyvalData[2][kBlock] = {
    {0x4f, 0x4f, 0x95, 0x66, 0x8c, 0x83, 0xdf, 0xb6, 0x40, 0x17, 0x62, 0xbb, 0x2d, 0x01, 0xa2,
     0x62},
    {0xd1, 0xa2, 0x4d, 0xdd, 0x27, 0x21, 0xd0, 0x06, 0xbb, 0xe4, 0x5f, 0x20, 0xd3, 0xc9, 0xf3,
     0x62},
};
constexpr std::uint8_t kPolyvalResult[kBlock] = {0xf7, 0xa3, 0xb4, 0x7b, 0x84, 0x61, 0x19, 0xfa,
                                                 0xe5, 0xb7, 0x86, 0x6c, 0xf5, 0xe5, 0xb7, 0x7e};

using Data = const std::uint8_t (*)[kBlock];

struct Run {
  const GhashBackend& g;
  const PolyvalKernel* pk;
  const Reference& ref;
  GhashSelfTestResult& result;
  int fault;  // GhashSelfTestEntry whose output the test hook corrupts, or -1
  std::size_t max_blocks = 0;

  void fail(GhashSelfTestEntry e, std::size_t blocks) {
    if (result.failed_entries == 0) {
      result.first_failure = e;
      result.first_failure_blocks = blocks;
    }
    result.failed_entries |= entry_bit(e);
  }

  // same: the state after a call, `blocks` into the run, against `want` (the hook flips a bit).
  bool same(GhashSelfTestEntry e, std::uint8_t state[kBlock], const std::uint8_t* want,
            std::size_t blocks) {
    if (fault == static_cast<int>(e)) state[0] ^= 1;
    if (std::memcmp(state, want, kBlock) == 0) return true;
    fail(e, blocks);
    return false;
  }

  // run: one hash from the zero state in calls of the given sizes: prepare(total) sets up the
  // key for the run, absorb(state, data, n) is one call, finish(total) cleans up. Every
  // intermediate state is checked against the chain.
  template <class Prepare, class Absorb, class Finish>
  bool run(GhashSelfTestEntry e, Data data, Data chain, const std::size_t* pieces,
           std::size_t count, Prepare& prepare, Absorb& absorb, Finish& finish) {
    std::size_t total = 0;
    for (std::size_t i = 0; i < count; ++i) total += pieces[i];
    prepare(total);
    std::uint8_t state[kBlock] = {};
    std::size_t done = 0;
    bool ok = true;
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t p = pieces[i];
      if (p == 0) continue;
      absorb(state, data[done], p);
      done += p;
      if (!(ok = same(e, state, chain[done], done))) break;
    }
    finish(total);
    return ok;
  }

  // sweep: the runs of the header: 1..max_blocks, each split in two, the long counts, the
  // long uneven pieces. Stops at the first mismatch.
  template <class Prepare, class Absorb, class Finish>
  bool sweep(GhashSelfTestEntry e, Data data, Data chain, Prepare&& prepare, Absorb&& absorb,
             Finish&& finish) {
    result.tested_entries |= entry_bit(e);
    auto whole_and_halves = [&](std::size_t n, std::size_t first) {
      const std::size_t split[2] = {first, n - first};
      return run(e, data, chain, &n, 1, prepare, absorb, finish) &&
             (n < 2 || run(e, data, chain, split, 2, prepare, absorb, finish));
    };
    for (std::size_t n = 1; n <= max_blocks; ++n)
      if (!whole_and_halves(n, n / 2)) return false;
    for (std::size_t n : kLongCounts)
      if (!whole_and_halves(n, n / 3)) return false;
    for (const auto& pieces : kLongPieces)
      if (!run(e, data, chain, pieces, 3, prepare, absorb, finish)) return false;
    return true;
  }

  void ghash_update(GhashKey& key) {
    using E = GhashSelfTestEntry;
    g.init(ref.h_ghash, key);
    auto nothing = [](std::size_t) {};
    auto absorb = [&](std::uint8_t* state, const std::uint8_t* data, std::size_t n) {
      g.update(key, state, data, n);
    };
    if (!sweep(E::update, ref.ghash_data, ref.ghash_state, nothing, absorb, nothing)) return;
    g.init(kGcmH, key);
    std::uint8_t state[kBlock] = {};
    g.update(key, state, kGcmData[0], 2);
    same(E::update, state, kGcmGhash, 2);
  }

  // polyval_prepare: the key for a run of `total` blocks (init_powers' bound), or, for a
  // kernel without init_powers, the GHASH backend's own key from mulX_GHASH(ByteReverse(H)).
  void polyval_prepare(GhashKey& key, const std::uint8_t h[kBlock], std::size_t total) {
    if (pk->init_powers != nullptr) return pk->init_powers(h, key, total);
    std::uint8_t reversed[kBlock];
    reverse16(h, reversed);
    std::uint8_t mapped[kBlock];
    store_be(mapped, times_x(load_be(reversed)));
    g.init(mapped, key);
  }
  void polyval_finish(GhashKey& key, std::size_t total) {
    if (pk->init_powers != nullptr && pk->wipe_powers != nullptr) pk->wipe_powers(key, total);
  }

  void polyval_update(GhashKey& key) {
    using E = GhashSelfTestEntry;
    auto prepare = [&](std::size_t total) { polyval_prepare(key, ref.h_polyval, total); };
    auto absorb = [&](std::uint8_t* state, const std::uint8_t* data, std::size_t n) {
      pk->update(key, state, data, n);
    };
    auto finish = [&](std::size_t total) { polyval_finish(key, total); };
    if (!sweep(E::polyval_update, ref.polyval_data, ref.polyval_state, prepare, absorb, finish))
      return;
    polyval_prepare(key, kPolyvalH, 2);
    std::uint8_t state[kBlock] = {};
    pk->update(key, state, kPolyvalData[0], 2);
    polyval_finish(key, 2);
    same(E::polyval_update, state, kPolyvalResult, 2);
  }

  // message_case: hash_message over ad_len bytes of AD and len of data (from the reference
  // data: the data starts one byte in, so it is not 16-byte aligned) against polyval_update
  // over the padded layout and the lengths block.
  bool message_case(GhashKey& key, std::size_t ad_len, std::size_t len) {
    using E = GhashSelfTestEntry;
    static std::uint8_t laid[kMessageBytesMax];  // guarded by the caller's lock
    const std::uint8_t* src = ref.polyval_data[0];
    const std::uint8_t* ad = src;
    const std::uint8_t* data = src + 1;
    const std::size_t ad_pad = (ad_len + 15) / 16 * 16;
    const std::size_t data_pad = (len + 15) / 16 * 16;
    const std::size_t blocks = (ad_pad + data_pad) / 16 + 1;
    std::memset(laid, 0, 16 * blocks);
    std::memcpy(laid, ad, ad_len);
    std::memcpy(laid + ad_pad, data, len);
    for (int i = 0; i < 8; ++i) {
      laid[ad_pad + data_pad + i] = static_cast<std::uint8_t>((8 * ad_len) >> (8 * i));
      laid[ad_pad + data_pad + 8 + i] = static_cast<std::uint8_t>((8 * len) >> (8 * i));
    }
    std::uint8_t want[kBlock] = {};
    polyval_prepare(key, ref.h_polyval, blocks);
    pk->update(key, want, laid, blocks);
    polyval_finish(key, blocks);
    std::uint8_t state[kBlock];
    std::memset(state, 0xa5, sizeof state);  // ignored: the hash starts from zero
    pk->hash_message(ref.h_polyval, ad_len == 0 ? nullptr : ad, ad_len, data, len, state);
    return same(E::polyval_hash_message, state, want, blocks);
  }

  void polyval_hash_message(GhashKey& key) {
    using E = GhashSelfTestEntry;
    result.tested_entries |= entry_bit(E::polyval_hash_message);
    for (std::size_t d = 0; d <= max_blocks; ++d) {
      const std::size_t ad_blocks = d % 3;
      const std::size_t ad_len = 16 * ad_blocks - (ad_blocks != 0 && d % 4 == 1 ? 5 : 0);
      const std::size_t len = 16 * d - (d != 0 && d % 2 == 1 ? 7 : 0);
      if (!message_case(key, ad_len, len)) return;
    }
    for (const auto& c : kMessageCases)
      if (!message_case(key, c[0], c[1])) return;
  }

  void polyval_hash_short() {
    using E = GhashSelfTestEntry;
    result.tested_entries |= entry_bit(E::polyval_hash_short);
    std::uint8_t state[kBlock];
    for (std::size_t n = 1; n <= max_blocks; ++n) {
      std::memset(state, 0xa5, sizeof state);  // ignored: the hash starts from zero
      pk->hash_short(ref.h_polyval, state, ref.polyval_data[0], n);
      if (!same(E::polyval_hash_short, state, ref.polyval_state[n], n)) return;
    }
    std::memset(state, 0xa5, sizeof state);
    pk->hash_short(kPolyvalH, state, kPolyvalData[0], 2);
    same(E::polyval_hash_short, state, kPolyvalResult, 2);
  }
};

GhashSelfTestResult run_ghash_self_test(const GhashBackend& g, int fault) {
  static GhashKey key;  // guarded by the caller's lock
  GhashSelfTestResult result;
  const Stopwatch clock;
  std::uint64_t reference_ns = 0;
  const Reference& ref = reference(reference_ns);
  const PolyvalKernel* pk = polyval_kernel_of(g);
  std::size_t table = pk != nullptr && pk->powers > kMinTable ? pk->powers : kMinTable;
  Run run{g, pk, ref, result, fault};
  run.max_blocks = 2 * table + 1;
  result.max_blocks = run.max_blocks;
  result.longest_blocks = kLongest;
  run.ghash_update(key);
  if (pk != nullptr) {
    run.polyval_update(key);
    if (pk->hash_short != nullptr) run.polyval_hash_short();
    if (pk->hash_message != nullptr && result.failed_entries == 0) run.polyval_hash_message(key);
  }
  std::memset(&key, 0, sizeof key);
  using E = GhashSelfTestEntry;
  result.status = self_test_status(result.failed_entries, entry_bit(E::update));
  if (pk != nullptr)
    result.polyval_status = self_test_status(
        result.failed_entries, entry_bit(E::polyval_update) | entry_bit(E::polyval_hash_short) |
                                   entry_bit(E::polyval_hash_message));
  result.reference_nanoseconds = reference_ns;
  result.nanoseconds = clock.nanoseconds();
  return result;
}

constinit SelfTestSlots<GhashBackend, GhashSelfTestResult, kGhashBackends.size()> slots{
    kGhashBackends, kGhashSelfTestEntryNames, run_ghash_self_test};

}  // namespace

const GhashSelfTestResult& ghash_self_test(const GhashBackend& g) noexcept {
  return slots.result(g);
}

bool ghash_self_test_allows(const GhashBackend& g) noexcept {
  return ghash_self_test(g).status != SelfTestResult::Status::failed;
}

bool polyval_self_test_allows(const PolyvalKernel& k) noexcept {
  return ghash_self_test(*k.ghash).polyval_status != SelfTestResult::Status::failed;
}

bool self_test_inject_fault_for_testing(const GhashBackend& g, std::string_view entry) noexcept {
  // A polyval_* entry only where g has a native POLYVAL kernel.
  if (entry != ghash_self_test_entry_name(GhashSelfTestEntry::update) &&
      polyval_kernel_of(g) == nullptr)
    return false;
  return slots.inject(g, entry);
}

void ghash_self_test_reset_for_testing() noexcept {
  slots.reset_all();
}

unsigned self_test_runs_for_testing(const GhashBackend& g) noexcept {
  return slots.runs(g);
}

}  // namespace aeskit::detail
