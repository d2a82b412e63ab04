// src/backend/arm64/sha/cbc_sha_stitch.cpp — stitched AES-CBC (ARMv8 AES instructions) +
// SHA-1/SHA-256 (ARMv8 SHA instructions) kernels for TLS CBC-HMAC records; the contract is
// src/backend/sha_stitch.hpp.
//
// CPU features: AArch64 FEAT_AES, FEAT_SHA1, FEAT_SHA256 (target("+crypto")), little-endian.
// Reads AES schedules in the armv8ce layout (src/backend/arm64/rounds.hpp): round key i at
// bytes [16 i, 16 i + 16), the decryption schedule d_0..d_R in the order it is used.
// References: FIPS 197 (AES), FIPS 180-4 §6.1.2/§6.2.2 (SHA-1/SHA-256), SP 800-38A §6.2 (CBC);
// Arm ARM, AESE/AESMC/AESD/AESIMC and SHA1C/P/M/H/SU0/SU1, SHA256H/H2/SU0/SU1; the schedule
// of src/backend/arm64/sha/sha_armv8.cpp; docs/AARCH64.md (when a stitch pays).
//
// The math. AESE(s, k) = SubBytes(ShiftRows(s ^ k)): the key operand is XORed in first, so
// any XOR that feeds a round can be moved into its key. CBC encryption of block b is
//     c_b = AESE(AESMC(AESE(... AESE(p_b ^ c_{b-1}, k_0) ...)), k_{R-1}) ^ k_R.
// Keeping x_b = c_b ^ k_R (the last AESE's output) as the chain, block b + 1's first round is
// AESE(x_b ^ k_R ^ p_{b+1}, k_0) = AESE(x_b, k_0 ^ k_R ^ p_{b+1}): the key operand
// k_0 ^ k_R ^ p_{b+1} is computed off the chain, so the chain is R AESE (R - 1 of them
// followed by AESMC, the fused pair) and nothing else; c_b = x_b ^ k_R is stored off it. The
// chain enters as x = iv ^ k_R and leaves as iv = x ^ k_R. CBC decryption (the Equivalent
// Inverse Cipher with d_0..d_R) of the four blocks of an iteration is four independent chains.
//
// The schedule. One iteration handles a 64-byte SHA block and four AES blocks (64 bytes: both
// streams advance together). SHA-1 is 20 groups of 4 rounds (one SHA1C/P/M each), SHA-256 16
// groups (one SHA256H + SHA256H2 pair each); the AES side is 4·R units (one round of one
// block). Group g is followed by units [U·g/G, U·(g+1)/G): the instruction stream alternates
// the two serial chains finely enough that the core always has both kinds of work ready, and
// an iteration costs about the longer chain. When this pays (docs/AARCH64.md, from the
// Neoverse N1/V1 figures): encryption on both cores (the CBC chain leaves the AES pipe idle
// half the time); decryption only where AES issues on more pipes than SHA (V1-class cores),
// since on N1 AES and SHA both issue on pipe V0 and stitching moves nothing off it. So two
// kernel sets: encryption only for FEAT_AES + SHA1 + SHA256, and encryption and decryption
// when the core also has FEAT_SHA3 (V1, V2, N2 and Apple cores: the cores with SHA3 are the
// wider ones; a heuristic, documented in docs/AARCH64.md).
// Ordering: an iteration loads its hash block and AES input before it stores anything, so
// in-place buffers and a hash window overlapping the output behave as the contract says.
// Only these instructions, loads/stores at public addresses, and loops on public lengths:
// constant-time.
#include <arm_neon.h>

#include "backend/arm64/sha/cbc_sha_stitch.hpp"
#include "backend/kernels/rounds_dispatch.hpp"
#include "backend/kernels/sha_constants.hpp"
#include "backend/sha_stitch.hpp"

#if !defined(__aarch64__) || defined(__AARCH64EB__)
#error "armv8ce_sha: AArch64 little-endian only"
#endif

