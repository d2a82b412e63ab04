// src/backend/x86/zmm/ocb_vaes512.cpp — the vaes512 backend's OCB kernels: the
// width-generic kernels of src/backend/x86/ instantiated with the 512-bit policy.
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (EVEX, zmm).
// References: x86/ocb.hpp (the math); backend/backend.hpp.
//
// Built with GCC's post-allocation scheduler off (CMakeLists.txt): it staggered the whole-group
// loop's eight AES chains (the last register's first round placed some 60 instructions into
// the body, after the offsets and the checksum work), and on Zen 5 that loop ran 4-5% slower
// than ECB's; in source order (round-major) 1-2%. AES-256-OCB at 16 KiB: 1.04x.
#include "backend/x86/vec512.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/ocb.hpp"
#include "backend/x86/zmm/kernels.hpp"

namespace aeskit::detail::vaes512 {
#include "backend/x86/entries_ocb.inc"
}  // namespace aeskit::detail::vaes512
