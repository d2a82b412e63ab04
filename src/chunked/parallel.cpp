// src/chunked/parallel.cpp — whole-buffer seal and open of c2sp.org/chunked-encryption, with the
// chunks spread over threads.
//
// Chunks are independent (chunk i uses nonce_i), so thread t of T takes the contiguous run of
// full chunks [t·n/T, (t+1)·n/T) and writes exactly the bytes the serial loop would: the output
// does not depend on T. Open: every thread reports its first failing chunk; the earliest
// failure overall decides the error, and the whole output is then zeroed. The final chunk and
// the header are done by the calling thread; the other threads come from a pool that lives
// across calls (worker_pool.hpp). No CPU feature of its own.
#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

#include "base/secure_zero.hpp"
#include "chunked/chunk_keys.hpp"
#include "chunked/worker_pool.hpp"
#include "core/error_detail.hpp"

namespace aeskit::chunked::detail {
namespace {

// Below this many full chunks per thread, starting a thread costs more than it saves.
constexpr std::size_t kMinChunksPerThread = 4;

// for_ranges calls fn(slot, begin, end) for the T = min(threads, count / 4) ranges
// [slot·count/T, (slot+1)·count/T), on pooled threads (worker_pool.hpp) when T > 1.
template <class Fn>
void for_ranges(std::size_t count, unsigned threads, Fn fn) {
  const std::size_t t = std::min<std::size_t>(threads, count / kMinChunksPerThread);
  if (t <= 1) {
    fn(std::size_t{0}, std::size_t{0}, count);
    return;
  }
  struct Context {
    Fn* fn;
    std::size_t count, t;
  } context{&fn, count, t};
  run_parallel(
      t,
      [](void* p, std::size_t slot) {
        const Context& c = *static_cast<const Context*>(p);
        (*c.fn)(slot, slot * c.count / c.t, (slot + 1) * c.count / c.t);
      },
      &context);
}

}  // namespace

unsigned resolve_threads(unsigned threads) noexcept {
  if (threads != 0) return threads;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

void seal_full_chunks(const ChunkKeys& keys, std::uint64_t first_index, const std::uint8_t* pt,
                      std::size_t count, std::uint8_t* out, unsigned threads) {
  for_ranges(count, threads, [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
      keys.seal(first_index + i, {pt + i * kChunkSize, kChunkSize}, out + i * kWireChunkSize);
  });
}

std::size_t open_full_chunks(const ChunkKeys& keys, std::uint64_t first_index,
                             const std::uint8_t* wire, std::size_t count, std::uint8_t* out,
                             unsigned threads) {
  std::size_t t = std::min<std::size_t>(threads, count / kMinChunksPerThread);
  std::vector<std::size_t> first_bad(t == 0 ? 1 : t, count);
  for_ranges(count, threads, [&](std::size_t slot, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      if (!keys.open(first_index + i, {wire + i * kWireChunkSize, kWireChunkSize},
                     out + i * kChunkSize)) {
        first_bad[slot] = i;
        return;
      }
    }
  });
  const std::size_t bad = *std::min_element(first_bad.begin(), first_bad.end());
  if (bad < count) aeskit::detail::secure_zero(out + bad * kChunkSize, (count - bad) * kChunkSize);
  return bad;
}

namespace {

// seal_body writes the chunks of `pt` (no header) to `out`.
void seal_body(const ChunkKeys& keys, std::span<const std::uint8_t> pt, std::uint8_t* out,
               unsigned threads) {
  const std::size_t full = pt.size() / kChunkSize;
  seal_full_chunks(keys, 0, pt.data(), full, out, resolve_threads(threads));
  keys.seal(full, pt.subspan(full * kChunkSize), out + full * kWireChunkSize);
}

std::size_t body_length(std::size_t pt) noexcept {
  return pt / kChunkSize * kWireChunkSize + pt % kChunkSize + kTagSize;
}

Status check_seal_args(std::span<const std::uint8_t> pt, std::span<std::uint8_t> out,
                       std::size_t need) noexcept {
  if (pt.size() > kMaxPlaintext) return Errc::message_too_long;
  if (out.size() < need) return aeskit::detail::output_too_small(need, out.size());
  if (spans_overlap(pt.data(), pt.size(), out.data(), need)) return Errc::overlapping_buffers;
  return {};
}

// open_body verifies and decrypts a body (no header); zeroes what it would write on error.
Result<std::size_t> open_body(const ChunkKeys& keys, std::span<const std::uint8_t> body,
                              std::span<std::uint8_t> out, unsigned threads) {
  const std::size_t full = body.size() / kWireChunkSize;
  const std::size_t rest = body.size() % kWireChunkSize;
  const std::size_t need = full * kChunkSize + (rest >= kTagSize ? rest - kTagSize : 0);
  if (out.size() < need) return aeskit::detail::output_too_small(need, out.size());
  if (spans_overlap(body.data(), body.size(), out.data(), need)) return Errc::overlapping_buffers;
  if (full + (rest ? 1 : 0) > kMaxChunks) return Errc::message_too_long;
  const std::size_t good =
      open_full_chunks(keys, 0, body.data(), full, out.data(), resolve_threads(threads));
  Errc error = Errc::ok;
  if (good < full) {
    std::vector<std::uint8_t> scratch(kChunkSize);
    error = keys.failure_kind(good, body.subspan(good * kWireChunkSize), scratch.data());
  } else if (rest < kTagSize) {
    error = Errc::truncated;
  } else if (!keys.open(full, body.subspan(full * kWireChunkSize),
                        out.data() + full * kChunkSize)) {
    std::vector<std::uint8_t> scratch(kChunkSize);
    error = keys.failure_kind(full, body.subspan(full * kWireChunkSize), scratch.data());
  }
  if (error != Errc::ok) {
    aeskit::detail::secure_zero(out.data(), need);
    return error;
  }
  return need;
}

Result<std::size_t> seal_with_keys(const ChunkKeys& keys, std::span<const std::uint8_t> header,
                                   std::span<const std::uint8_t> pt, std::span<std::uint8_t> out,
                                   unsigned threads) {
  if (!header.empty()) std::memcpy(out.data(), header.data(), header.size());
  seal_body(keys, pt, out.data() + header.size(), threads);
  return header.size() + body_length(pt.size());
}

// seal_salted / open_keyed: the header forms of seal and open on a key state; the raw-key and
// Key overloads below both land here.
Result<std::size_t> seal_salted(const FileKeyState& key, std::span<const std::uint8_t> salt,
                                std::span<const std::uint8_t> context,
                                std::span<const std::uint8_t> plaintext,
                                std::span<std::uint8_t> out, unsigned threads) {
  if (salt.size() != kSaltSize) return Errc::invalid_argument;
  const std::size_t need = kHeaderSize + body_length(plaintext.size());
  if (Status s = check_seal_args(plaintext, out, need); !s) return s;
  std::uint8_t header[kHeaderSize];
  std::memcpy(header, salt.data(), kSaltSize);
  auto keys = ChunkKeys::derive(key, salt, context, header + kSaltSize);
  if (!keys) return keys.status();
  return seal_with_keys(*keys, {header, kHeaderSize}, plaintext, out, threads);
}

Result<std::size_t> open_keyed(const FileKeyState& key, std::span<const std::uint8_t> context,
                               std::span<const std::uint8_t> ciphertext,
                               std::span<std::uint8_t> out, unsigned threads) {
  if (ciphertext.size() < kHeaderSize) return Errc::truncated;
  std::uint8_t expected[kCommitmentSize];
  auto keys = ChunkKeys::derive(key, ciphertext.first(kSaltSize), context, expected);
  if (!keys) return keys.status();
  const bool match = commitment_matches(expected, ciphertext.data() + kSaltSize);
  aeskit::detail::secure_zero(expected, sizeof expected);
  if (!match) {  // an authentication failure: wipe what would have been the plaintext
    const std::size_t body = ciphertext.size() - kHeaderSize;
    const std::size_t rest = body % kWireChunkSize;
    const std::size_t would =
        body / kWireChunkSize * kChunkSize + (rest > kTagSize ? rest - kTagSize : 0);
    aeskit::detail::secure_zero(out.data(), std::min(out.size(), would));
    return Errc::wrong_key_or_context;
  }
  return open_body(*keys, ciphertext.subspan(kHeaderSize), out, threads);
}

}  // namespace
}  // namespace aeskit::chunked::detail

