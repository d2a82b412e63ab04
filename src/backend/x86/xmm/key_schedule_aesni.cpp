// src/backend/x86/xmm/key_schedule_aesni.cpp — AES-128/192/256 key expansion, the decryption
// schedule, and AES-GCM-SIV's per-nonce key derivation (gcm_siv_derive) for the AES-NI
// backend (the vaes256 backend uses all three).
//
// CPU features: AES-NI (AESENC, AESKEYGENASSIST, AESIMC), SSE2.
// References: FIPS-197 §5.2 (KeyExpansion), §5.3.5 (equivalent inverse cipher); Intel AES-NI
// white paper (AESKEYGENASSIST semantics); RFC 8452 §4 (AES-GCM-SIV key derivation).
//
// Key expansion (FIPS-197 §5.2) makes 4(R+1) 32-bit words from the Nk key words:
//     w[i] = w[i-Nk] ^ t,  t = SubWord(RotWord(w[i-1])) ^ Rcon   if i % Nk == 0
//                          t = SubWord(w[i-1])                   if Nk == 8 and i % 8 == 4
//                          t = w[i-1]                            otherwise.
// Within a group of consecutive words that share one "special" t, each word is the XOR of
// the group's old words up to it plus t, so four new words are prefix_xor(old four) ^ t.
// AESKEYGENASSIST(X, rc) returns, for the words X1 and X3 of X:
//     [SubWord(X1), RotWord(SubWord(X1)) ^ rc, SubWord(X3), RotWord(SubWord(X3)) ^ rc]
// (RotWord and SubWord commute), and a PSHUFD broadcast picks the word we need as t.
//   AES-128: next key = prefix_xor(k) ^ bcast(word 3 of AESKEYGENASSIST(k, rc)).
//   AES-256: keys alternate; an even key uses the odd key's word 3 as above, an odd key uses
//            SubWord of the new even key's last word (word 2 of AESKEYGENASSIST(a, 0)).
//   AES-192: 6 words per step: a 4-word part a and a 2-word part b. New a = prefix_xor(a) ^
//            bcast(RotWord(SubWord(b's word 1)) ^ rc); new b = (b0 ^ a'3, b0 ^ b1 ^ a'3).
//            Steps of 6 words don't line up with 4-word round keys, so they are written
//            straight into the byte buffer at word offsets (52 words = 13 round keys).
// Rcon must be an immediate, so the steps are unrolled with an index_sequence.
//
// The decryption schedule for AESDEC (equivalent inverse cipher) is
//     dk[0] = k[R],  dk[i] = InvMixColumns(k[R-i]) for 0 < i < R,  dk[R] = k[0],
// stored in that order: the decrypt kernels read dk[0..R] forwards, like encryption.
//
// gcm_siv_derive (RFC 8452 §4): the blocks LE32(i) || N are the nonce shifted up by 4 bytes
// with i in 32-bit lane 0, built in registers and encrypted side by side (4 or 6 blocks);
// PUNPCKLQDQ joins the first 8 bytes of two outputs into one key. The encryption key is
// expanded straight from its register, so a one-block message pays no store-forwarding stall
// between the derivation and the expansion (the generic path in src/aead/gcm_siv.cpp stores
// the outputs, gathers 8-byte halves and reloads them as 16-byte keys).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "backend/x86/targets.hpp"
#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/xmm/rounds.hpp"
#include "base/ct_shadow.hpp"

namespace aeskit::detail::aesni {
namespace {

constexpr int kRcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

// prefix_xor: word j of the result is the XOR of words 0..j of v.
AESKIT_AESNI_INLINE __m128i prefix_xor(__m128i v) {
  v = _mm_xor_si128(v, _mm_slli_si128(v, 4));  // (w0, w0^w1, w1^w2, w2^w3)
  return _mm_xor_si128(v, _mm_slli_si128(v, 8));
}

AESKIT_AESNI_INLINE __m128i* key_slots(RoundKeys& rk) {
  return reinterpret_cast<__m128i*>(rk.bytes);
}

// step128<I> makes round key I+1 from round key I (held in k).
template <std::size_t I>
AESKIT_AESNI_INLINE void step128(__m128i& k, __m128i* out) {
  constexpr int rcon = kRcon[I];  // a named constant, so it is an immediate even at -O0
  k = _mm_xor_si128(prefix_xor(k),
                    _mm_shuffle_epi32(AESKIT_WHOLE1(_mm_aeskeygenassist_si128, k, rcon), 0xFF));
  _mm_store_si128(out + I + 1, k);
}

template <std::size_t... I>
AESKIT_AESNI_INLINE void expand128(__m128i k, __m128i* out, std::index_sequence<I...>) {
  _mm_store_si128(out, k);
  (step128<I>(k, out), ...);
}

// step192<I> makes words 6(I+1) .. 6(I+1)+5 from the previous six (a: 4 words, b: 2 words in
// its low half; b's high half is ignored).
template <std::size_t I>
AESKIT_AESNI_INLINE void step192(__m128i& a, __m128i& b, std::uint8_t* out) {
  constexpr int rcon = kRcon[I];
  const __m128i t = _mm_shuffle_epi32(AESKIT_WHOLE1(_mm_aeskeygenassist_si128, b, rcon), 0x55);
  a = _mm_xor_si128(prefix_xor(a), t);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 24 * (I + 1)), a);
  if constexpr (I < 7) {  // the 8th step's b would be words 52, 53: past the schedule
    b = _mm_xor_si128(b, _mm_slli_si128(b, 4));
    b = _mm_xor_si128(b, _mm_shuffle_epi32(a, 0xFF));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 24 * (I + 1) + 16), b);
  }
}

