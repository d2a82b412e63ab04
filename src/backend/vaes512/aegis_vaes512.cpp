// src/backend/vaes512/aegis_vaes512.cpp — AEGIS on zmm registers (VAES + AVX-512): the X4
// forms with one zmm per state block, one state per lane. The narrower forms are the vaes256
// (X2) and AES-NI (128L, 256) kernels.
//
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES (EVEX, zmm).
// References: backend/aegis_lanes.hpp, backend/aegis_kernels.hpp.
#include "backend/x86/vec512.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/aegis_kernels.hpp"
#include "backend/vaes512/vaes512.hpp"
#include "backend/x86/aegis_width.hpp"

namespace aeskit::detail {
namespace vaes512 {
#include "backend/x86/entries_aegis.inc"
}  // namespace vaes512

constinit const AegisKernels kAegisVaes512 = {
    "vaes512",
    {{}, {}, vaes512::aegis_kernel<8, 4>("zmm")},
    {{}, {}, vaes512::aegis_kernel<6, 4>("zmm")},
};

}  // namespace aeskit::detail
