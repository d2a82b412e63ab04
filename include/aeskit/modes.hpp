// aeskit/modes.hpp — the classic confidentiality-only modes (SP 800-38A): ECB, CBC, CTR,
// CFB128, CFB8, OFB, one-shot and incremental.
//
// These modes do not authenticate: anyone can flip ciphertext bits. Prefer an AEAD unless a
// protocol or format demands one of these.
//
// Buffers: `out` may be exactly `in` (same start address) for every mode; any other overlap
// is rejected with Errc::overlapping_buffers. On any error nothing is written to `out`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "aeskit/aes.hpp"
#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

enum class Mode {
  ecb,     // electronic codebook: blocks independent; no IV
  cbc,     // cipher block chaining; 16-byte IV
  ctr32,   // counter, low 32 bits of the counter block incremented big-endian, wrapping
           // mod 2^32 without carry (SP 800-38A B.1 with m = 32; GCM's inc32)
  ctr128,  // counter, the whole 128-bit block incremented as a big-endian integer
           // (what OpenSSL's aes-*-ctr does)
  cfb128,  // cipher feedback, 128-bit segments
  cfb8,    // cipher feedback, 8-bit segments (one block cipher call per byte)
  ofb,     // output feedback
};

enum class Direction { encrypt, decrypt };

// Padding applies to ECB and CBC only. pkcs7 appends 1..16 bytes on encryption and checks
// and strips them, in constant time, on decryption.
enum class Padding { none, pkcs7 };

// mode_name gives the name used in algorithm strings: "ECB", "CBC", "CTR" (ctr128 — the
// OpenSSL-compatible form), "CTR32", "CFB", "CFB8", "OFB".
AESKIT_API std::string_view mode_name(Mode mode) noexcept;
// mode_needs_iv is false only for ECB.
AESKIT_API bool mode_needs_iv(Mode mode) noexcept;

// encrypt / decrypt process a whole message in one call and return the number of bytes
// written. `iv` must be 16 bytes for every mode but ECB (where it must be empty).
// Output size: encryption without padding writes in.size() bytes; with pkcs7 it writes
// in.size() rounded up to the next multiple of 16 (a full block of padding when already
// aligned). Decryption with pkcs7 writes the unpadded length, and `out` need only hold that.
// Errors: bad_iv_length, not_block_multiple, output_too_small, overlapping_buffers,
// bad_padding, invalid_argument (padding with a stream mode), invalid_state (empty key).
AESKIT_API Result<std::size_t> encrypt(const AesKey& key, Mode mode,
                                       std::span<const std::uint8_t> iv,
                                       std::span<const std::uint8_t> in,
                                       std::span<std::uint8_t> out,
                                       Padding padding = Padding::none);
AESKIT_API Result<std::size_t> decrypt(const AesKey& key, Mode mode,
                                       std::span<const std::uint8_t> iv,
                                       std::span<const std::uint8_t> in,
                                       std::span<std::uint8_t> out,
                                       Padding padding = Padding::none);

