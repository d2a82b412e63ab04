// src/aead/gcm_one_shot.hpp — one-shot GCM seal and open (GCM-AE and GCM-AD, SP 800-38D §7.1
// and §7.2) on a GcmKey, inline. No CPU feature of its own: the key's backends' kernels.
//
// GcmScheme::seal / open (gcm_scheme.cpp) are these functions; AeadKey (aead_key.cpp) also
// inlines them as GCM's non-virtual fast path (AeadScheme::gcm_state()), because at 16 bytes
// the virtual call and its stack-passed arguments cost GCM 5-15% of a seal. open
// decrypts while it hashes (one pass), then compares the tag in constant time; on a mismatch
// it zeroes everything it wrote before returning false. Short messages take gcm_small.cpp's
// two-call path, longer ones gcm_blocks.cpp's chunks, unless the key has a fused message
// kernel. The caller has done every argument check; lengths are public.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "aead/aead_key_state.hpp"
#include "aead/gcm_blocks.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::gcm {

// crypt_generic: crypt_one_shot for keys without a fused message kernel (out of line in
// gcm_scheme.cpp: it keeps the inlined one-shot path small).
void crypt_generic(const GcmKey& k, Op op, const std::uint8_t j0[16],
                   std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t len, std::uint8_t tag[16]) noexcept;

// crypt_one_shot: the whole of GCM-AE (seal) or GCM-AD without the tag check (open): `len`
// bytes from `in` to `out`, and the full 16-byte tag computed over AD and ciphertext. Inline
// with J0 built in place (derive_j0) and the key's fused kernel called directly: at 16 bytes
// the calls around the kernel cost a third of the seal.
[[gnu::always_inline]] inline void crypt_one_shot(const GcmKey& k, Op op,
                                                  std::span<const std::uint8_t> nonce,
                                                  std::span<const std::uint8_t> ad,
                                                  const std::uint8_t* in, std::uint8_t* out,
                                                  std::size_t len, std::uint8_t tag[16]) noexcept {
  std::uint8_t j0[16];
  derive_j0(k, nonce, j0);
  if (!crypt_message_fused(k, op, j0, ad, in, out, len, tag))
    crypt_generic(k, op, j0, ad, in, out, len, tag);
  secure_zero(j0, sizeof j0);
}

// seal_one_shot: `len` bytes in -> out and tag_length bytes of tag to tag_out.
[[gnu::always_inline]] inline void seal_one_shot(const GcmKey& k, std::size_t tag_length,
                                                 std::span<const std::uint8_t> nonce,
                                                 std::span<const std::uint8_t> ad,
                                                 const std::uint8_t* in, std::uint8_t* out,
                                                 std::size_t len, std::uint8_t* tag_out) noexcept {
  if (tag_length == 16) {
    // Full tags straight to the caller: no copy of run-time length (a libc memcpy call, the
    // `memmove` of a 16-byte seal's profile). The checks keep tag_out clear of every input.
    crypt_one_shot(k, Op::seal, nonce, ad, in, out, len, tag_out);
    return;
  }
  std::uint8_t tag[16];
  crypt_one_shot(k, Op::seal, nonce, ad, in, out, len, tag);
  std::memcpy(tag_out, tag, tag_length);
  secure_zero(tag, sizeof tag);
}

// open_one_shot: true when `tag` (tag_length bytes) authenticates; otherwise out[0..len) is
// zeroed.
[[gnu::always_inline]] inline bool open_one_shot(const GcmKey& k, std::size_t tag_length,
                                                 std::span<const std::uint8_t> nonce,
                                                 std::span<const std::uint8_t> ad,
                                                 const std::uint8_t* in, std::uint8_t* out,
                                                 std::size_t len,
                                                 const std::uint8_t* tag) noexcept {
  std::uint8_t received[16];
  const bool full = tag_length == 16;  // constant-length copy and compare: inline
  if (full)
    std::memcpy(received, tag, 16);
  else
    std::memcpy(received, tag, tag_length);
  std::uint8_t expected[16];
  crypt_one_shot(k, Op::open, nonce, ad, in, out, len, expected);
  const bool ok =
      full ? ct_equal(expected, received, 16) : ct_equal(expected, received, tag_length);
  secure_zero(expected, sizeof expected);
  if (!ok && len != 0) secure_zero(out, len);
  return ok;
}

}  // namespace aeskit::detail::gcm
