// src/backend/vaes512/kernels.hpp — the vaes512 backend's zmm entry points (declarations),
// for its backend table (aes_vaes512.cpp), its fused GCM kernels (gcm_vaes512.cpp) and the
// vpclmul512 GHASH backend and POLYVAL kernel (clmul/). Semantics of each entry:
// backend/backend.hpp, src/aead/gcm_fused.hpp, backend/ghash_backend.hpp,
// backend/polyval_kernels.hpp.
//
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (x86/targets.hpp).
// The definitions are the width-generic kernels of src/backend/x86/ instantiated with the
// 512-bit policy (x86/vec512.hpp) in this folder's .cpp files.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/x86/targets.hpp"

#define AESKIT_WIDE_NAMESPACE vaes512
#define AESKIT_WIDE_DECLARE AESKIT_VAES512_TARGET
#include "backend/x86/entry_declarations.inc"
#undef AESKIT_WIDE_DECLARE
#undef AESKIT_WIDE_NAMESPACE
