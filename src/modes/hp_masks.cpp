// src/modes/hp_masks.cpp — QUIC header-protection masks for a batch of packets (RFC 9001
// §5.4.3, AES-based header protection): AES-ECB of n 16-byte samples that live in n packets.
// No CPU feature of its own: the key's backend's gathered-ECB entry does the AES.
//
// Path. With the backend's ecb_gather entry (the x86 widths: x86/blocks.hpp GatherKernel),
// one call does all n samples: each sample is loaded from its pointer straight into the
// cipher's registers (8 xmm chains on aesni, 8 ymm of 2 on vaes256, 8 zmm of 4 on vaes512),
// whole groups then one tail group, masks stored contiguously; no copy, no per-group
// dispatch. Without it (vperm, portable, armv8ce, power8) the samples are gathered
// kMaxBatchBlocks (32) at a time into a stack buffer and encrypted with one encrypt_blocks
// call per group.
//
// Checks: a null sample and a sample that overlaps `masks` are refused before anything is
// written. The loop over the samples is branch-free (one OR per test, one unsigned compare
// for the overlap: a sample at a overlaps masks [m, m + 16n) iff a - (m - 15) < 16n + 15,
// modulo 2^64) and only on a failure does a second loop find the first bad sample, so the
// error is the one the first bad sample gives. Samples may overlap each other (read only).
//
// Bound (this AES-NI CPU, AES-128, 32 samples): 32 blocks x 10 rounds = 320 AESENC at 2 per
// cycle = 160 cycles, plus 32 pointer loads, 32 sample loads and 32 stores beside them; a
// lone block costs ~13-20 cycles per call when calls overlap (latency 10 x 4 hidden by the
// next call), so 32 one-block calls take ~420-650 cycles and the batch's ceiling on xmm is
// ~2.6-4x. VAES (ymm/zmm) carries 2/4 blocks per AES instruction: 160/80 AES instructions of
// 32 blocks, bound 80/40 cycles.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "aeskit/modes.hpp"
#include "base/buffers.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit {

namespace {

// first_error: the error of the first bad sample (only called when there is one).
Status first_error(std::span<const std::uint8_t* const> samples, std::uintptr_t m,
                   std::size_t mask_bytes) {
  for (const std::uint8_t* s : samples) {
    if (s == nullptr) return Errc::invalid_argument;
    const auto a = reinterpret_cast<std::uintptr_t>(s);
    if (a < m + mask_bytes && m < a + kBlockSize) return Errc::overlapping_buffers;
  }
  return Errc::invalid_argument;  // not reached: the caller found a bad sample
}

}  // namespace

Status hp_masks(const AesKey& key, std::span<const std::uint8_t* const> samples,
                std::span<std::uint8_t> masks) {
  const detail::KeyState* k = detail::KeyAccess::state(key);
  if (k == nullptr) return Errc::invalid_state;
  const std::size_t n = samples.size();
  if (masks.size() / kBlockSize < n) return detail::output_too_small(n * kBlockSize, masks.size());
  const std::uint8_t* const* in = samples.data();
  std::uint8_t* out = masks.data();
  const auto m = reinterpret_cast<std::uintptr_t>(out);
  const std::size_t mask_bytes = n * kBlockSize;
  const std::uintptr_t low = m - (kBlockSize - 1);
  const std::uintptr_t span = mask_bytes + (kBlockSize - 1);
  std::uintptr_t lowest = ~std::uintptr_t{0};
  std::size_t hits = 0;
#pragma GCC unroll 4
  for (std::size_t i = 0; i < n; ++i) {
    const auto a = reinterpret_cast<std::uintptr_t>(in[i]);
    lowest = std::min(lowest, a);
    hits += a - low < span ? 1 : 0;
  }
  if (lowest == 0 || hits != 0) return first_error(samples, m, mask_bytes);
  if (n == 0) return {};
  const detail::AesBackend& b = *k->backend;
  if (b.ecb_gather != nullptr) {
    const std::size_t done = b.ecb_gather(k->enc, in, out, n);
    in += done;
    out += done * kBlockSize;
    if (done == n) return {};
  }
  alignas(64) std::uint8_t gathered[detail::kMaxBatchBlocks * kBlockSize];
  for (std::size_t left = static_cast<std::size_t>(samples.data() + n - in); left > 0;) {
    const std::size_t count = std::min(left, detail::kMaxBatchBlocks);
    for (std::size_t i = 0; i < count; ++i)
      std::memcpy(gathered + i * kBlockSize, in[i], kBlockSize);
    b.encrypt_blocks(k->enc, gathered, out, count);
    in += count;
    out += count * kBlockSize;
    left -= count;
  }
  // No wipe of `gathered`: the samples are packet ciphertext, sent in the clear.
  return {};
}

}  // namespace aeskit
