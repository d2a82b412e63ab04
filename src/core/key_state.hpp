// src/core/key_state.hpp — what an AesKey holds: the backend and its schedules.
//
// The encryption schedule is built at key setup. The decryption schedule is built on first
// use (std::call_once) in its own allocation, so encrypt-only modes (CTR, CFB, OFB, CBC
// encryption) never pay for it, concurrent first uses from several threads are safe, and the
// KeyState itself stays small enough (under 1 KiB) for the allocator's fast per-thread cache:
// key setup is on the hot path of protocols that re-key often.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>

#include "aeskit/aes.hpp"
#include "backend/backend.hpp"

namespace aeskit::detail {

struct KeyState {
  const AesBackend* backend = nullptr;
  std::size_t key_len = 0;
  RoundKeys enc;  // not value-initialised: expand_key writes what the backend uses

  const RoundKeys& decryption_keys() const {
    std::call_once(dec_once_, [this] {
      dec_.reset(new RoundKeys);
      backend->derive_decrypt_key(enc, *dec_);
    });
    return *dec_;
  }

  KeyState() = default;
  KeyState(const KeyState&) = delete;
  KeyState& operator=(const KeyState&) = delete;
  ~KeyState();

 private:
  mutable std::unique_ptr<RoundKeys> dec_;
  mutable std::once_flag dec_once_;
};

// KeyAccess lets library code (modes) reach a key's state; it is not part of the public API.
struct KeyAccess {
  static const KeyState* state(const AesKey& key) noexcept { return key.state_.get(); }
};

}  // namespace aeskit::detail
