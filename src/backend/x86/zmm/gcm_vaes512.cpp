// src/backend/x86/zmm/gcm_vaes512.cpp — fused AES-GCM on 512-bit VAES + VPCLMULQDQ (8 zmm
// registers = 32 blocks per iteration, one GHASH reduction each) for keys on the (vaes512,
// vpclmul512) backend pair, and the zmm GHASH/POLYVAL updates the vpclmul512 GHASH backend
// uses: the width-generic kernels of src/backend/x86/ instantiated with the 512-bit policy.
//
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (EVEX, zmm).
// References: x86/gcm.hpp and x86/ghash.hpp (the math); src/aead/gcm_fused.hpp.
#include "backend/x86/vec512.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/gcm_fused_kernels.hpp"
#include "backend/x86/backend_table.hpp"
#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/gcm.hpp"
#include "backend/x86/polyval_message.hpp"
#include "backend/x86/ymm/kernels.hpp"
#include "backend/x86/zmm/kernels.hpp"
#include "backend/x86/zmm/vaes512.hpp"

namespace aeskit::detail {
namespace vaes512 {
namespace gcm_narrow = vaes256;  // messages under kGcmNarrowBelow bytes (AD + text)
inline constexpr std::size_t kGcmNarrowBelow = 64;
#include "backend/x86/entries_gcm.inc"
#include "backend/x86/entries_gcm_batch.inc"
#include "backend/x86/entries_ghash.inc"
}  // namespace vaes512

const GcmFusedKernels kGcmFusedVaes512Vpclmul512 = AESKIT_X86_GCM_FUSED_BATCH(
    "vaes512+vpclmul512 32x", kVaes512Backend, kGhashVpclmul512Backend, vaes512);

}  // namespace aeskit::detail
