// src/aead/aead_key_state.hpp — what an AeadKey holds, and library-internal ways to make one.
// No CPU feature.
//
// An AeadKey holds its descriptor, tag length and layout, and the family's AeadScheme
// (aead_scheme.hpp), which owns every secret and wipes it on destruction. GcmKey is GCM's
// per-key precomputation (SP 800-38D §7.1 step 1), held by GcmScheme (gcm_scheme.hpp): the AES
// key schedule on its backend, H = E_K(0^128) turned into the GHASH backend's GhashKey, and
// the fused kernels (if any) for that exact backend pair. H itself is not kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aead/gcm_fused.hpp"
#include "aeskit/aead.hpp"
#include "backend/ghash_backend.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

struct GcmKey {
  const KeyState* aes = nullptr;  // points into GcmScheme's AES key
  const GhashBackend* ghash = nullptr;
  const GcmFusedKernels* fused = nullptr;  // nullptr: generic path only
  GhashKey hkey;
};

struct AeadKeyState {
  const AeadAlgorithm* algorithm = nullptr;
  std::size_t tag_length = 0;
  // What make_scheme_key reads once from the scheme (aead_scheme.hpp), so that a message
  // reaches the scheme object only for its own work: the layout, whether check() has rules,
  // and gcm_state() (GCM's non-virtual fast path).
  bool record_layout = false;          // !scheme->fixed_layout()
  bool tag_first = false;              // scheme->tag_first()
  bool has_check = true;               // scheme->has_check()
  const GcmKey* gcm = nullptr;         // scheme->gcm_state()
  std::unique_ptr<AeadScheme> scheme;  // the family's key state and code; never null
};

// GcmKeyOptions select the code a key runs on; the public API always takes the defaults
// (best GHASH backend, fused kernels when they exist). Tests pin each choice.
struct GcmKeyOptions {
  std::string_view aes_backend;         // empty: best available
  const GhashBackend* ghash = nullptr;  // nullptr: best for this CPU
  bool allow_fused = true;
};

// make_aead_key is AeadKey::create with explicit options. Errors as AeadKey::create, plus
// backend_unavailable for a GHASH backend this CPU cannot run or that failed its self-test.
Result<AeadKey> make_aead_key(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                              std::size_t tag_length, const GcmKeyOptions& options);

// make_scheme_key wraps a scheme (a family's factory's, or a GcmScheme) into an AeadKey.
AeadKey make_scheme_key(const AeadAlgorithm& algorithm, std::unique_ptr<AeadScheme> scheme);

// GcmPlan: what a GCM key runs (AES backend, GHASH backend, fused kernels), as
// choose_gcm_plan chose it, kept to make more keys of the same kind without choosing again: a
// caller that makes one key per message (chunked encryption: one per file) skips the backend
// selection, CPU-feature and self-test checks, which cost about as much as the AES key
// expansion.
struct GcmPlan {
  const AeadAlgorithm* algorithm = nullptr;  // nullptr: no plan (not a GCM key)
  std::size_t tag_length = 0;
  const AesBackend* aes = nullptr;
  const GhashBackend* ghash = nullptr;
  const GcmFusedKernels* fused = nullptr;
};

// choose_gcm_plan: the plan a GCM key of `algorithm` gets on this CPU with `options`, chosen
// by the selection rule (backend/select/select.hpp) without making a key: what make_aead_key
// makes its GCM keys on. Errors: bad_tag_length, invalid_argument (not a GCM algorithm),
// unknown_backend, backend_unavailable (as make_aead_key).
Result<GcmPlan> choose_gcm_plan(const AeadAlgorithm& algorithm, std::size_t tag_length,
                                const GcmKeyOptions& options = {});

// gcm_plan_of: the plan of a GCM key (algorithm nullptr for an empty or non-GCM key).
GcmPlan gcm_plan_of(const AeadKey& key) noexcept;

// make_gcm_key: a key for `key` on `plan`, as make_aead_key would make it with the same
// choices. Error: bad_key_length; invalid_state for an empty plan.
Result<AeadKey> make_gcm_key(const GcmPlan& plan, std::span<const std::uint8_t> key);

struct AeadAccess {
  static const AeadKeyState* state(const AeadKey& key) noexcept { return key.state_.get(); }
  static AeadKey make(std::unique_ptr<AeadKeyState> state) noexcept {
    return AeadKey(std::move(state));
  }
};

// gcm_key_of: the GCM key state of `key` (AeadScheme::gcm_state); nullptr for an empty or
// non-GCM key.
inline const GcmKey* gcm_key_of(const AeadKey& key) noexcept {
  const AeadKeyState* s = AeadAccess::state(key);
  return s == nullptr ? nullptr : s->gcm;
}

}  // namespace aeskit::detail
