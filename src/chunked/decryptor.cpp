// src/chunked/decryptor.cpp — the push-style streaming decryptor of c2sp.org/chunked-encryption.
//
// Order of checks, as the spec requires: the 56-byte header first (the commitment, compared in
// constant time, before any chunk is touched); then each complete 16400-byte wire chunk, which
// is never the final one (the final chunk is shorter), so it is opened and released as soon
// as it is complete; at finish() the bytes left (16..16399) are the final chunk. Fewer than
// 16 left, or none (the message ended on a chunk boundary), means truncation. A full chunk may
// not take index 2^38 - 1 (the final chunk still needs one). Errors are sticky. No CPU feature
// of its own.
#include <cstring>
#include <vector>

#include "base/secure_zero.hpp"
#include "chunked/chunk_keys.hpp"
#include "core/error_detail.hpp"

namespace aeskit::chunked {
namespace detail {

struct DecryptorState {
  FileKeyState key;  // until the header arrives
  std::vector<std::uint8_t> context;
  ChunkKeys keys;
  bool have_keys = false;
  std::uint8_t header[kHeaderSize] = {};
  std::size_t header_have = 0;
  std::vector<std::uint8_t> wire = std::vector<std::uint8_t>(kWireChunkSize);
  std::size_t buffered = 0;
  std::vector<std::uint8_t> scratch;  // for failure_kind, on the error path only
  std::uint64_t next_index = 0;
  unsigned threads = 1;
  bool finished = false;
  Status error;

  ~DecryptorState() { aeskit::detail::secure_zero(wire.data(), wire.size()); }

  Errc fail_at(std::uint64_t index, std::span<const std::uint8_t> bytes) {
    scratch.resize(kChunkSize);
    error = keys.failure_kind(index, bytes, scratch.data());
    return error.code();
  }

