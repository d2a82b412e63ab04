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

}  // namespace aeskit::detail
