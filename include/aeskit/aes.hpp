// aeskit/aes.hpp — the AES key object: a key schedule bound to the backend that made it.
//
// An AesKey is created once per key. At creation it picks the fastest backend this CPU
// offers (or the one the caller names), expands the key in that backend's format, and keeps
// the two together: every mode run with the key uses that backend's kernels. The inverse
// (decryption) schedule is built on first use, only by modes that decrypt blocks.
//
// AesKey is move-only; its schedules are wiped on destruction. All operations are const and
// may be called from many threads at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

inline constexpr std::size_t kBlockSize = 16;

namespace detail {
struct KeyState;
struct KeyAccess;
}  // namespace detail

class AESKIT_API AesKey {
 public:
  // create expands a 16-, 24- or 32-byte key with the best available backend.
  // Errors: bad_key_length.
  static Result<AesKey> create(std::span<const std::uint8_t> key);

  // create with an explicit backend name (see aeskit/backends.hpp). An empty name means
  // "best available". Errors: bad_key_length, unknown_backend, backend_unavailable (also
  // for a backend whose once-per-process self-test failed: it is refused, not replaced).
  static Result<AesKey> create(std::span<const std::uint8_t> key, std::string_view backend);

  AesKey() noexcept;  // an empty key; every operation on it fails with invalid_state
  AesKey(AesKey&&) noexcept;
  AesKey& operator=(AesKey&&) noexcept;
  AesKey(const AesKey&) = delete;
  AesKey& operator=(const AesKey&) = delete;
  ~AesKey();

  bool valid() const noexcept { return state_ != nullptr; }
  // key_bits is 128, 192 or 256 (0 for an empty key).
  std::size_t key_bits() const noexcept;
  // backend_name names the backend whose kernels this key runs on, e.g. "aesni".
  std::string_view backend_name() const noexcept;

  // encrypt_blocks / decrypt_blocks apply the raw block cipher to each 16-byte block of `in`
  // (ECB without padding). in.size() must be a multiple of 16 and out at least as large;
  // in and out may be the same buffer but must not partially overlap.
  Status encrypt_blocks(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) const;
  Status decrypt_blocks(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) const;

 private:
  friend struct detail::KeyAccess;
  explicit AesKey(std::unique_ptr<detail::KeyState> state) noexcept;
  std::unique_ptr<detail::KeyState> state_;
};

}  // namespace aeskit
