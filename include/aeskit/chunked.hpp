// aeskit/chunked.hpp — chunked authenticated encryption of large messages and files, as
// specified by c2sp.org/chunked-encryption (v1), in its two named instantiations:
// Cobblestone-128 (SHA-512 + AES-128-GCM, 16-byte key) and Cobblestone-256 (SHA-512 +
// AES-256-GCM, 32-byte key).
//
// Format (the numbers are the spec's):
//   ciphertext = salt (24 random bytes) || commitment (32 bytes) || chunk_0 || ... || chunk_n
//   OKM = HKDF-Expand-SHA-512(PRK = key,
//                             info = "c2sp.org/chunked-encryption@v1+" || AEAD name || 0x00
//                                    || salt || context,
//                             L = key_length + 12 + 32)
//   aead_key = OKM[0, k), base_nonce = OKM[k, k + 12), commitment = OKM[k + 12, k + 44)
//   chunk_i = AES-GCM(aead_key, nonce_i, ad = "", plaintext_i), 16-byte tag,
//   nonce_i = base_nonce XOR (i as a 64-bit big-endian integer in its last 8 bytes)
// Every chunk but the last carries exactly 16384 bytes of plaintext (16400 on the wire); the
// last one carries 0..16383 bytes and is the end marker (a message of 16384·n bytes ends with
// an empty chunk). At most 2^38 chunks (i < 2^38): messages below 4 PiB.
//
// Guarantees: a wrong key or context is refused from the header alone (wrong_key_or_context,
// before any chunk is decrypted); no chunk's plaintext is ever released before its tag
// verified; truncation (truncated), modification or reordering (chunk_forged) and data after
// the final chunk (trailing_data) are all detected. Keys must be uniformly random
// (aeskit::chunked::generate_key), never passwords. One key may seal ~2^32 messages (the salt
// is random).
//
// Usage:
//   auto ct = aeskit::chunked::seal(Suite::cobblestone_128, key, ctx, plaintext);   // vector
//   auto n = aeskit::chunked::open(Suite::cobblestone_128, key, ctx, ct, out);      // threads
//   Many messages under one key: auto k = aeskit::chunked::Key::create(suite, key); then
//   seal(*k, ctx, plaintext), open(*k, ctx, ct, out), ... (the per-key HMAC setup done once).
//   Streaming: Encryptor/Decryptor (push: update/finish), PullEncryptor/PullDecryptor (pull
//   from a source). Random access: Reader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit::chunked {

enum class Suite { cobblestone_128, cobblestone_256 };

inline constexpr std::size_t kChunkSize = 16384;                      // plaintext per full chunk
inline constexpr std::size_t kTagSize = 16;                           // AES-GCM tag per chunk
inline constexpr std::size_t kWireChunkSize = kChunkSize + kTagSize;  // 16400
inline constexpr std::size_t kSaltSize = 24;
inline constexpr std::size_t kCommitmentSize = 32;
inline constexpr std::size_t kHeaderSize = kSaltSize + kCommitmentSize;  // 56
inline constexpr std::size_t kNonceSize = 12;
inline constexpr std::uint64_t kMaxChunks = std::uint64_t{1} << 38;  // chunk indices < 2^38
// The longest plaintext: 2^38 - 1 full chunks and a final chunk of 16383 bytes.
inline constexpr std::uint64_t kMaxPlaintext = kMaxChunks * kChunkSize - 1;

AESKIT_API std::size_t key_length(Suite suite) noexcept;       // 16 or 32
AESKIT_API std::string_view suite_name(Suite suite) noexcept;  // "Cobblestone-128", ...
// suite_for_key_length: 16 -> Cobblestone-128, 32 -> Cobblestone-256. Error: bad_key_length.
AESKIT_API Result<Suite> suite_for_key_length(std::size_t key_length) noexcept;

// ciphertext_length: header + 16400 per full chunk + final chunk (tag included).
// Error: message_too_long (plaintext above kMaxPlaintext).
AESKIT_API Result<std::uint64_t> ciphertext_length(std::uint64_t plaintext_length) noexcept;
// plaintext_length: the length a ciphertext of this size would decrypt to, by the length
// rules only (nothing is authenticated). Error: truncated (no room for the header and a final
// chunk, or it ends on a chunk boundary), message_too_long.
AESKIT_API Result<std::uint64_t> plaintext_length(std::uint64_t ciphertext_length) noexcept;

