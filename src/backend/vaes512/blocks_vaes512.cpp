// src/backend/vaes512/blocks_vaes512.cpp — the vaes512 backend's ECB, CTR (32/128-bit big-endian
// and GCM-SIV's 32-bit little-endian counter), CBC-decrypt and CFB-decrypt kernels: the
// width-generic kernels of src/backend/vaes/ instantiated with the 512-bit policy.
//
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (EVEX, zmm).
// References: vaes/wide_blocks.hpp, vaes/wide_ctr.hpp, vaes/wide_cbc_cfb.hpp (the math);
// backend/backend.hpp (the contract).
#include "backend/vaes/vec512.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/aesni/kernels.hpp"
#include "backend/vaes/wide_blocks.hpp"
#include "backend/vaes/wide_cbc_cfb.hpp"
#include "backend/vaes/wide_ctr.hpp"
#include "backend/vaes512/kernels.hpp"

namespace aeskit::detail::vaes512 {
#include "backend/vaes/entries_blocks.inc"
}  // namespace aeskit::detail::vaes512
