// src/modes/padding.hpp — PKCS#7 padding (RFC 5652 §6.3) for a 16-byte block cipher.
//
// Padding appends n bytes of value n, 1 ≤ n ≤ 16 (a whole block when the input is aligned).
// The check reads all 16 bytes of the last block with the same instructions whatever their
// values: every comparison becomes a mask (base/ct_mask.hpp: comparisons of the pad byte and
// of each byte with public values, whose MemorySanitizer shadow is exact; not the sign bits of
// differences, which MSan's carry-less shadow would let pass as public), and only the final
// verdict leaves the function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "base/buffers.hpp"
#include "base/ct_mask.hpp"

namespace aeskit::detail {

// pkcs7_pad_block: the final block for `tail_len` (< 16) leftover plaintext bytes.
inline void pkcs7_pad_block(const std::uint8_t* tail, std::size_t tail_len,
                            std::uint8_t block[16]) {
  const auto pad = static_cast<std::uint8_t>(16 - tail_len);
  if (tail_len != 0) std::memcpy(block, tail, tail_len);  // tail may be null when empty
  std::memset(block + tail_len, pad, pad);
}

// pkcs7_check_block: returns the padding length (1..16) if `block` ends in valid padding,
// else 0. Constant time in the block's contents.
inline std::size_t pkcs7_check_block(const std::uint8_t block[16]) {
  const std::uint64_t pad = block[15];
  // valid iff 1 <= pad <= 16 and block[16 - pad .. 15] all equal pad.
  std::uint64_t good = ct_mask_le(1, pad) & ct_mask_le(pad, 16);
  for (std::uint64_t i = 0; i < 16; ++i) {
    // byte i is padding iff i >= 16 - pad, i.e. 16 - i <= pad.
    const std::uint64_t in_pad = ct_mask_le(16 - i, pad);
    const std::uint64_t equal = ct_mask_eq(block[i], pad);
    good &= ~in_pad | equal;
  }
  return static_cast<std::size_t>(pad & good);
}

}  // namespace aeskit::detail
