// src/aead/algorithms.cpp — the AEAD algorithm descriptors and their lookup by name.
//
// GCM limits (NIST SP 800-38D §5.2.1.1): len(P) ≤ 2^39 − 256 bits (2^36 − 32 bytes: the
// 32-bit block counter must not come back to J0), len(A) and len(IV) ≤ 2^64 − 1 bits (whole
// bytes: 2^61 − 1), len(IV) ≥ 1 bit (we take whole bytes: ≥ 1). Tag lengths (§5.2.1.2): 128,
// 120, 112, 104, 96 bits, and 64 or 32 bits for applications that respect Appendix C.
//
// OCB limits (RFC 7253): nonce 1..15 bytes (§4: at most 120 bits; whole bytes), 12 bytes
// recommended; TAGLEN ≤ 128 bits — we offer 8..16 bytes (64..128 bits: shorter tags make
// forgery by guessing too cheap, and 64 is the shortest the RFC's test suite covers). RFC
// 7253 §5: a key must not encrypt more than 2^48 blocks, so one message (plaintext, and
// likewise AD) is capped at 2^48 blocks = 2^52 bytes.
#include <array>

#include "aead/aead_scheme.hpp"
#include "aead/ocb_key.hpp"
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

  static constexpr std::size_t kOcbTags[] = {8, 9, 10, 11, 12, 13, 14, 15, 16};
  static constexpr std::uint64_t kOcbMaxBytes = std::uint64_t{1} << 52;  // 2^48 blocks

  static constexpr AeadAlgorithm ocb(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 1, 15, 12, kOcbTags, kOcbMaxBytes, kOcbMaxBytes);
  }

  static const AeadAlgorithm kAes128Ocb;
  static const AeadAlgorithm kAes192Ocb;
  static const AeadAlgorithm kAes256Ocb;
};

constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Gcm = gcm("AES-128-GCM", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes192Gcm = gcm("AES-192-GCM", 24);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Gcm = gcm("AES-256-GCM", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Ocb = ocb("AES-128-OCB", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes192Ocb = ocb("AES-192-OCB", 24);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Ocb = ocb("AES-256-OCB", 32);

bool is_ocb(const AeadAlgorithm& algorithm) noexcept {
  return &algorithm == &AeadAlgorithmTable::kAes128Ocb ||
         &algorithm == &AeadAlgorithmTable::kAes192Ocb ||
         &algorithm == &AeadAlgorithmTable::kAes256Ocb;
}

}  // namespace detail

namespace {

// Every AEAD of this build with the factory of its family (aead_scheme.hpp; nullptr: GCM,
// built into aead_key.cpp). A new family adds its descriptors to AeadAlgorithmTable above
// and its rows here.
struct Entry {
  const AeadAlgorithm* algorithm;
  detail::AeadSchemeFactory factory;
};

using T = detail::AeadAlgorithmTable;
constexpr Entry kEntries[] = {
    {&T::kAes128Gcm, nullptr},
    {&T::kAes192Gcm, nullptr},
    {&T::kAes256Gcm, nullptr},
    {&T::kAes128Ocb, &detail::make_ocb_scheme},
    {&T::kAes192Ocb, &detail::make_ocb_scheme},
    {&T::kAes256Ocb, &detail::make_ocb_scheme},
};
constexpr std::size_t kCount = sizeof kEntries / sizeof kEntries[0];

constexpr std::array<const AeadAlgorithm*, kCount> list_all() {
  std::array<const AeadAlgorithm*, kCount> all{};
  for (std::size_t i = 0; i < kCount; ++i) all[i] = kEntries[i].algorithm;
  return all;
}
constexpr std::array<const AeadAlgorithm*, kCount> kAll = list_all();

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

namespace detail {
AeadSchemeFactory scheme_factory(const AeadAlgorithm& algorithm) noexcept {
  for (const Entry& e : kEntries)
    if (e.algorithm == &algorithm) return e.factory;
  return nullptr;
}
}  // namespace detail

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
const AeadAlgorithm& aes_128_ocb() noexcept {
  return detail::AeadAlgorithmTable::kAes128Ocb;
}
const AeadAlgorithm& aes_192_ocb() noexcept {
  return detail::AeadAlgorithmTable::kAes192Ocb;
}
const AeadAlgorithm& aes_256_ocb() noexcept {
  return detail::AeadAlgorithmTable::kAes256Ocb;
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
