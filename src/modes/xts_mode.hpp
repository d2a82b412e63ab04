// src/modes/xts_mode.hpp — XTS-AES over the backend contract (IEEE 1619-2018 §5.3, §5.4;
// NIST SP 800-38E): one data unit, or a run of consecutive sectors. Generic code: it never
// names an instruction set. No argument checking here (src/modes/xts_key.cpp does it); in ==
// out is allowed, lengths are already valid (16 .. 2^24 bytes per unit).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "aeskit/modes.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

// xts_mul_alpha: t = t·α in GF(2^128) on the little-endian 16-byte tweak (IEEE 1619 §5.2),
// in constant time.
void xts_mul_alpha(std::uint8_t t[16]) noexcept;

// xts_data_unit: encrypts or decrypts `len` bytes (16 <= len <= 2^24) with the plain tweak
// `tweak` (encrypted here with key2).
void xts_data_unit(const KeyState& key1, const KeyState& key2, Direction direction,
                   const std::uint8_t tweak[16], const std::uint8_t* in, std::uint8_t* out,
                   std::size_t len);

// xts_sectors: `units` data units of `unit_len` bytes; unit j's tweak is the 128-bit
// little-endian integer first_sector + j.
void xts_sectors(const KeyState& key1, const KeyState& key2, Direction direction,
                 std::uint64_t first_sector, std::size_t unit_len, const std::uint8_t* in,
                 std::uint8_t* out, std::size_t units);

// describe_xts_kernel: the code path xts_data_unit takes on `backend` (kernel_report.cpp).
std::string describe_xts_kernel(const AesBackend& backend, Direction direction);

}  // namespace aeskit::detail
