// src/backend/x86/xmm/gcm_aesni.cpp — fused AES-GCM on 128-bit AES-NI + PCLMULQDQ (8 blocks per
// iteration) for keys on the (aesni, pclmul) backend pair: x86/gcm.hpp instantiated with
// the 128-bit policy (the xmm GHASH/POLYVAL updates are ghash_aesni.cpp).
//
// CPU features: AES-NI, SSSE3, PCLMULQDQ (legacy SSE encodings, no VZEROUPPER needed);
// kAesniBackend.supported() and kGhashPclmulBackend.supported() gate the calls.
// References: x86/gcm.hpp and x86/ghash.hpp (the math); src/aead/gcm_fused.hpp.
#include "backend/x86/vec128.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/gcm_fused_kernels.hpp"
#include "backend/x86/backend_table.hpp"
#include "backend/x86/clmul/ghash_clmul.hpp"
#include "backend/x86/gcm.hpp"
#include "backend/x86/xmm/aesni.hpp"
#include "backend/x86/xmm/kernels.hpp"

namespace aeskit::detail {
namespace aesni {
namespace gcm_narrow = aesni;  // messages under kGcmNarrowBelow bytes (AD + text)
inline constexpr std::size_t kGcmNarrowBelow = 0;
#include "backend/x86/entries_gcm.inc"
}  // namespace aesni

const GcmFusedKernels kGcmFusedAesniPclmul =
    AESKIT_X86_GCM_FUSED("aesni+pclmul 8x", kAesniBackend, kGhashPclmulBackend, aesni);

}  // namespace aeskit::detail
