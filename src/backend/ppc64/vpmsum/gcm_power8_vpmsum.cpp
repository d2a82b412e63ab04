// src/backend/ppc64/vpmsum/gcm_power8_vpmsum.cpp — fused AES-GCM for the (power8, vpmsum)
// pair (and, built again by gcm_power9_vpmsum.cpp, for (power9, vpmsum)): CTR with inc32 on
// vcipher and GHASH on vpmsumd in one loop over groups of 8 blocks.
//
// CPU features: POWER8 vector crypto (vcipher, vcipherlast, vpmsumd; cpu::Feature::vcrypto),
// 64-bit little-endian; target("cpu=power8") per function (cpu=power9 in the p9 build).
// References: NIST SP 800-38D §6.4 (GHASH), §6.5 (GCTR, inc32), §7; ppc64/rounds.hpp and
// ppc64/counter.hpp (AES, byte order, the counter); ppc64/vpmsum/field.hpp (the field, the
// GhashKey layout and its pair forms); backend/gcm_fused_kernels.hpp (the contract);
// docs/POWER8.md (why this shape, instruction counts).
//
// Registers. vcipher and vpmsumd name only the 32 VMX registers. The group's 8 counter blocks,
// AES-128's 11 round keys, the counter and its increment, the vperm mask (POWER8 build) and
// the GHASH temporaries leave no room for 8 data blocks held across the rounds (an earlier
// fused loop that held them spilled). So:
//   seal  hashes the *previous* group's ciphertext, reloaded from the output, while the
//         current group goes through the rounds; the last group is hashed after the loop;
//   open  hashes the current group's ciphertext from the input while it goes through the
//         rounds, and (POWER8 build) loads it again for the final XOR (vcipherlast(s, k_R ^
//         C)); the POWER9 build, with no vperm mask to hold, keeps the 8 loaded blocks.
// GHASH takes the group's blocks two at a time through the pair forms (field.hpp: four
// vpmsumd and two table loads per two blocks instead of six and six), one reduction per group;
// the three sums live in the upper VSX registers (XORs and merges reach all 64).
// Compiler: built with -fno-schedule-insns (CMakeLists.txt: GCC's pre-allocation scheduler
// hoists the group's loads and then spills); empty asm statements (no instruction) settle the
// sums after each pair step and hide values GCC must not fold (docs/POWER8.md, "GCM").
// Whole groups only in the fused loop; a last group of 1..7 blocks runs CTR, then the
// GHASH backend's own absorb (vpmsum::absorb). Every group loads its inputs before storing,
// so in == out works.
#include "backend/ppc64/vpmsum/gcm_power8_vpmsum.hpp"

#include "backend/ppc64/counter.hpp"
#include "backend/ppc64/power8.hpp"
#include "backend/ppc64/rounds.hpp"
#include "backend/ppc64/vpmsum/field.hpp"
#include "backend/ppc64/vpmsum/ghash_vpmsum.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {  // rounds.hpp: p8 or p9
namespace {

using v64 = vpmsum::u64x2;

// hidden: p, with the compiler no longer knowing it is the same value each iteration (an
// empty asm statement with p as its in-out operand; it emits no instruction).
template <class T>
AESKIT_POWER8_INLINE T* hidden(T* p) {
  __asm__("" : "+r"(p));
  return p;
}

// settle: the three sums, computed here (an empty asm statement that takes and gives them back
// in any VSX register; no instruction). Without it GCC defers the XORs to the reduction and
// keeps (then spills) every product until there.
AESKIT_POWER8_INLINE void settle(vpmsum::Sums& s) {
  __asm__("" : "+wa"(s.lo), "+wa"(s.mid), "+wa"(s.hi));
}

// hash_pair: blocks j, j + 1 of a group of 8 at d (pair 4 - j / 2: powers H^(8-j), H^(7-j)).
AESKIT_POWER8_INLINE void hash_pair(vpmsum::Sums& s, const GhashKey& key, const Offsets& off,
                                    const std::uint8_t* d, std::size_t j, v64 y) {
  // load(): the same big-endian load as vpmsum::load_ghash, in the offset form (rounds.hpp)
  // that lets GCC index it with the offset registers it holds for the group.
  v64 a = reinterpret_cast<v64>(load(d, off.o[j]));
  const v64 c = reinterpret_cast<v64>(load(d, off.o[j + 1]));
  if (j == 0) a = vpmsum::x(a, y);
  // The pair forms of H^(8-j), H^(7-j) (vpmsum::load_pair's layout), indexed by the offsets.
  auto* p = reinterpret_cast<unsigned long long*>(
      const_cast<std::uint8_t*>(key.bytes + vpmsum::kPairsOffset + 32 * (3 - j / 2)));
  const vpmsum::Power pair{vec_xl_be(static_cast<long>(off.o[0]), p), v64{0, 0},
                           vec_xl_be(static_cast<long>(off.o[1]), p)};
  vpmsum::accumulate_pair(s, a, c, pair);
  settle(s);
}

// group: one group of 8 counter blocks through the rounds, out = in ^ E(counter), and GHASH
// of the 8 blocks at h (if kHash), the pair steps placed between the rounds.
template <unsigned R, bool kHash>
AESKIT_POWER8_INLINE void group(const Keys<R>& keys, CounterGen<Counter::be128>& gen,
                                const Offsets& off, const GhashKey& key, v64& y,
                                const std::uint8_t* h, const std::uint8_t* in, std::uint8_t* out) {
  block b[kGroup];
  gen.take(b);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < kGroup; ++i) b[i] = x(b[i], keys.k[0]);
  vpmsum::Sums s;
  s.lo = s.mid = s.hi = v64{0, 0};
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < kGroup; ++i) b[i] = round(Dir::encrypt, b[i], keys.k[r]);
    if constexpr (kHash) {
      if (r <= 4) hash_pair(s, key, off, h, 2 * (r - 1), y);
      if (r == 5) y = vpmsum::reduce(s);
    }
  }
  ctr_finish<R>(keys, b, off, in, out);
}