namespace aeskit::chunked {

using detail::ChunkKeys;

namespace hazmat {

Result<std::size_t> seal_with_salt(Suite suite, std::span<const std::uint8_t> key,
                                   std::span<const std::uint8_t> salt,
                                   std::span<const std::uint8_t> context,
                                   std::span<const std::uint8_t> plaintext,
                                   std::span<std::uint8_t> out, unsigned threads) {
  detail::FileKeyState state;
  if (Status s = state.init(suite, key); !s) return s;
  return detail::seal_salted(state, salt, context, plaintext, out, threads);
}

Result<std::size_t> seal_with_salt(const Key& key, std::span<const std::uint8_t> salt,
                                   std::span<const std::uint8_t> context,
                                   std::span<const std::uint8_t> plaintext,
                                   std::span<std::uint8_t> out, unsigned threads) {
  const detail::FileKeyState* state = ChunkKeys::state_of(key);
  if (state == nullptr) return Errc::invalid_state;
  return detail::seal_salted(*state, salt, context, plaintext, out, threads);
}

Result<std::size_t> raw_seal(Suite suite, std::span<const std::uint8_t> aead_key,
                             std::span<const std::uint8_t> base_nonce,
                             std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> out,
                             unsigned threads) {
  auto keys = ChunkKeys::raw(suite, aead_key, base_nonce);
  if (!keys) return keys.status();
  const std::size_t need = detail::body_length(plaintext.size());
  if (Status s = detail::check_seal_args(plaintext, out, need); !s) return s;
  return detail::seal_with_keys(*keys, {}, plaintext, out, threads);
}

Result<std::size_t> raw_open(Suite suite, std::span<const std::uint8_t> aead_key,
                             std::span<const std::uint8_t> base_nonce,
                             std::span<const std::uint8_t> body, std::span<std::uint8_t> out,
                             unsigned threads) {
  auto keys = ChunkKeys::raw(suite, aead_key, base_nonce);
  if (!keys) return keys.status();
  return detail::open_body(*keys, body, out, threads);
}

}  // namespace hazmat

Result<std::size_t> seal(Suite suite, std::span<const std::uint8_t> key,
                         std::span<const std::uint8_t> context,
                         std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> out,
                         unsigned threads) {
  std::uint8_t salt[kSaltSize];
  if (Status s = detail::fill_random({salt, kSaltSize}); !s) return s;
  return hazmat::seal_with_salt(suite, key, {salt, kSaltSize}, context, plaintext, out, threads);
}

Result<std::vector<std::uint8_t>> seal(Suite suite, std::span<const std::uint8_t> key,
                                       std::span<const std::uint8_t> context,
                                       std::span<const std::uint8_t> plaintext, unsigned threads) {
  auto len = ciphertext_length(plaintext.size());
  if (!len) return len.status();
  std::vector<std::uint8_t> out(static_cast<std::size_t>(*len));
  auto n = seal(suite, key, context, plaintext, out, threads);
  if (!n) return n.status();
  return out;
}

Result<std::size_t> open(Suite suite, std::span<const std::uint8_t> key,
                         std::span<const std::uint8_t> context,
                         std::span<const std::uint8_t> ciphertext, std::span<std::uint8_t> out,
                         unsigned threads) {
  detail::FileKeyState state;
  if (Status s = state.init(suite, key); !s) return s;
  return detail::open_keyed(state, context, ciphertext, out, threads);
}

Result<std::size_t> seal(const Key& key, std::span<const std::uint8_t> context,
                         std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> out,
                         unsigned threads) {
  if (!key.valid()) return Errc::invalid_state;
  std::uint8_t salt[kSaltSize];
  if (Status s = detail::fill_random({salt, kSaltSize}); !s) return s;
  return hazmat::seal_with_salt(key, {salt, kSaltSize}, context, plaintext, out, threads);
}

Result<std::vector<std::uint8_t>> seal(const Key& key, std::span<const std::uint8_t> context,
                                       std::span<const std::uint8_t> plaintext, unsigned threads) {
  if (!key.valid()) return Errc::invalid_state;
  auto len = ciphertext_length(plaintext.size());
  if (!len) return len.status();
  std::vector<std::uint8_t> out(static_cast<std::size_t>(*len));
  auto n = seal(key, context, plaintext, out, threads);
  if (!n) return n.status();
  return out;
}

Result<std::size_t> open(const Key& key, std::span<const std::uint8_t> context,
                         std::span<const std::uint8_t> ciphertext, std::span<std::uint8_t> out,
                         unsigned threads) {
  const detail::FileKeyState* state = ChunkKeys::state_of(key);
  if (state == nullptr) return Errc::invalid_state;
  return detail::open_keyed(*state, context, ciphertext, out, threads);
}

}  // namespace aeskit::chunked