// generate_key fills `key` (16 or 32 bytes) from the OS (getrandom). Errors: bad_key_length,
// random_failed (the OS generator failed).
AESKIT_API Status generate_key(std::span<std::uint8_t> key) noexcept;

namespace detail {
struct ChunkKeys;
struct FileKeyState;
struct EncryptorState;
struct DecryptorState;
struct ReaderState;
}  // namespace detail

// Key is a chunked-encryption key prepared for many messages: its suite and the HMAC-SHA-512
// states of HKDF-Expand keyed with it (the ipad and opad blocks compressed once), so a message
// sealed or opened with a Key skips those two SHA-512 compressions. Every function taking raw
// key bytes has an overload taking a Key; both write and accept the same bytes. A Key is
// read-only after create(): threads may share one. The key bytes themselves are not kept; the
// states are wiped on destruction. Movable, not copyable; a moved-from (or default) Key is
// empty and every operation with it fails with invalid_state.
class AESKIT_API Key {
 public:
  // create: key of key_length(suite) bytes. Error: bad_key_length.
  static Result<Key> create(Suite suite, std::span<const std::uint8_t> key);

  Key() noexcept;
  Key(Key&&) noexcept;
  Key& operator=(Key&&) noexcept;
  Key(const Key&) = delete;
  Key& operator=(const Key&) = delete;
  ~Key();

  bool valid() const noexcept { return s_ != nullptr; }
  Suite suite() const noexcept;  // cobblestone_128 for an empty key

 private:
  friend struct detail::ChunkKeys;
  std::unique_ptr<detail::FileKeyState> s_;
};

// threads: 0 means std::thread::hardware_concurrency(). Results never depend on it.
inline constexpr unsigned kAllThreads = 0;

// ---- Whole buffers (spread over threads) -------------------------------------------------

// seal encrypts `plaintext` into `out` (ciphertext_length(plaintext.size()) bytes) with a
// fresh random salt and returns that count. Errors: bad_key_length, output_too_small,
// overlapping_buffers, message_too_long, random_failed (the OS generator failed).
AESKIT_API Result<std::size_t> seal(Suite suite, std::span<const std::uint8_t> key,
                                    std::span<const std::uint8_t> context,
                                    std::span<const std::uint8_t> plaintext,
                                    std::span<std::uint8_t> out, unsigned threads = kAllThreads);
AESKIT_API Result<std::vector<std::uint8_t>> seal(Suite suite, std::span<const std::uint8_t> key,
                                                  std::span<const std::uint8_t> context,
                                                  std::span<const std::uint8_t> plaintext,
                                                  unsigned threads = kAllThreads);

// open verifies and decrypts all of `ciphertext` into `out` (at least
// plaintext_length(ciphertext.size()) bytes) and returns the plaintext length. On any error
// the whole span it would have written is zeroed. Errors: wrong_key_or_context, truncated,
// chunk_forged, trailing_data, bad_key_length, output_too_small, overlapping_buffers.
AESKIT_API Result<std::size_t> open(Suite suite, std::span<const std::uint8_t> key,
                                    std::span<const std::uint8_t> context,
                                    std::span<const std::uint8_t> ciphertext,
                                    std::span<std::uint8_t> out, unsigned threads = kAllThreads);

// The same with a Key (an empty Key: invalid_state; no bad_key_length).
AESKIT_API Result<std::size_t> seal(const Key& key, std::span<const std::uint8_t> context,
                                    std::span<const std::uint8_t> plaintext,
                                    std::span<std::uint8_t> out, unsigned threads = kAllThreads);
AESKIT_API Result<std::vector<std::uint8_t>> seal(const Key& key,
                                                  std::span<const std::uint8_t> context,
                                                  std::span<const std::uint8_t> plaintext,
                                                  unsigned threads = kAllThreads);
AESKIT_API Result<std::size_t> open(const Key& key, std::span<const std::uint8_t> context,
                                    std::span<const std::uint8_t> ciphertext,
                                    std::span<std::uint8_t> out, unsigned threads = kAllThreads);

// ---- Push streams --------------------------------------------------------------------------

