// src/backend/aesni/aegis_aesni.cpp — AEGIS on xmm registers (AES-NI): AEGIS-128L and
// AEGIS-256 with one state, AEGIS-128X2 and AEGIS-256X2 with two xmm registers per state
// block (the X4 forms would need 32 (128X4) or 24 (256X4) xmm registers for their state alone:
// they stay on the portable kernel without VAES).
//
// CPU features: AES-NI, SSSE3 (x86/targets.hpp: legacy SSE encodings).
// References: x86/aegis.hpp, backend/aegis_kernels.hpp.
#include "backend/x86/vec128.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/aegis_kernels.hpp"
#include "backend/aesni/aesni.hpp"
#include "backend/x86/aegis.hpp"

namespace aeskit::detail {
namespace aesni {
#include "backend/x86/entries_aegis.inc"
}  // namespace aesni

constinit const AegisKernels kAegisAesni = {
    "aesni",
    {aesni::aegis_kernel<8, 1>("xmm"), aesni::aegis_kernel<8, 2>("2 x xmm"), {}},
    {aesni::aegis_kernel<6, 1>("xmm"), aesni::aegis_kernel<6, 2>("2 x xmm"), {}},
};

}  // namespace aeskit::detail
