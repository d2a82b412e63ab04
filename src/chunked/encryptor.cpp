// src/chunked/encryptor.cpp — the push-style streaming encryptor of c2sp.org/chunked-encryption.
//
// State: the header (until written), at most one partial chunk (< 16384 bytes) and the next
// chunk index. update() seals every chunk it completes: a full chunk is never the last one (the
// message always ends with a short, possibly empty, chunk), so it can go out at once. finish()
// seals what is left as the final chunk. Limit: full chunks take indices 0..2^38 - 2, so the
// final chunk's index stays below 2^38. No CPU feature of its own.
#include <cstring>
#include <vector>

#include "base/secure_zero.hpp"
#include "chunked/chunk_keys.hpp"
#include "core/error_detail.hpp"

namespace aeskit::chunked {
namespace detail {

struct EncryptorState {
  ChunkKeys keys;
  std::uint8_t header[kHeaderSize] = {};
  std::size_t header_pending = 0;  // header bytes still to write (kHeaderSize or 0)
  std::vector<std::uint8_t> partial = std::vector<std::uint8_t>(kChunkSize);
  std::size_t buffered = 0;
  std::uint64_t next_index = 0;
  unsigned threads = 1;
  bool finished = false;
  Status error;

  ~EncryptorState() { aeskit::detail::secure_zero(partial.data(), partial.size()); }
};

Encryptor ChunkKeys::make_encryptor(ChunkKeys keys, std::span<const std::uint8_t> header) {
  auto s = std::make_unique<EncryptorState>();
  s->keys = std::move(keys);
  if (header.size() != 0) std::memcpy(s->header, header.data(), header.size());
  s->header_pending = header.size();
  return Encryptor(std::move(s));
}

}  // namespace detail

Encryptor::Encryptor(std::unique_ptr<detail::EncryptorState> s) noexcept : s_(std::move(s)) {}
Encryptor::Encryptor(Encryptor&&) noexcept = default;
Encryptor& Encryptor::operator=(Encryptor&&) noexcept = default;
Encryptor::~Encryptor() = default;

void Encryptor::set_threads(unsigned threads) noexcept {
  if (s_) s_->threads = detail::resolve_threads(threads);
}

// The bound holds whatever is buffered (0..kChunkSize-1 bytes) and whether the header is
// still to come: header + ceil(n / kChunkSize) wire chunks. update() itself asks only for
// what it will write (exact_update_size).
std::size_t Encryptor::update_bound(std::size_t in_length) const noexcept {
  if (!s_) return 0;
  return kHeaderSize + (in_length / kChunkSize + (in_length % kChunkSize != 0)) * kWireChunkSize;
}

namespace {

std::size_t exact_update_size(const detail::EncryptorState& s, std::size_t in_length) noexcept {
  return s.header_pending + (s.buffered + in_length) / kChunkSize * kWireChunkSize;
}

}  // namespace

Result<std::size_t> Encryptor::update(std::span<const std::uint8_t> in,
                                      std::span<std::uint8_t> out) {
  if (!s_ || s_->finished) return Errc::invalid_state;
  if (!s_->error) return s_->error;
  detail::EncryptorState& s = *s_;
  const std::size_t need = exact_update_size(s, in.size());
  if (out.size() < need) return aeskit::detail::output_too_small(need, out.size());
  if (detail::spans_overlap(in.data(), in.size(), out.data(), need))
    return Errc::overlapping_buffers;
  const std::uint64_t completed = (s.buffered + in.size()) / kChunkSize;
  if (completed > kMaxChunks - 1 - s.next_index) return Errc::message_too_long;

  std::size_t written = 0;
  if (s.header_pending) {
    std::memcpy(out.data(), s.header, kHeaderSize);
    written = kHeaderSize;
    s.header_pending = 0;
  }
  if (s.buffered > 0) {
    const std::size_t take = std::min(kChunkSize - s.buffered, in.size());
    if (take != 0) std::memcpy(s.partial.data() + s.buffered, in.data(), take);
    s.buffered += take;
    in = in.subspan(take);
    if (s.buffered < kChunkSize) return written;
    s.keys.seal(s.next_index++, {s.partial.data(), kChunkSize}, out.data() + written);
    written += kWireChunkSize;
    s.buffered = 0;
  }
  const std::size_t full = in.size() / kChunkSize;
  detail::seal_full_chunks(s.keys, s.next_index, in.data(), full, out.data() + written, s.threads);
  s.next_index += full;
  written += full * kWireChunkSize;
  in = in.subspan(full * kChunkSize);
  if (in.size() != 0) std::memcpy(s.partial.data(), in.data(), in.size());
  s.buffered = in.size();
  return written;
}

Result<std::size_t> Encryptor::finish(std::span<std::uint8_t> out) {
  if (!s_ || s_->finished) return Errc::invalid_state;
  if (!s_->error) return s_->error;
  detail::EncryptorState& s = *s_;
  const std::size_t need = s.header_pending + s.buffered + kTagSize;
  if (out.size() < need) return aeskit::detail::output_too_small(need, out.size());
  if (s.next_index >= kMaxChunks) return Errc::message_too_long;  // not reachable via update
  std::size_t written = 0;
  if (s.header_pending) {
    std::memcpy(out.data(), s.header, kHeaderSize);
    written = kHeaderSize;
    s.header_pending = 0;
  }
  s.keys.seal(s.next_index++, {s.partial.data(), s.buffered}, out.data() + written);
  written += s.buffered + kTagSize;
  aeskit::detail::secure_zero(s.partial.data(), s.buffered);
  s.buffered = 0;
  s.finished = true;
  return written;
}

Result<Encryptor> Encryptor::create(Suite suite, std::span<const std::uint8_t> key,
                                    std::span<const std::uint8_t> context) {
  if (key.size() != key_length(suite))
    return aeskit::detail::bad_key_length(suite_name(suite), key_length(suite), key.size());
  std::uint8_t salt[kSaltSize];
  if (Status st = detail::fill_random({salt, kSaltSize}); !st) return st;
  return hazmat::encryptor_with_salt(suite, key, {salt, kSaltSize}, context);
}

Result<Encryptor> Encryptor::create(const Key& key, std::span<const std::uint8_t> context) {
  if (!key.valid()) return Errc::invalid_state;
  std::uint8_t salt[kSaltSize];
  if (Status st = detail::fill_random({salt, kSaltSize}); !st) return st;
  return hazmat::encryptor_with_salt(key, {salt, kSaltSize}, context);
}

namespace detail {
namespace {

Result<Encryptor> encryptor_salted(const FileKeyState& key, std::span<const std::uint8_t> salt,
                                   std::span<const std::uint8_t> context) {
  if (salt.size() != kSaltSize) return Errc::invalid_argument;
  std::uint8_t header[kHeaderSize];
  std::memcpy(header, salt.data(), kSaltSize);
  auto keys = ChunkKeys::derive(key, salt, context, header + kSaltSize);
  if (!keys) return keys.status();
  return ChunkKeys::make_encryptor(std::move(*keys), {header, kHeaderSize});
}

}  // namespace
}  // namespace detail

namespace hazmat {

Result<Encryptor> encryptor_with_salt(Suite suite, std::span<const std::uint8_t> key,
                                      std::span<const std::uint8_t> salt,
                                      std::span<const std::uint8_t> context) {
  detail::FileKeyState state;
  if (Status s = state.init(suite, key); !s) return s;
  return detail::encryptor_salted(state, salt, context);
}

Result<Encryptor> encryptor_with_salt(const Key& key, std::span<const std::uint8_t> salt,
                                      std::span<const std::uint8_t> context) {
  const detail::FileKeyState* state = detail::ChunkKeys::state_of(key);
  if (state == nullptr) return Errc::invalid_state;
  return detail::encryptor_salted(*state, salt, context);
}

Result<Encryptor> raw_encryptor(Suite suite, std::span<const std::uint8_t> aead_key,
                                std::span<const std::uint8_t> base_nonce) {
  auto keys = detail::ChunkKeys::raw(suite, aead_key, base_nonce);
  if (!keys) return keys.status();
  return detail::ChunkKeys::make_encryptor(std::move(*keys), {});
}

}  // namespace hazmat
}  // namespace aeskit::chunked
