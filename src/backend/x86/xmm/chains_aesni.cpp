// src/backend/x86/xmm/chains_aesni.cpp — the serial chains of CBC encryption, CFB128 encryption
// and OFB for the AES-NI backend (also the vaes256 and vaes512 backends' entries for these
// modes: a chain runs one block at a time, where a wider register gains nothing), with the
// round keys held in registers across the whole chain.
//
// CPU features: AES-NI, SSSE3.
// References: NIST SP 800-38A §6.2 (CBC), §6.3 (CFB), §6.4 (OFB); FIPS-197.
//
// Each mode feeds one block's cipher output into the next block's cipher input, so the time
// per block is the chain's latency. Round key 0 of the next block is folded into this block's
// last-round key so the chain is only the R AES instructions.
// CBC encryption: c_i = E(p_i ^ c_{i-1}), c_{-1} = iv. With round keys k[0..R], block i+1
// starts from x_{i+1} = p_{i+1} ^ c_i ^ k[0], and c_i = AESENCLAST(s, k[R]) = t ^ k[R] for the
// state t after the last SubBytes/ShiftRows. Hence x_{i+1} = AESENCLAST(s, k[R] ^ k[0] ^
// p_{i+1}), a last-round key that does not depend on the chain and is ready early; c_i =
// x_{i+1} ^ (k[0] ^ p_{i+1}) is computed off the chain for the store. The final block uses
// plain k[R].
// CFB and OFB, with state s after rounds 1..R-1 and AESENCLAST(s, k) = t ^ k:
//   CFB: c_i = p_i ^ E(c_{i-1}) = AESENCLAST(s, k[R] ^ p_i), and the next input is
//        c_i ^ k[0] = AESENCLAST(s, k[R] ^ k[0] ^ p_i); c_i is recovered off the chain.
//   OFB: o_i = E(o_{i-1}); the next input is o_i ^ k[0] = AESENCLAST(s, k[R] ^ k[0]), and
//        out_i = p_i ^ o_i is computed off the chain.
// Plaintext blocks are loaded before the store that may overwrite them (in == out is allowed).
// One block of CBC encryption (an OpenSSL provider's 16-byte update, a TLS record's last
// block) skips the schedule load: c = E(p ^ iv) with the round keys as memory operands
// (rounds.hpp cipher_one) and p ^ iv in a register from its loads to the stores of c, so
// the chain passes through memory once per call (the iv and, in place, the block).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/kernels/rounds_dispatch.hpp"
#include "backend/x86/targets.hpp"
#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/xmm/rounds.hpp"

