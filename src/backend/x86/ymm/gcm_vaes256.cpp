// src/backend/x86/ymm/gcm_vaes256.cpp — fused AES-GCM on 256-bit VAES + VPCLMULQDQ (8 ymm
// registers = 16 blocks per iteration) for keys on the (vaes256, vpclmul256) backend pair,
// and the ymm GHASH/POLYVAL updates the vpclmul256 GHASH backend uses: the width-generic
// kernels of src/backend/x86/ instantiated with the 256-bit policy.
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only).
// References: x86/gcm.hpp and x86/ghash.hpp (the math); src/aead/gcm_fused.hpp.
#include "backend/x86/vec256.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/gcm_fused_kernels.hpp"
#include "backend/x86/backend_table.hpp"
#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/gcm.hpp"
#include "backend/x86/ymm/kernels.hpp"
#include "backend/x86/ymm/vaes256.hpp"

namespace aeskit::detail {
namespace vaes256 {
namespace gcm_narrow = vaes256;  // messages under kGcmNarrowBelow bytes (AD + text)
inline constexpr std::size_t kGcmNarrowBelow = 0;
#include "backend/x86/entries_gcm.inc"
#include "backend/x86/entries_gcm_batch.inc"
#include "backend/x86/entries_ghash.inc"
}  // namespace vaes256

const GcmFusedKernels kGcmFusedVaes256Vpclmul256 = AESKIT_X86_GCM_FUSED_BATCH(
    "vaes256+vpclmul256 16x", kVaes256Backend, kGhashVpclmul256Backend, vaes256);

}  // namespace aeskit::detail
