// src/aead/gmac.cpp — GMAC (NIST SP 800-38D §3): GCM authenticating the message as associated
// data over an empty plaintext, through the same per-key state and code as AeadKey.
#include "aeskit/mac.hpp"
#include "core/error_detail.hpp"

namespace aeskit {
namespace {

const AeadAlgorithm* gcm_for_key_length(std::size_t n) {
  if (n == 16) return &aead::aes_128_gcm();
  if (n == 24) return &aead::aes_192_gcm();
  if (n == 32) return &aead::aes_256_gcm();
  return nullptr;
}

}  // namespace

Result<Gmac> Gmac::create(std::span<const std::uint8_t> key, std::size_t tag_length,
                          std::string_view backend) {
  const AeadAlgorithm* algorithm = gcm_for_key_length(key.size());
  if (algorithm == nullptr)
    return aeskit::detail::bad_key_length("AES-GMAC", "a key of 16, 24 or 32 bytes", key.size());
  Result<AeadKey> aead = AeadKey::create(*algorithm, key, tag_length, backend);
  if (!aead.ok()) return aead.status();
  return Gmac(std::move(aead).value());
}

Status Gmac::compute(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> data,
                     std::span<std::uint8_t> tag_out) const {
  return key_.seal_detached(nonce, data, {}, {}, tag_out);
}

Status Gmac::verify(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> data,
                    std::span<const std::uint8_t> tag) const {
  return key_.open_detached(nonce, data, {}, tag, {});
}

}  // namespace aeskit
