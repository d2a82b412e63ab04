// src/hash/hmac_core.cpp — HMAC key processing and the outer hash (RFC 2104, FIPS 198-1);
// see hmac_core.hpp for the math. Constant-time: only the key's length is branched on.
#include "hash/hmac_core.hpp"

#include <cstring>

#include "base/secure_zero.hpp"

namespace aeskit::detail {

void hmac_key_setup(HmacKey& key, HashAlgorithm alg, const ShaCompressor& c, const std::uint8_t* k,
                    std::size_t k_len) noexcept {
  key.alg = alg;
  key.compressor = &c;
  const std::size_t block = block_length(alg);
  alignas(16) std::uint8_t k0[kMaxHashBlockLength] = {};
  HashCore core;
  if (k_len > block) {
    core_start(core, alg, c);
    core_update(core, k, k_len);
    core_finish(core, k0);
  } else if (k_len) {
    std::memcpy(k0, k, k_len);
  }
  alignas(16) std::uint8_t pad[kMaxHashBlockLength];
  for (std::size_t i = 0; i < block; ++i) pad[i] = static_cast<std::uint8_t>(k0[i] ^ 0x36);
  initial_words(alg, key.ipad_h);
  compress_fn(c, alg)(key.ipad_h, pad, 1);
  for (std::size_t i = 0; i < block; ++i) pad[i] = static_cast<std::uint8_t>(k0[i] ^ 0x5c);
  initial_words(alg, key.opad_h);
  compress_fn(c, alg)(key.opad_h, pad, 1);
  secure_zero(k0, sizeof k0);
  secure_zero(pad, sizeof pad);
  secure_zero(&core, sizeof core);
}

void hmac_begin(const HmacKey& key, HashCore& core) noexcept {
  core.alg = key.alg;
  core.compressor = key.compressor;
  core_resume(core, key.ipad_h, block_length(key.alg));
}

void hmac_end(const HmacKey& key, HashCore& core, std::uint8_t* mac) noexcept {
  std::uint8_t inner[kMaxDigestLength];
  core_finish(core, inner);
  core_resume(core, key.opad_h, block_length(key.alg));
  core_update(core, inner, digest_length(key.alg));
  core_finish(core, mac);
  secure_zero(inner, sizeof inner);
}

}  // namespace aeskit::detail
