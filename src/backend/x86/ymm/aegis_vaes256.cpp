// src/backend/x86/ymm/aegis_vaes256.cpp — AEGIS on ymm registers (VAES, VEX only): the X2
// forms with one ymm per state block (two states, one per lane), the X4 forms with two.
// AEGIS-128L/256 (one state) are the AES-NI xmm kernels (a ymm would carry an idle lane).
//
// CPU features: AVX2, AES-NI, VAES (x86/targets.hpp: no EVEX).
// References: backend/kernels/aegis_lanes.hpp, backend/aegis_kernels.hpp.
#include "backend/x86/vec256.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/aegis_kernels.hpp"
#include "backend/x86/aegis_width.hpp"
#include "backend/x86/ymm/vaes256.hpp"

namespace aeskit::detail {
namespace vaes256 {
#include "backend/x86/entries_aegis.inc"
}  // namespace vaes256

constinit const AegisKernels kAegisVaes256 = {
    "vaes256",
    {{}, vaes256::aegis_kernel<8, 2>("ymm"), vaes256::aegis_kernel<8, 4>("2 x ymm")},
    {{}, vaes256::aegis_kernel<6, 2>("ymm"), vaes256::aegis_kernel<6, 4>("2 x ymm")},
};

}  // namespace aeskit::detail
