// src/hash/hash_core.cpp — buffering, padding and length encoding for SHA-1/SHA-256/SHA-512
// (FIPS 180-4 §5.1, §5.3, §6), over a compression function from the registry. See
// hash_core.hpp for the math. No ISA is named here.
#include "hash/hash_core.hpp"
#include "base/byte_order.hpp"

#include <cstring>

#include "backend/kernels/sha_constants.hpp"
#include "base/buffers.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {}  // namespace

void initial_words(HashAlgorithm alg, HashWords& h) noexcept {
  h = HashWords{};
  switch (alg) {
    case HashAlgorithm::sha1:
      std::memcpy(h.w32, kSha1Init, sizeof kSha1Init);
      break;
    case HashAlgorithm::sha256:
      std::memcpy(h.w32, kSha256Init, sizeof kSha256Init);
      break;
    case HashAlgorithm::sha512:
      std::memcpy(h.w64, kSha512Init, sizeof kSha512Init);
      break;
  }
}

void core_start(HashCore& core, HashAlgorithm alg, const ShaCompressor& c) noexcept {
  core.alg = alg;
  core.compressor = &c;
  initial_words(alg, core.h);
  core.length = 0;
  core.buffered = 0;
}

void core_resume(HashCore& core, const HashWords& h, std::uint64_t length) noexcept {
  core.h = h;
  core.length = length;
  core.buffered = 0;
}

bool core_update(HashCore& core, const std::uint8_t* data, std::size_t n) noexcept {
  if (n > max_message_bytes(core.alg) - core.length) return false;
  core.length += n;
  const std::size_t block = block_length(core.alg);
  if (core.buffered) {
    std::size_t take = block - core.buffered;
    if (take > n) take = n;
    copy_bytes(core.buffer + core.buffered, data, take);
    core.buffered += static_cast<std::uint32_t>(take);
    data += take;
    n -= take;
    if (core.buffered < block) return true;
    compress_blocks(core, core.buffer, 1);
    core.buffered = 0;
  }
  if (n >= block) {
    std::size_t blocks = n / block;
    compress_blocks(core, data, blocks);
    data += blocks * block;
    n -= blocks * block;
  }
  copy_bytes(core.buffer, data, n);
  core.buffered = static_cast<std::uint32_t>(n);
  return true;
}

void core_finish(HashCore& core, std::uint8_t* digest) noexcept {
  const std::size_t block = block_length(core.alg);
  const std::size_t length_field = core.alg == HashAlgorithm::sha512 ? 16 : 8;
  std::size_t pos = core.buffered;
  core.buffer[pos++] = 0x80;
  if (pos > block - length_field) {
    std::memset(core.buffer + pos, 0, block - pos);
    compress_blocks(core, core.buffer, 1);
    pos = 0;
  }
  std::memset(core.buffer + pos, 0, block - 8 - pos);
  // ℓ in bits: the 128-bit field's high half is length >> 61 (zero below 2^61 bytes).
  if (length_field == 16) store_be64(core.buffer + block - 16, core.length >> 61);
  store_be64(core.buffer + block - 8, core.length << 3);
  compress_blocks(core, core.buffer, 1);
  switch (core.alg) {
    case HashAlgorithm::sha1:
      for (int i = 0; i < 5; ++i) store_be32(digest + 4 * i, core.h.w32[i]);
      break;
    case HashAlgorithm::sha256:
      for (int i = 0; i < 8; ++i) store_be32(digest + 4 * i, core.h.w32[i]);
      break;
    case HashAlgorithm::sha512:
      for (int i = 0; i < 8; ++i) store_be64(digest + 8 * i, core.h.w64[i]);
      break;
  }
  core.buffered = 0;
}

Result<const ShaCompressor*> select_compressor(HashAlgorithm alg,
                                               std::string_view backend) noexcept {
  const cpu::FeatureSet& features = cpu::cpu_features();
  if (backend.empty()) return &best_sha_compressor(features, alg);
  const ShaCompressor* c = find_sha_compressor(backend);
  if (!c) return Errc::unknown_backend;
  if (compress_fn(*c, alg) == nullptr) return Errc::backend_lacks_algorithm;  // on any CPU
  if (!c->supported(features)) return Errc::backend_unavailable;
  return c;
}

}  // namespace aeskit::detail
