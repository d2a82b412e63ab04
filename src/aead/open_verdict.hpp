// src/aead/open_verdict.hpp — the last step of an AEAD open whose plaintext is already in the
// output: the tag it computed against the one received, in constant time (ct_equal); the
// computed tag wiped; on a mismatch the output zeroed, so nothing unauthenticated is released.
// Used by the families whose computed tag is one 16-byte block (GCM-SIV, SIV).
//
// No CPU features; inline, so each open keeps its own code.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "base/wipe_block.hpp"

namespace aeskit::detail {

// open_verdict: true when expected[0..16) == received[0..16); `expected` is wiped either way,
// and out[0..len) is zeroed when they differ.
inline bool open_verdict(std::uint8_t expected[16], const std::uint8_t* received, std::uint8_t* out,
                         std::size_t len) noexcept {
  const bool ok = ct_equal(expected, received, 16);
  wipe_block(expected);
  if (!ok && len != 0) secure_zero(out, len);
  return ok;
}

}  // namespace aeskit::detail
