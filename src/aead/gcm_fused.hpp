// src/aead/gcm_fused.hpp — the seam for fused AES-CTR + GHASH kernels (GCM's bulk work): which
// kernel pair a key uses (the contract itself is backend/gcm_fused_kernels.hpp).
//
// GCM's generic path (gcm_blocks.cpp) runs the AES backend's CTR32 kernel and then the GHASH
// backend's update over the same chunk while it is in cache. A fused kernel interleaves both
// in one loop (AES rounds hide the carry-less multiplications' latency). It plugs in here,
// exactly like the AES contract's bulk entries (backend.hpp): chosen once per key, it is
// offered every run of whole blocks, may process a prefix of them and returns how many; the
// generic path finishes the rest with the counter and hash state the kernel left.
//
// A fused kernel pair belongs to one AES backend and one GHASH backend: it reads the
// RoundKeys that AES backend wrote and the GhashKey that GHASH backend wrote, so it is only
// selected for keys made with exactly that pair. Same rules as every backend entry:
// noexcept, allocation-free, constant-time, any alignment, in == out allowed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"

namespace aeskit::detail {

// find_gcm_fused returns the fused kernels for this (AES backend, GHASH backend) pair that the
// CPU features allow and that passed their once-per-process self-test
// (backend/select/self_test.hpp), or nullptr (then the generic path does all the work). The fused
// kernels compiled in are listed, fastest first, in backend/select/catalog.hpp.
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
