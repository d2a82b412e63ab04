// src/backend/select/select.hpp — the one selection rule: which compiled-in code runs a key (a
// hash, a mode call) on this CPU, for every kind of backend.
//
// The rule. A candidate is compiled in when it stands in its catalog.hpp list (registry.hpp).
//   runnable(c, features): `features` hold what c needs, and c did not fail its once-per-process
//     self-test (self_test.hpp; asked last, so a self-test only ever runs for code the CPU
//     supports). What a backend named or pinned by the caller must be.
//   usable(c, features): no wider than cpu::max_vector_bits() (prefer-ymm) for the kinds with a
//     width (AES, GHASH; asked first, so a too-wide backend is not self-tested), and runnable.
//     What an automatic choice takes: the first usable candidate of the list (fastest first).
// Each kind states only what differs: what it needs of the CPU and which self-test gates it
// (the runnable overloads, select.cpp), and what else a candidate must match (a fused kernel
// the key's backend pair, a SHA compressor the algorithm, a stitch the key's schedule layout,
// AEGIS the key's table or a narrower one).
//
// Every selector is defined in select.cpp. Those older than this file keep their declarations
// beside their contracts: best_backend (backend.hpp), best_ghash_backend (ghash_backend.hpp),
// find_polyval_kernel (polyval_kernels.hpp), best_sha_compressor (sha_backend.hpp),
// find_cbc_sha_stitch (sha_stitch.hpp), select_aegis_kernel (aegis_kernels.hpp),
// backend_usable (self_test.hpp; = runnable for an AES backend). Declared here: the rule, the
// AES backend resolution every kind of key shares, and the fused GCM choice.
//
// No CPU features of its own.
#pragma once

#include <string_view>

#include "aeskit/status.hpp"
#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/select/registry.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {

struct PolyvalKernel;  // backend/polyval_kernels.hpp
struct ShaCompressor;  // backend/sha_backend.hpp
struct CbcShaStitch;   // backend/sha_stitch.hpp
struct AegisKernels;   // backend/aegis_kernels.hpp

// --- the rule ---------------------------------------------------------------------------------

bool runnable(const AesBackend& b, const cpu::FeatureSet& features) noexcept;
bool runnable(const GhashBackend& g, const cpu::FeatureSet& features) noexcept;
// A native POLYVAL kernel: its GHASH backend's features, its own self-test.
bool runnable(const PolyvalKernel& k, const cpu::FeatureSet& features) noexcept;
// A fused GCM kernel: both backends' features; its self-test (which includes theirs).
bool runnable(const GcmFusedKernels& k, const cpu::FeatureSet& features) noexcept;
// SHA compressors and CBC+SHA stitches: features only (no self-test).
bool runnable(const ShaCompressor& c, const cpu::FeatureSet& features) noexcept;
bool runnable(const CbcShaStitch& s, const cpu::FeatureSet& features) noexcept;
// An AEGIS table: its AES backend runnable, the table's own features, its self-test.
bool runnable(const AegisKernels& t, const cpu::FeatureSet& features) noexcept;

template <class Candidate>
bool usable(const Candidate& c, const cpu::FeatureSet& features) noexcept {
  if constexpr (requires { c.vector_bits; })
    if (c.vector_bits > cpu::max_vector_bits()) return false;
  return runnable(c, features);
}

// first_usable: the first (fastest) entry of `list` that `matches` and is usable, or nullptr.
// `matches` is asked first, so no self-test runs for a candidate that does not match.
template <class Candidate, class Matches>
const Candidate* first_usable(const Registry<Candidate>& list, const cpu::FeatureSet& features,
                              Matches&& matches) noexcept {
  return list.first([&](const Candidate& c) { return matches(c) && usable(c, features); });
}

// --- AES backend resolution (AesKey, XtsKey, AEGIS keys, kernel reports) ---------------------

// resolve_backend: the AES backend a key asks for. The empty name takes best_backend(features);
// a name must be compiled in (else unknown_backend) and runnable (else backend_unavailable: a
// backend named explicitly that failed its self-test is unavailable, as if the CPU could not
// run it; no silent substitution of another). A named backend may be wider than the width
// preference.
Result<const AesBackend*> resolve_backend(std::string_view name, const cpu::FeatureSet& features);

// --- fused GCM (the seam: aead/gcm_fused.hpp) -------------------------------------------------

// find_gcm_fused returns the fused kernels for this (AES backend, GHASH backend) pair that are
// usable under `features` (both backends supported, their self-tests and its own passed), or
// nullptr (then the generic path does all the work). The fused kernels compiled in are
// listed, fastest first, in backend/select/catalog.hpp.
const GcmFusedKernels* find_gcm_fused(const AesBackend& aes, const GhashBackend& ghash,
                                      const cpu::FeatureSet& features) noexcept;

// GcmChoice: the GHASH backend a key on a given AES backend uses, and its fused kernels.
struct GcmChoice {
  const GhashBackend* ghash;
  const GcmFusedKernels* fused;  // nullptr: generic path only
};

// choose_gcm picks the GHASH backend and fused kernels of a key on `aes`. With `ghash` given
// (tests pin it): that backend, with its fused kernels for `aes` if allowed and any exist.
// Otherwise "prefer a GHASH backend that has a fused kernel with the AES backend": the GHASH
// backend of the first (fastest) usable fused kernel for `aes`, so a key gets fused kernels
// whenever any exist for its AES backend (e.g. with AESKIT_DISABLE=vaes the aesni AES backend
// pairs with pclmul GHASH, not vpclmul256, which has no fused kernel with aesni); failing
// that (or with allow_fused false, or a failed self-test), the best GHASH backend for the
// features, not fused.
GcmChoice choose_gcm(const AesBackend& aes, const GhashBackend* ghash,
                     const cpu::FeatureSet& features, bool allow_fused) noexcept;

}  // namespace aeskit::detail
