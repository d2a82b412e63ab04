// src/backend/x86/zmm/xts_vaes512.cpp — the vaes512 backend's XTS kernels: the
// width-generic kernels of src/backend/x86/ instantiated with the 512-bit policy.
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (EVEX, zmm).
// References: x86/xts.hpp (the math); backend/backend.hpp.
#include "backend/x86/vec512.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/xts.hpp"
#include "backend/x86/ymm/kernels.hpp"
#include "backend/x86/zmm/kernels.hpp"

namespace aeskit::detail::vaes512 {
namespace xts_narrow = vaes256;  // calls under kXtsNarrowBelow blocks
namespace xts_lone = aesni;      // one block: the AES-NI entries (x86/xmm/xts_aesni.cpp)
inline constexpr std::size_t kXtsNarrowBelow = 8;
#include "backend/x86/entries_xts.inc"
}  // namespace aeskit::detail::vaes512
