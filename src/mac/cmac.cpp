// src/mac/cmac.cpp — the public AES-CMAC object (aeskit/mac.hpp: Cmac) over the CMAC core.
//
// CPU features: none. References: NIST SP 800-38B, RFC 4493.
// The one-shot calls compute the full 16-byte CMAC into a local block and copy its first
// tag_length() bytes out (so tag_out may overlap the message); verify compares with
// ct_equal (constant time; only the verdict is public).
#include <cstring>

#include "aeskit/mac.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"
#include "mac/cmac_core.hpp"

namespace aeskit {
namespace detail {

struct CmacState {
  std::shared_ptr<const AesKey> aes;  // owns the schedule `key` points into; shared by copies
  const KeyState* key = nullptr;
  cmac::Subkeys sub;
  std::size_t tag_length = 16;
  cmac::Stream stream;  // the incremental message
  bool finished = false;
};

}  // namespace detail

Result<Cmac> Cmac::create(std::span<const std::uint8_t> key, std::size_t tag_length,
                          std::string_view backend) {
  if (key.size() != 16 && key.size() != 24 && key.size() != 32)
    return aeskit::detail::bad_key_length("AES-CMAC", "a key of 16, 24 or 32 bytes", key.size());
  if (tag_length < kMinTagLength || tag_length > kMaxTagLength) return Errc::bad_tag_length;
  Result<AesKey> aes = AesKey::create(key, backend);
  if (!aes.ok()) return aes.status();
  Cmac mac;
  mac.state_ = std::make_unique<detail::CmacState>();
  detail::CmacState& s = *mac.state_;
  s.aes = std::make_shared<const AesKey>(std::move(aes).value());
  s.key = detail::KeyAccess::state(*s.aes);
  s.tag_length = tag_length;
  detail::cmac::derive_subkeys(*s.key, s.sub);
  return mac;
}

Cmac::Cmac() noexcept = default;
Cmac::Cmac(Cmac&&) noexcept = default;
Cmac& Cmac::operator=(Cmac&&) noexcept = default;
Cmac::~Cmac() = default;

Cmac::Cmac(const Cmac& other) {
  *this = other;
}

Cmac& Cmac::operator=(const Cmac& other) {
  if (this == &other) return *this;
  if (!other.state_) {
    state_.reset();
    return *this;
  }
  auto copy = std::make_unique<detail::CmacState>();
  const detail::CmacState& o = *other.state_;
  copy->aes = o.aes;
  copy->key = o.key;
  std::memcpy(copy->sub.k1, o.sub.k1, sizeof o.sub.k1);
  std::memcpy(copy->sub.k2, o.sub.k2, sizeof o.sub.k2);
  copy->tag_length = o.tag_length;
  std::memcpy(copy->stream.chain, o.stream.chain, sizeof o.stream.chain);
  std::memcpy(copy->stream.buffer, o.stream.buffer, sizeof o.stream.buffer);
  copy->stream.buffered = o.stream.buffered;
  copy->finished = o.finished;
  state_ = std::move(copy);
  return *this;
}

std::size_t Cmac::tag_length() const noexcept {
  return state_ ? state_->tag_length : 0;
}

std::string_view Cmac::backend_name() const noexcept {
  return state_ ? state_->aes->backend_name() : std::string_view{};
}

std::string Cmac::kernel() const {
  return state_ ? detail::cmac::describe_chain(*state_->key->backend) : std::string{};
}

Status Cmac::compute(std::span<const std::uint8_t> data, std::span<std::uint8_t> tag_out) const {
  if (!state_) return Errc::invalid_state;
  const detail::CmacState& s = *state_;
  if (tag_out.size() < s.tag_length)
    return aeskit::detail::output_too_small(s.tag_length, tag_out.size());
  alignas(16) std::uint8_t tag[16];
  detail::cmac::compute(*s.key, s.sub, data.data(), data.size(), tag);
  std::memcpy(tag_out.data(), tag, s.tag_length);
  detail::secure_zero(tag, sizeof tag);
  return {};
}

Status Cmac::verify(std::span<const std::uint8_t> data, std::span<const std::uint8_t> tag) const {
  if (!state_) return Errc::invalid_state;
  const detail::CmacState& s = *state_;
  if (tag.size() != s.tag_length) return Errc::authentication_failed;
  alignas(16) std::uint8_t expected[16];
  detail::cmac::compute(*s.key, s.sub, data.data(), data.size(), expected);
  const bool ok = detail::ct_equal(expected, tag.data(), s.tag_length);
  detail::secure_zero(expected, sizeof expected);
  return ok ? Status{} : Errc::authentication_failed;
}

Status Cmac::update(std::span<const std::uint8_t> data) {
  if (!state_ || state_->finished) return Errc::invalid_state;
  detail::cmac::update(*state_->key, state_->stream, data.data(), data.size());
  return {};
}

Status Cmac::finish(std::span<std::uint8_t> tag_out) {
  if (!state_ || state_->finished) return Errc::invalid_state;
  detail::CmacState& s = *state_;
  if (tag_out.size() < s.tag_length)
    return aeskit::detail::output_too_small(s.tag_length, tag_out.size());
  alignas(16) std::uint8_t tag[16];
  detail::cmac::finish(*s.key, s.sub, s.stream, tag);
  std::memcpy(tag_out.data(), tag, s.tag_length);
  detail::secure_zero(tag, sizeof tag);
  s.finished = true;
  return {};
}

Status Cmac::verify(std::span<const std::uint8_t> tag) {
  if (!state_ || state_->finished) return Errc::invalid_state;
  detail::CmacState& s = *state_;
  alignas(16) std::uint8_t expected[16];
  detail::cmac::finish(*s.key, s.sub, s.stream, expected);
  s.finished = true;
  const bool ok =
      tag.size() == s.tag_length && detail::ct_equal(expected, tag.data(), s.tag_length);
  detail::secure_zero(expected, sizeof expected);
  return ok ? Status{} : Errc::authentication_failed;
}

Status Cmac::reset() {
  if (!state_) return Errc::invalid_state;
  state_->stream.reset();
  state_->finished = false;
  return {};
}

}  // namespace aeskit
