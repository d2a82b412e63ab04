// src/aead/aead_key_state.hpp — what an AeadKey holds, and library-internal ways to make one.
//
// GCM per-key precomputation (SP 800-38D §7.1 step 1): the AES key schedule on its backend,
// H = E_K(0^128) turned into the GHASH backend's GhashKey, and the fused kernels (if any) for
// that exact backend pair. H itself is not kept. Everything is wiped on destruction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "aead/gcm_fused.hpp"
#include "aead/ocb_key.hpp"
#include "aeskit/aead.hpp"
#include "backend/ghash_backend.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

struct GcmKey {
  const KeyState* aes = nullptr;  // points into AeadKeyState::aes_key
  const GhashBackend* ghash = nullptr;
  const GcmFusedKernels* fused = nullptr;  // nullptr: generic path only
  GhashKey hkey;
};

// AeadFamily says which per-family state of AeadKeyState is in use.
enum class AeadFamily : std::uint8_t { gcm, ocb };

struct AeadKeyState {
  const AeadAlgorithm* algorithm = nullptr;
  std::size_t tag_length = 0;
  AesKey aes_key;  // owns the schedule gcm.aes (or ocb->aes) points into
  GcmKey gcm;      // GCM keys only
  AeadFamily family = AeadFamily::gcm;
  std::unique_ptr<OcbKey> ocb;  // OCB keys only (ocb_key.hpp; wipes itself)

  AeadKeyState() = default;
  AeadKeyState(const AeadKeyState&) = delete;
  AeadKeyState& operator=(const AeadKeyState&) = delete;
  ~AeadKeyState();
};

// GcmKeyOptions select the code a key runs on; the public API always takes the defaults
// (best GHASH backend, fused kernels when they exist). Tests pin each choice.
struct GcmKeyOptions {
  std::string_view aes_backend;         // empty: best available
  const GhashBackend* ghash = nullptr;  // nullptr: best for this CPU
  bool allow_fused = true;
};

// make_aead_key is AeadKey::create with explicit options. Errors as AeadKey::create, plus
// backend_unavailable for a GHASH backend this CPU cannot run.
Result<AeadKey> make_aead_key(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                              std::size_t tag_length, const GcmKeyOptions& options);

struct AeadAccess {
  static const AeadKeyState* state(const AeadKey& key) noexcept { return key.state_.get(); }
  static AeadKey make(std::unique_ptr<AeadKeyState> state) noexcept {
    return AeadKey(std::move(state));
  }
};

}  // namespace aeskit::detail