// encrypt_chained / decrypt_chained: CBC or OFB over whole blocks with the chaining value
// kept by the caller, for callers that feed the mode a block or a few at a time without an
// incremental Cipher (an OpenSSL provider's update, a TLS record layer). `chain` holds the
// IV going in and, coming out, what continues the message: CBC the last ciphertext block,
// OFB the last key-stream block. The kernel keeps the chain in a register for the whole
// call. in.size() must be a multiple of 16 (0 does nothing); `out` as for encrypt, no
// padding; `chain` must not overlap in or out. Errors: invalid_argument (another mode),
// not_block_multiple, output_too_small, overlapping_buffers, invalid_state (empty key).
AESKIT_API Status encrypt_chained(const AesKey& key, Mode mode, std::span<std::uint8_t, 16> chain,
                                  std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
AESKIT_API Status decrypt_chained(const AesKey& key, Mode mode, std::span<std::uint8_t, 16> chain,
                                  std::span<const std::uint8_t> in, std::span<std::uint8_t> out);

// hp_masks: QUIC header protection (RFC 9001 §5.4.3) for a batch of packets — masks[16i ..
// 16i + 16) = AES-ECB(key, samples[i][0..16)) for i < samples.size(). Each sample is a pointer
// to 16 bytes inside its own packet (not contiguous; samples may overlap each other). One call
// of the key's backend's gathered-ECB kernel loads every sample straight from its pointer into
// its widest registers (backends without one: gathered into a stack buffer 32 at a time for
// its multi-block ECB kernel), never one block per call. masks.size() must be at least
// 16 * samples.size(); masks may not overlap any sample. Constant-time in the samples and the
// key. Errors: output_too_small, invalid_argument (a null sample), overlapping_buffers,
// invalid_state (empty key); nothing is written on an error. How a QUIC stack uses the masks:
// docs/api-cpp.md, "QUIC header protection".
AESKIT_API Status hp_masks(const AesKey& key, std::span<const std::uint8_t* const> samples,
                           std::span<std::uint8_t> masks);

// Cipher is the incremental form: feed any number of update() calls of any length, then
// finish(). The concatenated output equals the one-shot output for the concatenated input.
//
// The Cipher keeps a pointer to `key`: the key must outlive it. A Cipher is not
// thread-safe (the key is).
//
// Output per call: stream modes (CTR, CFB, CFB8, OFB) write exactly in.size() bytes per
// update and nothing in finish. ECB/CBC write whole blocks as they complete; decryption with
// pkcs7 holds back the last complete block until finish(), which checks the padding.
// update_output_bound(n) is the most bytes update() can write for an n-byte input.
//
// Buffers for update(in, out): `out` may be separate from `in`, or start exactly at `in`; for
// ECB/CBC it may also trail `in` by up to pending() bytes (out = in - d, 0 <= d <= pending()).
// That makes streaming in place over one buffer work with chunks of any size: keep a read
// position r and a write position w = r - pending() and call
//   w += *c.update(buf.subspan(r, len), buf.subspan(w));  r += len;
// then finish(buf.subspan(w)); the buffer ends up holding the output contiguously from the
// start. Any other overlap is refused (overlapping_buffers). With out == in exactly and
// pending() > 0, the output still starts at out: it is shifted by pending() bytes against the
// input (the first block lands at out[0]), which is rarely what a caller wants.
// Stream modes (CTR, CFB, CFB8, OFB) hold nothing back (pending() is 0): out == in in place.
class AESKIT_API Cipher {
 public:
  static Result<Cipher> create(const AesKey& key, Mode mode, Direction direction,
                               std::span<const std::uint8_t> iv, Padding padding = Padding::none);

  Cipher(Cipher&&) noexcept;
  Cipher& operator=(Cipher&&) noexcept;
  Cipher(const Cipher&) = delete;
  Cipher& operator=(const Cipher&) = delete;
  ~Cipher();  // wipes buffered data and chaining state

  // update processes `in` and returns the bytes written to `out`.
  // Errors: output_too_small, overlapping_buffers, invalid_state (after finish).
  Result<std::size_t> update(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
  // finish flushes: writes the padded last block (encryption) or checks and strips the
  // padding (decryption). Errors: not_block_multiple, bad_padding, output_too_small,
  // invalid_state. After finish (successful or not) only destruction is allowed.
  Result<std::size_t> finish(std::span<std::uint8_t> out);

  std::size_t update_output_bound(std::size_t in_len) const noexcept;
  // pending: input bytes an ECB/CBC Cipher holds for its next block (0..16); 0 for stream
  // modes. The output written so far trails the input consumed by exactly this much.
  std::size_t pending() const noexcept;

  Mode mode() const noexcept { return mode_; }
  Direction direction() const noexcept { return direction_; }

 private:
  Cipher(const AesKey& key, Mode mode, Direction direction, Padding padding) noexcept;
  Result<std::size_t> update_blocks(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
  Result<std::size_t> update_stream(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);

  const AesKey* key_;
  Mode mode_;
  Direction direction_;
  Padding padding_;
  bool finished_ = false;
  std::uint8_t iv_[16] = {};      // chaining value / counter block / feedback register
  std::uint8_t buffer_[16] = {};  // partial block (ECB/CBC) or unused key stream (stream modes)
  std::size_t buffered_ = 0;      // ECB/CBC: bytes in buffer_; stream modes: key-stream bytes used
};

}  // namespace aeskit
