// aeskit/mac.hpp — message authentication codes: GMAC.
//
// GMAC is GCM with nothing to encrypt: the message is authenticated as GCM's associated data
// (NIST SP 800-38D §3, "GMAC"). Like GCM it needs a nonce that never repeats under one key;
// a repeated nonce lets anyone forge tags. 12-byte nonces are recommended, any length of 1
// byte and more is accepted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "aeskit/aead.hpp"
#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

// Gmac is a keyed GMAC: AES key (16, 24 or 32 bytes) on the chosen backend, the GHASH key
// and the tag length, fixed at creation. Move-only, wiped on destruction; all operations are
// const, allocation-free and thread-safe.
class AESKIT_API Gmac {
 public:
  // create: tag_length is one of 4, 8, 12..16 (default 16); backend as for AesKey (empty:
  // best). Errors: bad_key_length, bad_tag_length, unknown_backend, backend_unavailable.
  static Result<Gmac> create(std::span<const std::uint8_t> key, std::string_view backend = {},
                             std::size_t tag_length = 16);

  Gmac() noexcept = default;  // empty; every operation fails with invalid_state
  Gmac(Gmac&&) noexcept = default;
  Gmac& operator=(Gmac&&) noexcept = default;

  bool valid() const noexcept { return key_.valid(); }
  std::size_t tag_length() const noexcept { return key_.tag_length(); }
  std::string_view backend_name() const noexcept { return key_.backend_name(); }

  // compute writes the tag (tag_length() bytes) to the start of `tag_out`.
  // Errors: bad_nonce_length, message_too_long (data over 2^61 - 1 bytes), output_too_small,
  // overlapping_buffers (tag_out overlapping nonce or data), invalid_state.
  Status compute(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> data,
                 std::span<std::uint8_t> tag_out) const;
  // verify compares `tag` (exactly tag_length() bytes) with the computed tag in constant time.
  // Errors: authentication_failed (also for a tag of the wrong length), bad_nonce_length,
  // message_too_long, invalid_state.
  Status verify(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> data,
                std::span<const std::uint8_t> tag) const;

 private:
  explicit Gmac(AeadKey key) noexcept : key_(std::move(key)) {}
  AeadKey key_;  // GMAC(K, N, M) = GCM(K, N, AD = M, P = empty)
};

}  // namespace aeskit
