// src/backend/portable/key_schedule.hpp — the portable backend's round-key format and its
// key expansion entry points (defined in key_schedule.cpp).
//
// CPU features: none.
// References: backend/backend.hpp (RoundKeys), FIPS-197 §5.2.
//
// Format of RoundKeys::bytes: round key i is 8 bitsliced words (64 bytes, the layout of
// bitslice.hpp with the same key in all four block slots; the 32-block path reads the same
// words row by row, see wide_layout.hpp) at offset 64 i, in native byte order; AES-256 uses 15 * 64
// = 960 of the 1024 bytes. The encryption schedule holds key i in the phase (mix_columns.hpp) the
// state has when it meets it: phase i mod 4. The decryption schedule holds, in order of use, key Nr
// - j in phase -j mod 4 for j = 0..Nr. Every key of rounds 1..Nr carries an extra XOR with 0x63 in
// each byte (the S-box constant that sbox_circuit.hpp leaves out); key 0 does not.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"

namespace aeskit::detail::portable {

inline constexpr std::size_t kRoundKeyBytes = 64;

void expand_key(const std::uint8_t* key, std::size_t key_len, RoundKeys& enc) noexcept;
void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept;

}  // namespace aeskit::detail::portable
