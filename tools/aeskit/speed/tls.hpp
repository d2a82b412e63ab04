// tools/aeskit/speed/tls.hpp — the TLS AEAD items of `aeskit speed` ("AES-128-CBC-SHA1 seal",
// "AES-128-CTR-HMAC-SHA256 open", ...). Per operation one record: seal writes the sealed
// record (CBC-HMAC: roundup16(len + MAC + 1) bytes; CTR-HMAC: len + 32-byte tag); open takes
// `in` as a plaintext, seals it once per input outside the timed batches, and every
// operation opens that record; its output is the plaintext (len bytes). AD: the 11-byte TLS
// seq_num || type || version (kAeadAd's first 11 bytes); nonce: the item IV (CBC: 16 bytes,
// the explicit record IV; CTR-HMAC: its first 12). Keys: the first key_length bytes of the
// item key (MAC key || AES key for CBC-HMAC; AES key || HMAC key for CTR-HMAC).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "speed/impl.hpp"
#include "speed/items.hpp"

namespace aeskit::cli::speed {

inline constexpr std::size_t kTlsAdBytes = 11;

struct TlsParams {
  bool cbc;             // CBC-HMAC (else CTR-HMAC-SHA256)
  std::size_t mac_len;  // 20 or 32 (CBC: the MAC; CTR: the tag)
  std::size_t aes_len;  // 16 or 32
  std::size_t key_len;  // the whole AEAD key
  const char* md;       // OpenSSL digest name
};

TlsParams tls_params(const Item& item);
// tls_sealed_length: bytes a seal of `len` plaintext bytes writes.
std::size_t tls_sealed_length(const Item& item, std::size_t len);
std::size_t tls_output_length(const Item& item, std::size_t in_len);
std::span<const std::uint8_t> tls_ad();

// make_aeskit_tls_runner: an AeadKey on aeskit's default backend (`backend` is not used).
std::unique_ptr<Runner> make_aeskit_tls_runner(const Item& item, const Material& material,
                                               std::string_view backend, std::string& error);

}  // namespace aeskit::cli::speed
