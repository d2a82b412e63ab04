// src/backend/portable/aes_round.hpp — one AES encryption round with a caller-given round key,
// AESRound(in, rk) = MixColumns(ShiftRows(SubBytes(in))) ^ rk (what AESENC computes), on four
// blocks at a time: the building block of the portable AEGIS code (aegis_portable.cpp).
//
// CPU features: none. Constant-time: the blocks go through the bitsliced S-box circuit of
// sbox_circuit.hpp (no table lookups, no branches on data).
// References: FIPS-197 §5.1; draft-irtf-cfrg-aegis-aead §2 (AESRound) and its A.1 test vector.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aeskit::detail::portable {

// aes_round4: out[i] = AESRound(in[i], rk[i]) for the four 16-byte blocks of in/rk/out
// (64 bytes each; out may equal in or rk).
void aes_round4(const std::uint8_t* in, const std::uint8_t* rk, std::uint8_t* out) noexcept;

// aes_rounds: the same over `blocks` blocks (any count; groups of four, the last padded).
void aes_rounds(const std::uint8_t* in, const std::uint8_t* rk, std::uint8_t* out,
                std::size_t blocks) noexcept;

}  // namespace aeskit::detail::portable
