// aeskit/siv.hpp — AES-SIV (RFC 5297): deterministic authenticated encryption with a vector
// of associated-data components, and nonce-misuse resistance.
//
// A SivKey is one double-length key K1 || K2: 32 bytes (two AES-128 keys, "AES-128-SIV" as
// OpenSSL names it; RFC 5297's AEAD_AES_SIV_CMAC_256), 48 bytes (AES-192, _384) or 64 bytes
// (AES-256, _512). K1 keys S2V (a CMAC-based PRF over the components), K2 keys CTR.
//
// seal(ad, plaintext) outputs V || C: the 16-byte synthetic IV V = S2V(K1, AD_1..AD_n, P)
// followed by the ciphertext C (as long as P), RFC 5297 §7's layout. The same key,
// components and plaintext always give the same output: SIV reveals only repeats of whole
// (AD, plaintext) inputs. For the nonce-based form, pass a fresh nonce as the last AD
// component (RFC 5297 §3), or use the AEAD descriptors aead::aes_128_siv() and friends,
// which do exactly that with one AD string and the nonce.
//
// Components: each span is one string of the vector; zero components and one empty
// component are different inputs (and give different outputs). At most kMaxAdComponents
// (126: S2V takes 127 strings, the plaintext being the last).
//
// Buffers: seal's `out` (plaintext.size() + 16 bytes) may start exactly at the plaintext
// or exactly 16 bytes before it (in place); open's `out` may start exactly at the sealed
// input or at its ciphertext (sealed.data() + 16). Any other overlap between an output and
// an input, and any overlap of an output with an AD component, is rejected with
// overlapping_buffers. On an argument error nothing is written. A failed open returns
// authentication_failed and zeroes the plaintext span it would have written.
//
// SivKey is move-only and wiped on destruction; seal/open are const, allocation-free and
// thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

namespace detail::siv {
struct Core;
}

class AESKIT_API SivKey {
 public:
  static constexpr std::size_t kIvLength = 16;
  static constexpr std::size_t kMaxAdComponents = 126;

  // create: key of 32, 48 or 64 bytes; backend as for AesKey (empty: best). Errors:
  // bad_key_length, unknown_backend, backend_unavailable.
  static Result<SivKey> create(std::span<const std::uint8_t> key, std::string_view backend = {});

  SivKey() noexcept;  // empty; every operation fails with invalid_state
  SivKey(SivKey&&) noexcept;
  SivKey& operator=(SivKey&&) noexcept;
  SivKey(const SivKey&) = delete;
  SivKey& operator=(const SivKey&) = delete;
  ~SivKey();

  bool valid() const noexcept { return core_ != nullptr; }
  std::size_t key_length() const noexcept;  // 32, 48 or 64; 0 for an empty key
  std::string_view backend_name() const noexcept;
  std::string kernel() const;  // the code path, "<backend>:siv ..."

  // seal writes V || C (plaintext.size() + 16 bytes) to `out` and returns that count.
  // Errors: too_many_ad_components (more than kMaxAdComponents components), output_too_small,
  // overlapping_buffers, invalid_state.
  Result<std::size_t> seal(std::span<const std::span<const std::uint8_t>> ad,
                           std::span<const std::uint8_t> plaintext,
                           std::span<std::uint8_t> out) const;

  // open checks and decrypts V || C, writing the plaintext (sealed.size() - 16 bytes) and
  // returning its length. Errors: authentication_failed (also for an input shorter than 16
  // bytes; the plaintext span is zeroed), too_many_ad_components, output_too_small,
  // overlapping_buffers, invalid_state.
  Result<std::size_t> open(std::span<const std::span<const std::uint8_t>> ad,
                           std::span<const std::uint8_t> sealed, std::span<std::uint8_t> out) const;

 private:
  std::unique_ptr<detail::siv::Core> core_;
};

}  // namespace aeskit
