// aeskit/nonce.hpp — nonce safety for AEAD keys: a nonce sequence that never repeats or
// wraps, a key that picks its own nonces and counts its messages, random nonces only where
// the algorithm tolerates them, and the documented per-key message limits.
//
// Nonce sequence (TLS 1.3, RFC 8446 §5.3; QUIC, RFC 9001 §5.3): nonce(i) = base XOR i, the
// 64-bit counter i big-endian and right-aligned in the nonce (for a nonce shorter than 8
// bytes, i < 2^(8·length)). Counters only go forward, so one sequence yields each nonce once.
//
// Per-key message limits (message_limit): 2^32 messages for every nonce-based algorithm — the
// bound SP 800-38D §8.3 sets for GCM with random or non-96-bit nonces, applied uniformly as a
// conservative default (protocols with full-size records rekey earlier: TLS 1.3 allows AES-GCM
// 2^24.5 full records, RFC 8446 §5.5); XAES-256-GCM 2^64 - 1 (c2sp.org/XAES-256-GCM: random
// 24-byte nonces are safe for practically any number of messages), DNDK-GCM and DNDK-GCM-KC
// likewise (draft-gueron-cfrg-dndkgcm: random 24-byte nonces, the root key good for up to
// 2^64 bytes in all; aeskit counts messages, not bytes) and the AEGIS-256 forms likewise
// (32-byte nonces, draft-irtf-cfrg-aegis-aead). SealingKey enforces the limit it is given.
// Those 2^64 - 1 figures are for random nonces: a NonceSequence puts its counter in the last
// 8 bytes, which for DNDK-GCM (and XAES-256-GCM) is the GCM part of the nonce, so every message
// of a sequence runs under the same derived key, i.e. plain AES-256-GCM under one key — give
// such a SealingKey GCM's limit (2^32) explicitly, or use random nonces.
//
// Random nonces: only AES-GCM-SIV (nonce misuse resistant, RFC 8452), XAES-256-GCM and
// DNDK-GCM(-KC) (24-byte nonces) and AEGIS-256/256X2/256X4 (32-byte nonces) get them from
// random_nonce; every other algorithm returns Errc::random_nonce_unsafe (12-byte random GCM nonces
// collide after about 2^48 messages and a collision breaks GCM completely; use a NonceSequence).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>

#include "aeskit/aead.hpp"
#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

// message_limit: the most messages one key of `algorithm` should seal (see above).
AESKIT_API std::uint64_t message_limit(const AeadAlgorithm& algorithm) noexcept;

// random_nonce_allowed: true for AES-128/256-GCM-SIV, XAES-256-GCM, DNDK-GCM(-KC) and
// AEGIS-256(X2/X4).
AESKIT_API bool random_nonce_allowed(const AeadAlgorithm& algorithm) noexcept;

// random_nonce fills out.first(nonce_recommended()) from the OS (getrandom). Errors:
// random_nonce_unsafe (the algorithm does not tolerate random nonces), output_too_small,
// random_failed (the OS generator failed). Nothing is written on error.
AESKIT_API Status random_nonce(const AeadAlgorithm& algorithm,
                               std::span<std::uint8_t> out) noexcept;

// NonceSequence hands out nonce(0), nonce(1), ... of one key, each once. Not thread-safe: one
// sequence per sender (a SealingKey has its own).
class AESKIT_API NonceSequence {
 public:
  static constexpr std::size_t kMaxNonceLength = 32;
  static constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

  // create: `base` (the static IV, 1..32 bytes) fixes the nonce length; `limit` caps the
  // number of nonces (counters 0..limit-1; also capped by 2^(8·length) for short nonces).
  // Errors: bad_nonce_length (empty or longer than 32 bytes).
  static Result<NonceSequence> create(std::span<const std::uint8_t> base,
                                      std::uint64_t limit = kNoLimit) noexcept;

  NonceSequence() noexcept = default;  // empty: next() fails with invalid_state

  // next writes the next nonce (nonce_length() bytes) to the start of `out` and returns its
  // counter. Errors: nonce_exhausted (the counter would reach the limit or wrap: no nonce is
  // ever given twice), output_too_small, invalid_state. Nothing is written or consumed on error.
  Result<std::uint64_t> next(std::span<std::uint8_t> out) noexcept;

  // nonce_at writes nonce(counter) without consuming anything: for the receiving side, which
  // learns the counter from the record (TLS/QUIC). Errors: nonce_exhausted (counter beyond the
  // limit), output_too_small, invalid_state.
  Status nonce_at(std::uint64_t counter, std::span<std::uint8_t> out) const noexcept;

  // accept: the receiving side's replay check: nonce(counter) for a counter above every one
  // accepted before (or the first). Errors: nonce_reused (a counter not above the last
  // accepted: a replayed or reordered record), nonce_exhausted, output_too_small, invalid_state.
  Result<std::uint64_t> accept(std::uint64_t counter, std::span<std::uint8_t> out) noexcept;

  std::size_t nonce_length() const noexcept { return length_; }
  std::uint64_t used() const noexcept { return next_; }  // nonces handed out by next()
  std::uint64_t limit() const noexcept { return limit_; }

 private:
  std::uint8_t base_[kMaxNonceLength] = {};
  std::size_t length_ = 0;
  std::uint64_t next_ = 0;
  std::uint64_t limit_ = 0;
  std::uint64_t accepted_ = 0;  // accepted counters + 1 of the highest (0: none yet)
};

// SealingKey is an AeadKey that chooses its own nonces from a NonceSequence and refuses to
// seal more than its message limit: the caller cannot repeat a nonce by mistake. seal() writes
// the nonce it used to `nonce_out` for the receiver (or the receiver keeps the same sequence).
// Move-only; not thread-safe (one sender).
class AESKIT_API SealingKey {
 public:
  // create: `base_nonce` must be a nonce length the algorithm allows; max_messages 0 means
  // message_limit(algorithm). Errors: invalid_state (empty key), bad_nonce_length.
  static Result<SealingKey> create(AeadKey key, std::span<const std::uint8_t> base_nonce,
                                   std::uint64_t max_messages = 0);

  // seal as AeadKey::seal with the next nonce, written to the start of `nonce_out`. Errors:
  // usage_limit_reached, nonce_exhausted, and AeadKey::seal's; output_too_small also for a
  // short nonce_out. On error no nonce is consumed and nothing is written.
  Result<std::size_t> seal(std::span<const std::uint8_t> ad,
                           std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> out,
                           std::span<std::uint8_t> nonce_out);

  const AeadKey& key() const noexcept { return key_; }
  std::uint64_t messages() const noexcept { return nonces_.used(); }
  std::uint64_t max_messages() const noexcept { return max_messages_; }

 private:
  SealingKey(AeadKey key, NonceSequence nonces, std::uint64_t max) noexcept
      : key_(std::move(key)), nonces_(nonces), max_messages_(max) {}
  AeadKey key_;
  NonceSequence nonces_;
  std::uint64_t max_messages_ = 0;
};

}  // namespace aeskit
