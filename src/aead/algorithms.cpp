// src/aead/algorithms.cpp — the AEAD algorithm descriptors and their lookup by name.
//
// GCM limits (NIST SP 800-38D §5.2.1.1): len(P) ≤ 2^39 − 256 bits (2^36 − 32 bytes: the
// 32-bit block counter must not come back to J0), len(A) and len(IV) ≤ 2^64 − 1 bits (whole
// bytes: 2^61 − 1), len(IV) ≥ 1 bit (we take whole bytes: ≥ 1). Tag lengths (§5.2.1.2): 128,
// 120, 112, 104, 96 bits, and 64 or 32 bits for applications that respect Appendix C.
#include <array>

#include "aeskit/aead.hpp"

namespace aeskit {
namespace detail {

struct AeadAlgorithmTable {
  static constexpr std::size_t kGcmTags[] = {4, 8, 12, 13, 14, 15, 16};
  static constexpr std::uint64_t kGcmMaxPlaintext = (std::uint64_t{1} << 36) - 32;
  static constexpr std::uint64_t kGcmMaxAd = (std::uint64_t{1} << 61) - 1;
  static constexpr std::uint64_t kGcmMaxNonce = (std::uint64_t{1} << 61) - 1;

  static constexpr AeadAlgorithm gcm(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 1, kGcmMaxNonce, 12, kGcmTags, kGcmMaxPlaintext,
                         kGcmMaxAd);
  }

  static const AeadAlgorithm kAes128Gcm;
  static const AeadAlgorithm kAes192Gcm;
  static const AeadAlgorithm kAes256Gcm;
};

constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Gcm = gcm("AES-128-GCM", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes192Gcm = gcm("AES-192-GCM", 24);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Gcm = gcm("AES-256-GCM", 32);

}  // namespace detail

namespace {

constexpr std::array<const AeadAlgorithm*, 3> kAll = {&detail::AeadAlgorithmTable::kAes128Gcm,
                                                      &detail::AeadAlgorithmTable::kAes192Gcm,
                                                      &detail::AeadAlgorithmTable::kAes256Gcm};

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

}  // namespace

bool AeadAlgorithm::allows_tag_length(std::size_t n) const noexcept {
  for (std::size_t allowed : tag_lengths_)
    if (allowed == n) return true;
  return false;
}

bool AeadAlgorithm::allows_nonce_length(std::size_t n) const noexcept {
  return n >= nonce_min_ && static_cast<std::uint64_t>(n) <= nonce_max_;
}

namespace aead {

const AeadAlgorithm& aes_128_gcm() noexcept {
  return detail::AeadAlgorithmTable::kAes128Gcm;
}
const AeadAlgorithm& aes_192_gcm() noexcept {
  return detail::AeadAlgorithmTable::kAes192Gcm;
}
const AeadAlgorithm& aes_256_gcm() noexcept {
  return detail::AeadAlgorithmTable::kAes256Gcm;
}

std::span<const AeadAlgorithm* const> algorithms() noexcept {
  return kAll;
}

const AeadAlgorithm* find(std::string_view name) noexcept {
  for (const AeadAlgorithm* algorithm : kAll)
    if (equal_ignoring_case(algorithm->name(), name)) return algorithm;
  return nullptr;
}

}  // namespace aead
}  // namespace aeskit
