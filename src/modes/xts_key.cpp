// src/modes/xts_key.cpp — XtsKey (aeskit/xts.hpp): key splitting, the Key1 == Key2 rule,
// argument checks, and xts_kernel_for. The mode itself is in xts.cpp.
//
// CPU features: none.
// References: IEEE 1619-2018 §5.1 (key halves must differ; data unit of at most 2^20 blocks),
// NIST SP 800-38E (the same two requirements).
#include <cstring>

#include "aeskit/xts.hpp"
#include "backend/select/select.hpp"
#include "base/buffers.hpp"
#include "base/declassify.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"
#include "cpu/features.hpp"
#include "modes/xts_mode.hpp"

namespace aeskit {
namespace {

// halves_equal compares Key1 and Key2 in constant time: the OR of all byte differences is
// reduced to one bit without a branch on the key bytes.
bool halves_equal(std::span<const std::uint8_t> key) {
  const std::size_t half = key.size() / 2;
  unsigned diff = 0;
  for (std::size_t i = 0; i < half; ++i) diff |= static_cast<unsigned>(key[i] ^ key[half + i]);
  bool equal = ((diff - 1) >> 8 & 1) != 0;  // 1 iff diff == 0 (diff < 256)
  // Public by design: encrypt's weak_key refusal reveals this one bit of the key (IEEE 1619
  // §5.1's Key1 != Key2 rule), so it is released here and crypt() may branch on it.
  detail::declassify(equal);
  return equal;
}

const detail::KeyState& state_of(const AesKey& key) {
  return *detail::KeyAccess::state(key);
}

}  // namespace

XtsKey::XtsKey(AesKey data_key, AesKey tweak_key, bool equal_halves) noexcept
    : data_key_(std::move(data_key)),
      tweak_key_(std::move(tweak_key)),
      equal_halves_(equal_halves) {}

Result<XtsKey> XtsKey::create(std::span<const std::uint8_t> key, std::string_view backend) {
  Result<detail::AesKeyPair> keys = detail::create_key_pair("AES-XTS", key, backend);
  if (!keys.ok()) return keys.status();
  return XtsKey(std::move(keys->first), std::move(keys->second), halves_equal(key));
}

Status XtsKey::crypt(Direction direction, const std::uint8_t* tweak,
                     std::span<const std::uint8_t> in, std::span<std::uint8_t> out) const {
  if (!valid()) return Errc::invalid_state;
  if (direction == Direction::encrypt && equal_halves_) return Errc::weak_key;
  if (in.size() < kXtsMinDataUnit) return Errc::bad_data_unit_length;
  if (in.size() > kXtsMaxDataUnit) return Errc::message_too_long;
  if (out.size() < in.size()) return aeskit::detail::output_too_small(in.size(), out.size());
  if (detail::partially_overlaps(in.data(), in.size(), out.data(), in.size()))
    return Errc::overlapping_buffers;
  detail::xts_data_unit(state_of(data_key_), state_of(tweak_key_), direction, tweak, in.data(),
                        out.data(), in.size());
  return {};
}

Status XtsKey::crypt_sectors(Direction direction, std::uint64_t first_sector,
                             std::size_t sector_size, std::span<const std::uint8_t> in,
                             std::span<std::uint8_t> out) const {
  if (!valid()) return Errc::invalid_state;
  if (direction == Direction::encrypt && equal_halves_) return Errc::weak_key;
  if (sector_size < kXtsMinDataUnit) return Errc::bad_data_unit_length;
  if (sector_size > kXtsMaxDataUnit) return Errc::message_too_long;
  if (in.size() % sector_size != 0) return Errc::bad_data_unit_length;
  if (out.size() < in.size()) return aeskit::detail::output_too_small(in.size(), out.size());
  if (detail::partially_overlaps(in.data(), in.size(), out.data(), in.size()))
    return Errc::overlapping_buffers;
  if (in.empty()) return {};
  detail::xts_sectors(state_of(data_key_), state_of(tweak_key_), direction, first_sector,
                      sector_size, in.data(), out.data(), in.size() / sector_size);
  return {};
}

Status XtsKey::encrypt(std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                       std::span<std::uint8_t> out) const {
  if (valid() && tweak.size() != kXtsTweakSize) return Errc::bad_iv_length;
  return crypt(Direction::encrypt, tweak.data(), in, out);
}

Status XtsKey::decrypt(std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                       std::span<std::uint8_t> out) const {
  if (valid() && tweak.size() != kXtsTweakSize) return Errc::bad_iv_length;
  return crypt(Direction::decrypt, tweak.data(), in, out);
}

namespace {

void sector_tweak(std::uint64_t sector, std::uint8_t tweak[16]) {
  for (unsigned i = 0; i < 8; ++i) tweak[i] = static_cast<std::uint8_t>(sector >> (8 * i));
  std::memset(tweak + 8, 0, 8);
}

}  // namespace

Status XtsKey::encrypt_sector(std::uint64_t sector, std::span<const std::uint8_t> in,
                              std::span<std::uint8_t> out) const {
  std::uint8_t tweak[16];
  sector_tweak(sector, tweak);
  return crypt(Direction::encrypt, tweak, in, out);
}

Status XtsKey::decrypt_sector(std::uint64_t sector, std::span<const std::uint8_t> in,
                              std::span<std::uint8_t> out) const {
  std::uint8_t tweak[16];
  sector_tweak(sector, tweak);
  return crypt(Direction::decrypt, tweak, in, out);
}

Status XtsKey::encrypt_sectors(std::uint64_t first_sector, std::size_t sector_size,
                               std::span<const std::uint8_t> in,
                               std::span<std::uint8_t> out) const {
  return crypt_sectors(Direction::encrypt, first_sector, sector_size, in, out);
}

Status XtsKey::decrypt_sectors(std::uint64_t first_sector, std::size_t sector_size,
                               std::span<const std::uint8_t> in,
                               std::span<std::uint8_t> out) const {
  return crypt_sectors(Direction::decrypt, first_sector, sector_size, in, out);
}

std::string XtsKey::kernel(Direction direction) const {
  if (!valid()) return {};
  return detail::describe_xts_kernel(*state_of(data_key_).backend, direction);
}

std::string xts_kernel_for(Direction direction, std::size_t key_bits, std::string_view backend) {
  (void)key_bits;  // every backend runs all key sizes with the same XTS kernels (see kernel_for)
  Result<const detail::AesBackend*> b = detail::resolve_backend(backend, cpu::cpu_features());
  if (!b.ok()) return {};
  return detail::describe_xts_kernel(**b, direction);
}

}  // namespace aeskit
