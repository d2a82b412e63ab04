// src/aead/polyval.hpp — POLYVAL (RFC 8452 §3), AES-GCM-SIV's universal hash, on any GHASH
// backend.
//
// POLYVAL works in GF(2^128) modulo x^128 + x^127 + x^126 + x^121 + 1 on little-endian blocks:
// dot(a, b) = a·b·x^-128, S_0 = 0, S_j = dot(S_{j-1} ^ X_j, H). RFC 8452 Appendix A maps it
// onto GHASH exactly:
//     POLYVAL(H, X_1..X_n) = ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)),
//                                              ByteReverse(X_1), ..., ByteReverse(X_n)))
// so a PolyvalKey is a GHASH backend's GhashKey built (by that backend's init) from
// h' = mulX_GHASH(ByteReverse(H)), or by a native kernel's init_powers from H directly (only
// the powers the message can use). Updates run the backend's native POLYVAL kernel when it has
// one (backend/polyval_kernels.hpp: the carry-less-multiply loops without byte shuffles), else
// the mapping itself: the state and the blocks byte-reversed in bulk into a stack buffer, then
// the GHASH backend's update. Constant-time whenever the GHASH backend is (the portable one
// is); no branch or index on H, state or data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "backend/ghash_backend.hpp"
#include "backend/polyval_kernels.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {

// PolyvalChoice: the code a key's POLYVAL runs: a GHASH backend and, if any, its native kernel.
struct PolyvalChoice {
  const GhashBackend* ghash = nullptr;
  const PolyvalKernel* native = nullptr;  // nullptr: the Appendix A mapping over ghash->update
};

// choose_polyval: `ghash` (tests pin it) or the best GHASH backend for `features`, with its
// native kernel when `allow_native` and one exists.
PolyvalChoice choose_polyval(const GhashBackend* ghash, const cpu::FeatureSet& features,
                             bool allow_native) noexcept;

struct PolyvalKey {
  PolyvalChoice code;
  std::size_t powers = 0;  // > 0: only that many powers built (native init_powers); 0: full
  GhashKey hkey;           // from mulX_GHASH(ByteReverse(H))
};

// mulx_ghash_of_reversed: out = mulX_GHASH(ByteReverse(h)) (RFC 8452 Appendix A), branch-free.
void mulx_ghash_of_reversed(const std::uint8_t h[16], std::uint8_t out[16]) noexcept;

// polyval_init: the key for hash key H (16 bytes, POLYVAL order) on `code`, for hashing at
// most `max_blocks` blocks in all (a public length): with a native kernel only the powers of
// H that so many blocks can use are computed (PolyvalKernel::init_powers), so a one-block
// message costs no multiplication at all. Every later update must respect the bound.
void polyval_init(const PolyvalChoice& code, const std::uint8_t h[16], PolyvalKey& key,
                  std::size_t max_blocks = SIZE_MAX) noexcept;

// polyval_update: state = POLYVAL continued over `blocks` whole blocks (state: 16 bytes,
// POLYVAL order; all zero at the start). The blocks of all updates since polyval_init add up
// to at most its max_blocks.
void polyval_update(const PolyvalKey& key, std::uint8_t state[16], const std::uint8_t* data,
                    std::size_t blocks) noexcept;

// polyval_short: state = POLYVAL(H, data[0..blocks)) from the zero state in one call, no key
// kept: the native kernel's hash_short when there is one (powers in registers, nothing to
// wipe), else polyval_init + polyval_update + polyval_wipe on a stack key. For short one-shot
// inputs (its cost grows by one reduction per two blocks).
void polyval_short(const PolyvalChoice& code, const std::uint8_t h[16], std::uint8_t state[16],
                   const std::uint8_t* data, std::size_t blocks) noexcept;

// polyval_wipe: zeroes the key's precomputation (what polyval_init wrote).
void polyval_wipe(PolyvalKey& key) noexcept;

// describe_polyval: "vpclmul256 polyval (native)" / "portable ghash (RFC 8452 Appendix A
// mapping)".
std::string describe_polyval(const PolyvalChoice& code);

}  // namespace aeskit::detail
