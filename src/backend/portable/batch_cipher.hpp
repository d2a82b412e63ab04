// src/backend/portable/batch_cipher.hpp — the AES rounds on one bitsliced batch (4 blocks in
// 8 words, bitslice.hpp), defined in batch_cipher.cpp.
//
// CPU features: none.
// References: FIPS-197 §5.1, §5.3; Adomnicai & Peyrin, "Fixslicing AES-like ciphers",
// TCHES 2021(1).
#pragma once

#include <cstdint>

#include "backend/backend.hpp"

namespace aeskit::detail::portable {

// encrypt_batch / decrypt_batch: 64 bytes in, 64 bytes out (in == out allowed).
void encrypt_batch(const RoundKeys& enc, const std::uint8_t* in, std::uint8_t* out) noexcept;
void decrypt_batch(const RoundKeys& dec, const std::uint8_t* in, std::uint8_t* out) noexcept;

}  // namespace aeskit::detail::portable
