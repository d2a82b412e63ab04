// src/backend/arm64/sha/sha_armv8.cpp — SHA-1, SHA-256 and SHA-512 block compression (FIPS
// 180-4 §6.1-6.4) with the ARMv8 SHA instructions: four rounds per SHA-1/SHA-256
// instruction, two per SHA512H/SHA512H2 pair.
//
// CPU features: AArch64 FEAT_SHA1 (sha1_compress), FEAT_SHA256 (sha256_compress),
// FEAT_SHA512 (sha512_compress, target("arch=armv8.2-a+sha3")); target("+crypto") for the
// first two. Little-endian.
// References: FIPS 180-4 §4.1-4.2 (functions, constants), §6.1.2, §6.2.2, §6.4.2; Arm ARM,
// SHA1C/SHA1P/SHA1M/SHA1H/SHA1SU0/SHA1SU1, SHA256H/SHA256H2/SHA256SU0/SHA256SU1 and
// SHA512H/SHA512H2/SHA512SU0/SHA512SU1 (their operation pseudocode).
// The CBC+SHA stitch (TLS CBC-HMAC records) is src/backend/arm64/sha/cbc_sha_stitch.cpp;
// docs/AARCH64.md says when it pays (seal on N1 and V1, open on the wider cores only).
//
// Each message vector m[j] holds four schedule words W[4j..4j+3] (loaded big-endian: REV32).
// Four rounds consume m[i % 4] + K; the schedule then replaces m[i % 4] with the words four
// steps ahead, from the four vectors before it (SHA256SU0/SU1: W[t] = σ1(W[t-2]) + W[t-7] +
// σ0(W[t-15]) + W[t-16]; SHA1SU0/SU1: W[t] = ROL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16])).
// SHA-256: SHA256H updates ABCD from ABCD, EFGH and W + K; SHA256H2 updates EFGH from the old
// ABCD. SHA-1: SHA1C (Ch, rounds 0-19), SHA1P (parity, 20-39 and 60-79), SHA1M (Maj,
// 40-59) update ABCD given E; SHA1H(A) = ROL30(A) is E four rounds later. Straight-line code
// on data, no table indexed by it.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "backend/arm64/sha/armv8sha.hpp"
#include "backend/kernels/sha_constants.hpp"

#if !defined(__aarch64__) || defined(__AARCH64EB__)
#error "armv8sha: AArch64 little-endian only"
#endif

#define AESKIT_ARMV8SHA_TARGET __attribute__((target("+crypto")))