// Encryptor seals one message fed in any split: update() any number of times, then finish().
// It holds at most one partial chunk (16 KiB). Full chunks are sealed as soon as they are
// complete; with set_threads(n > 1), a large update() seals its chunks on n threads (same
// output). Not thread-safe itself. After finish() or an error, calls fail with invalid_state
// (or the error).
class AESKIT_API Encryptor {
 public:
  // create: fresh random salt. Errors: bad_key_length, random_failed (the OS generator failed).
  static Result<Encryptor> create(Suite suite, std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> context);
  // With a Key. Errors: invalid_state (empty key), random_failed (the OS generator failed).
  static Result<Encryptor> create(const Key& key, std::span<const std::uint8_t> context);

  Encryptor(Encryptor&&) noexcept;
  Encryptor& operator=(Encryptor&&) noexcept;
  ~Encryptor();

  void set_threads(unsigned threads) noexcept;  // 0 = all cores; default 1

  // update_bound: the most bytes update(in of in_length bytes) may write, whatever the
  // encryptor holds (header + ceil(in_length / 16384) wire chunks): one figure serves every
  // update of that size, so a buffer sized once can be reused. update() needs only what it
  // writes; on output_too_small, required_size() gives that exact figure.
  std::size_t update_bound(std::size_t in_length) const noexcept;
  // update consumes all of `in` and writes the header (first time) and every completed chunk.
  // Errors (nothing consumed or written): output_too_small (below update_bound),
  // overlapping_buffers, message_too_long, invalid_state.
  Result<std::size_t> update(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
  // finish writes the final chunk (and the header if not yet written): at most kFinishBound.
  static constexpr std::size_t kFinishBound = kHeaderSize + kChunkSize - 1 + kTagSize;
  Result<std::size_t> finish(std::span<std::uint8_t> out);

 private:
  friend struct detail::ChunkKeys;
  explicit Encryptor(std::unique_ptr<detail::EncryptorState> s) noexcept;
  std::unique_ptr<detail::EncryptorState> s_;
};

// Decryptor opens one message fed in any split. The header is checked as soon as its 56
// bytes arrive (wrong_key_or_context before any chunk is decrypted). update() releases the
// plaintext of each chunk only after that chunk verified; the final chunk is decrypted by
// finish(). Holds at most one chunk (16400 bytes).
//
// Errors are sticky: once a chunk fails, every later call returns the same error. When
// update() verified some chunks before hitting a bad one, it returns those bytes (all
// authentic) and the error comes from the next call; the message as a whole is authentic
// only when finish() succeeds.
class AESKIT_API Decryptor {
 public:
  // Error: bad_key_length.
  static Result<Decryptor> create(Suite suite, std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> context);
  // With a Key. Error: invalid_state (empty key).
  static Result<Decryptor> create(const Key& key, std::span<const std::uint8_t> context);

  Decryptor(Decryptor&&) noexcept;
  Decryptor& operator=(Decryptor&&) noexcept;
  ~Decryptor();

  void set_threads(unsigned threads) noexcept;  // 0 = all cores; default 1

  // update_bound: the most bytes update(in of in_length bytes) may write, whatever the
  // decryptor holds (ceil(in_length / 16400) chunks of 16384): reusable for every update of
  // that size, as Encryptor's.
  std::size_t update_bound(std::size_t in_length) const noexcept;
  // Errors: wrong_key_or_context, chunk_forged, trailing_data, message_too_long (beyond the
  // chunk counter), output_too_small, overlapping_buffers, invalid_state.
  Result<std::size_t> update(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
  // finish decrypts the final chunk (at most kChunkSize - 1 bytes). Errors: truncated,
  // chunk_forged, trailing_data, wrong_key_or_context, invalid_state.
  Result<std::size_t> finish(std::span<std::uint8_t> out);
  static constexpr std::size_t kFinishBound = kChunkSize - 1;

 private:
  friend struct detail::ChunkKeys;
  explicit Decryptor(std::unique_ptr<detail::DecryptorState> s) noexcept;
  std::unique_ptr<detail::DecryptorState> s_;
};

// ---- Pull streams --------------------------------------------------------------------------

// Source: fill (part of) `buffer` and return the count; 0 means end of input; an error stops.
using Source = std::function<Result<std::size_t>(std::span<std::uint8_t> buffer)>;

// PullEncryptor / PullDecryptor read from a Source on demand: read(out) returns up to
// out.size() bytes of output, 0 at the end (PullDecryptor: only after the final chunk
// verified). Errors as the push streams, plus whatever the source returns; errors repeat.
class AESKIT_API PullEncryptor {
 public:
  PullEncryptor(Encryptor encryptor, Source source);
  PullEncryptor(PullEncryptor&&) noexcept;
  PullEncryptor& operator=(PullEncryptor&&) noexcept;
  ~PullEncryptor();
  Result<std::size_t> read(std::span<std::uint8_t> out);

