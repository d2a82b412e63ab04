// tests/support/aead_peers.hpp — what every AEAD test needs to drive its peer libraries
// (OpenSSL's EVP and libgcrypt): owned handles, libgcrypt's one-time initialisation, the AES
// algorithm per key length, a non-null pointer for empty inputs, and libgcrypt's AEAD seal and
// open (ciphertext || tag) around a mode's own set-up. The per-algorithm references (GCM, CCM,
// OCB, EAX, SIV, GCM-SIV, key wrap) are built on these in their areas. No vectors here.
#pragma once

#include <gcrypt.h>
#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>

#include "support/hex.hpp"

namespace aeskit_test::peers {

// EvpCtx owns one EVP_CIPHER_CTX.
struct EvpCtx {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  EvpCtx() = default;
  EvpCtx(const EvpCtx&) = delete;
  EvpCtx& operator=(const EvpCtx&) = delete;
  ~EvpCtx() { EVP_CIPHER_CTX_free(ctx); }
};

// GcryCipher owns one libgcrypt cipher handle (opened by the caller into `h`).
struct GcryCipher {
  gcry_cipher_hd_t h = nullptr;
  GcryCipher() = default;
  GcryCipher(const GcryCipher&) = delete;
  GcryCipher& operator=(const GcryCipher&) = delete;
  ~GcryCipher() {
    if (h != nullptr) gcry_cipher_close(h);
  }
};

// gcrypt_init: gcry_check_version + INITIALIZATION_FINISHED, once per process.
void gcrypt_init();
// gcrypt_aes: GCRY_CIPHER_AES128/192/256 for a 16/24/32-byte key.
int gcrypt_aes(std::size_t key_len);
// gcrypt_open_aes: gcrypt_init, then an AES handle in `mode` (with `flags`) keyed with `key`;
// false when libgcrypt refuses.
bool gcrypt_open_aes(GcryCipher& g, int mode, std::span<const std::uint8_t> key,
                     unsigned flags = 0);

// evp_aes: OpenSSL's "AES-<bits>-<mode>" cipher for a 16/24/32-byte key (mode "GCM", "CCM",
// "OCB", "CBC", "WRAP", "WRAP-PAD", ...); nullptr when OpenSSL has none.
const EVP_CIPHER* evp_aes(std::string_view mode, std::size_t key_len);

// nonnull: the data pointer, or a pointer to a static byte for an empty span (EVP and
// libgcrypt refuse a null pointer even with length 0).
const std::uint8_t* nonnull(std::span<const std::uint8_t> s);

// GcryAeadStart: opens and keys a libgcrypt AEAD handle for a message of `len` bytes and gives
// it what the mode takes before the data (nonce, lengths, tag length, AD); false when
// libgcrypt refuses.
using GcryAeadStart = std::function<bool(GcryCipher& g, std::size_t len)>;
// gcrypt_aead_seal: `start`, then `pt` encrypted and the tag (`tag_len` bytes) appended; the
// test fails (message naming `mode`) when libgcrypt refuses.
Bytes gcrypt_aead_seal(const GcryAeadStart& start, std::span<const std::uint8_t> pt,
                       std::size_t tag_len, std::string_view mode);
// gcrypt_aead_open: ciphertext || tag decrypted and the tag checked after `start`: the
// plaintext, or nullopt when libgcrypt rejects it (a failed set-up fails the test).
std::optional<Bytes> gcrypt_aead_open(const GcryAeadStart& start,
                                      std::span<const std::uint8_t> sealed, std::size_t tag_len,
                                      std::string_view mode);

}  // namespace aeskit_test::peers
