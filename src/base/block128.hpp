// src/base/block128.hpp — a 16-byte block held in one vector register (GCC/Clang generic
// vector extension, no ISA named), for the short per-message paths of the MAC-based modes:
// padding a final block, xoring subkeys, doubling, clearing counter bits.
//
// CPU features: none (any target with 16-byte vectors gets one register; others get a pair
// of 64-bit words). References: none beyond the callers' (SP 800-38B, RFC 5297).
//
// Why: a 16-byte load that follows smaller stores to the same bytes cannot take its data
// from the store buffer and waits for them to reach the cache (a "store-forwarding stall",
// ~10-20 cycles on current x86 and Arm cores). Writing a block byte by byte, or as two
// 64-bit halves, and then handing it to an AES kernel or xoring it costs that stall every
// time: for 16-byte messages it was a third of AES-SIV's and CMAC's time. Here a block is
// built in registers and written with one 16-byte store, which a later 16-byte load of the
// same address forwards from.
//
// Byte order: byte i of the block is byte i%8 of word i/8, little-endian (every target this
// project builds for); load_partial has a byte-loop fallback for big-endian hosts.
#pragma once

#include "base/ct_mask.hpp"
#include "base/ct_shadow.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace aeskit::detail {

using Block128 = std::uint64_t __attribute__((vector_size(16)));

inline Block128 load_block128(const std::uint8_t* p) noexcept {
  Block128 b;
  std::memcpy(&b, p, 16);
  return b;
}

// store_block128: one 16-byte store. GCC may otherwise move a copied block through two
// 64-bit general registers (two 8-byte stores: measured on aeskit::decrypt's CTR counter,
// 1350 bytes 0.7x aeskit::encrypt's speed, whose copy happened to stay in a vector
// register); the empty asm pins b to one vector register where the constraint is known.
inline void store_block128(std::uint8_t* p, Block128 b) noexcept {
#if defined(__x86_64__) || defined(__i386__)
  AESKIT_REGISTER_BARRIER("+x", b);
#elif defined(__aarch64__)
  AESKIT_REGISTER_BARRIER("+w", b);
#endif
  std::memcpy(p, &b, 16);
}

// load_partial_word: bytes p[0..n) (n ≤ 8, public) as the low bytes of a word, the rest zero.
// Two overlapping loads cover n bytes without reading outside them; where they overlap they
// hold the same bytes, so OR-ing them is exact.
inline std::uint64_t load_partial_word(const std::uint8_t* p, std::size_t n) noexcept {
  auto load = [p](std::size_t at, auto width) {
    decltype(width) v;
    std::memcpy(&v, p + at, sizeof v);
    return static_cast<std::uint64_t>(v);
  };
  if (n == 8) return load(0, std::uint64_t{});
  if (n >= 4) return load(0, std::uint32_t{}) | (load(n - 4, std::uint32_t{}) << (8 * (n - 4)));
  if (n >= 2) return load(0, std::uint16_t{}) | (load(n - 2, std::uint16_t{}) << (8 * (n - 2)));
  return n == 1 ? p[0] : 0;
}

// load_partial_block: p[0..n) (n ≤ 16, public) zero-extended to a block; when pad is set
// and n < 16, byte n is 0x80 (the 10* padding of CMAC, S2V and OMAC).
inline Block128 load_partial_block(const std::uint8_t* p, std::size_t n, bool pad) noexcept {
  if (n == 16) return load_block128(p);
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t lo, hi;
    if (n >= 8) {
      std::memcpy(&lo, p, 8);
      hi = load_partial_word(p + 8, n - 8);
    } else {
      lo = load_partial_word(p, n);
      hi = 0;
    }
    if (pad && n < 8) lo |= std::uint64_t{0x80} << (8 * n);
    if (pad && n >= 8 && n < 16) hi |= std::uint64_t{0x80} << (8 * (n - 8));
    return Block128{lo, hi};
  } else {
    alignas(16) std::uint8_t bytes[16] = {};
    for (std::size_t i = 0; i < n; ++i) bytes[i] = p[i];
    if (pad && n < 16) bytes[n] = 0x80;
    return load_block128(bytes);
  }
}

// block128_prefix_mask: 0xff in bytes 0..n-1, zero in the others (n ≤ 16, public).
inline Block128 block128_prefix_mask(std::size_t n) noexcept {
  static constexpr std::uint8_t kOnes[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                             0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
  return load_partial_block(kOnes, n, /*pad=*/false);
}

// store_partial_word / store_partial_block: the first n bytes (n ≤ 8, resp. ≤ 16, public)
// of w / b to p[0..n), nothing past them. The stores mirror load_partial_word's loads (the
// same widths at the same addresses), so reading the bytes back with load_partial_block
// forwards from the store buffer.
inline void store_partial_word(std::uint8_t* p, std::size_t n, std::uint64_t w) noexcept {
  auto store = [p](std::size_t at, auto v) { std::memcpy(p + at, &v, sizeof v); };
  if (n == 8) {
    store(0, w);
  } else if (n >= 4) {
    store(0, static_cast<std::uint32_t>(w));
    store(n - 4, static_cast<std::uint32_t>(w >> (8 * (n - 4))));
  } else if (n >= 2) {
    store(0, static_cast<std::uint16_t>(w));
    store(n - 2, static_cast<std::uint16_t>(w >> (8 * (n - 2))));
  } else if (n == 1) {
    p[0] = static_cast<std::uint8_t>(w);
  }
}

inline void store_partial_block(std::uint8_t* p, std::size_t n, Block128 b) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    if (n == 16) {
      store_block128(p, b);
    } else if (n >= 8) {
      std::memcpy(p, &b, 8);
      store_partial_word(p + 8, n - 8, b[1]);
    } else {
      store_partial_word(p, n, b[0]);
    }
  } else {
    alignas(16) std::uint8_t bytes[16];
    store_block128(bytes, b);
    for (std::size_t i = 0; i < n; ++i) p[i] = bytes[i];
  }
}

// block128_from_be64: the block whose bytes 0..7 are hi and 8..15 are lo, both big-endian.
inline Block128 block128_from_be64(std::uint64_t hi, std::uint64_t lo) noexcept {
  if constexpr (std::endian::native == std::endian::little)
    return Block128{__builtin_bswap64(hi), __builtin_bswap64(lo)};
  else
    return Block128{hi, lo};
}

// block128_double: dbl in GF(2^128) on the big-endian block b (as base/block_double.hpp):
// (b << 1) ^ (msb(b) · 0x87), the carry as a mask.
inline Block128 block128_double(Block128 b) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    const std::uint64_t hi = __builtin_bswap64(b[0]);
    const std::uint64_t lo = __builtin_bswap64(b[1]);
    const std::uint64_t carry_mask = ct_mask_msb(hi);
    return block128_from_be64((hi << 1) | (lo >> 63), (lo << 1) ^ (carry_mask & 0x87));
  } else {
    const std::uint64_t hi = b[0], lo = b[1];
    const std::uint64_t carry_mask = ct_mask_msb(hi);
    return Block128{(hi << 1) | (lo >> 63), (lo << 1) ^ (carry_mask & 0x87)};
  }
}

}  // namespace aeskit::detail
