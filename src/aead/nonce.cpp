// src/aead/nonce.cpp — NonceSequence, SealingKey, random nonces and per-key message limits
// (aeskit/nonce.hpp). No CPU feature. Randomness: aeskit::random_bytes (getrandom(2)).
//
// nonce(i) = base XOR (i as 8 big-endian bytes, right-aligned): byte base[L-1-j] is XORed with
// (i >> 8j) & 0xff for j < min(L, 8) (RFC 8446 §5.3's per-record nonce). A nonce of L < 8
// bytes holds 2^(8L) counters, so the limit is capped there.
#include "aeskit/nonce.hpp"
#include "aeskit/random.hpp"

#include <algorithm>
#include <cstring>

#include "aead/aegis.hpp"
#include "aead/dndk.hpp"
#include "aead/gcm_siv.hpp"
#include "aead/xaes.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"

namespace aeskit {

std::uint64_t message_limit(const AeadAlgorithm& algorithm) noexcept {
  if (detail::is_xaes(algorithm) || detail::is_dndk(algorithm) || detail::is_aegis_256(algorithm))
    return NonceSequence::kNoLimit;
  return std::uint64_t{1} << 32;
}

bool random_nonce_allowed(const AeadAlgorithm& algorithm) noexcept {
  return detail::is_gcm_siv(algorithm) || detail::is_xaes(algorithm) ||
         detail::is_dndk(algorithm) || detail::is_aegis_256(algorithm);
}

Status random_nonce(const AeadAlgorithm& algorithm, std::span<std::uint8_t> out) noexcept {
  if (!random_nonce_allowed(algorithm)) return Errc::random_nonce_unsafe;
  const std::size_t n = algorithm.nonce_recommended();
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  std::uint8_t tmp[NonceSequence::kMaxNonceLength];
  if (Status s = random_bytes({tmp, n}); !s) return s;
  std::memcpy(out.data(), tmp, n);
  detail::secure_zero(tmp, sizeof tmp);
  return {};
}

Result<NonceSequence> NonceSequence::create(std::span<const std::uint8_t> base,
                                            std::uint64_t limit) noexcept {
  if (base.empty() || base.size() > kMaxNonceLength) return Errc::bad_nonce_length;
  NonceSequence s;
  std::memcpy(s.base_, base.data(), base.size());
  s.length_ = base.size();
  if (base.size() < 8) limit = std::min(limit, std::uint64_t{1} << (8 * base.size()));
  s.limit_ = limit;
  return s;
}

Status NonceSequence::nonce_at(std::uint64_t counter, std::span<std::uint8_t> out) const noexcept {
  if (length_ == 0) return Errc::invalid_state;
  if (counter >= limit_) return Errc::nonce_exhausted;
  if (out.size() < length_) return aeskit::detail::output_too_small(length_, out.size());
  std::memcpy(out.data(), base_, length_);
  for (std::size_t j = 0; j < std::min<std::size_t>(length_, 8); ++j)
    out[length_ - 1 - j] ^= static_cast<std::uint8_t>(counter >> (8 * j));
  return {};
}

Result<std::uint64_t> NonceSequence::next(std::span<std::uint8_t> out) noexcept {
  if (Status s = nonce_at(next_, out); !s) return s;
  return next_++;
}

Result<std::uint64_t> NonceSequence::accept(std::uint64_t counter,
                                            std::span<std::uint8_t> out) noexcept {
  if (length_ == 0) return Errc::invalid_state;
  if (accepted_ != 0 && counter < accepted_) return Errc::nonce_reused;
  if (Status s = nonce_at(counter, out); !s) return s;
  accepted_ = counter + 1;  // counter < limit_ <= 2^64 - 1: no wrap
  return counter;
}

Result<SealingKey> SealingKey::create(AeadKey key, std::span<const std::uint8_t> base_nonce,
                                      std::uint64_t max_messages) {
  const AeadAlgorithm* alg = key.algorithm();
  if (alg == nullptr) return Errc::invalid_state;
  if (!alg->allows_nonce_length(base_nonce.size())) return Errc::bad_nonce_length;
  auto seq = NonceSequence::create(base_nonce);
  if (!seq.ok()) return seq.status();
  if (max_messages == 0) max_messages = message_limit(*alg);
  return SealingKey(std::move(key), *seq, max_messages);
}

Result<std::size_t> SealingKey::seal(std::span<const std::uint8_t> ad,
                                     std::span<const std::uint8_t> plaintext,
                                     std::span<std::uint8_t> out,
                                     std::span<std::uint8_t> nonce_out) {
  if (nonces_.used() >= max_messages_) return Errc::usage_limit_reached;
  std::uint8_t nonce[NonceSequence::kMaxNonceLength];
  if (Status s = nonces_.nonce_at(nonces_.used(), nonce); !s) return s;
  const std::size_t n = nonces_.nonce_length();
  if (nonce_out.size() < n) return aeskit::detail::output_too_small(n, nonce_out.size());
  auto r = key_.seal(std::span<const std::uint8_t>(nonce, n), ad, plaintext, out);
  if (!r.ok()) return r;
  std::memcpy(nonce_out.data(), nonce, n);
  (void)nonces_.next(nonce);  // consume the counter just used
  return r;
}

}  // namespace aeskit
