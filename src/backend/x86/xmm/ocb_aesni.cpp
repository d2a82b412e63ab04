// src/backend/x86/xmm/ocb_aesni.cpp — the AES-NI backend's OCB kernels: the x86
// kernels of src/backend/x86/ instantiated with the 128-bit policy (8 blocks in flight).
//
// CPU features: AES-NI, SSSE3 (legacy SSE encodings).
// References: x86/ocb.hpp (the math); backend/backend.hpp.
#include "backend/x86/vec128.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/ocb.hpp"
#include "backend/x86/xmm/kernels.hpp"

namespace aeskit::detail::aesni {
#include "backend/x86/entries_ocb.inc"
}  // namespace aeskit::detail::aesni
