// tests/xts/xts_support.hpp — shared helpers of the XTS tests: OpenSSL (EVP aes-{128,256}-xts) and
// libgcrypt (GCRY_CIPHER_MODE_XTS) as references, the 128-bit little-endian sector tweak,
// and XtsKey creation. No vectors here.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/aead_peers.hpp"
#include "support/hex.hpp"

namespace aeskit_test::xts {

// openssl_xts: one data unit through EVP; key of 32 or 64 bytes (OpenSSL has no
// AES-192-XTS). nullopt when OpenSSL refuses (e.g. Key1 == Key2 on encryption).
inline std::optional<Bytes> openssl_xts(bool encrypt, std::span<const std::uint8_t> key,
                                        std::span<const std::uint8_t> tweak,
                                        std::span<const std::uint8_t> in) {
  const EVP_CIPHER* cipher = peers::evp_aes("XTS", key.size() / 2);
  peers::EvpCtx c;
  Bytes out(in.size());
  int n = 0, tail = 0;
  const bool ok =
      cipher != nullptr &&
      EVP_CipherInit_ex(c.ctx, cipher, nullptr, key.data(), tweak.data(), encrypt ? 1 : 0) == 1 &&
      EVP_CipherUpdate(c.ctx, out.data(), &n, in.data(), static_cast<int>(in.size())) == 1 &&
      EVP_CipherFinal_ex(c.ctx, out.data() + n, &tail) == 1;
  if (!ok || static_cast<std::size_t>(n + tail) != in.size()) return std::nullopt;
  return out;
}

// gcrypt_xts: one data unit through libgcrypt; key of 32, 48 or 64 bytes (two AES keys).
inline std::optional<Bytes> gcrypt_xts(bool encrypt, std::span<const std::uint8_t> key,
                                       std::span<const std::uint8_t> tweak,
                                       std::span<const std::uint8_t> in) {
  peers::gcrypt_init();
  peers::GcryCipher g;
  if (gcry_cipher_open(&g.h, peers::gcrypt_aes(key.size() / 2), GCRY_CIPHER_MODE_XTS, 0) != 0)
    return std::nullopt;
  Bytes out(in.size());
  const bool ok =
      gcry_cipher_setkey(g.h, key.data(), key.size()) == 0 &&
      gcry_cipher_setiv(g.h, tweak.data(), tweak.size()) == 0 &&
      (encrypt ? gcry_cipher_encrypt(g.h, out.data(), out.size(), in.data(), in.size())
               : gcry_cipher_decrypt(g.h, out.data(), out.size(), in.data(), in.size())) == 0;
  if (!ok) return std::nullopt;
  return out;
}

// sector_tweak: the 128-bit little-endian integer lo + 2^64·hi as 16 bytes.
inline Bytes sector_tweak(std::uint64_t lo, std::uint64_t hi = 0) {
  Bytes t(16);
  for (unsigned i = 0; i < 8; ++i) {
    t[i] = static_cast<std::uint8_t>(lo >> (8 * i));
    t[8 + i] = static_cast<std::uint8_t>(hi >> (8 * i));
  }
  return t;
}

// make_xts: an XtsKey on `backend` (empty: default). Use with ASSERT_NO_FATAL_FAILURE.
inline void make_xts(std::span<const std::uint8_t> key, std::string_view backend,
                     aeskit::XtsKey& out) {
  auto created = aeskit::XtsKey::create(key, backend);
  ASSERT_TRUE(created.ok()) << "XtsKey::create(" << key.size() << " bytes, '" << backend
                            << "') failed: " << created.message();
  out = std::move(created).value();
  ASSERT_EQ(out.key_bits(), key.size() * 4);
  if (!backend.empty()) {
    ASSERT_EQ(out.backend_name(), backend);
  }
}

// random_xts_key: a key of `bytes` bytes whose halves differ.
template <class Rng>
Bytes random_xts_key(Rng& rng, std::size_t bytes) {
  Bytes key = rng.bytes(bytes);
  key[bytes / 2] = static_cast<std::uint8_t>(key[0] ^ 0x5a);  // halves differ in byte 0
  return key;
}

}  // namespace aeskit_test::xts
