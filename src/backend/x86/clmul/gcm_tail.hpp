// src/backend/x86/clmul/gcm_tail.hpp — GCM's last blocks as registers for the x86 fused kernels:
// a partial block (1..15 bytes) loaded and stored without touching bytes past it, the mask
// of its first n bytes, and the lengths block [bits(AD)]_64 || [bits(C)]_64.
//
// CPU features: SSSE3 + PCLMULQDQ (the target of gf128_clmul.hpp; the helpers themselves
// are plain 128-bit moves). References: SP 800-38D §7.1 (the lengths block).
//
// The partial loads and stores go through base/block128.hpp, whose matching word accesses
// let a later 16-byte load of the same bytes forward from the store buffer; copying the
// bytes into a stack block with memcpy and loading it back stalled for ~10-20 cycles, a
// fifth of a 16-byte message's time.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backend/x86/clmul/gf128_clmul.hpp"
#include "base/block128.hpp"

namespace aeskit::detail::clmul {

AESKIT_PCLMUL_INLINE __m128i from_block128(Block128 b) {
  __m128i v;
  std::memcpy(&v, &b, 16);
  return v;
}

AESKIT_PCLMUL_INLINE Block128 to_block128(__m128i v) {
  Block128 b;
  std::memcpy(&b, &v, 16);
  return b;
}

// load_partial: p[0..n) zero-extended (n = 0..16, public); reads nothing past p + n.
AESKIT_PCLMUL_INLINE __m128i load_partial(const std::uint8_t* p, std::size_t n) {
  return from_block128(load_partial_block(p, n, /*pad=*/false));
}

// store_partial: the first n bytes of v to p[0..n) (n = 0..16, public), nothing past them.
AESKIT_PCLMUL_INLINE void store_partial(std::uint8_t* p, std::size_t n, __m128i v) {
  store_partial_block(p, n, to_block128(v));
}

// prefix_mask: 0xff in bytes 0..n-1, zero in the others (n = 0..16, public).
AESKIT_PCLMUL_INLINE __m128i prefix_mask(std::size_t n) {
  return from_block128(block128_prefix_mask(n));
}

// length_block: [bits(AD)]_64 || [bits(C)]_64, both big-endian, in GCM byte order (not
// reflected: load_block's byte reversal applies when it is hashed from memory).
AESKIT_PCLMUL_INLINE __m128i length_block(std::size_t ad_len, std::size_t len) {
  return from_block128(block128_from_be64(static_cast<std::uint64_t>(ad_len) * 8,
                                          static_cast<std::uint64_t>(len) * 8));
}

}  // namespace aeskit::detail::clmul
