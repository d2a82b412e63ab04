// src/backend/x86/ymm/ocb_vaes256.cpp — the vaes256 backend's OCB kernels: the
// width-generic kernels of src/backend/x86/ instantiated with the 256-bit policy.
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only).
// References: x86/ocb.hpp (the math); backend/backend.hpp.
#include "backend/x86/vec256.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/ocb.hpp"
#include "backend/x86/ymm/kernels.hpp"

namespace aeskit::detail::vaes256 {
#include "backend/x86/entries_ocb.inc"
}  // namespace aeskit::detail::vaes256
