// aeskit/hash.hpp — SHA-1, SHA-256 and SHA-512 (FIPS 180-4) and HMAC over them (RFC 2104,
// FIPS 198-1).
//
// The compression function runs on the best implementation this CPU offers (SHA-NI for SHA-1
// and SHA-256 on x86-64 when present and not removed by AESKIT_DISABLE=sha; portable C++
// otherwise), chosen once per object. Every object here is move-only, allocation-free, wipes
// its state on destruction, and runs in time that depends only on lengths (never on key or
// data). SHA-1 is broken for collision resistance; it is here for HMAC-SHA1 (TLS, HOTP).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

enum class HashAlgorithm { sha1, sha256, sha512 };

// digest_length: 20, 32 or 64 bytes. block_length: 64, 64 or 128 bytes.
AESKIT_API std::size_t digest_length(HashAlgorithm alg) noexcept;
AESKIT_API std::size_t block_length(HashAlgorithm alg) noexcept;
// hash_name: "SHA-1", "SHA-256", "SHA-512".
AESKIT_API std::string_view hash_name(HashAlgorithm alg) noexcept;

inline constexpr std::size_t kMaxDigestLength = 64;
inline constexpr std::size_t kMaxHashBlockLength = 128;
// hmac_verify refuses tags shorter than this (RFC 2104 §5: no fewer than 80 bits).
inline constexpr std::size_t kMinHmacVerifyTagLength = 10;

namespace detail {
struct ShaCompressor;
// HashWords: the chaining value (8 words of 32 bits for SHA-1/SHA-256, of 64 for SHA-512).
union HashWords {
  std::uint32_t w32[8];
  std::uint64_t w64[8];
};
// HashCore: one running hash computation (internal layout; use Hash or Hmac).
struct HashCore {
  HashWords h;
  alignas(16) std::uint8_t buffer[kMaxHashBlockLength];
  std::uint64_t length = 0;  // bytes absorbed so far
  const ShaCompressor* compressor = nullptr;
  std::uint32_t buffered = 0;  // bytes waiting in buffer
  HashAlgorithm alg = HashAlgorithm::sha256;
};
// HmacKey: the chaining values after the (K0 ^ ipad) and (K0 ^ opad) blocks.
struct HmacKey {
  HashWords ipad_h;
  HashWords opad_h;
  HashAlgorithm alg = HashAlgorithm::sha256;
  const ShaCompressor* compressor = nullptr;
};
}  // namespace detail

// Hash is an incremental hash: create, update any number of times with any split, finish.
// After finish() the object needs reset() before it can hash again.
class AESKIT_API Hash {
 public:
  // create: backend empty picks the best ("shani" or "portable"). Errors: unknown_backend (no
  // SHA backend of that name; AES backend names are not SHA backend names),
  // backend_lacks_algorithm (the backend does not implement `alg`: shani has no SHA-512),
  // backend_unavailable (the backend cannot run on this CPU).
  static Result<Hash> create(HashAlgorithm alg, std::string_view backend = {});

  Hash() noexcept = default;  // empty; every operation fails with invalid_state
  Hash(Hash&& other) noexcept;
  Hash& operator=(Hash&& other) noexcept;
  Hash(const Hash&) = delete;
  Hash& operator=(const Hash&) = delete;
  ~Hash();

  bool valid() const noexcept { return core_.compressor != nullptr; }
  HashAlgorithm algorithm() const noexcept { return core_.alg; }
  std::size_t digest_length() const noexcept { return aeskit::digest_length(core_.alg); }
  std::string_view backend_name() const noexcept;

  // update absorbs `data`. Errors: invalid_state (empty, or finished), message_too_long
  // (over 2^61 - 1 bytes in total for SHA-1/SHA-256, 2^64 - 1 for SHA-512).
  Status update(std::span<const std::uint8_t> data) noexcept;
  // finish writes digest_length() bytes to the start of `out`.
  // Errors: output_too_small (nothing written, the computation can still finish),
  // invalid_state.
  Status finish(std::span<std::uint8_t> out) noexcept;
  // reset starts a new message with the same algorithm and backend. Error: invalid_state
  // (empty object).
  Status reset() noexcept;

 private:
  detail::HashCore core_;
  bool finished_ = false;
};

// hash: one-shot digest of `in` into the first digest_length(alg) bytes of `out` (`out` may
// overlap `in`: the input is read completely first). Errors: output_too_small.
AESKIT_API Status hash(HashAlgorithm alg, std::span<const std::uint8_t> in,
                       std::span<std::uint8_t> out) noexcept;

// Hmac is HMAC keyed once (the inner and outer padded keys are compressed at creation), then
// used for any number of messages: update..., finish (or verify), reset.
class AESKIT_API Hmac {
 public:
  // create: any key length (keys longer than the block are hashed first, RFC 2104 §2).
  // Errors: unknown_backend, backend_lacks_algorithm, backend_unavailable (as Hash::create).
  static Result<Hmac> create(HashAlgorithm alg, std::span<const std::uint8_t> key,
                             std::string_view backend = {});

  Hmac() noexcept = default;  // empty; every operation fails with invalid_state
  Hmac(Hmac&& other) noexcept;
  Hmac& operator=(Hmac&& other) noexcept;
  Hmac(const Hmac&) = delete;
  Hmac& operator=(const Hmac&) = delete;
  ~Hmac();

  bool valid() const noexcept { return inner_.compressor != nullptr; }
  HashAlgorithm algorithm() const noexcept { return inner_.alg; }
  std::size_t digest_length() const noexcept { return aeskit::digest_length(inner_.alg); }
  std::string_view backend_name() const noexcept;

  // update: as Hash::update.
  Status update(std::span<const std::uint8_t> data) noexcept;
  // finish writes min(out.size(), digest_length()) bytes: a shorter `out` receives the
  // truncated MAC (its leftmost bytes, RFC 2104 §5). Errors: output_too_small (out empty),
  // invalid_state.
  Status finish(std::span<std::uint8_t> out) noexcept;
  // verify finishes and compares with `tag` in constant time; `tag` may be truncated
  // (kMinHmacVerifyTagLength..digest_length() bytes). Errors: authentication_failed (also
  // for a tag length outside that range), invalid_state.
  Status verify(std::span<const std::uint8_t> tag) noexcept;
  // reset starts a new message under the same key (no key processing). Error: invalid_state.
  Status reset() noexcept;

 private:
  detail::HashCore inner_;  // running inner hash H((K0 ^ ipad) || m)
  detail::HmacKey key_;
  bool finished_ = false;
};

// hmac: one-shot HMAC of `message` under `key`; writes min(out.size(), digest_length(alg))
// bytes (truncated MAC for a shorter `out`). Errors: output_too_small (out empty).
AESKIT_API Status hmac(HashAlgorithm alg, std::span<const std::uint8_t> key,
                       std::span<const std::uint8_t> message, std::span<std::uint8_t> out) noexcept;
// hmac_verify: recomputes the HMAC and compares it with `tag` (truncated tags of
// kMinHmacVerifyTagLength..digest_length(alg) bytes allowed) in constant time.
// Errors: authentication_failed (also for a tag length outside that range).
AESKIT_API Status hmac_verify(HashAlgorithm alg, std::span<const std::uint8_t> key,
                              std::span<const std::uint8_t> message,
                              std::span<const std::uint8_t> tag) noexcept;

}  // namespace aeskit
