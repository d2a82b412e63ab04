// src/backend/x86/ymm/blocks_vaes256.cpp — the vaes256 backend's ECB, CTR (32/128-bit big-endian
// and GCM-SIV's 32-bit little-endian counter), CBC-decrypt and CFB-decrypt kernels: the
// width-generic kernels of src/backend/x86/ instantiated with the 256-bit policy.
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only).
// References: x86/blocks.hpp, x86/ctr.hpp, x86/cbc_cfb.hpp (the math);
// backend/backend.hpp (the contract).
#include "backend/x86/vec256.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/blocks.hpp"
#include "backend/x86/cbc_cfb.hpp"
#include "backend/x86/ctr.hpp"
#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/ymm/kernels.hpp"

namespace aeskit::detail::vaes256 {
namespace lone = aesni;  // one-block calls: the AES-NI entries (x86/xmm/lone_aesni.hpp)
#include "backend/x86/entries_blocks.inc"
}  // namespace aeskit::detail::vaes256
