// src/aead/gcm_fused.hpp — the seam for fused AES-CTR + GHASH kernels (GCM's bulk work).
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
#include "backend/ghash_backend.hpp"

namespace aeskit::detail {

struct GcmFusedKernels {
  std::string_view name;      // for `aeskit cpu` / AeadKey::kernel(), e.g. "aesni+pclmul 8x"
  const AesBackend* aes;      // the AES backend whose RoundKeys it reads
  const GhashBackend* ghash;  // the GHASH backend whose GhashKey it reads
  // seal: for each block P_i: C_i = P_i ^ E(counter), counter incremented (inc32, low 32 bits
  // big-endian, wrapping), then hash = (hash ^ C_i)·H. Returns blocks processed (≤ blocks);
  // counter and hash are advanced past exactly those.
  std::size_t (*seal)(const RoundKeys& enc, const GhashKey& hkey, std::uint8_t counter[16],
                      std::uint8_t hash[16], const std::uint8_t* in, std::uint8_t* out,
                      std::size_t blocks) noexcept;
  // open: hash = (hash ^ C_i)·H over the input blocks, P_i = C_i ^ E(counter); as seal.
  std::size_t (*open)(const RoundKeys& enc, const GhashKey& hkey, std::uint8_t counter[16],
                      std::uint8_t hash[16], const std::uint8_t* in, std::uint8_t* out,
                      std::size_t blocks) noexcept;
  // seal_message / open_message (optional, nullptr if absent): one whole one-shot message in
  // one call, to save the per-message calls of the generic flow. With hash = GHASH_H(AD
  // zero-padded || C zero-padded || [bits(AD)]_64 || [bits(C)]_64): out = in ^ key stream
  // from inc32(J0) (len bytes, any length), tag = E_K(J0) ^ hash (all 16 bytes). seal hashes
  // its output, open its input (in == out allowed). No tag comparison here.
  void (*seal_message)(const RoundKeys& enc, const GhashKey& hkey, const std::uint8_t j0[16],
                       const std::uint8_t* ad, std::size_t ad_len, const std::uint8_t* in,
                       std::uint8_t* out, std::size_t len, std::uint8_t tag[16]) noexcept = nullptr;
  void (*open_message)(const RoundKeys& enc, const GhashKey& hkey, const std::uint8_t j0[16],
                       const std::uint8_t* ad, std::size_t ad_len, const std::uint8_t* in,
                       std::uint8_t* out, std::size_t len, std::uint8_t tag[16]) noexcept = nullptr;
};

// find_gcm_fused returns the fused kernels for this (AES backend, GHASH backend) pair that the
// CPU features allow and that passed their once-per-process self-test (backend/self_test.hpp),
// or nullptr (then the generic path does all the work). The fused kernels compiled in are
// listed, fastest first, in backend/gcm_fused_list.hpp.
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
