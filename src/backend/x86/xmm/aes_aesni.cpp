// src/backend/x86/xmm/aes_aesni.cpp — the AES-NI backend instance: name, CPU predicate
// (x86::aesni_supported, x86/supported.hpp) and the table of kernels defined in the other files of
// this folder (the parallel modes are the 128-bit instantiations of the x86 kernels,
// src/backend/x86/: 8 blocks in flight).
//
// CPU features: the kernels need AES-NI and SSSE3 (x86-64 guarantees SSE2). This file itself
// uses none, so it is safe to load on any x86-64 CPU; supported() gates the kernels.
// References: backend/backend.hpp (the contract).
#include "backend/x86/xmm/aesni.hpp"

#include "backend/x86/backend_table.hpp"
#include "backend/x86/supported.hpp"

namespace aeskit::detail {

// 8 registers of 1 block (x86/vec128.hpp): batch_blocks = aesni::kGroupBlocks = 8.
const AesBackend kAesniBackend = AESKIT_X86_AES_BACKEND(
    "aesni", "AES-NI + SSSE3, 128-bit SSE, 8 blocks interleaved", x86::aesni_supported, 128, aesni);

}  // namespace aeskit::detail
