// src/hash/hmac.cpp — aeskit::Hmac, hmac() and hmac_verify() (RFC 2104, FIPS 198-1) over
// hmac_core. Truncated MACs are the leftmost bytes (RFC 2104 §5); verification compares in
// constant time and reports one authentication_failed for every mismatch. Never names an ISA.
#include <cstring>

#include "aeskit/hash.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "hash/hmac_core.hpp"

namespace aeskit {
namespace {

bool verify_length_ok(HashAlgorithm alg, std::size_t n) noexcept {
  return n >= kMinHmacVerifyTagLength && n <= digest_length(alg);
}

}  // namespace

Result<Hmac> Hmac::create(HashAlgorithm alg, std::span<const std::uint8_t> key,
                          std::string_view backend) {
  auto c = detail::select_compressor(alg, backend);
  if (!c) return c.status();
  Hmac h;
  detail::hmac_key_setup(h.key_, alg, **c, key.data(), key.size());
  detail::hmac_begin(h.key_, h.inner_);
  return h;
}

Hmac::Hmac(Hmac&& other) noexcept
    : inner_(other.inner_), key_(other.key_), finished_(other.finished_) {
  detail::secure_zero(&other.inner_, sizeof other.inner_);
  detail::secure_zero(&other.key_, sizeof other.key_);
  other.inner_.compressor = nullptr;
  other.key_.compressor = nullptr;
}

Hmac& Hmac::operator=(Hmac&& other) noexcept {
  if (this != &other) {
    inner_ = other.inner_;
    key_ = other.key_;
    finished_ = other.finished_;
    detail::secure_zero(&other.inner_, sizeof other.inner_);
    detail::secure_zero(&other.key_, sizeof other.key_);
    other.inner_.compressor = nullptr;
    other.key_.compressor = nullptr;
  }
  return *this;
}

Hmac::~Hmac() {
  detail::secure_zero(&inner_, sizeof inner_);
  detail::secure_zero(&key_, sizeof key_);
}

std::string_view Hmac::backend_name() const noexcept {
  return key_.compressor ? key_.compressor->name : std::string_view{};
}

Status Hmac::update(std::span<const std::uint8_t> data) noexcept {
  return detail::core_update_status(valid() && !finished_, inner_, data);
}

Status Hmac::finish(std::span<std::uint8_t> out) noexcept {
  if (!valid() || finished_) return Errc::invalid_state;
  if (out.empty()) return Errc::output_too_small;
  std::uint8_t mac[kMaxDigestLength];
  detail::hmac_end(key_, inner_, mac);
  const std::size_t n = out.size() < digest_length() ? out.size() : digest_length();
  std::memcpy(out.data(), mac, n);
  detail::secure_zero(mac, sizeof mac);
  finished_ = true;
  return {};
}

Status Hmac::verify(std::span<const std::uint8_t> tag) noexcept {
  if (!valid() || finished_) return Errc::invalid_state;
  std::uint8_t mac[kMaxDigestLength];
  detail::hmac_end(key_, inner_, mac);
  finished_ = true;
  // The tag's length is public; its bytes are compared without early exit.
  const bool ok =
      verify_length_ok(key_.alg, tag.size()) && detail::ct_equal(mac, tag.data(), tag.size());
  detail::secure_zero(mac, sizeof mac);
  return ok ? Status{} : Status{Errc::authentication_failed};
}

Status Hmac::reset() noexcept {
  if (!valid()) return Errc::invalid_state;
  detail::hmac_begin(key_, inner_);
  finished_ = false;
  return {};
}

namespace {

// one_shot computes the full HMAC into mac.
bool one_shot(HashAlgorithm alg, std::span<const std::uint8_t> key,
              std::span<const std::uint8_t> message, std::uint8_t* mac) noexcept {
  const detail::ShaCompressor& c = detail::best_sha_compressor(cpu::cpu_features(), alg);
  detail::HmacKey k;
  detail::HashCore core;
  detail::hmac_key_setup(k, alg, c, key.data(), key.size());
  detail::hmac_begin(k, core);
  const bool ok = detail::core_update(core, message.data(), message.size());
  if (ok) detail::hmac_end(k, core, mac);
  detail::secure_zero(&k, sizeof k);
  detail::secure_zero(&core, sizeof core);
  return ok;
}

}  // namespace

Status hmac(HashAlgorithm alg, std::span<const std::uint8_t> key,
            std::span<const std::uint8_t> message, std::span<std::uint8_t> out) noexcept {
  if (out.empty()) return Errc::output_too_small;
  std::uint8_t mac[kMaxDigestLength];
  if (!one_shot(alg, key, message, mac)) return Errc::message_too_long;
  const std::size_t d = digest_length(alg);
  std::memcpy(out.data(), mac, out.size() < d ? out.size() : d);
  detail::secure_zero(mac, sizeof mac);
  return {};
}

Status hmac_verify(HashAlgorithm alg, std::span<const std::uint8_t> key,
                   std::span<const std::uint8_t> message,
                   std::span<const std::uint8_t> tag) noexcept {
  std::uint8_t mac[kMaxDigestLength];
  if (!one_shot(alg, key, message, mac)) return Errc::message_too_long;
  const bool ok =
      verify_length_ok(alg, tag.size()) && detail::ct_equal(mac, tag.data(), tag.size());
  detail::secure_zero(mac, sizeof mac);
  return ok ? Status{} : Status{Errc::authentication_failed};
}

}  // namespace aeskit
