// aeskit/ocb.hpp — OCB3 (RFC 7253) taken apart: the per-message state in the caller's hands,
// for interfaces that must stream OCB in an order AeadSealer does not allow.
//
// OpenSSL's EVP OCB is the case in point: it takes associated data and data interleaved in
// any order and any pieces, holds partial blocks back until the end, lets the tag length
// (1..16 bytes, encoded into the nonce block) and the nonce length (1..15 bytes) change per
// message, and an OpenSSL provider must match it call for call. OcbCore does OCB's work on
// the caller's OcbState with the AES backend's OCB kernels (the same code as AeadKey's OCB);
// the caller keeps the buffering and the order.
//
// Everyone else: use AeadKey with aead::aes_128_ocb / aes_192_ocb / aes_256_ocb (one-shot,
// tag compared in constant time, output zeroed on failure). OcbCore compares nothing: a
// caller that decrypts must compare tag() with the received tag in constant time itself and
// discard everything decrypt() wrote if they differ.
//
// One message:
//   start(nonce, tag_length, state)         Offset_0 from the nonce; sums cleared
//   absorb_ad(state, ad) / encrypt(state, in, out) / decrypt(state, in, out)
//                                           any order, each any number of whole blocks; a
//                                           partial block (1..15 bytes at the end of a call)
//                                           ends that stream: AD's last block or the data's
//                                           last block (RFC 7253 §4.1-4.3)
//   tag(state, tag_out)                     the first tag_out.size() bytes of the tag
// A call after a partial block goes on from the state as it is (the offset then includes
// L_*), as OpenSSL's CRYPTO_ocb128_* functions do; RFC 7253 defines no such message.
//
// Constant time in the key, the data and the AD; the nonce, lengths and block counts are
// public. Buffers: `out` may be exactly `in`; any other overlap is refused. No call
// allocates after create(); an OcbCore is move-only, wiped on destruction, const and
// thread-safe (each thread with its own OcbState).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

namespace detail {
struct OcbCoreState;
}

// OcbState: one OCB message in progress (RFC 7253 names; what OpenSSL's OCB128 session
// keeps). Copying it forks the message (OpenSSL's EVP_CIPHER_CTX_copy). Wiped on
// destruction and by clear().
struct AESKIT_API OcbState {
  std::uint8_t offset[16] = {};     // Offset_i of the last data block (Offset_* after a partial)
  std::uint8_t checksum[16] = {};   // XOR of the plaintext blocks (a partial one padded 1 || 0*)
  std::uint8_t ad_offset[16] = {};  // the AD's Offset_i
  std::uint8_t ad_sum[16] = {};     // HASH(K, A) so far
  std::uint64_t blocks = 0;         // whole data blocks processed
  std::uint64_t ad_blocks = 0;      // whole AD blocks absorbed

  OcbState() noexcept = default;
  OcbState(const OcbState&) noexcept = default;
  OcbState& operator=(const OcbState&) noexcept = default;
  ~OcbState() { clear(); }
  void clear() noexcept;  // every field to zero, through a write the compiler keeps
};

class AESKIT_API OcbCore {
 public:
  // create expands `key` (16, 24 or 32 bytes) on the best backend, or the one named (see
  // aeskit/backends.hpp), and derives L_*, L_$ and L_0..L_63.
  // Errors: bad_key_length, unknown_backend, backend_unavailable.
  static Result<OcbCore> create(std::span<const std::uint8_t> key, std::string_view backend = {});

  OcbCore() noexcept;  // empty; every operation fails with invalid_state
  OcbCore(OcbCore&&) noexcept;
  OcbCore& operator=(OcbCore&&) noexcept;
  OcbCore(const OcbCore&) = delete;
  OcbCore& operator=(const OcbCore&) = delete;
  ~OcbCore();

  bool valid() const noexcept { return state_ != nullptr; }
  std::string_view backend_name() const noexcept;  // empty for an empty core

  // start begins a message: `nonce` of 1..15 bytes, `tag_length` of 1..16 bytes (it is part
  // of the nonce block, so it is fixed here). Errors: bad_nonce_length, bad_tag_length,
  // invalid_state; `state` is unchanged on an error.
  Status start(std::span<const std::uint8_t> nonce, std::size_t tag_length,
               OcbState& state) const noexcept;
  // absorb_ad adds `ad` to HASH(K, A): its whole blocks, then a partial block if any.
  Status absorb_ad(OcbState& state, std::span<const std::uint8_t> ad) const noexcept;
  // encrypt / decrypt: in.size() bytes into out (out.size() >= in.size()): whole blocks, then
  // a partial block if any. Errors: output_too_small, overlapping_buffers, invalid_state;
  // nothing is written and `state` is unchanged on an error.
  Status encrypt(OcbState& state, std::span<const std::uint8_t> in,
                 std::span<std::uint8_t> out) const noexcept;
  Status decrypt(OcbState& state, std::span<const std::uint8_t> in,
                 std::span<std::uint8_t> out) const noexcept;
  // tag writes E(Checksum ^ Offset ^ L_$) ^ HASH(K, A), its first tag_out.size() bytes
  // (1..16; the message's tag_length is what RFC 7253 sends). `state` may go on afterwards
  // (OpenSSL allows it). Errors: invalid_argument (tag_out empty or over 16), invalid_state.
  Status tag(const OcbState& state, std::span<std::uint8_t> tag_out) const noexcept;

 private:
  explicit OcbCore(std::unique_ptr<detail::OcbCoreState> state) noexcept;
  Status crypt(OcbState& state, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
               bool encrypting) const noexcept;
  std::unique_ptr<detail::OcbCoreState> state_;
};

}  // namespace aeskit
