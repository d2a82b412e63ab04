// src/backend/x86/ymm/kernels.hpp — the vaes256 backend's ymm entry points (declarations),
// for its backend table (aes_vaes256.cpp), its fused GCM kernels (gcm_vaes256.cpp), the
// vpclmul256 GHASH backend and POLYVAL kernel (x86/clmul/), and the vaes512 backend, whose OCB
// head and tail runs use the ymm OCB kernel. Semantics of each entry: backend/backend.hpp,
// src/aead/gcm_fused.hpp, backend/ghash_backend.hpp, backend/polyval_kernels.hpp.
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (x86/targets.hpp).
// The definitions are the width-generic kernels of src/backend/x86/ instantiated with the
// 256-bit policy (x86/vec256.hpp) in this folder's .cpp files.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/x86/targets.hpp"

namespace aeskit::detail::vaes256 {
// kGroupBlocks: blocks per iteration of this width's kernels, 8 ymm registers of 2 blocks
// (x86/vec256.hpp); the backend's batch_blocks (x86/backend_table.hpp). x86/entries_blocks.inc
// checks it against the policy.
inline constexpr std::size_t kGroupBlocks = 16;
}  // namespace aeskit::detail::vaes256

#define AESKIT_WIDE_NAMESPACE vaes256
#define AESKIT_WIDE_DECLARE AESKIT_VAES256_TARGET
#include "backend/x86/entry_declarations.inc"
#include "backend/x86/entry_declarations_batch.inc"
#undef AESKIT_WIDE_DECLARE
#undef AESKIT_WIDE_NAMESPACE
