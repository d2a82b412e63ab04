// aeskit/xts.hpp — XTS-AES (IEEE 1619-2018, NIST SP 800-38E): length-preserving encryption of
// storage data units (disk sectors), each bound to its position by a 128-bit tweak.
//
// An XtsKey is one double-length key: the first half (Key1) encrypts the data, the second
// half (Key2) encrypts the tweak. "AES-128-XTS" takes 32 bytes (two AES-128 keys) and
// "AES-256-XTS" 64 bytes, as OpenSSL names them. 48-byte keys (two AES-192 keys) are also
// accepted: IEEE 1619 does not define them, but libgcrypt and Wycheproof do.
//
// XTS does not authenticate: a changed ciphertext block decrypts to random-looking data
// without any error. It is meant for storage where the length cannot grow; use an AEAD when
// it can.
//
// Data units: any length from 16 bytes to 2^20 AES blocks (16 MiB), as IEEE 1619-2018 §5.1
// requires; a length that is not a multiple of 16 uses ciphertext stealing (§5.3.2, §5.4.2).
// The tweak is 16 bytes; the sector forms put a 64-bit sector number into it little-endian,
// zero-padded (what Linux dm-crypt's "plain64" and the IEEE 1619 vectors do).
//
// Key1 == Key2: IEEE 1619-2018 §5.1 and SP 800-38E require the two halves to differ. aeskit
// follows OpenSSL: such a key can be created and can DECRYPT (to read data written by older
// software that allowed it), but every encryption with it fails with Errc::weak_key.
// encryption_allowed() tells in advance. The comparison is made once, at creation, in
// constant time.
//
// Buffers: `out` may be exactly `in`; any other overlap is rejected. On any error nothing is
// written. No call allocates memory, except that the first decryption with a key builds its
// decryption schedule once (as for AesKey). XtsKey is move-only, wiped on destruction, and
// its operations are const and thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "aeskit/aes.hpp"
#include "aeskit/export.hpp"
#include "aeskit/modes.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

inline constexpr std::size_t kXtsTweakSize = 16;
// The smallest data unit (one block) and the largest (2^20 blocks), in bytes.
inline constexpr std::size_t kXtsMinDataUnit = 16;
inline constexpr std::size_t kXtsMaxDataUnit = std::size_t{1} << 24;

class AESKIT_API XtsKey {
 public:
  // create splits `key` (32, 48 or 64 bytes) into Key1 || Key2 and expands both on the best
  // backend, or on the one named (see aeskit/backends.hpp; empty: best).
  // Errors: bad_key_length, unknown_backend, backend_unavailable.
  static Result<XtsKey> create(std::span<const std::uint8_t> key, std::string_view backend = {});

  XtsKey() noexcept = default;  // empty; every operation fails with invalid_state
  XtsKey(XtsKey&&) noexcept = default;
  XtsKey& operator=(XtsKey&&) noexcept = default;
  XtsKey(const XtsKey&) = delete;
  XtsKey& operator=(const XtsKey&) = delete;
  ~XtsKey() = default;  // the two AesKeys wipe their schedules

  bool valid() const noexcept { return data_key_.valid(); }
  // key_bits is the size of one AES key: 128 for AES-128-XTS (a 32-byte XtsKey), 256 for
  // AES-256-XTS; 0 when empty.
  std::size_t key_bits() const noexcept { return data_key_.key_bits(); }
  std::string_view backend_name() const noexcept { return data_key_.backend_name(); }
  // encryption_allowed is false when Key1 == Key2 (and for an empty key).
  bool encryption_allowed() const noexcept { return valid() && !equal_halves_; }

  // encrypt / decrypt one data unit of in.size() bytes (16 .. kXtsMaxDataUnit) with a
  // 16-byte tweak (the data unit's number, little-endian, in IEEE 1619 terms). Writes
  // in.size() bytes to `out`.
  // Errors: bad_iv_length (tweak not 16 bytes), bad_data_unit_length (under 16 bytes),
  // message_too_long (over 2^20 blocks), output_too_small, overlapping_buffers,
  // weak_key (encrypt with Key1 == Key2), invalid_state (empty key).
  Status encrypt(std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                 std::span<std::uint8_t> out) const;
  Status decrypt(std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                 std::span<std::uint8_t> out) const;

  // encrypt_sector / decrypt_sector: the tweak is `sector` as 8 little-endian bytes followed
  // by 8 zero bytes. Errors as above (no bad_iv_length).
  Status encrypt_sector(std::uint64_t sector, std::span<const std::uint8_t> in,
                        std::span<std::uint8_t> out) const;
  Status decrypt_sector(std::uint64_t sector, std::span<const std::uint8_t> in,
                        std::span<std::uint8_t> out) const;

  // encrypt_sectors / decrypt_sectors: in.size() / sector_size consecutive data units of
  // sector_size bytes each; unit j uses sector number first_sector + j. The tweak is that
  // number as a 128-bit little-endian integer, so a run that passes 2^64 - 1 carries into
  // byte 8 (it never wraps to sector 0). The result equals one encrypt_sector call per unit.
  // Errors: bad_data_unit_length (sector_size under 16, or in.size() not a multiple of it;
  // an empty input is fine and writes nothing), message_too_long (sector_size over 2^20
  // blocks), output_too_small, overlapping_buffers, weak_key, invalid_state.
  Status encrypt_sectors(std::uint64_t first_sector, std::size_t sector_size,
                         std::span<const std::uint8_t> in, std::span<std::uint8_t> out) const;
  Status decrypt_sectors(std::uint64_t first_sector, std::size_t sector_size,
                         std::span<const std::uint8_t> in, std::span<std::uint8_t> out) const;

  // kernel describes the code path of `direction` on this key's backend, e.g.
  // "vaes512:xts_encrypt (bulk kernel, 512-bit)"; empty for an empty key.
  std::string kernel(Direction direction) const;

 private:
  XtsKey(AesKey data_key, AesKey tweak_key, bool equal_halves) noexcept;
  Status crypt(Direction direction, const std::uint8_t* tweak, std::span<const std::uint8_t> in,
               std::span<std::uint8_t> out) const;
  Status crypt_sectors(Direction direction, std::uint64_t first_sector, std::size_t sector_size,
                       std::span<const std::uint8_t> in, std::span<std::uint8_t> out) const;

  AesKey data_key_;   // Key1
  AesKey tweak_key_;  // Key2 (only ever encrypts)
  bool equal_halves_ = false;
};

// xts_kernel_for describes the XTS code path for `direction` with `key_bits`-bit AES keys on
// `backend` (empty: the default backend), as kernel_for does for the other modes. Empty if
// the backend is unknown or unavailable.
AESKIT_API std::string xts_kernel_for(Direction direction, std::size_t key_bits,
                                      std::string_view backend = {});

}  // namespace aeskit
