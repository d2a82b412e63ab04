// src/backend/aesni/blocks_aesni.cpp — the AES-NI backend's ECB, CTR (32/128-bit big-endian
// and GCM-SIV's 32-bit little-endian counter), CBC-decrypt and CFB-decrypt kernels: the x86
// kernels of src/backend/x86/ instantiated with the 128-bit policy (8 blocks in flight), and
// the one-block paths of lone_aesni.hpp; and AES-GCM-SIV's tag + first CTR group.
//
// CPU features: AES-NI, SSSE3 (legacy SSE encodings).
// References: x86/blocks.hpp, x86/ctr.hpp, x86/cbc_cfb.hpp (the math); backend/backend.hpp;
// RFC 8452 §4 (the GCM-SIV tag and counter).
#include "backend/x86/vec128.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backend/aesni/kernels.hpp"
#include "backend/aesni/lone_aesni.hpp"
#include "backend/x86/blocks.hpp"
#include "backend/x86/cbc_cfb.hpp"
#include "backend/x86/ctr.hpp"

namespace aeskit::detail::aesni {
#include "backend/x86/entries_blocks.inc"

// gcm_siv_tag_ctr: tag = E(S'), S' = (S ^ (N || 0^32)) with bit 127 cleared, then the counter
// block tag | bit 127 and one CTR group of up to 8 blocks from it, the tag and counter kept
// in registers between the two (a short message's latency chain); the caller's ctr32_le
// continues from `counter`. The message-encryption key is AES-128 or AES-256 (RFC 8452 §4).
AESKIT_WIDE_TARGET std::size_t gcm_siv_tag_ctr(const RoundKeys& enc, const std::uint8_t s[16],
                                               const std::uint8_t nonce[12], std::uint8_t tag[16],
                                               std::uint8_t counter[16], const std::uint8_t* in,
                                               std::uint8_t* out, std::size_t blocks) noexcept {
  std::int32_t tail;  // nonce bytes 8..11: nothing is read past the nonce
  std::memcpy(&tail, nonce + 8, 4);
  const __m128i n = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(nonce)),
                                       _mm_cvtsi32_si128(tail));  // N || 0^32
  const __m128i clear_top = _mm_set_epi32(0x7fffffff, -1, -1, -1);
  const __m128i s_prime = _mm_and_si128(_mm_xor_si128(load_block(s), n), clear_top);
  const __m128i top = _mm_set_epi32(static_cast<int>(0x80000000u), 0, 0, 0);
  const std::size_t group = blocks < Vec::kRegs ? blocks : Vec::kRegs;
  x86::with_rounds(enc.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
    const __m128i t = cipher_one<Dir::encrypt, R>(enc, s_prime, _mm_setzero_si128());
    store_block(tag, t);
    x86::CtrKernel<Vec, x86::CounterLe32<Vec>, R> kernel{
        x86::keys_of<Vec, R>(enc), {_mm_or_si128(t, top)}, in, out};
    if (group > 0) x86::run_tail<Vec, 1>(kernel, group);
    store_block(counter, kernel.counter.t);
  });
  return group;
}
}  // namespace aeskit::detail::aesni
