// src/backend/x86/backend_table.hpp — the AesBackend and fused-GCM tables of an x86 width,
// written once.
// Every width (aesni, vaes256, vaes512) runs its own instantiation of the width-generic
// kernels (namespace `wide`: ECB, the three CTR forms and XCTR, CBC and CFB decryption, XTS, OCB)
// and shares what only AES-NI has: the key schedule (16-byte round keys, broadcast to the lanes by
// the wider kernels) and the serial chains (CBC/CFB encryption, OFB, CBC-MAC, MAC+CTR: one block at
// a time, where a wider register gains nothing) and the one-block XTS data unit, plus AES-GCM-SIV's
// per-nonce key derivation (each width runs its own tag + CTR pass).
//
// A macro, not a function: a namespace cannot be a template argument. No CPU features: the
// table holds pointers; `supported` gates the calls. References: backend/backend.hpp.
#pragma once

#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/x86/xmm/kernels.hpp"

// AESKIT_X86_AES_BACKEND(name, description, supported, vector_bits, wide); batch_blocks is the
// width's group (WIDE::kGroupBlocks, kernels.hpp).
#define AESKIT_X86_AES_BACKEND(NAME, DESCRIPTION, SUPPORTED, BITS, WIDE)                          \
  {                                                                                               \
    .name = NAME, .description = DESCRIPTION, .supported = SUPPORTED,                             \
    .batch_blocks = WIDE::kGroupBlocks, .vector_bits = BITS, .expand_key = aesni::expand_key,     \
    .derive_decrypt_key = aesni::derive_decrypt_key, .encrypt_blocks = WIDE::encrypt_blocks,      \
    .decrypt_blocks = WIDE::decrypt_blocks, .ctr32_be = WIDE::ctr32_be,                           \
    .ctr32_le = WIDE::ctr32_le, .ctr128_be = WIDE::ctr128_be, .cbc_encrypt = aesni::cbc_encrypt,  \
    .cbc_decrypt = WIDE::cbc_decrypt, .cfb128_decrypt = WIDE::cfb128_decrypt,                     \
    .cfb128_encrypt = aesni::cfb128_encrypt, .ofb = aesni::ofb, .xts_encrypt = WIDE::xts_encrypt, \
    .xts_decrypt = WIDE::xts_decrypt, .xts_encrypt_one = aesni::xts_encrypt_one,                  \
    .xts_decrypt_one = aesni::xts_decrypt_one, .ocb_encrypt = WIDE::ocb_encrypt,                  \
    .ocb_decrypt = WIDE::ocb_decrypt, .ocb_hash = WIDE::ocb_hash, .cbc_mac = aesni::cbc_mac,      \
    .mac_ctr = aesni::mac_ctr, .gcm_siv_derive = aesni::gcm_siv_derive,                           \
    .gcm_siv_tag_ctr = WIDE::gcm_siv_tag_ctr, .xctr = WIDE::xctr, .ecb_gather = WIDE::ecb_gather, \
  }

// AESKIT_X86_GCM_FUSED(name, aes backend, ghash backend, wide): the fused GCM kernels of a
// width (x86/entries_gcm.inc instantiated in namespace `wide`) for its backend pair.
// AESKIT_X86_GCM_FUSED_BATCH adds the batch entries (entries_gcm_batch.inc), which the ymm
// and zmm widths have: on xmm, two short messages side by side measured 0.93-0.96x the
// one-message calls (32 x 16 and 32 x 48 bytes, Zen 5), so xmm keys batch one by one.
#define AESKIT_X86_GCM_FUSED_ENTRIES(NAME, AES, GHASH, WIDE)                         \
  .name = NAME, .aes = &AES, .ghash = &GHASH, .seal = WIDE::gcm_seal_blocks,         \
  .open = WIDE::gcm_open_blocks, .seal_message = WIDE::gcm_seal_message,             \
  .open_message = WIDE::gcm_open_message, .polyval_open = WIDE::gcm_siv_open_blocks, \
  .xctr_polyval = WIDE::hctr2_xctr_polyval
#define AESKIT_X86_GCM_FUSED(NAME, AES, GHASH, WIDE) \
  { AESKIT_X86_GCM_FUSED_ENTRIES(NAME, AES, GHASH, WIDE) }
#define AESKIT_X86_GCM_FUSED_BATCH(NAME, AES, GHASH, WIDE)                                  \
  {                                                                                         \
    AESKIT_X86_GCM_FUSED_ENTRIES(NAME, AES, GHASH, WIDE),                                   \
        .seal_messages = WIDE::gcm_seal_messages, .open_messages = WIDE::gcm_open_messages, \
  }
