// src/backend/portable/wide_cipher.hpp — AES on 32 blocks at once in the wide layout
// (wide_layout.hpp); defined in wide_cipher.cpp.
//
// CPU features: none.
// References: FIPS-197 §5.1, §5.3; Adomnicai & Peyrin, "Fixslicing AES-like ciphers",
// TCHES 2021(1).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/portable/wide_layout.hpp"

namespace aeskit::detail::portable::wide {

inline constexpr std::size_t kBlocksPerCall = 32;

// Keys: a key_schedule.hpp schedule (encryption or decryption) with every 16-bit row of every
// round key broadcast to a vector, made once per call by prepare() and shared by all the
// 32-block groups of the call. Holds key material: callers wipe it (secure_zero) after use.
struct Keys {
  Vec k[15][8][4];
  unsigned rounds;
};
void prepare(const RoundKeys& keys, Keys& out) noexcept;

// encrypt / decrypt: 32 blocks (512 bytes) in, 32 out (in == out allowed), with prepared
// keys (the schedules of key_schedule.hpp, shared with the 4-block path).
void encrypt(const Keys& enc, const std::uint8_t* in, std::uint8_t* out) noexcept;
void decrypt(const Keys& dec, const std::uint8_t* in, std::uint8_t* out) noexcept;

}  // namespace aeskit::detail::portable::wide
