// src/backend/x86/ymm/aes_vaes256.cpp — the vaes256 backend instance: name, CPU predicate
// (x86::vaes256_supported, x86/supported.hpp) and the table of kernels. The key schedule is the
// AES-NI backend's (the same 16-byte round keys, broadcast to every lane by the kernels), and the
// serial chains (CBC/CFB encryption, OFB, CBC-MAC and MAC+CTR) use the AES-NI kernels: a chain runs
// one block at a time, where ymm gains nothing; so do AES-GCM-SIV's per-nonce key derivation and
// its tag + first CTR group (a few blocks). ECB, CTR (all three counter forms), CBC and CFB
// decryption, XTS and OCB run the ymm instantiations of the width-generic kernels
// (blocks_vaes256.cpp, xts_vaes256.cpp, ocb_vaes256.cpp; 16 blocks per group: batch_blocks = 16).
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (see x86/targets.hpp). This file itself
// uses none of them.
// References: backend/backend.hpp (the contract).
#include "backend/x86/ymm/vaes256.hpp"

#include "backend/x86/backend_table.hpp"
#include "backend/x86/supported.hpp"
#include "backend/x86/ymm/kernels.hpp"

namespace aeskit::detail {

// 8 registers of 2 blocks (x86/vec256.hpp): batch_blocks = vaes256::kGroupBlocks = 16.
const AesBackend kVaes256Backend =
    AESKIT_X86_AES_BACKEND("vaes256", "VAES + AVX2, 256-bit ymm, two blocks per register",
                           x86::vaes256_supported, 256, vaes256);

}  // namespace aeskit::detail
