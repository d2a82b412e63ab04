// src/backend/x86/xmm/ghash_aesni.cpp — the xmm GHASH/POLYVAL updates the pclmul GHASH backend
// and POLYVAL kernel use: x86/ghash.hpp instantiated with the 128-bit policy. The (aesni,
// pclmul) fused GCM kernel is x86/gcm.hpp at 128 bits, in gcm_aesni.cpp.
//
// CPU features: AES-NI, SSSE3, PCLMULQDQ (legacy SSE encodings, no VZEROUPPER needed);
// kGhashPclmulBackend.supported() gates the calls.
// References: x86/ghash.hpp (the math); backend/ghash_backend.hpp, polyval_kernels.hpp.
#include "backend/x86/vec128.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/ghash.hpp"
#include "backend/x86/xmm/kernels.hpp"

namespace aeskit::detail {
namespace aesni {
#include "backend/x86/entries_ghash.inc"
}  // namespace aesni
}  // namespace aeskit::detail