  // take_header consumes header bytes from `in`; sets `error` on a commitment mismatch.
  void take_header(std::span<const std::uint8_t>& in) {
    const std::size_t take = std::min(kHeaderSize - header_have, in.size());
    if (take != 0) std::memcpy(header + header_have, in.data(), take);
    header_have += take;
    in = in.subspan(take);
    if (header_have < kHeaderSize) return;
    std::uint8_t expected[kCommitmentSize];
    auto derived = ChunkKeys::derive(key, {header, kSaltSize}, context, expected);
    key.wipe();
    if (!derived) {
      error = derived.status();
      return;
    }
    const bool match = commitment_matches(expected, header + kSaltSize);
    aeskit::detail::secure_zero(expected, sizeof expected);
    if (!match) {
      error = Errc::wrong_key_or_context;
      return;
    }
    keys = std::move(*derived);
    have_keys = true;
  }
};

Decryptor ChunkKeys::make_decryptor(const FileKeyState& key,
                                    std::span<const std::uint8_t> context) {
  auto s = std::make_unique<DecryptorState>();
  s->key = key;
  s->context.assign(context.begin(), context.end());
  return Decryptor(std::move(s));
}

Decryptor ChunkKeys::make_raw_decryptor(ChunkKeys keys) {
  auto s = std::make_unique<DecryptorState>();
  s->keys = std::move(keys);
  s->have_keys = true;
  s->header_have = kHeaderSize;
  return Decryptor(std::move(s));
}

}  // namespace detail

Decryptor::Decryptor(std::unique_ptr<detail::DecryptorState> s) noexcept : s_(std::move(s)) {}
Decryptor::Decryptor(Decryptor&&) noexcept = default;
Decryptor& Decryptor::operator=(Decryptor&&) noexcept = default;
Decryptor::~Decryptor() = default;

Result<Decryptor> Decryptor::create(Suite suite, std::span<const std::uint8_t> key,
                                    std::span<const std::uint8_t> context) {
  detail::FileKeyState state;
  if (Status s = state.init(suite, key); !s) return s;
  return detail::ChunkKeys::make_decryptor(state, context);
}

Result<Decryptor> Decryptor::create(const Key& key, std::span<const std::uint8_t> context) {
  const detail::FileKeyState* state = detail::ChunkKeys::state_of(key);
  if (state == nullptr) return Errc::invalid_state;
  return detail::ChunkKeys::make_decryptor(*state, context);
}

void Decryptor::set_threads(unsigned threads) noexcept {
  if (s_) s_->threads = detail::resolve_threads(threads);
}

// The bound holds whatever is buffered (0..kWireChunkSize-1 bytes of a chunk, or part of
// the header): ceil(n / kWireChunkSize) chunks of plaintext. update() itself asks only for
// what it will write (exact_update_size).
std::size_t Decryptor::update_bound(std::size_t in_length) const noexcept {
  if (!s_) return 0;
  return (in_length / kWireChunkSize + (in_length % kWireChunkSize != 0)) * kChunkSize;
}

namespace {

std::size_t exact_update_size(const detail::DecryptorState& s, std::size_t in_length) noexcept {
  const std::size_t header_left = kHeaderSize - s.header_have;
  const std::size_t body_in = in_length > header_left ? in_length - header_left : 0;
  return (s.buffered + body_in) / kWireChunkSize * kChunkSize;
}

}  // namespace

Result<std::size_t> Decryptor::update(std::span<const std::uint8_t> in,
                                      std::span<std::uint8_t> out) {
  if (!s_) return Errc::invalid_state;
  detail::DecryptorState& s = *s_;
  if (!s.error) return s.error;
  if (s.finished) return Errc::invalid_state;
  const std::size_t need = exact_update_size(s, in.size());
  if (out.size() < need) return aeskit::detail::output_too_small(need, out.size());
  if (detail::spans_overlap(in.data(), in.size(), out.data(), need))
    return Errc::overlapping_buffers;

  if (!s.have_keys) {
    s.take_header(in);
    if (!s.error) return s.error;
    if (!s.have_keys) return std::size_t{0};
  }
  std::size_t written = 0;
  if (s.buffered > 0 || in.size() < kWireChunkSize) {
    const std::size_t take = std::min(kWireChunkSize - s.buffered, in.size());
    if (take != 0) std::memcpy(s.wire.data() + s.buffered, in.data(), take);
    s.buffered += take;
    in = in.subspan(take);
    if (s.buffered < kWireChunkSize) return written;
    if (s.next_index >= kMaxChunks - 1) {
      s.error = Errc::message_too_long;
      return s.error;
    }
    if (!s.keys.open(s.next_index, {s.wire.data(), kWireChunkSize}, out.data())) {
      return s.fail_at(s.next_index, {s.wire.data(), kWireChunkSize});
    }
    ++s.next_index;
    written += kChunkSize;
    s.buffered = 0;
  }
  std::size_t full = in.size() / kWireChunkSize;
  if (full > kMaxChunks - 1 - s.next_index) {
    s.error = Errc::message_too_long;
    return written ? Result<std::size_t>(written) : Result<std::size_t>(s.error);
  }
  const std::size_t good = detail::open_full_chunks(s.keys, s.next_index, in.data(), full,
                                                    out.data() + written, s.threads);
  s.next_index += good;
  written += good * kChunkSize;
  if (good < full) {
    s.fail_at(s.next_index, in.subspan(good * kWireChunkSize));
    return written ? Result<std::size_t>(written) : Result<std::size_t>(s.error);
  }
  in = in.subspan(full * kWireChunkSize);
  if (in.size() != 0) std::memcpy(s.wire.data(), in.data(), in.size());
  s.buffered = in.size();
  return written;
}

Result<std::size_t> Decryptor::finish(std::span<std::uint8_t> out) {
  if (!s_) return Errc::invalid_state;
  detail::DecryptorState& s = *s_;
  if (!s.error) return s.error;
  if (s.finished) return Errc::invalid_state;
  if (!s.have_keys || s.buffered < kTagSize) {
    s.error = Errc::truncated;
    return s.error;
  }
  const std::size_t n = s.buffered - kTagSize;
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  if (s.next_index >= kMaxChunks) {
    s.error = Errc::message_too_long;
    return s.error;
  }
  if (!s.keys.open(s.next_index, {s.wire.data(), s.buffered}, out.data()))
    return s.fail_at(s.next_index, {s.wire.data(), s.buffered});
  s.finished = true;
  s.buffered = 0;
  return n;
}

namespace hazmat {

Result<Decryptor> raw_decryptor(Suite suite, std::span<const std::uint8_t> aead_key,
                                std::span<const std::uint8_t> base_nonce) {
  auto keys = detail::ChunkKeys::raw(suite, aead_key, base_nonce);
  if (!keys) return keys.status();
  return detail::ChunkKeys::make_raw_decryptor(std::move(*keys));
}

}  // namespace hazmat
}  // namespace aeskit::chunked
