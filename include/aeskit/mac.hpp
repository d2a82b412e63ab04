// aeskit/mac.hpp — message authentication codes: GMAC and AES-CMAC.
//
// GMAC is GCM with nothing to encrypt: the message is authenticated as GCM's associated data
// (NIST SP 800-38D §3, "GMAC"). Like GCM it needs a nonce that never repeats under one key;
// a repeated nonce lets anyone forge tags. 12-byte nonces are recommended, any length of 1
// byte and more is accepted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
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
  // best). Every factory takes (algorithm, key, parameters, backend), in that order:
  // Gmac::create(key, 8) is a truncated GMAC on the default backend.
  // Errors: bad_key_length, bad_tag_length, unknown_backend, backend_unavailable.
  static Result<Gmac> create(std::span<const std::uint8_t> key, std::size_t tag_length = 16,
                             std::string_view backend = {});

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

namespace detail {
struct CmacState;
}

// Cmac is AES-CMAC (NIST SP 800-38B; RFC 4493 for AES-128; the OMAC1 of EAX): a
// deterministic MAC, no nonce. The AES key (16, 24 or 32 bytes) is expanded and the subkeys
// K1/K2 derived once, at creation; the tag length is fixed then too (never taken from an
// input). Move-only, wiped on destruction.
//
// compute/verify are one-shot, const and thread-safe. update/finish/verify(tag)/reset are
// the incremental form over one message at a time (any split gives the one-shot result);
// they change the object, so one incremental message per object at a time.
class AESKIT_API Cmac {
 public:
  static constexpr std::size_t kMaxTagLength = 16;
  // Truncated tags: SP 800-38B allows any length; below 8 bytes its Appendix A limits on
  // the number of verification attempts apply (the NIST CAVP files test 4-byte tags).
  static constexpr std::size_t kMinTagLength = 4;

  // create: tag_length kMinTagLength..16 (default 16: the full CMAC); backend as for AesKey
  // (empty: best), last as in every factory: Cmac::create(key, 8) is a truncated CMAC on the
  // default backend. Errors: bad_key_length, bad_tag_length, unknown_backend,
  // backend_unavailable.
  static Result<Cmac> create(std::span<const std::uint8_t> key, std::size_t tag_length = 16,
                             std::string_view backend = {});

  Cmac() noexcept;  // empty; every operation fails with invalid_state
  Cmac(Cmac&&) noexcept;
  Cmac& operator=(Cmac&&) noexcept;
  // A copy shares the (immutable) expanded key and continues the incremental message on its
  // own: a MAC over a common prefix, forked (OpenSSL's EVP_MAC_CTX_dup). Throws
  // std::bad_alloc when out of memory.
  Cmac(const Cmac& other);
  Cmac& operator=(const Cmac& other);
  ~Cmac();

  bool valid() const noexcept { return state_ != nullptr; }
  std::size_t tag_length() const noexcept;         // 0 for an empty object
  std::string_view backend_name() const noexcept;  // the AES backend, e.g. "aesni"
  // kernel: the code path of the CBC-MAC chain (e.g. "aesni:cbc_mac"), for `aeskit cpu`.
  std::string kernel() const;

  // compute writes the tag (the first tag_length() bytes of the CMAC) to the start of
  // `tag_out` (it may overlap `data`: the message is read first). Errors: output_too_small,
  // invalid_state.
  Status compute(std::span<const std::uint8_t> data, std::span<std::uint8_t> tag_out) const;
  // verify compares `tag` (exactly tag_length() bytes) with the tag of `data` in constant
  // time. Errors: authentication_failed (also for a tag of the wrong length), invalid_state.
  Status verify(std::span<const std::uint8_t> data, std::span<const std::uint8_t> tag) const;

  // update absorbs the next piece of the incremental message. Errors: invalid_state (empty
  // object, or after finish/verify without reset).
  Status update(std::span<const std::uint8_t> data);
  // finish writes the tag of everything absorbed since create/reset to the start of
  // `tag_out`. Errors: output_too_small (nothing changes; the message can still finish),
  // invalid_state.
  Status finish(std::span<std::uint8_t> tag_out);
  // verify(tag) finishes the incremental message and compares as verify(data, tag).
  // Errors: authentication_failed, invalid_state.
  Status verify(std::span<const std::uint8_t> tag);
  // reset starts a new incremental message under the same key. Error: invalid_state (empty).
  Status reset();

 private:
  std::unique_ptr<detail::CmacState> state_;
};

}  // namespace aeskit
