// src/core/key_state.hpp — what an AesKey holds: the backend and its schedules.
//
// The encryption schedule is built at key setup. The decryption schedule is built on first
// use in its own allocation, so encrypt-only modes (CTR, CFB, OFB, CBC encryption) never pay
// for it, and the
// KeyState itself stays small enough (under 1 KiB) for the allocator's fast per-thread cache:
// key setup is on the hot path of protocols that re-key often.
//
// Concurrent first uses are safe without a lock: each racing thread builds a schedule and
// publishes it with a compare-and-swap; losers wipe and free theirs and use the winner's.
// (std::call_once was tried first: glibc's pthread_once makes a futex system call on every
// first completion, which tripled "decrypt setup" time.)
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "aeskit/aes.hpp"
#include "backend/backend.hpp"

namespace aeskit::detail {

struct KeyState {
  const AesBackend* backend = nullptr;
  std::size_t key_len = 0;
  RoundKeys enc;  // not value-initialised: expand_key writes what the backend uses

  const RoundKeys& decryption_keys() const {
    const RoundKeys* dec = dec_.load(std::memory_order_acquire);
    return dec ? *dec : build_decryption_keys();
  }

  KeyState() = default;
  KeyState(const KeyState&) = delete;
  KeyState& operator=(const KeyState&) = delete;
  ~KeyState();

 private:
  const RoundKeys& build_decryption_keys() const;
  mutable std::atomic<RoundKeys*> dec_{nullptr};
};

// KeyAccess lets library code (modes) reach a key's state; it is not part of the public API.
struct KeyAccess {
  static const KeyState* state(const AesKey& key) noexcept { return key.state_.get(); }
  // make: an AesKey owning `state` (already expanded by the caller on state->backend).
  static AesKey make(std::unique_ptr<KeyState> state) noexcept { return AesKey(std::move(state)); }
};

// AesKeyPair, create_key_pair: the two AES keys of a scheme keyed with two of them (XTS:
// Key1 || Key2; SIV: K1 || K2): `key` of 32, 48 or 64 bytes split in halves, each an AesKey
// on `backend` (empty: the best). bad_key_length ("<scheme> takes a key of 32, 48 or 64 bytes
// (two AES keys)") for another length, else AesKey::create's errors.
struct AesKeyPair {
  AesKey first;
  AesKey second;
};
Result<AesKeyPair> create_key_pair(std::string_view scheme, std::span<const std::uint8_t> key,
                                   std::string_view backend);

}  // namespace aeskit::detail
