// src/aead/aead_checks.hpp — argument checks shared by the AEAD and MAC entry points: nonce
// and length limits, and which buffers may overlap (only an input exactly at its output).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aeskit/aead.hpp"
#include "base/buffers.hpp"
#include "core/error_detail.hpp"

namespace aeskit::detail {

// overlaps is true when the two byte ranges share at least one byte (exact aliasing
// included; empty ranges overlap nothing).
inline bool overlaps(const void* a, std::size_t a_len, const void* b, std::size_t b_len) noexcept {
  if (a_len == 0 || b_len == 0) return false;
  auto pa = reinterpret_cast<std::uintptr_t>(a);
  auto pb = reinterpret_cast<std::uintptr_t>(b);
  return pa < pb + b_len && pb < pa + a_len;
}

inline bool overlaps(std::span<const std::uint8_t> a, const std::uint8_t* b,
                     std::size_t b_len) noexcept {
  return overlaps(a.data(), a.size(), b, b_len);
}

// check_nonce: AeadAlgorithm::allows_nonce_length, spelled out here so the test inlines (it is
// on every one-shot call); the error's message is built out of line.
inline Status check_nonce(const AeadAlgorithm& algorithm,
                          std::span<const std::uint8_t> nonce) noexcept {
  if (nonce.size() >= algorithm.nonce_min() &&
      static_cast<std::uint64_t>(nonce.size()) <= algorithm.nonce_max())
    return {};
  return bad_nonce_length(algorithm.name(), algorithm.nonce_min(), algorithm.nonce_max(),
                          algorithm.nonce_recommended(), nonce.size());
}

inline bool data_too_long(const AeadAlgorithm& algorithm, std::uint64_t already,
                          std::size_t more) noexcept {
  return more > algorithm.max_plaintext() || already > algorithm.max_plaintext() - more;
}

inline bool ad_too_long(const AeadAlgorithm& algorithm, std::uint64_t already,
                        std::size_t more) noexcept {
  return more > algorithm.max_ad() || already > algorithm.max_ad() - more;
}

// check_written: `out` receives `n` bytes from `in` (n == in.size(), or 0 for none). The
// written range may start exactly at `in` but must not otherwise overlap it, and must not
// overlap the nonce or the associated data at all.
inline Status check_written(const std::uint8_t* out, std::size_t n,
                            std::span<const std::uint8_t> in, std::span<const std::uint8_t> nonce,
                            std::span<const std::uint8_t> ad) noexcept {
  if (partially_overlaps(in.data(), in.size(), out, n) || overlaps(nonce, out, n) ||
      overlaps(ad, out, n))
    return Errc::overlapping_buffers;
  return {};
}

}  // namespace aeskit::detail
