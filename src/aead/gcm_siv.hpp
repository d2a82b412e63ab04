// src/aead/gcm_siv.hpp — AES-GCM-SIV (RFC 8452): nonce-misuse-resistant AEAD with a 12-byte
// nonce and a 16-byte tag, "AES-128-GCM-SIV" / "AES-256-GCM-SIV".
//
// Per key: the key-generating key's AES schedule on its backend and the POLYVAL code choice
// (polyval.hpp). Per message (RFC 8452 §4), all on the stack:
//   1. the 4 (AES-128) or 6 (AES-256) derivation blocks LE32(i) || N in one encrypt_blocks
//      call; the first 8 bytes of blocks 0-1 are the message-authentication key, of blocks
//      2-3 (2-5) the message-encryption key, expanded on the same backend (both in one
//      call, in registers, when the backend has gcm_siv_derive);
//   2. S = POLYVAL(auth key, AD padded || P padded || LE64(bits(AD)) || LE64(bits(P)))
//      (short messages: polyval_short, no key table); S[0..11] ^= N; S[15] &= 0x7f;
//      tag = AES(enc key, S);
//   3. CTR from tag with byte 15 | 0x80, the first 4 bytes counting little-endian mod 2^32
//      (the backend's ctr32_le, mode_kernels.hpp; a short seal runs step 2's AES and the
//      first CTR group in the backend's gcm_siv_tag_ctr when it has one).
// Seal hashes the plaintext, then encrypts it (the counter is the tag: the two passes cannot
// overlap). Open decrypts with the received tag and hashes the plaintext in one fused pass
// where the backend pair has one (GcmFusedKernels::polyval_open), else chunk by chunk while it
// is in cache, recomputes the tag, compares it in constant
// time and zeroes the output on a mismatch. Limits (§6): plaintext and AD ≤ 2^36 bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aead/polyval.hpp"
#include "aeskit/aead.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

struct GcmSivKey {
  const KeyState* aes = nullptr;  // the key-generating key
  PolyvalChoice polyval;
  // The fused CTR32-LE + POLYVAL open pass for (the AES backend, the native POLYVAL kernel's
  // GHASH backend), when that pair has one that passed its self-test; nullptr otherwise.
  const GcmFusedKernels* fused_open = nullptr;
};

bool is_gcm_siv(const AeadAlgorithm& algorithm) noexcept;  // algorithms.cpp

namespace gcm_siv {

void seal(const GcmSivKey& key, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, std::uint8_t tag[16]) noexcept;
// open: true when `tag` authenticates; otherwise out[0..len) is zero.
bool open(const GcmSivKey& key, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, const std::uint8_t tag[16]) noexcept;
std::string describe(const GcmSivKey& key);

}  // namespace gcm_siv

// The AeadScheme factory named in algorithms.cpp.
Result<std::unique_ptr<AeadScheme>> make_gcm_siv_scheme(const AeadAlgorithm& algorithm,
                                                        std::span<const std::uint8_t> key,
                                                        std::size_t tag_length,
                                                        std::string_view aes_backend);

// make_gcm_siv_key: AeadKey::create with the POLYVAL code pinned (tests): `ghash` nullptr is
// the best GHASH backend; `allow_native` false forces the Appendix A mapping.
// backend_unavailable for a GHASH backend this CPU cannot run or that failed its self-test.
Result<AeadKey> make_gcm_siv_key(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                                 std::string_view aes_backend, const GhashBackend* ghash,
                                 bool allow_native);

}  // namespace aeskit::detail
