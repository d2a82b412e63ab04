// src/backend/x86/xmm/aegis_aesni.cpp — AEGIS on xmm registers (AES-NI): AEGIS-128L and
// AEGIS-256 with one state, the X2 forms with two xmm registers per state block, the X4 forms
// with four (their 32 or 24 state registers exceed the 16 xmm: the compiler spills, which
// still beats the portable kernel by far on CPUs without VAES).
//
// CPU features: AES-NI, SSSE3 (x86/targets.hpp: legacy SSE encodings).
// References: backend/kernels/aegis_lanes.hpp, backend/aegis_kernels.hpp.
#include "backend/x86/vec128.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/aegis_kernels.hpp"
#include "backend/x86/aegis_width.hpp"
#include "backend/x86/xmm/aesni.hpp"

namespace aeskit::detail {
namespace aesni {
#include "backend/x86/entries_aegis.inc"
}  // namespace aesni

constinit const AegisKernels kAegisAesni = {
    "aesni",
    {aesni::aegis_kernel<8, 1>("xmm"), aesni::aegis_kernel<8, 2>("2 x xmm"),
     aesni::aegis_kernel<8, 4>("4 x xmm")},
    {aesni::aegis_kernel<6, 1>("xmm"), aesni::aegis_kernel<6, 2>("2 x xmm"),
     aesni::aegis_kernel<6, 4>("4 x xmm")},
};

}  // namespace aeskit::detail
