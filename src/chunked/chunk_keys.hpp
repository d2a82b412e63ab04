// src/chunked/chunk_keys.hpp — the per-message state of c2sp.org/chunked-encryption: the AES-GCM
// key and base nonce derived from the header (or given in raw mode), per-chunk nonces, sealing
// and opening one chunk, and the chunk runner that spreads chunks over threads.
//
//   nonce_i = base_nonce XOR (0^32 || BE64(i))      (i < 2^38)
//   chunk_i = AES-GCM-Seal(aead_key, nonce_i, ad = empty, pt_i) = ct_i || tag_i
// Needs no CPU feature itself (AES-GCM picks its kernel). Reference: c2sp.org/chunked-encryption.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aead/aead_key_state.hpp"
#include "aeskit/aead.hpp"
#include "aeskit/chunked.hpp"
#include "aeskit/hash.hpp"
#include "base/ct_equal.hpp"

namespace aeskit::chunked::detail {

// FileKeyState: what chunked::Key holds, and what the raw-key functions build on the stack: the
// suite and the HMAC-SHA-512 key states of HKDF-Expand with the user's key as PRK; for a Key
// (many messages) also the GCM plan its per-message AEAD keys are made on.
struct FileKeyState {
  Suite suite = Suite::cobblestone_128;
  aeskit::detail::HmacKey hmac;
  aeskit::detail::GcmPlan gcm;  // empty: choose per message (AeadKey::create)

  FileKeyState() noexcept = default;
  FileKeyState(const FileKeyState&) noexcept = default;
  FileKeyState& operator=(const FileKeyState&) noexcept = default;
  ~FileKeyState() { wipe(); }
  // init: the key must be key_length(suite) bytes. Error: bad_key_length.
  Status init(Suite s, std::span<const std::uint8_t> key) noexcept;
  // plan_gcm (chunked::Key, after init): chooses the AES-GCM code once for every message's
  // key (`gcm`), through aeskit::detail::choose_gcm_plan (no key is made).
  Status plan_gcm();
  void wipe() noexcept;
};

struct ChunkKeys {
  Suite suite = Suite::cobblestone_128;
  AeadKey aead;
  std::uint8_t base_nonce[kNonceSize] = {};

  // derive: the header derivation; writes the expected commitment to `commitment`.
  static Result<ChunkKeys> derive(const FileKeyState& key, std::span<const std::uint8_t> salt,
                                  std::span<const std::uint8_t> context,
                                  std::uint8_t commitment[kCommitmentSize]);
  // state_of: the state of a public Key (nullptr when it is empty).
  static const FileKeyState* state_of(const Key& key) noexcept { return key.s_.get(); }
  // raw: given AEAD key and base nonce, the AEAD key made on `plan` when it is not empty.
  // Errors: bad_key_length, bad_nonce_length.
  static Result<ChunkKeys> raw(Suite suite, std::span<const std::uint8_t> aead_key,
                               std::span<const std::uint8_t> base_nonce,
                               const aeskit::detail::GcmPlan& plan = {});

  void nonce(std::uint64_t index, std::uint8_t out[kNonceSize]) const noexcept;
  // seal: `pt` (≤ kChunkSize bytes) -> out[0, pt.size() + 16). The caller checked the rules.
  void seal(std::uint64_t index, std::span<const std::uint8_t> pt, std::uint8_t* out) const;
  // open: `wire` (16..16400 bytes) -> out[0, wire.size() - 16); false (out zeroed) on failure.
  bool open(std::uint64_t index, std::span<const std::uint8_t> wire, std::uint8_t* out) const;
  // failure_kind: why chunk `index` failed, given the bytes from its start (at least the
  // failing wire chunk): trailing_data when a shorter prefix opens as a valid final chunk at
  // this index (the message ended there), else chunk_forged. Error path only; `scratch` holds
  // kChunkSize bytes and is wiped. Costs one GHASH pass over the chunk and at most one trial
  // open (not one open per prefix length); `trial_opens`, when given, receives the number of
  // opens it made (tests bound it).
  Errc failure_kind(std::uint64_t index, std::span<const std::uint8_t> bytes, std::uint8_t* scratch,
                    unsigned* trial_opens = nullptr) const;

  // Factories for the public classes (friends of them).
  static Encryptor make_encryptor(ChunkKeys keys, std::span<const std::uint8_t> header);
  static Decryptor make_decryptor(const FileKeyState& key, std::span<const std::uint8_t> context);
  static Key make_key(std::unique_ptr<FileKeyState> state) noexcept;
  static Decryptor make_raw_decryptor(ChunkKeys keys);
  static Reader make_reader(std::unique_ptr<ReaderState> state);
};

// expand_keys: HKDF-Expand-SHA-512 with the key of `key` as PRK and the spec's info string,
// L = okm.size().
Status expand_keys(const FileKeyState& key, std::span<const std::uint8_t> salt,
                   std::span<const std::uint8_t> context, std::span<std::uint8_t> okm) noexcept;

// resolve_threads: 0 -> hardware_concurrency (at least 1).
unsigned resolve_threads(unsigned threads) noexcept;

// seal_full_chunks seals `count` full chunks (kChunkSize each) of `pt` starting at chunk
// `first_index`, writing kWireChunkSize bytes per chunk to `out`, on up to `threads` threads.
void seal_full_chunks(const ChunkKeys& keys, std::uint64_t first_index, const std::uint8_t* pt,
                      std::size_t count, std::uint8_t* out, unsigned threads);
// open_full_chunks opens `count` full wire chunks; returns the number of leading chunks that
// verified (count when all did). Output past the first failure is zeroed.
std::size_t open_full_chunks(const ChunkKeys& keys, std::uint64_t first_index,
                             const std::uint8_t* wire, std::size_t count, std::uint8_t* out,
                             unsigned threads);

// spans_overlap: any byte in common.
bool spans_overlap(const std::uint8_t* a, std::size_t an, const std::uint8_t* b,
                   std::size_t bn) noexcept;

// commitment_matches: constant-time comparison of two 32-byte commitments.
inline bool commitment_matches(const std::uint8_t* expected, const std::uint8_t* got) noexcept {
  return aeskit::detail::ct_equal(expected, got, kCommitmentSize);
}

// fill_random: aeskit::random_bytes. Error: random_failed.
Status fill_random(std::span<std::uint8_t> out) noexcept;

}  // namespace aeskit::chunked::detail