 private:
  Encryptor enc_;
  Source source_;
  std::vector<std::uint8_t> in_, pending_;
  std::size_t pending_pos_ = 0;
  bool done_ = false;
  Status error_;
};

class AESKIT_API PullDecryptor {
 public:
  PullDecryptor(Decryptor decryptor, Source source);
  PullDecryptor(PullDecryptor&&) noexcept;
  PullDecryptor& operator=(PullDecryptor&&) noexcept;
  ~PullDecryptor();
  Result<std::size_t> read(std::span<std::uint8_t> out);

 private:
  Decryptor dec_;
  Source source_;
  std::vector<std::uint8_t> in_, pending_;
  std::size_t pending_pos_ = 0;
  bool done_ = false;
  Status error_;
};

// ---- Random access -------------------------------------------------------------------------

// ReadAt: fill all of `buffer` with the ciphertext bytes at `offset` (the reader never asks
// beyond the size it was given). Return an error to stop (it is passed on).
using ReadAt = std::function<Status(std::uint64_t offset, std::span<std::uint8_t> buffer)>;

// Reader decrypts any byte range of a ciphertext it reads through a ReadAt callback (or a
// span), verifying every chunk it touches. open() checks the header and the length rules;
// size() authenticates the plaintext length by verifying the final chunk (do that before
// seeking relative to the end); a read() that reaches the claimed end verifies the final chunk too.
// Not thread-safe (one chunk buffer); use one Reader per thread.
class AESKIT_API Reader {
 public:
  // Errors: bad_key_length, truncated, wrong_key_or_context, message_too_long, and errors
  // from read_at.
  static Result<Reader> open(Suite suite, std::span<const std::uint8_t> key,
                             std::span<const std::uint8_t> context, std::uint64_t ciphertext_size,
                             ReadAt read_at);
  // The span must outlive the Reader.
  static Result<Reader> open(Suite suite, std::span<const std::uint8_t> key,
                             std::span<const std::uint8_t> context,
                             std::span<const std::uint8_t> ciphertext);
  // With a Key (an empty Key: invalid_state instead of bad_key_length).
  static Result<Reader> open(const Key& key, std::span<const std::uint8_t> context,
                             std::uint64_t ciphertext_size, ReadAt read_at);
  static Result<Reader> open(const Key& key, std::span<const std::uint8_t> context,
                             std::span<const std::uint8_t> ciphertext);

  Reader(Reader&&) noexcept;
  Reader& operator=(Reader&&) noexcept;
  ~Reader();

  // claimed_size: the plaintext length from the ciphertext length, NOT yet authenticated.
  std::uint64_t claimed_size() const noexcept;
  // size: the authenticated plaintext length (verifies the final chunk once; cached).
  // Errors: chunk_forged, trailing_data, errors from read_at.
  Result<std::uint64_t> size();
  // read writes the plaintext bytes [offset, offset + n) to `out` and returns n =
  // min(out.size(), size - offset) (0 at or past the end). Every chunk touched is verified
  // first; on error nothing of the failing chunk is written (earlier chunks of this call may
  // have been). Errors: chunk_forged, trailing_data, errors from read_at.
  Result<std::size_t> read(std::uint64_t offset, std::span<std::uint8_t> out);

