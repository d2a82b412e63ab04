// tests/ocb/aead_ocb_support.hpp — helpers for the AES-OCB3 tests: the algorithm per key size,
// aeskit keys on a chosen backend (with or without the backend's OCB kernels), and reference
// OCB from OpenSSL (EVP aes-*-ocb) and libgcrypt (GCRY_CIPHER_MODE_OCB). No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "support/hex.hpp"

namespace aeskit_test::ocb {

const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len);

// Impl: one aeskit code path: an AES backend, and whether its ocb_* kernels may be used.
struct Impl {
  std::string backend;
  bool kernels = true;
};
std::vector<Impl> all_impls();  // every compiled-in backend, with and without kernels
std::string impl_name(const Impl& impl);

// make_key: an OCB key on impl (empty optional if the backend is unavailable).
std::optional<aeskit::AeadKey> make_key(const Impl& impl, const Bytes& key, std::size_t tag_len);

// OpenSSL / libgcrypt OCB: returns ciphertext || tag (tag_len bytes).
Bytes openssl_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                   std::size_t tag_len);
// openssl_open: the plaintext, or nullopt when the tag is rejected.
std::optional<Bytes> openssl_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                  const Bytes& ct_and_tag, std::size_t tag_len);
// libgcrypt 1.10's OCB takes only 8-, 12- and 16-byte tags (GCRYCTL_SET_TAGLEN) and nonces
// of 8..15 bytes (gcry_cipher_setiv).
inline bool gcrypt_accepts(std::size_t nonce_len, std::size_t tag_len) {
  return nonce_len >= 8 && nonce_len <= 15 && (tag_len == 8 || tag_len == 12 || tag_len == 16);
}
Bytes gcrypt_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                  std::size_t tag_len);
std::optional<Bytes> gcrypt_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                 const Bytes& ct_and_tag, std::size_t tag_len);

// rfc7253_iterated: the Appendix A iterated test (RFC 7253 p. 18) with `seal` as OCB-ENCRYPT:
// K = zeros(KEYLEN-8) || num2str(TAGLEN, 8); for i = 0..127, S = zeros(8i):
// C ||= OCB-ENCRYPT(K, num2str(3i+1), S, S) || OCB-ENCRYPT(K, num2str(3i+2), <>, S) ||
// OCB-ENCRYPT(K, num2str(3i+3), S, <>); output OCB-ENCRYPT(K, num2str(385), C, <>).
// Nonces are nonce_len bytes, big-endian. `seal(key, nonce, ad, pt)` returns C || T.
template <class Seal>
Bytes rfc7253_iterated(std::size_t key_len, std::size_t tag_len, std::size_t nonce_len,
                       Seal&& seal) {
  Bytes key(key_len, 0);
  key.back() = static_cast<std::uint8_t>(tag_len * 8);
  auto num = [&](std::uint64_t v) {
    Bytes n(nonce_len, 0);
    for (std::size_t i = 0; i < nonce_len && i < 8; ++i)
      n[nonce_len - 1 - i] = static_cast<std::uint8_t>(v >> (8 * i));
    return n;
  };
  Bytes c;
  for (std::uint64_t i = 0; i < 128; ++i) {
    const Bytes s(i, 0);
    for (const Bytes& part :
         {seal(key, num(3 * i + 1), s, s), seal(key, num(3 * i + 2), Bytes{}, s),
          seal(key, num(3 * i + 3), s, Bytes{})})
      c.insert(c.end(), part.begin(), part.end());
  }
  return seal(key, num(385), c, Bytes{});
}

}  // namespace aeskit_test::ocb
