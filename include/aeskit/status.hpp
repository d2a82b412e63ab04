// aeskit/status.hpp — error reporting without exceptions.
//
// Every operation whose failure depends on its input (lengths, padding, buffers) returns a
// Status or a Result<T>. Neither throws. An error code is stable; its message is a short
// English sentence meant for people.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <utility>

#include "aeskit/export.hpp"

namespace aeskit {

// Errc lists every way an aeskit call can fail. Values are stable (the C API reuses them).
enum class Errc : int {
  ok = 0,
  bad_key_length = 1,    // key length is not one the algorithm takes (AES: 16, 24 or 32)
  bad_iv_length = 2,     // IV/counter block is not 16 bytes (or missing for a mode that needs one)
  output_too_small = 3,  // the output span cannot hold the result
  not_block_multiple = 4,   // ECB/CBC input without padding is not a multiple of 16 bytes
  bad_padding = 5,          // PKCS#7 padding did not verify on decryption
  overlapping_buffers = 6,  // input and output overlap without being exactly the same buffer
  unknown_backend = 7,      // no backend of that name, for this kind of primitive (AES, SHA),
                            // is compiled in
  backend_unavailable = 8,  // the backend exists but this CPU (or AESKIT_DISABLE, or a failed
                            // self-test of its kernels) rules it out
  invalid_state = 9,        // e.g. update() after finish(), or use of a moved-from object
  invalid_argument = 10,    // an option that does not apply (e.g. padding with CTR, a chunked
                            // salt or raw chunk of the wrong size)

  // AEAD and MAC (aeskit/aead.hpp, aeskit/mac.hpp).
  authentication_failed = 11,  // open / verify: the tag did not match (one opaque code)
  bad_nonce_length = 12,       // nonce length the algorithm does not allow (GCM: empty)
  bad_tag_length = 13,         // tag length (set at key creation) the algorithm does not allow
  message_too_long = 14,       // plaintext or associated data beyond the algorithm limit

  // XTS (aeskit/xts.hpp).
  bad_data_unit_length = 15,  // XTS data unit or HCTR2 message under 16 bytes, or input not
                              // whole sectors
  weak_key = 16,              // key refused for this use (XTS encryption with Key1 == Key2)

  // Hashes and key derivation (aeskit/hash.hpp, aeskit/kdf.hpp).
  output_too_long = 17,  // requested output too long for the algorithm (HKDF: 255·HashLen)
  prk_too_short = 18,    // HKDF-Expand pseudorandom key shorter than the hash length

  // Chunked encryption (aeskit/chunked.hpp, c2sp.org/chunked-encryption).
  wrong_key_or_context = 19,  // header commitment mismatch: another key or context (or a
                              // modified salt/commitment); checked before any chunk
  truncated = 20,             // ciphertext ends early: inside the header, without its short
                              // final chunk, or with a final chunk shorter than a tag
  chunk_forged = 21,          // a chunk failed authentication: modified, reordered, or cut
  trailing_data = 22,         // data after the valid short final chunk

  // TLS AEADs (AES-CBC-HMAC, aeskit/aead.hpp).
  bad_ad_length = 23,  // associated data of a length the algorithm does not take (TLS: 11 bytes)

  // One cause each, where invalid_argument or backend_unavailable used to cover several.
  backend_lacks_algorithm = 24,  // the backend runs here but does not implement that
                                 // algorithm (Hash::create(sha512, "shani"))
  too_many_ad_components = 25,   // SIV: more than SivKey::kMaxAdComponents AD components
  not_semiblock_multiple = 26,   // key wrap (KW): input under 16 bytes or not a multiple of 8
  empty_input = 27,              // key wrap with padding (KWP): nothing to wrap
  one_shot_only = 28,            // incremental sealer/opener asked of a one-shot AEAD
  no_detached_tag = 29,          // detached seal/open asked of an AEAD without a separate tag
                                 // (the TLS CBC-HMAC records)