namespace aeskit::detail::aesni {
namespace {

template <unsigned R>
AESKIT_AESNI_TARGET void cbc_encrypt_chain(const RoundKeys& rk, std::uint8_t iv[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept {
  if (blocks == 0) return;
  const Schedule<R> keys = load_schedule<R>(rk);
  const __m128i last_first = _mm_xor_si128(keys.k[R], keys.k[0]);
  __m128i x[1] = {_mm_xor_si128(_mm_xor_si128(load_block(iv), load_block(in)), keys.k[0])};
  for (std::size_t i = 1; i < blocks; ++i) {
    const __m128i next = load_block(in + 16 * i);
    const __m128i fold = _mm_xor_si128(next, keys.k[0]);  // p_i ^ k[0]
    middle_rounds<Dir::encrypt>(keys, x);
    x[0] = _mm_aesenclast_si128(x[0], _mm_xor_si128(next, last_first));  // x_i
    store_block(out + 16 * (i - 1), _mm_xor_si128(x[0], fold));          // c_{i-1}
  }
  middle_rounds<Dir::encrypt>(keys, x);
  x[0] = _mm_aesenclast_si128(x[0], keys.k[R]);
  store_block(out + 16 * (blocks - 1), x[0]);
  store_block(iv, x[0]);
}

template <unsigned R>
AESKIT_AESNI_INLINE void cbc_encrypt_one(const RoundKeys& rk, std::uint8_t iv[16],
                                         const std::uint8_t* in, std::uint8_t* out) noexcept {
  const __m128i x = _mm_xor_si128(load_block(in), load_block(iv));
  const __m128i c = cipher_one<Dir::encrypt, R>(rk, x, _mm_setzero_si128());
  store_block(out, c);
  store_block(iv, c);
}

template <unsigned R>
AESKIT_AESNI_TARGET void cfb128_encrypt_chain(const RoundKeys& rk, std::uint8_t iv[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept {
  const Schedule<R> keys = load_schedule<R>(rk);
  const __m128i last_first = _mm_xor_si128(keys.k[R], keys.k[0]);
  __m128i x[1] = {_mm_xor_si128(load_block(iv), keys.k[0])};  // c_{i-1} ^ k[0]
  for (std::size_t i = 0; i < blocks; ++i) {
    const __m128i p = load_block(in + 16 * i);
    middle_rounds<Dir::encrypt>(keys, x);
    x[0] = _mm_aesenclast_si128(x[0], _mm_xor_si128(p, last_first));  // c_i ^ k[0]
    store_block(out + 16 * i, _mm_xor_si128(x[0], keys.k[0]));        // c_i
  }
  store_block(iv, _mm_xor_si128(x[0], keys.k[0]));
}

template <unsigned R>
AESKIT_AESNI_TARGET void ofb_chain(const RoundKeys& rk, std::uint8_t iv[16], const std::uint8_t* in,
                                   std::uint8_t* out, std::size_t blocks) noexcept {
  const Schedule<R> keys = load_schedule<R>(rk);
  const __m128i last_first = _mm_xor_si128(keys.k[R], keys.k[0]);
  __m128i x[1] = {_mm_xor_si128(load_block(iv), keys.k[0])};  // o_{i-1} ^ k[0]
  for (std::size_t i = 0; i < blocks; ++i) {
    const __m128i p_k0 = _mm_xor_si128(load_block(in + 16 * i), keys.k[0]);
    middle_rounds<Dir::encrypt>(keys, x);
    x[0] = _mm_aesenclast_si128(x[0], last_first);         // o_i ^ k[0]
    store_block(out + 16 * i, _mm_xor_si128(x[0], p_k0));  // p_i ^ o_i
  }
  store_block(iv, _mm_xor_si128(x[0], keys.k[0]));
}

}  // namespace

// Aligned like the one-block entries' other stops (modes/one_shot.cpp encrypt_chained).
[[gnu::aligned(64)]] AESKIT_AESNI_TARGET std::size_t cbc_encrypt(const RoundKeys& enc,
                                                                 std::uint8_t iv[16],
                                                                 const std::uint8_t* in,
                                                                 std::uint8_t* out,
                                                                 std::size_t blocks) noexcept {
  if (blocks == 1) {
    AESKIT_WITH_ROUNDS(enc.rounds, R, cbc_encrypt_one<R>(enc, iv, in, out));
    return 1;
  }
  AESKIT_WITH_ROUNDS(enc.rounds, R, cbc_encrypt_chain<R>(enc, iv, in, out, blocks));
  return blocks;
}

AESKIT_AESNI_TARGET std::size_t cfb128_encrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                               const std::uint8_t* in, std::uint8_t* out,
                                               std::size_t blocks) noexcept {
  AESKIT_WITH_ROUNDS(enc.rounds, R, cfb128_encrypt_chain<R>(enc, iv, in, out, blocks));
  return blocks;
}

AESKIT_AESNI_TARGET std::size_t ofb(const RoundKeys& enc, std::uint8_t iv[16],
                                    const std::uint8_t* in, std::uint8_t* out,
                                    std::size_t blocks) noexcept {
  AESKIT_WITH_ROUNDS(enc.rounds, R, ofb_chain<R>(enc, iv, in, out, blocks));
  return blocks;
}

}  // namespace aeskit::detail::aesni
