// src/backend/x86/sha/cbc_sha_stitch.cpp — stitched AES-CBC (AES-NI) + SHA-1/SHA-256 (SHA-NI)
// kernels for TLS CBC-HMAC records; the contract is src/backend/sha_stitch.hpp.
//
// CPU features: AES-NI, SHA extensions, SSSE3, SSE4.1 (function-level target attributes).
// Reads AES schedules in the aesni layout (shared by vaes256): round key i is the i-th
// 16-byte word of RoundKeys::bytes, decryption keys stored in the order they are used.
// References: FIPS 197 (AES), FIPS 180-4 §6.1.2/§6.2.2 (SHA-1/SHA-256), SP 800-38A §6.2
// (CBC), Intel "SHA Extensions" (2013) for the SHA-NI register layouts (as in
// src/backend/x86/sha/), Gueron/Intel "stitching" idea (two independent serial chains in one
// instruction stream).
//
// The math and schedule. One iteration handles a 64-byte SHA block and four 16-byte AES
// blocks (64 bytes: the same amount of data, so both streams advance together).
//   SHA-1: 20 groups of 4 rounds, g = 0..19 (SHA1RNDS4 + NEXTE, MSG1/MSG2 from g = 4), a
//          serial chain through abcd;
//   SHA-256: 16 groups of 4 rounds (two SHA256RNDS2 each, MSG1/MSG2 from g = 4), a serial
//          chain through abef/cdgh;
//   CBC-encrypt: c_b = E(p_b ^ c_{b-1}): 4·R AES round "units" (R = 10/12/14), serial, each
//          one AESENC latency (4 cycles on Zen 3);
//   CBC-decrypt: p_b = D(c_b) ^ c_{b-1}: 4·R units (round r of block b), independent across
//          blocks (parallel).
// The AES units are spread evenly over the SHA groups: group g is followed by units
// [U·g/G, U·(g+1)/G) (U units, G groups). The source interleaves the two chains at that
// granularity, so the out-of-order core always has ready AES and SHA work side by side; the
// loop costs max(AES chain, SHA chain) + a little, not the sum.
// Ordering inside iteration g: the hash block's 64 bytes and the four AES input blocks are
// loaded first, outputs stored after (program order is kept for possibly-aliasing memory), so
// in-place buffers and a hash window overlapping the output behave as the contract says.
// Only these instructions, loads/stores at public addresses and loops on lengths:
// constant-time.
#include <immintrin.h>

#include "backend/kernels/rounds_dispatch.hpp"
#include "backend/kernels/sha_constants.hpp"
#include "backend/sha_stitch.hpp"
#include "backend/x86/sha/cbc_sha_stitch.hpp"
#include "backend/x86/supported.hpp"
#include "backend/x86/targets.hpp"
#include "base/ct_shadow.hpp"

namespace aeskit::detail {

namespace {

AESKIT_STITCH_INLINE __m128i load16(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
AESKIT_STITCH_INLINE void store16(std::uint8_t* p, __m128i v) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

// --- SHA-1 (layout as src/backend/x86/sha/sha1_shani.cpp: A in abcd's dword 3, E in e's) -----
struct Sha1 {
  static constexpr int kGroups = 20;
  __m128i abcd, e, abcd_in, e_in, prev, m[4];

  AESKIT_STITCH_INLINE void load_state(const HashWords& hw) {
    abcd = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(hw.w32)), 0x1b);
    e = _mm_set_epi32(static_cast<int>(hw.w32[4]), 0, 0, 0);
  }
  AESKIT_STITCH_INLINE void store_state(HashWords& hw) const {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(hw.w32), _mm_shuffle_epi32(abcd, 0x1b));
    hw.w32[4] = static_cast<std::uint32_t>(_mm_extract_epi32(e, 3));
  }
  AESKIT_STITCH_INLINE void begin(const std::uint8_t* p) {
    const __m128i reverse = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    for (int j = 0; j < 4; ++j) m[j] = _mm_shuffle_epi8(load16(p + 16 * j), reverse);
    abcd_in = abcd;
    e_in = e;
  }
  template <int G>
  AESKIT_STITCH_INLINE void group() {
    __m128i x;
    if constexpr (G == 0) {
      x = _mm_add_epi32(e, m[0]);
    } else {
      if constexpr (G >= 4)
        m[G & 3] = _mm_sha1msg2_epu32(
            _mm_xor_si128(_mm_sha1msg1_epu32(m[G & 3], m[(G + 1) & 3]), m[(G + 2) & 3]),
            m[(G + 3) & 3]);
      x = _mm_sha1nexte_epu32(prev, m[G & 3]);
    }
    prev = abcd;
    abcd = AESKIT_WHOLE2(_mm_sha1rnds4_epu32, abcd, x, G / 5);
  }
  AESKIT_STITCH_INLINE void end() {
    e = _mm_sha1nexte_epu32(prev, e_in);
    abcd = _mm_add_epi32(abcd, abcd_in);
  }
};