  // Nonce safety (aeskit/nonce.hpp).
  nonce_reused = 30,         // a nonce sequence was asked for a counter it already used
  nonce_exhausted = 31,      // the nonce counter would wrap: no fresh nonce is left
  usage_limit_reached = 32,  // the key's enforced message limit is used up: rekey
  random_nonce_unsafe = 33,  // random nonces requested for an algorithm whose nonce is too
                             // short (or whose security breaks) under random choice

  // The C API (aeskit/aeskit.h) reports these too.
  null_pointer = 34,       // a null pointer with a non-zero length, or a required pointer null
  unknown_algorithm = 35,  // no algorithm (AEAD, hash, mode) of that name or number
  out_of_memory = 36,      // an allocation failed (handle creation)

  // Randomness (aeskit/random.hpp, random nonces, chunked salts).
  random_failed = 37,  // the operating system's random generator (getrandom) failed; never
                       // replaced by a weaker source
};

// errc_message returns a one-line description of `code`; never null.
AESKIT_API const char* errc_message(Errc code) noexcept;

// Status is the outcome of an operation: ok, or one Errc.
class [[nodiscard]] Status {
 public:
  constexpr Status() noexcept = default;
  constexpr Status(Errc code) noexcept : code_(code) {}  // NOLINT: implicit by design

  constexpr bool ok() const noexcept { return code_ == Errc::ok; }
  constexpr explicit operator bool() const noexcept { return ok(); }
  constexpr Errc code() const noexcept { return code_; }
  const char* message() const noexcept { return errc_message(code_); }

  friend constexpr bool operator==(Status a, Status b) noexcept { return a.code_ == b.code_; }

 private:
  Errc code_ = Errc::ok;
};

// Result<T> holds either a T or an error Status (never both).
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Errc code) : status_(code) {}           // NOLINT
  Result(Status status) : status_(status) {}     // NOLINT

  bool ok() const noexcept { return value_.has_value(); }
  explicit operator bool() const noexcept { return ok(); }
  Status status() const noexcept { return status_; }
  Errc code() const noexcept { return status_.code(); }
  const char* message() const noexcept { return status_.message(); }

  // value() requires ok(); calling it on an error is a programming mistake and aborts.
  T& value() & { return *checked(); }
  const T& value() const& { return *checked(); }
  T&& value() && { return std::move(*checked()); }
  T* operator->() { return checked(); }
  const T* operator->() const { return checked(); }
  T& operator*() & { return *checked(); }

 private:
  T* checked() {
    if (!value_) __builtin_trap();
    return &*value_;
  }
  const T* checked() const {
    if (!value_) __builtin_trap();
    return &*value_;
  }
  std::optional<T> value_;
  Status status_;
};

// error_detail: what exactly went wrong in the last failed aeskit call of this thread, when
// that call failed with s.code() and left a detail: the lengths needed and given and the
// algorithm's name ("AES-128-GCM takes a 16-byte key; got 32 bytes", "output buffer too small:
// the result needs 1046 bytes, the buffer has 1045", "no AEAD named 'AES-128-GMC' (did you mean
// AES-128-GCM?) ..."); otherwise s.message(). Never null; the text stays valid until the next
// failing aeskit call on this thread. It holds lengths and public names only, never key bytes.
AESKIT_API const char* error_detail(Status s) noexcept;
template <class T>
const char* error_detail(const Result<T>& r) noexcept {
  return error_detail(r.status());
}

// nearest_name: the candidate closest to a mistyped `name`, for error messages: ASCII case,
// '-', '_' and spaces ignored, Damerau-Levenshtein distance (a swap of two neighbours is one
// edit), at most max(2, length / 4) edits away; an empty view when none is that close (or
// `name` is over 64 characters). aead::nearest uses it over the AEAD names.
AESKIT_API std::string_view nearest_name(std::string_view name,
                                         std::span<const std::string_view> candidates) noexcept;

// required_size: for an output_too_small just returned on this thread, the size the call
// needed (bytes); 0 for any other status.
AESKIT_API std::size_t required_size(Status s) noexcept;

}  // namespace aeskit
