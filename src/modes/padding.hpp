// src/modes/padding.hpp — PKCS#7 padding (RFC 5652 §6.3) for a 16-byte block cipher.
//
// Padding appends n bytes of value n, 1 ≤ n ≤ 16 (a whole block when the input is aligned).
// The check reads all 16 bytes of the last block with the same instructions whatever their
// values: every comparison becomes a mask, and only the final verdict leaves the function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "base/buffers.hpp"

namespace aeskit::detail {

// pkcs7_pad_block: the final block for `tail_len` (< 16) leftover plaintext bytes.
inline void pkcs7_pad_block(const std::uint8_t* tail, std::size_t tail_len,
                            std::uint8_t block[16]) {
  const auto pad = static_cast<std::uint8_t>(16 - tail_len);
  if (tail_len != 0) std::memcpy(block, tail, tail_len);  // tail may be null when empty
  std::memset(block + tail_len, pad, pad);
}

// ct_mask_le: 0xff..ff if a <= b else 0, for a, b < 2^31, without a branch.
inline std::uint32_t ct_mask_le(std::uint32_t a, std::uint32_t b) {
  return static_cast<std::uint32_t>((static_cast<std::uint64_t>(b) - a) >> 63) - 1u;
}

// pkcs7_check_block: returns the padding length (1..16) if `block` ends in valid padding,
// else 0. Constant time in the block's contents.
inline std::size_t pkcs7_check_block(const std::uint8_t block[16]) {
  const std::uint32_t pad = block[15];
  // valid iff 1 <= pad <= 16 and block[16 - pad .. 15] all equal pad.
  std::uint32_t good = ct_mask_le(1, pad) & ct_mask_le(pad, 16);
  for (std::uint32_t i = 0; i < 16; ++i) {
    // byte i is padding iff i >= 16 - pad, i.e. 16 - i <= pad.
    const std::uint32_t in_pad = ct_mask_le(16 - i, pad);
    const std::uint32_t diff = block[i] ^ pad;  // 0 iff equal
    const std::uint32_t equal = ct_mask_le(diff, 0);
    good &= ~in_pad | equal;
  }
  return static_cast<std::size_t>(pad & good);
}

}  // namespace aeskit::detail
