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

namespace aeskit::detail::portable::wide {

inline constexpr std::size_t kBlocksPerCall = 32;

// encrypt / decrypt: 32 blocks (512 bytes) in, 32 out (in == out allowed). The schedules are
// the ones of key_schedule.hpp, shared with the 4-block path.
void encrypt(const RoundKeys& enc, const std::uint8_t* in, std::uint8_t* out) noexcept;
void decrypt(const RoundKeys& dec, const std::uint8_t* in, std::uint8_t* out) noexcept;

}  // namespace aeskit::detail::portable::wide
