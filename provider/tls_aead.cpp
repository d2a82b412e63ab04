// tls_aead.cpp — the TLS 1.2 AEAD record helpers shared by the provider's AES-GCM and
// AES-CCM (tls_aead.hpp). No CPU feature of its own (the AEAD key's backend does the work).
// References: EVP_EncryptInit(3) (EVP_CTRL_AEAD_TLS1_AAD), RFC 5288, RFC 6655.
#include "tls_aead.hpp"

#include <cstring>

#include "provider.hpp"

namespace aeskit_provider::tls_aead {

bool set_aad(unsigned char* buf, const unsigned char* aad, std::size_t len, bool enc,
             std::size_t taglen) {
  if (len != kAadLen) return false;
  std::memcpy(buf, aad, len);
  std::size_t n = static_cast<std::size_t>(buf[len - 2]) << 8 | buf[len - 1];
  if (n < kExplicitIvLen) return false;
  n -= kExplicitIvLen;
  if (!enc) {
    if (n < taglen) return false;
    n -= taglen;
  }
  buf[len - 2] = static_cast<unsigned char>(n >> 8);
  buf[len - 1] = static_cast<unsigned char>(n);
  return true;
}

bool seal_or_open(const aeskit::AeadKey& key, bool enc, std::span<const std::uint8_t> nonce,
                  std::span<const std::uint8_t> aad, unsigned char* rec, std::size_t len,
                  std::size_t taglen, std::size_t* written) {
  *written = 0;
  if (len < kExplicitIvLen + taglen) return false;
  unsigned char* payload = rec + kExplicitIvLen;
  const std::size_t n = len - kExplicitIvLen - taglen;
  if (enc) {
    if (!key.seal_detached(nonce, aad, {payload, n}, {payload, n}, {payload + n, taglen}).ok())
      return false;
    *written = len;
    return true;
  }
  // Checked before anything is released; on failure the payload is zeroed.
  if (!key.open_detached(nonce, aad, {payload, n}, {payload + n, taglen}, {payload, n}).ok()) {
    wipe(payload, n);
    return false;
  }
  *written = n;
  return true;
}

}  // namespace aeskit_provider::tls_aead
