// src/backend/x86/xmm/lone_aesni.hpp — one-block versions of the entries of
// x86/entries_blocks.inc for the AES-NI backend (namespace aesni::lone): a call for exactly
// one block (CFB8, partial blocks of the stream modes, GCM's J0, a one-block message) runs
// one straight chain with the round keys as memory operands (rounds.hpp cipher_one); loading
// a whole group's keys first costs a lone block ~10 cycles. The vaes256/vaes512 entries send
// their one-block calls to the aesni entries, which end here.
//
// CPU features: AES-NI, SSSE3. Included only by blocks_aesni.cpp, after x86/vec128.hpp.
// References: FIPS-197; SP 800-38A (CTR, CBC, CFB); RFC 8452 §4 (the little-endian counter).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/x86/rounds.hpp"
#include "backend/x86/xmm/rounds.hpp"

namespace aeskit::detail::aesni::lone {

// one: Cipher(x) ^ m for the schedule's round count.
template <Dir D>
AESKIT_AESNI_INLINE __m128i one(const RoundKeys& rk, __m128i x, __m128i m) {
  return x86::with_rounds(
      rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA { return cipher_one<D, R>(rk, x, m); });
}

AESKIT_AESNI_INLINE void encrypt_blocks(const RoundKeys& rk, const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t) {
  store_block(out, one<Dir::encrypt>(rk, load_block(in), _mm_setzero_si128()));
}

AESKIT_AESNI_INLINE void decrypt_blocks(const RoundKeys& rk, const std::uint8_t* in,
                                        std::uint8_t* out, std::size_t) {
  store_block(out, one<Dir::decrypt>(rk, load_block(in), _mm_setzero_si128()));
}

// ctr: out = in ^ E(T); T advanced by one (big-endian 32-bit or 128-bit, or RFC 8452's
// little-endian 32-bit in bytes 0..3).
enum class Counter { be32, be128, le32 };

template <Counter C>
AESKIT_AESNI_INLINE std::size_t ctr(const RoundKeys& rk, std::uint8_t counter[16],
                                    const std::uint8_t* in, std::uint8_t* out) {
  const __m128i t = load_block(counter);
  __m128i next;
  if constexpr (C == Counter::le32) {
    next = _mm_add_epi32(t, _mm_cvtsi32_si128(1));
  } else {
    const __m128i le = reverse_bytes(t);
    if constexpr (C == Counter::be32) {
      next = reverse_bytes(_mm_add_epi32(le, _mm_cvtsi32_si128(1)));
    } else {
      // +1 on the low half; its carry (the top bit falling from 1 to 0, only on a wrap) goes
      // into the high half without a branch or CMOV (the counter may be secret: EAX's N').
      const auto before = static_cast<std::uint64_t>(_mm_cvtsi128_si64(le));
      const std::uint64_t lo = before + 1;
      const auto hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(le, le))) +
                      ((before & ~lo) >> 63);
      next = reverse_bytes(_mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo)));
    }
  }
  store_block(out, one<Dir::encrypt>(rk, t, load_block(in)));
  store_block(counter, next);
  return 1;
}

AESKIT_AESNI_INLINE std::size_t ctr32_be(const RoundKeys& rk, std::uint8_t counter[16],
                                         const std::uint8_t* in, std::uint8_t* out, std::size_t) {
  return ctr<Counter::be32>(rk, counter, in, out);
}
AESKIT_AESNI_INLINE std::size_t ctr128_be(const RoundKeys& rk, std::uint8_t counter[16],
                                          const std::uint8_t* in, std::uint8_t* out, std::size_t) {
  return ctr<Counter::be128>(rk, counter, in, out);
}
AESKIT_AESNI_INLINE std::size_t ctr32_le(const RoundKeys& rk, std::uint8_t counter[16],
                                         const std::uint8_t* in, std::uint8_t* out, std::size_t) {
  return ctr<Counter::le32>(rk, counter, in, out);
}

// CBC decryption P = D(C) ^ IV, CFB decryption P = C ^ E(IV); IV becomes C. C is read before
// the output is written (in == out).
AESKIT_AESNI_INLINE std::size_t cbc_decrypt(const RoundKeys& rk, std::uint8_t iv[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t) {
  const __m128i c = load_block(in);
  store_block(out, one<Dir::decrypt>(rk, c, load_block(iv)));
  store_block(iv, c);
  return 1;
}

AESKIT_AESNI_INLINE std::size_t cfb128_decrypt(const RoundKeys& rk, std::uint8_t iv[16],
                                               const std::uint8_t* in, std::uint8_t* out,
                                               std::size_t) {
  const __m128i c = load_block(in);
  store_block(out, one<Dir::encrypt>(rk, load_block(iv), c));
  store_block(iv, c);
  return 1;
}

}  // namespace aeskit::detail::aesni::lone
