// src/backend/x86/ymm/xts_vaes256.cpp — the vaes256 backend's XTS kernels: the
// width-generic kernels of src/backend/x86/ instantiated with the 256-bit policy.
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only).
// References: x86/xts.hpp (the math); backend/backend.hpp.
#include "backend/x86/vec256.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/xts.hpp"
#include "backend/x86/ymm/kernels.hpp"

namespace aeskit::detail::vaes256 {
namespace xts_narrow = vaes256;  // calls under kXtsNarrowBelow blocks
namespace xts_lone = aesni;      // one block: the AES-NI entries (x86/xmm/xts_aesni.cpp)
inline constexpr std::size_t kXtsNarrowBelow = 0;
#include "backend/x86/entries_xts.inc"
}  // namespace aeskit::detail::vaes256
