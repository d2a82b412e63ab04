// src/chunked/reader.cpp — random access into a c2sp.org/chunked-encryption ciphertext.
//
// With body = ciphertext minus the 56-byte header: f = floor(body / 16400) full chunks and a
// final chunk of r = body mod 16400 bytes (the length rules need 16 ≤ r, so a body that ends
// on a chunk boundary is truncated). Plaintext byte p lives in chunk p / 16384 at offset
// p mod 16384; chunk i < f is read at 16400·i and opened as a full chunk, chunk f as the final
// one. The plaintext length 16384·f + r - 16 is only a claim until the final chunk verifies
// (size()). No CPU feature of its own.
#include <cstring>
#include <vector>

#include "base/secure_zero.hpp"
#include "chunked/chunk_keys.hpp"

namespace aeskit::chunked {
namespace detail {

struct ReaderState {
  ChunkKeys keys;
  ReadAt read_at;
  std::uint64_t body_offset = 0;
  std::uint64_t full_chunks = 0;  // f
  std::size_t final_wire = 0;     // r
  bool size_verified = false;
  std::vector<std::uint8_t> wire = std::vector<std::uint8_t>(kWireChunkSize);
  std::vector<std::uint8_t> plain = std::vector<std::uint8_t>(kChunkSize);

  ~ReaderState() { aeskit::detail::secure_zero(plain.data(), plain.size()); }

  std::uint64_t claimed() const noexcept {
    return full_chunks * kChunkSize + (final_wire - kTagSize);
  }

