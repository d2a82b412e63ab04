// src/chunked/suite.cpp — Cobblestone suite parameters, length rules, key generation and the
// hazmat key derivation (c2sp.org/chunked-encryption).
//
//   ciphertext = 56 + 16400·f + (r + 16), plaintext = 16384·f + r, 0 ≤ r < 16384,
//   f + 1 ≤ 2^38 chunks.
// No CPU feature. Randomness: aeskit::random_bytes (getrandom(2)).
#include <cstring>

#include "aeskit/random.hpp"
#include "base/secure_zero.hpp"
#include "chunked/chunk_keys.hpp"
#include "core/error_detail.hpp"

namespace aeskit::chunked {

std::size_t key_length(Suite suite) noexcept {
  return suite == Suite::cobblestone_128 ? 16 : 32;
}

std::string_view suite_name(Suite suite) noexcept {
  return suite == Suite::cobblestone_128 ? "Cobblestone-128" : "Cobblestone-256";
}

Result<Suite> suite_for_key_length(std::size_t n) noexcept {
  if (n == 16) return Suite::cobblestone_128;
  if (n == 32) return Suite::cobblestone_256;
  return aeskit::detail::bad_key_length(
      "Cobblestone", "a key of 16 bytes (Cobblestone-128) or 32 (Cobblestone-256)", n);
}

Result<std::uint64_t> ciphertext_length(std::uint64_t pt) noexcept {
  if (pt > kMaxPlaintext) return Errc::message_too_long;
  const std::uint64_t full = pt / kChunkSize;
  const std::uint64_t rest = pt % kChunkSize;
  return kHeaderSize + full * kWireChunkSize + rest + kTagSize;
}

Result<std::uint64_t> plaintext_length(std::uint64_t ct) noexcept {
  if (ct < kHeaderSize) return Errc::truncated;
  const std::uint64_t body = ct - kHeaderSize;
  const std::uint64_t full = body / kWireChunkSize;
  const std::uint64_t rest = body % kWireChunkSize;
  if (rest < kTagSize) return Errc::truncated;
  if (full + 1 > kMaxChunks) return Errc::message_too_long;
  return full * kChunkSize + (rest - kTagSize);
}

Status generate_key(std::span<std::uint8_t> key) noexcept {
  if (key.size() != 16 && key.size() != 32)
    return aeskit::detail::bad_key_length(
        "Cobblestone", "a key of 16 bytes (Cobblestone-128) or 32 (Cobblestone-256)", key.size());
  return detail::fill_random(key);
}

Result<Key> Key::create(Suite suite, std::span<const std::uint8_t> key) {
  if (key.size() != key_length(suite))
    return aeskit::detail::bad_key_length(suite_name(suite), key_length(suite), key.size());
  auto state = std::make_unique<detail::FileKeyState>();
  if (Status s = state->init(suite, key); !s) return s;
  if (Status s = state->plan_gcm(); !s) return s;
  return detail::ChunkKeys::make_key(std::move(state));
}

Key::Key() noexcept = default;
Key::Key(Key&&) noexcept = default;
Key& Key::operator=(Key&&) noexcept = default;
Key::~Key() = default;  // ~FileKeyState wipes the HMAC states

Suite Key::suite() const noexcept {
  return s_ ? s_->suite : Suite::cobblestone_128;
}

namespace detail {

Key ChunkKeys::make_key(std::unique_ptr<FileKeyState> state) noexcept {
  Key key;
  key.s_ = std::move(state);
  return key;
}

Status fill_random(std::span<std::uint8_t> out) noexcept {
  return random_bytes(out);
}

}  // namespace detail

namespace hazmat {

Status derive_keys(Suite suite, std::span<const std::uint8_t> key,
                   std::span<const std::uint8_t> salt, std::span<const std::uint8_t> context,
                   std::span<std::uint8_t> aead_key_out, std::span<std::uint8_t> nonce_out,
                   std::span<std::uint8_t> commitment_out) noexcept {
  const std::size_t k = key_length(suite);
  detail::FileKeyState state;
  if (Status s = state.init(suite, key); !s) return s;
  if (aead_key_out.size() < k || nonce_out.size() < kNonceSize ||
      commitment_out.size() < kCommitmentSize)
    return Errc::output_too_small;
  std::uint8_t okm[32 + kNonceSize + kCommitmentSize];
  Status s = detail::expand_keys(state, salt, context, {okm, k + kNonceSize + kCommitmentSize});
  if (s) {
    std::memcpy(aead_key_out.data(), okm, k);
    std::memcpy(nonce_out.data(), okm + k, kNonceSize);
    std::memcpy(commitment_out.data(), okm + k + kNonceSize, kCommitmentSize);
  }
  aeskit::detail::secure_zero(okm, sizeof okm);
  return s;
}

Status seal_chunk(Suite suite, std::span<const std::uint8_t> aead_key,
                  std::span<const std::uint8_t> base_nonce, std::uint64_t index, bool final_chunk,
                  std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> out) {
  if (index >= kMaxChunks - (final_chunk ? 0 : 1)) return Errc::message_too_long;
  if (final_chunk ? plaintext.size() >= kChunkSize : plaintext.size() != kChunkSize)
    return Errc::invalid_argument;
  if (out.size() < plaintext.size() + kTagSize)
    return aeskit::detail::output_too_small(plaintext.size() + kTagSize, out.size());
  if (detail::spans_overlap(plaintext.data(), plaintext.size(), out.data(), out.size()) &&
      plaintext.data() != out.data())
    return Errc::overlapping_buffers;
  auto keys = detail::ChunkKeys::raw(suite, aead_key, base_nonce);
  if (!keys) return keys.status();
  keys->seal(index, plaintext, out.data());
  return {};
}

Status open_chunk(Suite suite, std::span<const std::uint8_t> aead_key,
                  std::span<const std::uint8_t> base_nonce, std::uint64_t index, bool final_chunk,
                  std::span<const std::uint8_t> chunk, std::span<std::uint8_t> out) {
  if (index >= kMaxChunks - (final_chunk ? 0 : 1)) return Errc::message_too_long;
  if (chunk.size() < kTagSize) return Errc::truncated;
  if (final_chunk ? chunk.size() >= kWireChunkSize : chunk.size() != kWireChunkSize)
    return Errc::chunk_forged;
  if (out.size() < chunk.size() - kTagSize)
    return aeskit::detail::output_too_small(chunk.size() - kTagSize, out.size());
  if (detail::spans_overlap(chunk.data(), chunk.size(), out.data(), out.size()) &&
      chunk.data() != out.data())
    return Errc::overlapping_buffers;
  auto keys = detail::ChunkKeys::raw(suite, aead_key, base_nonce);
  if (!keys) return keys.status();
  if (!keys->open(index, chunk, out.data())) return Errc::chunk_forged;
  return {};
}

}  // namespace hazmat
}  // namespace aeskit::chunked
