// src/chunked/chunk_keys.cpp — key derivation and single chunks of c2sp.org/chunked-encryption.
//
// Derivation (HKDF-Expand, RFC 5869 §2.3, over HMAC-SHA-512 with the 16/32-byte key itself as
// the PRK — the spec expands the key directly, so no extract step):
//   info = "c2sp.org/chunked-encryption@v1+" || "AEAD_AES_128_GCM" (or _256_) || 0x00 || salt
//          || context
//   T(1) = HMAC(key, info || 0x01), T(i) = HMAC(key, T(i-1) || info || i)
//   OKM = T(1) || T(2) || ... cut to k + 12 + 32 bytes: aead_key || base_nonce || commitment
// aeskit::hkdf_expand insists on a PRK of HashLen bytes (RFC 5869's recommendation), so the
// expansion runs here on aeskit::Hmac, which takes keys of any length.
// No CPU feature of its own. Reference: c2sp.org/chunked-encryption; Wycheproof
// c2sp_chunked_encryption_* (aeadKey, baseNonce).
#include <cstring>

#include "aeskit/hash.hpp"
#include "base/secure_zero.hpp"
#include "chunked/chunk_keys.hpp"

namespace aeskit::chunked::detail {
namespace {

constexpr char kInfoPrefix[] = "c2sp.org/chunked-encryption@v1+";

std::string_view aead_name(Suite suite) noexcept {
  return suite == Suite::cobblestone_128 ? "AEAD_AES_128_GCM" : "AEAD_AES_256_GCM";
}

const AeadAlgorithm& aead_algorithm(Suite suite) noexcept {
  return suite == Suite::cobblestone_128 ? aead::aes_128_gcm() : aead::aes_256_gcm();
}

std::span<const std::uint8_t> bytes_of(std::string_view s) noexcept {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

}  // namespace

Status expand_keys(Suite suite, std::span<const std::uint8_t> key,
                   std::span<const std::uint8_t> salt, std::span<const std::uint8_t> context,
                   std::span<std::uint8_t> okm) noexcept {
  auto mac = Hmac::create(HashAlgorithm::sha512, key);
  if (!mac) return mac.status();
  const std::uint8_t zero = 0;
  std::uint8_t t[64];
  std::size_t done = 0;
  for (std::uint8_t i = 1; done < okm.size(); ++i) {
    if (i > 1) {
      Status s = mac->reset();
      if (!s) return s;
      s = mac->update({t, sizeof t});
      if (!s) return s;
    }
    (void)mac->update(bytes_of(std::string_view(kInfoPrefix, sizeof kInfoPrefix - 1)));
    (void)mac->update(bytes_of(aead_name(suite)));
    (void)mac->update({&zero, 1});
    (void)mac->update(salt);
    (void)mac->update(context);
    (void)mac->update({&i, 1});
    Status s = mac->finish({t, sizeof t});
    if (!s) return s;
    const std::size_t n = okm.size() - done < sizeof t ? okm.size() - done : sizeof t;
    std::memcpy(okm.data() + done, t, n);
    done += n;
  }
  aeskit::detail::secure_zero(t, sizeof t);
  return {};
}

Result<ChunkKeys> ChunkKeys::derive(Suite suite, std::span<const std::uint8_t> key,
                                    std::span<const std::uint8_t> salt,
                                    std::span<const std::uint8_t> context,
                                    std::uint8_t commitment[kCommitmentSize]) {
  const std::size_t k = key_length(suite);
  if (key.size() != k) return Errc::bad_key_length;
  std::uint8_t okm[32 + kNonceSize + kCommitmentSize];
  const std::size_t total = k + kNonceSize + kCommitmentSize;
  Status s = expand_keys(suite, key, salt, context, {okm, total});
  if (!s) return s;
  auto keys = raw(suite, {okm, k}, {okm + k, kNonceSize});
  std::memcpy(commitment, okm + k + kNonceSize, kCommitmentSize);
  aeskit::detail::secure_zero(okm, sizeof okm);
  return keys;
}

Result<ChunkKeys> ChunkKeys::raw(Suite suite, std::span<const std::uint8_t> aead_key,
                                 std::span<const std::uint8_t> base_nonce) {
  if (aead_key.size() != key_length(suite)) return Errc::bad_key_length;
  if (base_nonce.size() != kNonceSize) return Errc::bad_nonce_length;
  auto aead = AeadKey::create(aead_algorithm(suite), aead_key, kTagSize);
  if (!aead) return aead.status();
  ChunkKeys keys;
  keys.suite = suite;
  keys.aead = std::move(*aead);
  std::memcpy(keys.base_nonce, base_nonce.data(), kNonceSize);
  return keys;
}

void ChunkKeys::nonce(std::uint64_t index, std::uint8_t out[kNonceSize]) const noexcept {
  std::memcpy(out, base_nonce, kNonceSize);
  for (int b = 0; b < 8; ++b)
    out[kNonceSize - 1 - b] ^= static_cast<std::uint8_t>(index >> (8 * b));
}

void ChunkKeys::seal(std::uint64_t index, std::span<const std::uint8_t> pt,
                     std::uint8_t* out) const {
  std::uint8_t n[kNonceSize];
  nonce(index, n);
  // Cannot fail: valid key, 12-byte nonce, lengths checked by the caller.
  (void)aead.seal({n, kNonceSize}, {}, pt, {out, pt.size() + kTagSize});
}

bool ChunkKeys::open(std::uint64_t index, std::span<const std::uint8_t> wire,
                     std::uint8_t* out) const {
  std::uint8_t n[kNonceSize];
  nonce(index, n);
  std::uint8_t dummy = 0;
  std::span<std::uint8_t> dst = wire.size() > kTagSize
                                    ? std::span<std::uint8_t>(out, wire.size() - kTagSize)
                                    : std::span<std::uint8_t>(&dummy, 0);
  return aead.open({n, kNonceSize}, {}, wire, dst).ok();
}

Errc ChunkKeys::failure_kind(std::uint64_t index, std::span<const std::uint8_t> bytes,
                             std::uint8_t* scratch) const {
  const std::size_t limit =
      bytes.size() - 1 < kWireChunkSize - 1 ? bytes.size() - 1 : kWireChunkSize - 1;
  Errc kind = Errc::chunk_forged;
  if (bytes.empty()) return kind;
  for (std::size_t len = kTagSize; len <= limit; ++len) {
    if (open(index, bytes.first(len), scratch)) {
      kind = Errc::trailing_data;
      break;
    }
  }
  aeskit::detail::secure_zero(scratch, kChunkSize);
  return kind;
}

bool spans_overlap(const std::uint8_t* a, std::size_t an, const std::uint8_t* b,
                   std::size_t bn) noexcept {
  if (an == 0 || bn == 0) return false;
  auto pa = reinterpret_cast<std::uintptr_t>(a);
  auto pb = reinterpret_cast<std::uintptr_t>(b);
  return pa < pb + bn && pb < pa + an;
}

}  // namespace aeskit::chunked::detail
