// src/backend/vaes512/xts_vaes512.cpp — the vaes512 backend's XTS kernels: the
// width-generic kernels of src/backend/x86/ instantiated with the 512-bit policy.
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (EVEX, zmm).
// References: x86/xts.hpp (the math); backend/backend.hpp.
#include "backend/x86/vec512.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/aesni/kernels.hpp"
#include "backend/vaes256/kernels.hpp"
#include "backend/vaes512/kernels.hpp"
#include "backend/x86/xts.hpp"

namespace aeskit::detail::vaes512 {
namespace xts_narrow = vaes256;  // calls under kXtsNarrowBelow blocks
namespace xts_lone = aesni;      // one block: the AES-NI entries (aesni/xts_aesni.cpp)
inline constexpr std::size_t kXtsNarrowBelow = 8;
#include "backend/x86/entries_xts.inc"
}  // namespace aeskit::detail::vaes512