// run: `blocks` blocks with no wrap of the 32-bit counter word inside (ctr32_runs), so the
// 128-bit add is inc32.
template <bool kSeal>
AESKIT_POWER8_INLINE v64 run(const RoundKeys& enc, const GhashKey& hkey, std::uint8_t counter[16],
                             v64 y, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  CounterGen<Counter::be128> gen(counter);
  with_rounds(enc.rounds, [&]<unsigned R>() AESKIT_POWER8_LAMBDA {
    const Keys<R> keys = load_keys<R>(enc);
    const Offsets off = make_offsets();
    std::size_t groups = blocks / kGroup;
    if (kSeal && groups != 0) {  // the first group: nothing before it to hash
      group<R, false>(keys, gen, off, hkey, y, nullptr, in, out);
      in += 16 * kGroup;
      out += 16 * kGroup;
      --groups;
    }
    // h: the blocks to hash (seal: the previous group's ciphertext, just written; open: this
    // group's input). POWER8: a pointer of its own that the compiler cannot prove equal to
    // `in`, so it does not merge open's two loads of each input block into one value held
    // across the rounds (which spills there), and indexes both with the same offset
    // registers. POWER9 (no vperm mask register to hold): open loads each input block once
    // and holds the 8 across the rounds without spilling, 8 instructions fewer per group.
#if defined(AESKIT_POWER8_ISA3)
    const std::uint8_t* h = kSeal ? hidden(out - 16 * kGroup) : in;
#else
    const std::uint8_t* h = hidden(kSeal ? out - 16 * kGroup : in);
#endif
    for (; groups != 0; --groups) {
      group<R, true>(keys, gen, off, hkey, y, h, in, out);
      h += 16 * kGroup;
      in += 16 * kGroup;
      out += 16 * kGroup;
    }
    if (kSeal && blocks >= kGroup) y = vpmsum::absorb<false>(hkey, y, out - 16 * kGroup, kGroup);
    const std::size_t m = blocks % kGroup;
    if (m != 0) {
      if (!kSeal) y = vpmsum::absorb<false>(hkey, y, in, m);
      run_groups(m, [&]<std::size_t Y>() AESKIT_POWER8_LAMBDA {
        if constexpr (Y < kGroup) ctr_group<R, Y>(keys, gen, off, in, out);
      });
      if (kSeal) y = vpmsum::absorb<false>(hkey, y, out, m);
    }
  });
  gen.save(counter);
  return y;
}

template <bool kSeal>
AESKIT_POWER8_INLINE std::size_t gcm(const RoundKeys& enc, const GhashKey& hkey,
                                     std::uint8_t counter[16], std::uint8_t hash[16],
                                     const std::uint8_t* in, std::uint8_t* out,
                                     std::size_t blocks) {
  v64 y = vpmsum::load_ghash(hash);
  std::size_t done = 0;
  ctr32_runs<false>(counter, blocks, [&](std::size_t n) AESKIT_POWER8_LAMBDA {
    y = run<kSeal>(enc, hkey, counter, y, in + 16 * done, out + 16 * done, n);
    done += n;
  });
  vpmsum::store_ghash(hash, y);
  return blocks;
}

#define AESKIT_GROUP8_TARGET AESKIT_POWER8_TARGET
#include "backend/kernels/group8/entries_gcm.inc"
#undef AESKIT_GROUP8_TARGET

}  // namespace
}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8

namespace aeskit::detail {
#if defined(AESKIT_POWER8_ISA3)
const GcmFusedKernels kGcmFusedPower9Vpmsum = {
    .name = "power9+vpmsum 8x",
    .aes = &kPower9Backend,
#else
const GcmFusedKernels kGcmFusedPower8Vpmsum = {
    .name = "power8+vpmsum 8x",
    .aes = &kPower8Backend,
#endif
    .ghash = &kGhashVpmsumBackend,
    .seal = power8::seal,
    .open = power8::open,
};
}  // namespace aeskit::detail