  // load opens chunk i into `plain`; returns its plaintext length or an error.
  Result<std::size_t> load(std::uint64_t i) {
    const bool is_final = i == full_chunks;
    const std::size_t len = is_final ? final_wire : kWireChunkSize;
    if (Status s = read_at(body_offset + i * kWireChunkSize, {wire.data(), len}); !s) return s;
    if (!keys.open(i, {wire.data(), len}, plain.data()))
      return keys.failure_kind(i, {wire.data(), len}, plain.data());
    if (is_final) size_verified = true;
    return len - kTagSize;
  }
};

Reader ChunkKeys::make_reader(std::unique_ptr<ReaderState> state) {
  return Reader(std::move(state));
}

namespace {

// set_lengths applies the length rules to a body of `body` bytes.
Status set_lengths(ReaderState& s, std::uint64_t body) {
  s.full_chunks = body / kWireChunkSize;
  s.final_wire = static_cast<std::size_t>(body % kWireChunkSize);
  if (s.final_wire < kTagSize) return Errc::truncated;
  if (s.full_chunks + 1 > kMaxChunks) return Errc::message_too_long;
  return {};
}

ReadAt span_reader(std::span<const std::uint8_t> data) {
  return [data](std::uint64_t offset, std::span<std::uint8_t> out) -> Status {
    if (offset > data.size() || out.size() > data.size() - offset) return Errc::truncated;
    if (out.size() != 0) std::memcpy(out.data(), data.data() + offset, out.size());
    return {};
  };
}

}  // namespace
}  // namespace detail

Reader::Reader(std::unique_ptr<detail::ReaderState> s) noexcept : s_(std::move(s)) {}
Reader::Reader(Reader&&) noexcept = default;
Reader& Reader::operator=(Reader&&) noexcept = default;
Reader::~Reader() = default;

namespace detail {
namespace {

Result<Reader> open_keyed(const FileKeyState& key, std::span<const std::uint8_t> context,
                          std::uint64_t ciphertext_size, ReadAt read_at) {
  if (ciphertext_size < kHeaderSize) return Errc::truncated;
  std::uint8_t header[kHeaderSize];
  if (Status s = read_at(0, {header, kHeaderSize}); !s) return s;
  std::uint8_t expected[kCommitmentSize];
  auto keys = ChunkKeys::derive(key, {header, kSaltSize}, context, expected);
  if (!keys) return keys.status();
  const bool match = commitment_matches(expected, header + kSaltSize);
  aeskit::detail::secure_zero(expected, sizeof expected);
  if (!match) return Errc::wrong_key_or_context;
  auto state = std::make_unique<ReaderState>();
  if (Status s = set_lengths(*state, ciphertext_size - kHeaderSize); !s) return s;
  state->keys = std::move(*keys);
  state->read_at = std::move(read_at);
  state->body_offset = kHeaderSize;
  return ChunkKeys::make_reader(std::move(state));
}

}  // namespace
}  // namespace detail

Result<Reader> Reader::open(Suite suite, std::span<const std::uint8_t> key,
                            std::span<const std::uint8_t> context, std::uint64_t ciphertext_size,
                            ReadAt read_at) {
  detail::FileKeyState state;
  if (Status s = state.init(suite, key); !s) return s;
  return detail::open_keyed(state, context, ciphertext_size, std::move(read_at));
}

Result<Reader> Reader::open(Suite suite, std::span<const std::uint8_t> key,
                            std::span<const std::uint8_t> context,
                            std::span<const std::uint8_t> ciphertext) {
  return open(suite, key, context, ciphertext.size(), detail::span_reader(ciphertext));
}

Result<Reader> Reader::open(const Key& key, std::span<const std::uint8_t> context,
                            std::uint64_t ciphertext_size, ReadAt read_at) {
  const detail::FileKeyState* state = detail::ChunkKeys::state_of(key);
  if (state == nullptr) return Errc::invalid_state;
  return detail::open_keyed(*state, context, ciphertext_size, std::move(read_at));
}

Result<Reader> Reader::open(const Key& key, std::span<const std::uint8_t> context,
                            std::span<const std::uint8_t> ciphertext) {
  return open(key, context, ciphertext.size(), detail::span_reader(ciphertext));
}

std::uint64_t Reader::claimed_size() const noexcept {
  return s_ ? s_->claimed() : 0;
}

Result<std::uint64_t> Reader::size() {
  if (!s_) return Errc::invalid_state;
  if (!s_->size_verified) {
    auto n = s_->load(s_->full_chunks);
    aeskit::detail::secure_zero(s_->plain.data(), s_->plain.size());
    if (!n) return n.status();
  }
  return s_->claimed();
}

Result<std::size_t> Reader::read(std::uint64_t offset, std::span<std::uint8_t> out) {
  if (!s_) return Errc::invalid_state;
  detail::ReaderState& s = *s_;
  const std::uint64_t total = s.claimed();
  if (offset >= total || out.empty()) {
    if (offset >= total) {
      auto n = size();  // reading at or past the claimed end: authenticate the end first
      if (!n) return n.status();
    }
    return std::size_t{0};
  }
  const std::uint64_t end = offset + std::min<std::uint64_t>(out.size(), total - offset);
  std::size_t written = 0;
  for (std::uint64_t pos = offset; pos < end;) {
    const std::uint64_t chunk = pos / kChunkSize;
    auto n = s.load(chunk);
    if (!n) return n.status();
    const std::size_t in_chunk = static_cast<std::size_t>(pos % kChunkSize);
    const std::size_t take =
        static_cast<std::size_t>(std::min<std::uint64_t>(*n - in_chunk, end - pos));
    if (take != 0) std::memcpy(out.data() + written, s.plain.data() + in_chunk, take);
    written += take;
    pos += take;
  }
  aeskit::detail::secure_zero(s.plain.data(), s.plain.size());
  if (end == total) {  // the read reports where the message ends: that must be authentic
    auto n = size();
    if (!n) return n.status();
  }
  return written;
}

namespace hazmat {

Result<Reader> raw_reader(Suite suite, std::span<const std::uint8_t> aead_key,
                          std::span<const std::uint8_t> base_nonce, std::uint64_t body_size,
                          ReadAt read_at) {
  auto keys = detail::ChunkKeys::raw(suite, aead_key, base_nonce);
  if (!keys) return keys.status();
  auto state = std::make_unique<detail::ReaderState>();
  if (Status s = detail::set_lengths(*state, body_size); !s) return s;
  state->keys = std::move(*keys);
  state->read_at = std::move(read_at);
  return detail::ChunkKeys::make_reader(std::move(state));
}

}  // namespace hazmat
}  // namespace aeskit::chunked