template <std::size_t... I>
AESKIT_AESNI_INLINE void expand192(const std::uint8_t* key, std::uint8_t* out,
                                   std::index_sequence<I...>) {
  __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key));
  __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(key + 16));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), a);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 16), b);
  (step192<I>(a, b, out), ...);
}

// step256<I> makes round keys 2I+2 (from a) and 2I+3 (from b), the latter only if it exists.
template <std::size_t I>
AESKIT_AESNI_INLINE void step256(__m128i& a, __m128i& b, __m128i* out) {
  constexpr int rcon = kRcon[I];
  a = _mm_xor_si128(prefix_xor(a),
                    _mm_shuffle_epi32(AESKIT_WHOLE1(_mm_aeskeygenassist_si128, b, rcon), 0xFF));
  _mm_store_si128(out + 2 * I + 2, a);
  if constexpr (I < 6) {  // round key 15 does not exist
    b = _mm_xor_si128(prefix_xor(b),
                      _mm_shuffle_epi32(AESKIT_WHOLE1(_mm_aeskeygenassist_si128, a, 0), 0xAA));
    _mm_store_si128(out + 2 * I + 3, b);
  }
}

template <std::size_t... I>
AESKIT_AESNI_INLINE void expand256(__m128i a, __m128i b, __m128i* out, std::index_sequence<I...>) {
  _mm_store_si128(out, a);
  _mm_store_si128(out + 1, b);
  (step256<I>(a, b, out), ...);
}

// derive_keys<R, N>: the N derivation blocks under the R-round key-generating key; the auth
// key to `auth_key`, the N/2 - 2 halves-joined encryption key words expanded into `enc`.
template <unsigned R, std::size_t N>
AESKIT_AESNI_INLINE void derive_keys(const RoundKeys& kgk, const std::uint8_t nonce[12],
                                     std::uint8_t auth_key[16], RoundKeys& enc) {
  // Bytes 0..11 = N (an 8-byte and a 4-byte load, nothing read past the nonce), then shifted
  // up 4 bytes: bytes 0..3 zero (the counter), 4..15 = N.
  std::int32_t tail;
  std::memcpy(&tail, nonce + 8, 4);
  const __m128i n =
      _mm_slli_si128(_mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(nonce)),
                                        _mm_cvtsi32_si128(tail)),
                     4);
  __m128i b[N];
#pragma GCC unroll 6
  for (std::size_t i = 0; i < N; ++i)
    b[i] = _mm_or_si128(n, _mm_cvtsi32_si128(static_cast<int>(i)));
  cipher<Dir::encrypt>(load_schedule<R>(kgk), b);
  store_block(auth_key, _mm_unpacklo_epi64(b[0], b[1]));
  const __m128i k0 = _mm_unpacklo_epi64(b[2], b[3]);
  if constexpr (N == 4) {
    expand128(k0, key_slots(enc), std::make_index_sequence<10>{});
    enc.rounds = 10;
  } else {
    expand256(k0, _mm_unpacklo_epi64(b[4], b[5]), key_slots(enc), std::make_index_sequence<7>{});
    enc.rounds = 14;
  }
}

}  // namespace

// The key-generating key is AES-128 or AES-256 (RFC 8452 §4); its round count is public.
AESKIT_AESNI_TARGET void gcm_siv_derive(const RoundKeys& kgk, const std::uint8_t nonce[12],
                                        std::uint8_t auth_key[16], RoundKeys& enc) noexcept {
  if (kgk.rounds == 10)
    derive_keys<10, 4>(kgk, nonce, auth_key, enc);
  else
    derive_keys<14, 6>(kgk, nonce, auth_key, enc);
}

AESKIT_AESNI_TARGET void expand_key(const std::uint8_t* key, std::size_t key_len,
                                    RoundKeys& enc) noexcept {
  if (key_len == 16) {
    expand128(load_block(key), key_slots(enc), std::make_index_sequence<10>{});
    enc.rounds = 10;
  } else if (key_len == 24) {
    expand192(key, enc.bytes, std::make_index_sequence<8>{});
    enc.rounds = 12;
  } else {
    expand256(load_block(key), load_block(key + 16), key_slots(enc), std::make_index_sequence<7>{});
    enc.rounds = 14;
  }
}

// enc and dec are distinct objects (KeyState keeps both).
AESKIT_AESNI_TARGET void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept {
  const unsigned rounds = enc.rounds;
  const __m128i* k = reinterpret_cast<const __m128i*>(enc.bytes);
  __m128i* dk = key_slots(dec);
  _mm_store_si128(dk, _mm_load_si128(k + rounds));
  for (unsigned i = 1; i < rounds; ++i)
    _mm_store_si128(dk + i, _mm_aesimc_si128(_mm_load_si128(k + rounds - i)));
  _mm_store_si128(dk + rounds, _mm_load_si128(k));
  dec.rounds = rounds;
}

}  // namespace aeskit::detail::aesni
