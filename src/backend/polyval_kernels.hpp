// src/backend/polyval_kernels.hpp — native POLYVAL kernels (RFC 8452 §3) that run on a GHASH
// backend's precomputed key.
//
// RFC 8452 Appendix A: POLYVAL(H, X_1..X_n) = ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)),
// ByteReverse(X_1), ..., ByteReverse(X_n))). So a GHASH backend's GhashKey built (by its own
// init) from h' = mulX_GHASH(ByteReverse(H)) already holds what POLYVAL needs; what differs is
// only the byte order of the data and of the running state. A carry-less-multiply GHASH
// backend byte-reverses every block on load to get GCM's reflected integer; POLYVAL's blocks
// are that integer as they sit in memory, so its native update is the same loop without the
// byte shuffles. A PolyvalKernel is such a loop, tied to the GHASH backend whose GhashKey it
// reads. GHASH backends without one run POLYVAL through the Appendix A mapping with the byte
// reversal done in bulk (src/aead/polyval.cpp). Same rules as every backend entry: noexcept,
// allocation-free, constant-time, any alignment.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/ghash_backend.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {

struct PolyvalKernel {
  std::string_view name;      // "pclmul polyval", ...
  const GhashBackend* ghash;  // whose GhashKey (from mulX_GHASH(ByteReverse(H))) it reads
  // update: for each 16-byte block X: state = dot(state ^ X, H) (RFC 8452 §3), state and X in
  // POLYVAL's (little-endian) byte order.
  void (*update)(const GhashKey& key, std::uint8_t state[16], const std::uint8_t* data,
                 std::size_t blocks) noexcept;
  // powers: the powers of H in the GHASH backend's full table (= blocks per reduction).
  std::size_t powers = 0;
  // full_table_from: init_powers(..., n) with n at least this writes the whole table (every
  // power a full group of the GHASH backend's loops reads, GcmFusedKernels::polyval_open).
  std::size_t full_table_from = 0;
  // init_powers: the key for the POLYVAL key H itself (16 bytes, POLYVAL order: no Appendix A
  // mapping needed) for updates of at most n blocks per call (n ≥ 1: the message's block
  // count, public, not capped): only the min(n, powers) lowest powers H^1..H^n are written —
  // all that update reads while every call passes at most n blocks — plus, at a width whose
  // update has a cheaper step for long inputs, what that step reads when n allows it
  // (vpclmul512: the high run, x86/clmul/ghash_groups.hpp kPolyvalFullRunFrom); n == powers gives
  // ghash->init's table from h' = mulX_GHASH(ByteReverse(H)) up to that extra. A short
  // message (AES-GCM-SIV: one key per nonce) so pays about n - 1 products instead of
  // powers - 1. Leaves the rest of the GhashKey unwritten.
  void (*init_powers)(const std::uint8_t h[16], GhashKey& key, std::size_t n) noexcept = nullptr;
  // wipe_powers: zeroes exactly what init_powers(..., n) wrote.
  void (*wipe_powers)(GhashKey& key, std::size_t n) noexcept = nullptr;
  // hash_short: state = POLYVAL(H, X_1..X_blocks) from the zero state (blocks ≥ 1; H: 16
  // bytes, POLYVAL order) with no GhashKey at all: the powers a short input needs are kept in
  // registers, and nothing but the state is stored (so nothing to wipe). For one-shot hashes
  // of a few blocks under a fresh key (AES-GCM-SIV's short messages), where init_powers'
  // serial chain of multiplications and the table's store/reload are most of the latency.
  void (*hash_short)(const std::uint8_t h[16], std::uint8_t state[16], const std::uint8_t* data,
                     std::size_t blocks) noexcept = nullptr;
  // hash_message: state = POLYVAL(H, AD zero-padded || data zero-padded || LE64(8·ad_len) ||
  // LE64(8·len)) from the zero state — AES-GCM-SIV's whole POLYVAL input (RFC 8452 §4) — in
  // one call, with the powers of H kept in registers (nothing stored but the state; H: 16
  // bytes, POLYVAL order). Only widths with enough registers have it (vpclmul512: 16 powers
  // and their Karatsuba halves in 8 of the 32 zmm registers). The ranges say for which
  // message sizes it beats the other paths (in POLYVAL blocks: padded AD + padded data + 1):
  // below `from` the short path (hash_short, two powers) is quicker; from `below` on, a
  // stored table's longer groups pay for building it (for open: the fused CTR + POLYVAL pass
  // on that table).
  struct Range {
    std::size_t from = 0, below = 0;
  };
  void (*hash_message)(const std::uint8_t h[16], const std::uint8_t* ad, std::size_t ad_len,
                       const std::uint8_t* data, std::size_t len,
                       std::uint8_t state[16]) noexcept = nullptr;
  Range hash_message_seal = {}, hash_message_open = {};
};

// find_polyval_kernel: the native kernel for `ghash` if one is compiled in, the CPU features
// allow it and it did not fail its once-per-process self-test (backend/select/self_test.hpp);
// nullptr otherwise (backend/select/catalog.hpp; backend/select/select.cpp).
const PolyvalKernel* find_polyval_kernel(const GhashBackend& ghash,
                                         const cpu::FeatureSet& features) noexcept;
// polyval_kernel_of: the native kernel compiled in for `ghash`, whatever the CPU and the
// self-test say, or nullptr (what the self-test itself runs).
const PolyvalKernel* polyval_kernel_of(const GhashBackend& ghash) noexcept;

}  // namespace aeskit::detail
