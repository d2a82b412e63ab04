// src/backend/vaes256/blocks_vaes256.cpp — the vaes256 backend's ECB, CTR (32/128-bit big-endian
// and GCM-SIV's 32-bit little-endian counter), CBC-decrypt and CFB-decrypt kernels: the
// width-generic kernels of src/backend/vaes/ instantiated with the 256-bit policy.
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only).
// References: vaes/wide_blocks.hpp, vaes/wide_ctr.hpp, vaes/wide_cbc_cfb.hpp (the math);
// backend/backend.hpp (the contract).
#include "backend/vaes/vec256.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/aesni/kernels.hpp"
#include "backend/vaes/wide_blocks.hpp"
#include "backend/vaes/wide_cbc_cfb.hpp"
#include "backend/vaes/wide_ctr.hpp"
#include "backend/vaes256/kernels.hpp"

namespace aeskit::detail::vaes256 {
#include "backend/vaes/entries_blocks.inc"
}  // namespace aeskit::detail::vaes256
