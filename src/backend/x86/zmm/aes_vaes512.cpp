// src/backend/x86/zmm/aes_vaes512.cpp — the vaes512 backend instance: name, CPU predicate
// (x86::vaes512_supported, x86/supported.hpp) and the table of kernels. Like vaes256 it uses the
// AES-NI key schedule (16-byte round keys, broadcast to the four lanes of a zmm register by the
// kernels) and the AES-NI serial chains (CBC/CFB encryption, OFB, CBC-MAC, MAC+CTR: one block at a
// time, where zmm gains nothing), and so are AES-GCM-SIV's per-nonce key derivation and its tag +
// first CTR group. ECB, CTR (all three counter forms), CBC and CFB decryption, XTS and OCB run the
// zmm instantiations of the width-generic kernels (blocks_vaes512.cpp, xts_vaes512.cpp,
// ocb_vaes512.cpp; 8 registers of 4 blocks = 32 blocks per group: batch_blocks = 32).
//
// Selected on CPUs with AVX-512 F/BW/DQ/VL + VAES + VPCLMULQDQ unless 512-bit registers are
// turned off (AESKIT_DISABLE=avx512) or ymm is preferred (cpu::max_vector_bits(): the
// AESKIT_PREFER_YMM variable, aeskit::set_prefer_ymm(), or a CPU known to lower its clock
// for zmm code); then vaes256 runs instead.
//
// CPU features: see x86/targets.hpp. This file itself uses none of them.
// References: backend/backend.hpp (the contract).
#include "backend/x86/zmm/vaes512.hpp"

#include "backend/x86/backend_table.hpp"
#include "backend/x86/supported.hpp"
#include "backend/x86/zmm/kernels.hpp"

namespace aeskit::detail {

// 8 registers of 4 blocks (x86/vec512.hpp): batch_blocks = vaes512::kGroupBlocks = 32.
const AesBackend kVaes512Backend =
    AESKIT_X86_AES_BACKEND("vaes512", "VAES + AVX-512, 512-bit zmm, four blocks per register",
                           x86::vaes512_supported, 512, vaes512);

}  // namespace aeskit::detail