// --- SHA-256 (layout as src/backend/x86/sha/sha256_shani.cpp: "ABEF" and "CDGH") ----------
struct Sha256 {
  static constexpr int kGroups = 16;
  __m128i abef, cdgh, abef_in, cdgh_in, m[4];

  AESKIT_STITCH_INLINE void load_state(const HashWords& hw) {
    const __m128i abcd = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hw.w32));
    const __m128i efgh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hw.w32 + 4));
    const __m128i badc = _mm_shuffle_epi32(abcd, 0xb1);
    const __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1b);
    abef = _mm_alignr_epi8(badc, hgfe, 8);
    cdgh = _mm_blend_epi16(hgfe, badc, 0xf0);
  }
  AESKIT_STITCH_INLINE void store_state(HashWords& hw) const {
    const __m128i abef_lo = _mm_shuffle_epi32(abef, 0x1b);
    const __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xb1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(hw.w32), _mm_blend_epi16(abef_lo, ghcd, 0xf0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(hw.w32 + 4), _mm_alignr_epi8(ghcd, abef_lo, 8));
  }
  AESKIT_STITCH_INLINE void begin(const std::uint8_t* p) {
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    for (int j = 0; j < 4; ++j) m[j] = _mm_shuffle_epi8(load16(p + 16 * j), bswap);
    abef_in = abef;
    cdgh_in = cdgh;
  }
  template <int G>
  AESKIT_STITCH_INLINE void group() {
    if constexpr (G >= 4) {
      __m128i x = _mm_sha256msg1_epu32(m[G & 3], m[(G + 1) & 3]);
      x = _mm_add_epi32(x, _mm_alignr_epi8(m[(G + 3) & 3], m[(G + 2) & 3], 4));
      m[G & 3] = _mm_sha256msg2_epu32(x, m[(G + 3) & 3]);
    }
    const __m128i x =
        _mm_add_epi32(m[G & 3], _mm_load_si128(reinterpret_cast<const __m128i*>(kSha256K + 4 * G)));
    cdgh = _mm_sha256rnds2_epu32(cdgh, abef, x);
    abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(x, 0x0e));
  }
  AESKIT_STITCH_INLINE void end() {
    abef = _mm_add_epi32(abef, abef_in);
    cdgh = _mm_add_epi32(cdgh, cdgh_in);
  }
};

// --- CBC encryption: 4·R serial units; unit u = round (u % R) + 1 of block u / R ---------
// As in src/backend/x86/xmm/chains_aesni.cpp, the XOR that starts block b+1 is folded into
// block b's last round: AESENCLAST(s, k[R] ^ k[0] ^ p_{b+1}) = c_b ^ p_{b+1} ^ k[0], the
// first state of block b+1, and c_b is recovered off the chain by XOR with p_{b+1} ^ k[0].
template <unsigned R>
struct CbcEnc {
  static constexpr int kUnits = 4 * static_cast<int>(R);
  __m128i k[R + 1];
  __m128i chain, x, pk[4];
  std::uint8_t* out;

  AESKIT_STITCH_INLINE void begin(const std::uint8_t* in, std::uint8_t* o) {
    for (int b = 0; b < 4; ++b) pk[b] = _mm_xor_si128(load16(in + 16 * b), k[0]);  // p_b ^ k[0]
    out = o;
  }
  template <int U>
  AESKIT_STITCH_INLINE void unit() {
    constexpr int b = U / static_cast<int>(R);
    constexpr unsigned r = static_cast<unsigned>(U % static_cast<int>(R)) + 1;
    if constexpr (r == 1 && b == 0) x = _mm_xor_si128(pk[0], chain);
    if constexpr (r < R) {
      x = _mm_aesenc_si128(x, k[r]);
    } else if constexpr (b < 3) {
      x = _mm_aesenclast_si128(x, _mm_xor_si128(pk[b + 1], k[R]));
      store16(out + 16 * b, _mm_xor_si128(x, pk[b + 1]));
    } else {
      chain = _mm_aesenclast_si128(x, k[R]);
      store16(out + 16 * b, chain);
    }
  }
  AESKIT_STITCH_INLINE void end() {}
};

