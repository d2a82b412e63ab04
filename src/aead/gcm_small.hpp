// src/aead/gcm_small.hpp — one-shot GCM for short messages (SP 800-38D §7.1-7.2, computed
// with fewer backend calls).
//
// The counter blocks J0, inc32(J0), inc32²(J0), ... are consecutive in CTR32, so one CTR call
// over zero blocks starting at J0 yields E_K(J0) (the tag mask) followed by the message's key
// stream; and the padded AD, the padded ciphertext and the lengths block are laid out in one
// buffer and hashed with one GHASH call. For short messages this replaces five or six backend
// calls (each with its own start-up cost) by two. Longer messages take the chunked path
// (gcm_blocks.hpp) and any fused kernel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aead/aead_key_state.hpp"
#include "aead/gcm_blocks.hpp"

namespace aeskit::detail::gcm {

// The padded AD, the padded message and the lengths block together fit in this many bytes.
inline constexpr std::size_t kSmallBytes = 512;

inline bool fits_small(std::size_t ad_len, std::size_t data_len) noexcept {
  const std::size_t ad_padded = (ad_len + 15) / 16 * 16;
  const std::size_t data_padded = (data_len + 15) / 16 * 16;
  return ad_len <= kSmallBytes && data_len <= kSmallBytes &&
         ad_padded + data_padded + 16 <= kSmallBytes;
}

// crypt_small: seal (in = plaintext) or open (in = ciphertext) a message for which
// fits_small(ad.size(), len) holds, writing len bytes to `out` (out may be in) and the full
// 16-byte tag to `tag`. j0 is the message's pre-counter block.
void crypt_small(const GcmKey& key, Op op, const std::uint8_t j0[16],
                 std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t len, std::uint8_t tag[16]) noexcept;

}  // namespace aeskit::detail::gcm