#define AESKIT_ARMV8_STITCH_TARGET __attribute__((target("+crypto")))
#define AESKIT_ARMV8_STITCH_INLINE __attribute__((target("+crypto"), always_inline)) inline

namespace aeskit::detail {
namespace {

AESKIT_ARMV8_STITCH_INLINE uint8x16_t load16(const std::uint8_t* p) {
  return vld1q_u8(p);
}
AESKIT_ARMV8_STITCH_INLINE void store16(std::uint8_t* p, uint8x16_t v) {
  vst1q_u8(p, v);
}
AESKIT_ARMV8_STITCH_INLINE uint32x4_t load_be_words(const std::uint8_t* p) {
  return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

// --- SHA-1: abcd in one vector (A in lane 0), E as a scalar (HashWords w32[0..4]) ---------
struct Sha1 {
  static constexpr int kGroups = 20;
  uint32x4_t abcd, abcd_in, m[4];
  std::uint32_t e, e_in;

  AESKIT_ARMV8_STITCH_INLINE void load_state(const HashWords& hw) {
    abcd = vld1q_u32(hw.w32);
    e = hw.w32[4];
  }
  AESKIT_ARMV8_STITCH_INLINE void store_state(HashWords& hw) const {
    vst1q_u32(hw.w32, abcd);
    hw.w32[4] = e;
  }
  AESKIT_ARMV8_STITCH_INLINE void begin(const std::uint8_t* p) {
    for (int j = 0; j < 4; ++j) m[j] = load_be_words(p + 16 * j);
    abcd_in = abcd;
    e_in = e;
  }
  // Group G: rounds 4G..4G+3 on W + K, then m[G % 4] advances 16 words (while G < 16).
  template <int G>
  AESKIT_ARMV8_STITCH_INLINE void group() {
    const uint32x4_t wk = vaddq_u32(m[G % 4], vdupq_n_u32(kSha1K[G / 5]));
    if constexpr (G < 16)
      m[G % 4] =
          vsha1su1q_u32(vsha1su0q_u32(m[G % 4], m[(G + 1) % 4], m[(G + 2) % 4]), m[(G + 3) % 4]);
    const std::uint32_t next_e = vsha1h_u32(vgetq_lane_u32(abcd, 0));
    if constexpr (G < 5)
      abcd = vsha1cq_u32(abcd, e, wk);
    else if constexpr (G >= 10 && G < 15)
      abcd = vsha1mq_u32(abcd, e, wk);
    else
      abcd = vsha1pq_u32(abcd, e, wk);
    e = next_e;
  }
  AESKIT_ARMV8_STITCH_INLINE void end() {
    abcd = vaddq_u32(abcd, abcd_in);
    e += e_in;
  }
};

// --- SHA-256: abcd and efgh (HashWords w32[0..7]) -----------------------------------------
struct Sha256 {
  static constexpr int kGroups = 16;
  uint32x4_t abcd, efgh, abcd_in, efgh_in, m[4];

  AESKIT_ARMV8_STITCH_INLINE void load_state(const HashWords& hw) {
    abcd = vld1q_u32(hw.w32);
    efgh = vld1q_u32(hw.w32 + 4);
  }
  AESKIT_ARMV8_STITCH_INLINE void store_state(HashWords& hw) const {
    vst1q_u32(hw.w32, abcd);
    vst1q_u32(hw.w32 + 4, efgh);
  }
  AESKIT_ARMV8_STITCH_INLINE void begin(const std::uint8_t* p) {
    for (int j = 0; j < 4; ++j) m[j] = load_be_words(p + 16 * j);
    abcd_in = abcd;
    efgh_in = efgh;
  }
  // Group G: rounds 4G..4G+3 (SHA256H on ABCD, SHA256H2 on EFGH from the old ABCD), then
  // m[G % 4] advances 16 words (while G < 12).
  template <int G>
  AESKIT_ARMV8_STITCH_INLINE void group() {
    const uint32x4_t wk = vaddq_u32(m[G % 4], vld1q_u32(kSha256K + 4 * G));
    if constexpr (G < 12)
      m[G % 4] = vsha256su1q_u32(vsha256su0q_u32(m[G % 4], m[(G + 1) % 4]), m[(G + 2) % 4],
                                 m[(G + 3) % 4]);
    const uint32x4_t before = abcd;
    abcd = vsha256hq_u32(abcd, efgh, wk);
    efgh = vsha256h2q_u32(efgh, before, wk);
  }
  AESKIT_ARMV8_STITCH_INLINE void end() {
    abcd = vaddq_u32(abcd, abcd_in);
    efgh = vaddq_u32(efgh, efgh_in);
  }
};

// --- CBC encryption: 4·R serial units; unit u = round u % R of block u / R ------------------
template <unsigned R>
struct CbcEnc {
  static constexpr int kUnits = 4 * static_cast<int>(R);
  uint8x16_t k[R + 1];
  uint8x16_t chain;  // x = c ^ k_R of the last block (see the header)
  uint8x16_t first[4];
  std::uint8_t* out;

  AESKIT_ARMV8_STITCH_INLINE void set_iv(const std::uint8_t iv[16]) {
    chain = veorq_u8(load16(iv), k[R]);
  }
  AESKIT_ARMV8_STITCH_INLINE void get_iv(std::uint8_t iv[16]) const {
    store16(iv, veorq_u8(chain, k[R]));
  }
  AESKIT_ARMV8_STITCH_INLINE void begin(const std::uint8_t* in, std::uint8_t* o) {
    const uint8x16_t k0r = veorq_u8(k[0], k[R]);
    for (int b = 0; b < 4; ++b) first[b] = veorq_u8(load16(in + 16 * b), k0r);
    out = o;
  }
  template <int U>
  AESKIT_ARMV8_STITCH_INLINE void unit() {
    constexpr int b = U / static_cast<int>(R);
    constexpr unsigned r = static_cast<unsigned>(U % static_cast<int>(R));
    if constexpr (r == 0) {
      chain = vaesmcq_u8(vaeseq_u8(chain, first[b]));
    } else if constexpr (r + 1 < R) {
      chain = vaesmcq_u8(vaeseq_u8(chain, k[r]));
    } else {
      chain = vaeseq_u8(chain, k[R - 1]);
      store16(out + 16 * b, veorq_u8(chain, k[R]));
    }
  }
  AESKIT_ARMV8_STITCH_INLINE void end() {}
};

// --- CBC decryption: 4·R independent units; unit u = round u / 4 of block u % 4 ------------
template <unsigned R>
struct CbcDec {
  static constexpr int kUnits = 4 * static_cast<int>(R);
  uint8x16_t k[R + 1];  // d_0..d_R
  uint8x16_t chain, s[4], c[4];
  std::uint8_t* out;

  AESKIT_ARMV8_STITCH_INLINE void set_iv(const std::uint8_t iv[16]) { chain = load16(iv); }
  AESKIT_ARMV8_STITCH_INLINE void get_iv(std::uint8_t iv[16]) const { store16(iv, chain); }
  AESKIT_ARMV8_STITCH_INLINE void begin(const std::uint8_t* in, std::uint8_t* o) {
    for (int b = 0; b < 4; ++b) s[b] = c[b] = load16(in + 16 * b);
    out = o;
  }
  template <int U>
  AESKIT_ARMV8_STITCH_INLINE void unit() {
    constexpr unsigned r = static_cast<unsigned>(U / 4);
    constexpr int b = U % 4;
    if constexpr (r + 1 < R)
      s[b] = vaesimcq_u8(vaesdq_u8(s[b], k[r]));
    else
      s[b] = vaesdq_u8(s[b], k[R - 1]);
  }
  AESKIT_ARMV8_STITCH_INLINE void end() {
    store16(out, veorq_u8(veorq_u8(s[0], k[R]), chain));
    for (int b = 1; b < 4; ++b) store16(out + 16 * b, veorq_u8(veorq_u8(s[b], k[R]), c[b - 1]));
    chain = c[3];
  }
};

// Units [Lo, Hi) of the AES side.
template <class A, int Lo, int Hi>
AESKIT_ARMV8_STITCH_INLINE void units(A& a) {
  if constexpr (Lo < Hi) {
    a.template unit<Lo>();
    units<A, Lo + 1, Hi>(a);
  }
}

// SHA group G followed by its share of AES units, for G .. kGroups - 1.
template <class H, class A, int G>
AESKIT_ARMV8_STITCH_INLINE void steps(H& h, A& a) {
  if constexpr (G < H::kGroups) {
    h.template group<G>();
    units<A, A::kUnits * G / H::kGroups, A::kUnits*(G + 1) / H::kGroups>(a);
    steps<H, A, G + 1>(h, a);
  }
}

template <class H, template <unsigned> class A, unsigned R>
AESKIT_ARMV8_STITCH_INLINE void run(const RoundKeys& rk, std::uint8_t iv[16],
                                    const std::uint8_t* in, std::uint8_t* out, HashWords& hw,
                                    const std::uint8_t* hash_in, std::size_t groups) {
  H h;
  A<R> a;
  for (unsigned i = 0; i <= R; ++i) a.k[i] = load16(rk.bytes + 16 * i);
  a.set_iv(iv);
  h.load_state(hw);
  for (std::size_t g = 0; g < groups; ++g) {
    h.begin(hash_in + 64 * g);  // loads before any store of this iteration
    a.begin(in + 64 * g, out + 64 * g);
    steps<H, A<R>, 0>(h, a);
    h.end();
    a.end();
  }
  h.store_state(hw);
  a.get_iv(iv);
}

template <class H, template <unsigned> class A>
AESKIT_ARMV8_STITCH_TARGET void kernel(const RoundKeys& rk, std::uint8_t iv[16],
                                       const std::uint8_t* in, std::uint8_t* out, HashWords& hw,
                                       const std::uint8_t* hash_in, std::size_t groups) noexcept {
  if (groups == 0) return;
  AESKIT_WITH_ROUNDS(rk.rounds, R, run<H, A, R>(rk, iv, in, out, hw, hash_in, groups));
}

bool sha_supported(const cpu::FeatureSet& f) {
  return f.has(cpu::Feature::arm_aes) && f.has(cpu::Feature::sha1) && f.has(cpu::Feature::sha2);
}
bool wide_supported(const cpu::FeatureSet& f) {
  return sha_supported(f) && f.has(cpu::Feature::sha3);
}

}  // namespace

const CbcShaStitch kCbcShaStitchArmv8Wide = {
    "armv8ce+sha2 (seal and open)",
    "ARMv8 AES CBC stitched with the SHA-1/SHA-256 instructions, both directions (cores with "
    "SHA3: AES on more pipes than SHA), 64 bytes per iteration",
    &wide_supported,
    {"armv8ce"},
    &kernel<Sha1, CbcEnc>,
    &kernel<Sha1, CbcDec>,
    &kernel<Sha256, CbcEnc>,
    &kernel<Sha256, CbcDec>,
};

const CbcShaStitch kCbcShaStitchArmv8 = {
    "armv8ce+sha2 (seal)",
    "ARMv8 AES CBC encryption stitched with the SHA-1/SHA-256 instructions (open unstitched: "
    "AES and SHA share one pipe on N1-class cores), 64 bytes per iteration",
    &sha_supported,
    {"armv8ce"},
    &kernel<Sha1, CbcEnc>,
    nullptr,
    &kernel<Sha256, CbcEnc>,
    nullptr,
};

}  // namespace aeskit::detail