namespace aeskit::detail {
namespace {

AESKIT_ARMV8SHA_TARGET inline uint32x4_t load_be_words(const std::uint8_t* p) {
  return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

AESKIT_ARMV8SHA_TARGET void sha256_compress_armv8(HashWords& h, const std::uint8_t* data,
                                                  std::size_t blocks) noexcept {
  uint32x4_t abcd = vld1q_u32(h.w32);
  uint32x4_t efgh = vld1q_u32(h.w32 + 4);
  for (; blocks != 0; --blocks, data += 64) {
    uint32x4_t m[4];
    for (int j = 0; j < 4; ++j) m[j] = load_be_words(data + 16 * j);
    const uint32x4_t abcd0 = abcd, efgh0 = efgh;
#pragma GCC unroll 16
    for (int i = 0; i < 16; ++i) {
      const uint32x4_t wk = vaddq_u32(m[i % 4], vld1q_u32(kSha256K + 4 * i));
      if (i < 12)
        m[i % 4] = vsha256su1q_u32(vsha256su0q_u32(m[i % 4], m[(i + 1) % 4]), m[(i + 2) % 4],
                                   m[(i + 3) % 4]);
      const uint32x4_t before = abcd;
      abcd = vsha256hq_u32(abcd, efgh, wk);
      efgh = vsha256h2q_u32(efgh, before, wk);
    }
    abcd = vaddq_u32(abcd, abcd0);
    efgh = vaddq_u32(efgh, efgh0);
  }
  vst1q_u32(h.w32, abcd);
  vst1q_u32(h.w32 + 4, efgh);
}

AESKIT_ARMV8SHA_TARGET void sha1_compress_armv8(HashWords& h, const std::uint8_t* data,
                                                std::size_t blocks) noexcept {
  uint32x4_t abcd = vld1q_u32(h.w32);
  std::uint32_t e = h.w32[4];
  for (; blocks != 0; --blocks, data += 64) {
    uint32x4_t m[4];
    for (int j = 0; j < 4; ++j) m[j] = load_be_words(data + 16 * j);
    const uint32x4_t abcd0 = abcd;
    const std::uint32_t e0 = e;
#pragma GCC unroll 20
    for (int i = 0; i < 20; ++i) {
      const uint32x4_t wk = vaddq_u32(m[i % 4], vdupq_n_u32(kSha1K[i / 5]));
      if (i < 16)
        m[i % 4] =
            vsha1su1q_u32(vsha1su0q_u32(m[i % 4], m[(i + 1) % 4], m[(i + 2) % 4]), m[(i + 3) % 4]);
      const std::uint32_t next_e = vsha1h_u32(vgetq_lane_u32(abcd, 0));
      if (i < 5)
        abcd = vsha1cq_u32(abcd, e, wk);
      else if (i >= 10 && i < 15)
        abcd = vsha1mq_u32(abcd, e, wk);
      else
        abcd = vsha1pq_u32(abcd, e, wk);
      e = next_e;
    }
    abcd = vaddq_u32(abcd, abcd0);
    e += e0;
  }
  vst1q_u32(h.w32, abcd);
  h.w32[4] = e;
}

// SHA-512 (FEAT_SHA512; GCC 12 compiles its intrinsics only under this target string). Two
// rounds per SHA512H + SHA512H2 pair. With the state as pairs AB = (a, b), CD, EF, GH (low
// lane first) and KW = (K_t + W_t, K_t+1 + W_t+1), the instructions' definitions give
//   T  = SHA512H(GH + swap(KW), (f, g), (d, e)) = (T1_t+1, T1_t)
//   AB' = SHA512H2(T, CD, AB) = (a_t+2, a_t+1),   EF' = CD + T = (c + T1_t+1, d + T1_t),
//   CD' = AB,   GH' = EF,
// where (f, g) = EXT(EF, GH) and (d, e) = EXT(CD, EF). The schedule keeps 8 pairs of words:
// m[j] becomes the pair 8 steps ahead by SHA512SU1(SHA512SU0(m[j], m[j+1]), m[j+7],
// EXT(m[j+4], m[j+5])) (W_t = σ1(W_t-2) + W_t-7 + σ0(W_t-15) + W_t-16).
#define AESKIT_ARMV8SHA512_TARGET __attribute__((target("arch=armv8.2-a+sha3")))

AESKIT_ARMV8SHA512_TARGET void sha512_compress_armv8(HashWords& h, const std::uint8_t* data,
                                                     std::size_t blocks) noexcept {
  uint64x2_t ab = vld1q_u64(h.w64), cd = vld1q_u64(h.w64 + 2);
  uint64x2_t ef = vld1q_u64(h.w64 + 4), gh = vld1q_u64(h.w64 + 6);
  for (; blocks != 0; --blocks, data += 128) {
    uint64x2_t m[8];
    for (int j = 0; j < 8; ++j) m[j] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(data + 16 * j)));
    const uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh;
#pragma GCC unroll 40
    for (int i = 0; i < 40; ++i) {
      const uint64x2_t kw = vaddq_u64(m[i % 8], vld1q_u64(kSha512K + 2 * i));
      if (i < 32)
        m[i % 8] = vsha512su1q_u64(vsha512su0q_u64(m[i % 8], m[(i + 1) % 8]), m[(i + 7) % 8],
                                   vextq_u64(m[(i + 4) % 8], m[(i + 5) % 8], 1));
      const uint64x2_t t = vsha512hq_u64(vaddq_u64(gh, vextq_u64(kw, kw, 1)), vextq_u64(ef, gh, 1),
                                         vextq_u64(cd, ef, 1));
      const uint64x2_t new_ab = vsha512h2q_u64(t, cd, ab);
      gh = ef;
      ef = vaddq_u64(cd, t);
      cd = ab;
      ab = new_ab;
    }
    ab = vaddq_u64(ab, ab0);
    cd = vaddq_u64(cd, cd0);
    ef = vaddq_u64(ef, ef0);
    gh = vaddq_u64(gh, gh0);
  }
  vst1q_u64(h.w64, ab);
  vst1q_u64(h.w64 + 2, cd);
  vst1q_u64(h.w64 + 4, ef);
  vst1q_u64(h.w64 + 6, gh);
}

}  // namespace

const ShaCompressor kShaArmv8Sha1 = {
    .name = "armv8sha1",
    .description = "ARMv8 SHA-1 instructions (SHA1C/P/M, SHA1SU0/SU1), 4 rounds each",
    .supported = &cpu::has_feature<cpu::Feature::sha1>,
    .sha1 = &sha1_compress_armv8,
    .sha256 = nullptr,
    .sha512 = nullptr,
};

const ShaCompressor kShaArmv8Sha256 = {
    .name = "armv8sha256",
    .description = "ARMv8 SHA-256 instructions (SHA256H/H2, SHA256SU0/SU1), 4 rounds each",
    .supported = &cpu::has_feature<cpu::Feature::sha2>,
    .sha1 = nullptr,
    .sha256 = &sha256_compress_armv8,
    .sha512 = nullptr,
};

const ShaCompressor kShaArmv8Sha512 = {
    .name = "armv8sha512",
    .description = "ARMv8.2 SHA-512 instructions (SHA512H/H2, SHA512SU0/SU1), 2 rounds each",
    .supported = &cpu::has_feature<cpu::Feature::sha512>,
    .sha1 = nullptr,
    .sha256 = nullptr,
    .sha512 = &sha512_compress_armv8,
};

}  // namespace aeskit::detail