 private:
  friend struct detail::ChunkKeys;
  explicit Reader(std::unique_ptr<detail::ReaderState> s) noexcept;
  std::unique_ptr<detail::ReaderState> s_;
};

// ---- Hazmat: raw mode ----------------------------------------------------------------------
//
// hazmat_* functions work below the header: with an AEAD key and base nonce (the spec's "raw
// mode", e.g. keys from another KDF) or with a caller-chosen salt. Misuse (a repeated salt, a
// reused key + base nonce for two messages) destroys confidentiality and authenticity. Raw
// ciphertexts have no header; the commitment is not checked.
namespace hazmat {

// derive_keys: the header derivation. aead_key_out: key_length(suite) bytes; nonce_out: 12;
// commitment_out: 32. Errors: bad_key_length, output_too_small.
AESKIT_API Status derive_keys(Suite suite, std::span<const std::uint8_t> key,
                              std::span<const std::uint8_t> salt,
                              std::span<const std::uint8_t> context,
                              std::span<std::uint8_t> aead_key_out,
                              std::span<std::uint8_t> nonce_out,
                              std::span<std::uint8_t> commitment_out) noexcept;

// Encryptor with a caller-chosen salt (deterministic output; for tests and known answers).
AESKIT_API Result<Encryptor> encryptor_with_salt(Suite suite, std::span<const std::uint8_t> key,
                                                 std::span<const std::uint8_t> salt,
                                                 std::span<const std::uint8_t> context);
AESKIT_API Result<std::size_t> seal_with_salt(Suite suite, std::span<const std::uint8_t> key,
                                              std::span<const std::uint8_t> salt,
                                              std::span<const std::uint8_t> context,
                                              std::span<const std::uint8_t> plaintext,
                                              std::span<std::uint8_t> out,
                                              unsigned threads = kAllThreads);
// The same with a Key (an empty Key: invalid_state).
AESKIT_API Result<Encryptor> encryptor_with_salt(const Key& key, std::span<const std::uint8_t> salt,
                                                 std::span<const std::uint8_t> context);
AESKIT_API Result<std::size_t> seal_with_salt(const Key& key, std::span<const std::uint8_t> salt,
                                              std::span<const std::uint8_t> context,
                                              std::span<const std::uint8_t> plaintext,
                                              std::span<std::uint8_t> out,
                                              unsigned threads = kAllThreads);

// Raw mode: no header in or out. aead_key: key_length(suite) bytes, base_nonce: 12 bytes.
// Errors: bad_key_length, bad_nonce_length (and as the non-raw forms).
AESKIT_API Result<Encryptor> raw_encryptor(Suite suite, std::span<const std::uint8_t> aead_key,
                                           std::span<const std::uint8_t> base_nonce);
AESKIT_API Result<Decryptor> raw_decryptor(Suite suite, std::span<const std::uint8_t> aead_key,
                                           std::span<const std::uint8_t> base_nonce);
AESKIT_API Result<Reader> raw_reader(Suite suite, std::span<const std::uint8_t> aead_key,
                                     std::span<const std::uint8_t> base_nonce,
                                     std::uint64_t body_size, ReadAt read_at);
AESKIT_API Result<std::size_t> raw_seal(Suite suite, std::span<const std::uint8_t> aead_key,
                                        std::span<const std::uint8_t> base_nonce,
                                        std::span<const std::uint8_t> plaintext,
                                        std::span<std::uint8_t> out,
                                        unsigned threads = kAllThreads);
AESKIT_API Result<std::size_t> raw_open(Suite suite, std::span<const std::uint8_t> aead_key,
                                        std::span<const std::uint8_t> base_nonce,
                                        std::span<const std::uint8_t> body,
                                        std::span<std::uint8_t> out,
                                        unsigned threads = kAllThreads);
// Single chunks at any index (a final chunk below kMaxChunks, a full one below
// kMaxChunks - 1, which leaves room for the final chunk; else message_too_long). seal_chunk: a
// non-final chunk takes exactly kChunkSize bytes, a final one fewer; out gets pt + 16 bytes.
// open_chunk: verifies with the same rules (chunk_forged on failure; output zeroed).
AESKIT_API Status seal_chunk(Suite suite, std::span<const std::uint8_t> aead_key,
                             std::span<const std::uint8_t> base_nonce, std::uint64_t index,
                             bool final_chunk, std::span<const std::uint8_t> plaintext,
                             std::span<std::uint8_t> out);
AESKIT_API Status open_chunk(Suite suite, std::span<const std::uint8_t> aead_key,
                             std::span<const std::uint8_t> base_nonce, std::uint64_t index,
                             bool final_chunk, std::span<const std::uint8_t> chunk,
                             std::span<std::uint8_t> out);

}  // namespace hazmat

}  // namespace aeskit::chunked
