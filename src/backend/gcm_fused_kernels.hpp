// src/backend/gcm_fused_kernels.hpp — the contract of a fused AES-CTR + GHASH kernel pair
// (GCM's bulk work, AES-GCM-SIV's open pass and HCTR2's XCTR + POLYVAL pass): one AES backend's
// RoundKeys and one GHASH backend's GhashKey, read by one loop that interleaves both (AES rounds
// hide the carry-less multiplications' latency). Defined next to the other backend contracts
// (backend.hpp, ghash_backend.hpp); the kernels live in their AES backend's folder and are listed
// in catalog.hpp; the AEAD layer chooses and drives them (src/aead/gcm_fused.hpp).
//
// CPU features: none (a table of function pointers). References: NIST SP 800-38D.
// Same rules as every backend entry: noexcept, allocation-free, constant-time, any
// alignment, in == out allowed; a pair is only used for keys made with exactly that pair.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"

namespace aeskit::detail {

// GcmMessage: one message of a batch (GcmFusedKernels::seal_messages / open_messages): its J0
// as gcm::derive_j0 stores it, the AD, len bytes in -> out (in == out allowed) and where its
// full 16-byte tag goes. The messages of one batch do not overlap one another.
struct GcmMessage {
  const std::uint8_t* j0;
  const std::uint8_t* ad;
  std::size_t ad_len;
  const std::uint8_t* in;
  std::uint8_t* out;
  std::size_t len;
  std::uint8_t* tag;
};

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
  // polyval_open (optional): AES-GCM-SIV's open pass (RFC 8452 §5) on the same pair: for each
  // block C_i: P_i = C_i ^ E(counter), then counter's first 4 bytes += 1 (little-endian, mod
  // 2^32), then state = dot(state ^ P_i, H) (POLYVAL over the plaintext: the output; in == out
  // allowed). pkey is a per-message POLYVAL key made by the ghash backend's native
  // PolyvalKernel with its whole table (init_powers with n ≥ PolyvalKernel::full_table_from);
  // state in POLYVAL's byte order. Returns blocks processed, counter and state advanced past
  // exactly those.
  std::size_t (*polyval_open)(const RoundKeys& enc, const GhashKey& pkey, std::uint8_t counter[16],
                              std::uint8_t state[16], const std::uint8_t* in, std::uint8_t* out,
                              std::size_t blocks) noexcept = nullptr;
  // xctr_polyval (optional): HCTR2's second pass (ePrint 2021/1441 §3) on the same pair: for
  // each block X_i: Y_i = X_i ^ E(S ^ counter), then counter's first 4 bytes += 1 as in
  // polyval_open (AesBackend::xctr: HCTR2 starts at le128(1) and never wraps), then state =
  // dot(state ^ Y_i, H) (POLYVAL over the output, in both of HCTR2's directions; in == out
  // allowed). `s` is secret and only read; pkey and state as for polyval_open. Returns blocks
  // processed, counter and state advanced past exactly those.
  std::size_t (*xctr_polyval)(const RoundKeys& enc, const GhashKey& pkey, const std::uint8_t s[16],
                              std::uint8_t counter[16], std::uint8_t state[16],
                              const std::uint8_t* in, std::uint8_t* out,
                              std::size_t blocks) noexcept = nullptr;
  // seal_messages / open_messages (optional): seal_message / open_message over n messages in
  // one call, so that a kernel can run several messages' fixed work side by side (several
  // short messages' rounds in one run, their hashes and tags overlapping).
  void (*seal_messages)(const RoundKeys& enc, const GhashKey& hkey, const GcmMessage* messages,
                        std::size_t n) noexcept = nullptr;
  void (*open_messages)(const RoundKeys& enc, const GhashKey& hkey, const GcmMessage* messages,
                        std::size_t n) noexcept = nullptr;
};

}  // namespace aeskit::detail
