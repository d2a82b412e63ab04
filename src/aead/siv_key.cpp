// src/aead/siv_key.cpp — the public SivKey (aeskit/siv.hpp): argument checks and layout
// (V || C, in place at either alignment) around the SIV core (siv_core.hpp).
//
// CPU features: none. References: RFC 5297 §2.6, §2.7, §7.
#include <cstring>

#include "aead/aead_checks.hpp"
#include "aead/siv_core.hpp"
#include "aeskit/siv.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"

namespace aeskit {
namespace {

using Components = std::span<const std::span<const std::uint8_t>>;

bool any_overlaps(Components ad, const std::uint8_t* out, std::size_t n) {
  for (const auto& component : ad)
    if (detail::overlaps(component, out, n)) return true;
  return false;
}

}  // namespace

Result<SivKey> SivKey::create(std::span<const std::uint8_t> key, std::string_view backend) {
  Result<std::unique_ptr<detail::siv::Core>> core = detail::siv::make_core(key, backend);
  if (!core.ok()) return core.status();
  SivKey k;
  k.core_ = std::move(core).value();
  return k;
}

SivKey::SivKey() noexcept = default;
SivKey::SivKey(SivKey&&) noexcept = default;
SivKey& SivKey::operator=(SivKey&&) noexcept = default;
SivKey::~SivKey() = default;

std::size_t SivKey::key_length() const noexcept {
  return core_ ? 2 * core_->mac->key_len : 0;
}

std::string_view SivKey::backend_name() const noexcept {
  return core_ ? core_->mac_aes.backend_name() : std::string_view{};
}

std::string SivKey::kernel() const {
  return core_ ? detail::siv::describe(*core_) : std::string{};
}

Result<std::size_t> SivKey::seal(Components ad, std::span<const std::uint8_t> plaintext,
                                 std::span<std::uint8_t> out) const {
  if (!core_) return Errc::invalid_state;
  if (ad.size() > kMaxAdComponents) return Errc::too_many_ad_components;
  const std::size_t n = plaintext.size();
  const std::size_t written = n + kIvLength;
  if (out.size() < written) return aeskit::detail::output_too_small(written, out.size());
  std::uint8_t* v = out.data();
  std::uint8_t* ct = out.data() + kIvLength;
  if (any_overlaps(ad, out.data(), written)) return Errc::overlapping_buffers;
  const std::uint8_t* in = plaintext.data();
  if (n != 0 && in == out.data()) {
    std::memmove(ct, out.data(), n);  // plaintext at out: move it to where C goes
    in = ct;
  } else if (n != 0 && in != ct && detail::overlaps(plaintext, out.data(), written)) {
    return Errc::overlapping_buffers;
  }
  detail::siv::seal(*core_, ad.data(), ad.size(), in, ct, n, v);
  return written;
}

Result<std::size_t> SivKey::open(Components ad, std::span<const std::uint8_t> sealed,
                                 std::span<std::uint8_t> out) const {
  if (!core_) return Errc::invalid_state;
  if (ad.size() > kMaxAdComponents) return Errc::too_many_ad_components;
  if (sealed.size() < kIvLength) return Errc::authentication_failed;
  const std::size_t n = sealed.size() - kIvLength;
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  if (any_overlaps(ad, out.data(), n)) return Errc::overlapping_buffers;
  const std::uint8_t* ct = sealed.data() + kIvLength;
  const bool at_start = out.data() == sealed.data();
  if (n != 0 && !at_start && out.data() != ct && detail::overlaps(sealed, out.data(), n))
    return Errc::overlapping_buffers;
  alignas(16) std::uint8_t v[kIvLength];
  std::memcpy(v, sealed.data(), kIvLength);  // before any in-place write
  if (n != 0 && at_start) {
    std::memmove(out.data(), ct, n);
    ct = out.data();
  }
  const bool ok = detail::siv::open(*core_, ad.data(), ad.size(), ct, out.data(), n, v);
  detail::secure_zero(v, sizeof v);
  if (!ok) return Errc::authentication_failed;
  return n;
}

}  // namespace aeskit
