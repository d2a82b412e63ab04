// src/backend/sha_backend.hpp — the SHA compression-function contract (FIPS 180-4 §6).
//
// A ShaCompressor is one implementation of the SHA-1, SHA-256 and SHA-512 block compression
// functions: given the chaining value H and whole message blocks (64 bytes for SHA-1/SHA-256,
// 128 for SHA-512), it runs the message schedule and rounds for each block and adds the
// result into H (the Davies–Meyer feed-forward). Padding, lengths and buffering belong to the
// generic code in src/hash/. An entry is nullptr when the implementation does not offer that
// function; selection then falls through to the next compressor (portable offers all three).
// Like the AES contract (backend.hpp): noexcept, allocation-free, constant-time (data-
// independent control flow and addresses), any alignment of `data`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "aeskit/hash.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {

using CompressFn = void (*)(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;

struct ShaCompressor {
  std::string_view name;         // "portable", "shani"
  std::string_view description;  // one line for `aeskit cpu`
  bool (*supported)(const cpu::FeatureSet& features);
  CompressFn sha1;    // h.w32[0..4]
  CompressFn sha256;  // h.w32[0..7]
  CompressFn sha512;  // h.w64[0..7]
};

// compress_fn: the entry of `c` for `alg` (may be nullptr).
inline CompressFn compress_fn(const ShaCompressor& c, HashAlgorithm alg) noexcept {
  switch (alg) {
    case HashAlgorithm::sha1:
      return c.sha1;
    case HashAlgorithm::sha256:
      return c.sha256;
    case HashAlgorithm::sha512:
      return c.sha512;
  }
  return nullptr;
}

// The compressors compiled in, fastest first (backend/select/catalog.hpp; registries.cpp;
// best_sha_compressor: backend/select/select.cpp).
std::size_t sha_compressor_count() noexcept;
const ShaCompressor& sha_compressor_at(std::size_t index) noexcept;
const ShaCompressor* find_sha_compressor(std::string_view name) noexcept;
// best_sha_compressor: the first compressor that `features` support and that implements
// `alg` (portable at worst).
const ShaCompressor& best_sha_compressor(const cpu::FeatureSet& features,
                                         HashAlgorithm alg) noexcept;

extern const ShaCompressor kShaPortable;

}  // namespace aeskit::detail
