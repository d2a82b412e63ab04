// src/backend/x86/xmm/blocks_aesni.cpp — the AES-NI backend's ECB, CTR (32/128-bit big-endian
// and GCM-SIV's 32-bit little-endian counter), CBC-decrypt and CFB-decrypt kernels: the x86
// kernels of src/backend/x86/ instantiated with the 128-bit policy (8 blocks in flight), and
// the one-block paths of lone_aesni.hpp; and AES-GCM-SIV's tag + CTR pass.
//
// CPU features: AES-NI, SSSE3 (legacy SSE encodings).
// References: x86/blocks.hpp, x86/ctr.hpp, x86/cbc_cfb.hpp (the math); backend/backend.hpp;
// RFC 8452 §4 (the GCM-SIV tag and counter).
#include "backend/x86/vec128.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/blocks.hpp"
#include "backend/x86/cbc_cfb.hpp"
#include "backend/x86/ctr.hpp"
#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/xmm/lone_aesni.hpp"

namespace aeskit::detail::aesni {
#include "backend/x86/entries_blocks.inc"

}  // namespace aeskit::detail::aesni
