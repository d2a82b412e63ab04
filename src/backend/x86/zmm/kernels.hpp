// src/backend/x86/zmm/kernels.hpp — the vaes512 backend's zmm entry points (declarations),
// for its backend table (aes_vaes512.cpp), its fused GCM kernels (gcm_vaes512.cpp) and the
// vpclmul512 GHASH backend and POLYVAL kernel (x86/clmul/). Semantics of each entry:
// backend/backend.hpp, src/aead/gcm_fused.hpp, backend/ghash_backend.hpp,
// backend/polyval_kernels.hpp.
//
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (x86/targets.hpp).
// The definitions are the width-generic kernels of src/backend/x86/ instantiated with the
// 512-bit policy (x86/vec512.hpp) in this folder's .cpp files.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/x86/targets.hpp"

namespace aeskit::detail::vaes512 {
// kGroupBlocks: blocks per iteration of this width's kernels, 8 zmm registers of 4 blocks
// (x86/vec512.hpp); the backend's batch_blocks (x86/backend_table.hpp). x86/entries_blocks.inc
// checks it against the policy.
inline constexpr std::size_t kGroupBlocks = 32;
}  // namespace aeskit::detail::vaes512

#define AESKIT_WIDE_NAMESPACE vaes512
#define AESKIT_WIDE_DECLARE AESKIT_VAES512_TARGET
#include "backend/x86/entry_declarations.inc"
#include "backend/x86/entry_declarations_batch.inc"
#undef AESKIT_WIDE_DECLARE
#undef AESKIT_WIDE_NAMESPACE

namespace aeskit::detail::vaes512 {

// The zmm-only POLYVAL entries (x86/entries_ghash.inc, defined where AESKIT_WIDE_BITS is 512):
// polyval_high_run writes K_32..K_17 of a per-message POLYVAL key (the split table only zmm
// has); polyval_hash_message is AES-GCM-SIV's whole POLYVAL input with the powers in the 32
// zmm registers.
AESKIT_VAES512_TARGET void polyval_high_run(GhashKey& key) noexcept;
AESKIT_VAES512_TARGET void polyval_hash_message(const std::uint8_t h[16], const std::uint8_t* ad,
                                                std::size_t ad_len, const std::uint8_t* data,
                                                std::size_t len, std::uint8_t state[16]) noexcept;

}  // namespace aeskit::detail::vaes512