// --- CBC decryption: 4·R independent units; unit u = round u / 4 + 1 of block u % 4 -------
template <unsigned R>
struct CbcDec {
  static constexpr int kUnits = 4 * static_cast<int>(R);
  __m128i k[R + 1];
  __m128i chain, x[4], c[4];
  std::uint8_t* out;

  AESKIT_STITCH_INLINE void begin(const std::uint8_t* in, std::uint8_t* o) {
    for (int b = 0; b < 4; ++b) {
      c[b] = load16(in + 16 * b);
      x[b] = _mm_xor_si128(c[b], k[0]);
    }
    out = o;
  }
  template <int U>
  AESKIT_STITCH_INLINE void unit() {
    constexpr unsigned r = static_cast<unsigned>(U / 4) + 1;
    constexpr int b = U % 4;
    if constexpr (r < R)
      x[b] = _mm_aesdec_si128(x[b], k[r]);
    else
      x[b] = _mm_aesdeclast_si128(x[b], k[R]);
  }
  AESKIT_STITCH_INLINE void end() {
    store16(out, _mm_xor_si128(x[0], chain));
    for (int b = 1; b < 4; ++b) store16(out + 16 * b, _mm_xor_si128(x[b], c[b - 1]));
    chain = c[3];
  }
};

// Units [Lo, Hi) of the AES side, then nothing.
template <class A, int Lo, int Hi>
AESKIT_STITCH_INLINE void units(A& a) {
  if constexpr (Lo < Hi) {
    a.template unit<Lo>();
    units<A, Lo + 1, Hi>(a);
  }
}

// SHA group G followed by its share of AES units, for G .. kGroups-1.
template <class H, class A, int G>
AESKIT_STITCH_INLINE void steps(H& h, A& a) {
  if constexpr (G < H::kGroups) {
    h.template group<G>();
    units<A, A::kUnits * G / H::kGroups, A::kUnits*(G + 1) / H::kGroups>(a);
    steps<H, A, G + 1>(h, a);
  }
}

template <class H, template <unsigned> class A, unsigned R>
AESKIT_STITCH_INLINE void run(const RoundKeys& rk, std::uint8_t iv[16], const std::uint8_t* in,
                              std::uint8_t* out, HashWords& hw, const std::uint8_t* hash_in,
                              std::size_t groups) {
  H h;
  A<R> a;
  for (unsigned i = 0; i <= R; ++i)
    a.k[i] = _mm_load_si128(reinterpret_cast<const __m128i*>(rk.bytes) + i);
  a.chain = load16(iv);
  h.load_state(hw);
  for (std::size_t g = 0; g < groups; ++g) {
    h.begin(hash_in + 64 * g);  // loads before any store of this iteration
    a.begin(in + 64 * g, out + 64 * g);
    steps<H, A<R>, 0>(h, a);
    h.end();
    a.end();
  }
  h.store_state(hw);
  store16(iv, a.chain);
}

template <class H, template <unsigned> class A>
AESKIT_STITCH_TARGET void kernel(const RoundKeys& rk, std::uint8_t iv[16], const std::uint8_t* in,
                                 std::uint8_t* out, HashWords& hw, const std::uint8_t* hash_in,
                                 std::size_t groups) noexcept {
  if (groups == 0) return;
  AESKIT_WITH_ROUNDS(rk.rounds, R, run<H, A, R>(rk, iv, in, out, hw, hash_in, groups));
}

}  // namespace

const CbcShaStitch kCbcShaStitchAesniShani = {
    "aesni+shani",
    "AES-NI CBC chain stitched with SHA-NI SHA-1/SHA-256, 64 bytes per iteration",
    &x86::stitch_supported,
    {"aesni", "vaes256", "vaes512"},
    &kernel<Sha1, CbcEnc>,
    &kernel<Sha1, CbcDec>,
    &kernel<Sha256, CbcEnc>,
    &kernel<Sha256, CbcDec>,
};

}  // namespace aeskit::detail
