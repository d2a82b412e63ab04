// src/backend/sha_stitch.hpp — the contract of stitched AES-CBC + SHA kernels (TLS
// MAC-then-encrypt records, src/aead/cbc_hmac.cpp), and their registry.
//
// A CBC-encrypt chain runs one AES round per AES latency and leaves the AES unit idle most
// of the time; SHA-1/SHA-256 compression is a serial chain on other instructions. Run side
// by side in one loop, each fills the other's gaps, so a record costs about the longer of
// the two chains instead of their sum. A kernel does `groups` iterations; iteration g
// behaves exactly as if, in this order, it
//   1. compressed the 64-byte hash block at hash_in + 64g into h (SHA-1 or SHA-256, the
//      chaining value in HashWords' w32 layout, as every ShaCompressor keeps it), then
//   2. CBC-processed the four AES blocks at in + 64g into out + 64g, chaining through iv
//      (encrypt: c_i = E(p_i ^ c_{i-1}); decrypt: p_i = D(c_i) ^ c_{i-1}, with the
//      decryption schedule); iv becomes the last ciphertext block.
// So hash_in may point into in/out: with in == out, hash block g may overlap output groups
// ≥ g (it is read before they are written), and for decryption it may read plaintext that
// groups < g wrote. Constant-time, allocation-free, any alignment, noexcept. A kernel reads
// its AES schedule in the layout of the AES backends named in key_formats only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "aeskit/hash.hpp"
#include "backend/backend.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {

using CbcShaFn = void (*)(const RoundKeys& rk, std::uint8_t iv[16], const std::uint8_t* in,
                          std::uint8_t* out, HashWords& h, const std::uint8_t* hash_in,
                          std::size_t groups) noexcept;

struct CbcShaStitch {
  std::string_view name;         // "aesni+shani"
  std::string_view description;  // one line
  bool (*supported)(const cpu::FeatureSet& features);
  std::string_view key_formats[3];  // AES backends whose RoundKeys layout the kernels read
  CbcShaFn sha1_encrypt, sha1_decrypt;
  CbcShaFn sha256_encrypt, sha256_decrypt;
};

// find_cbc_sha_stitch: the first stitched kernel set that `features` support and that reads
// the schedules of `aes_backend`, or nullptr (backend/select/catalog.hpp;
// backend/select/select.cpp).
const CbcShaStitch* find_cbc_sha_stitch(const cpu::FeatureSet& features,
                                        std::string_view aes_backend) noexcept;

// stitch_fns: the encrypt/decrypt kernels of `s` for `alg` (nullptr when it has none).
inline CbcShaFn stitch_fn(const CbcShaStitch& s, HashAlgorithm alg, bool encrypt) noexcept {
  if (alg == HashAlgorithm::sha1) return encrypt ? s.sha1_encrypt : s.sha1_decrypt;
  if (alg == HashAlgorithm::sha256) return encrypt ? s.sha256_encrypt : s.sha256_decrypt;
  return nullptr;
}

}  // namespace aeskit::detail
