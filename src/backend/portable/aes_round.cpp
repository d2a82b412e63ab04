// src/backend/portable/aes_round.cpp — AESRound (SubBytes, ShiftRows, MixColumns, XOR of a
// caller-given key) on four bitsliced blocks.
//
// CPU features: none (64-bit shifts, AND, XOR). Constant-time: the S-box is the boolean
// circuit of sbox_circuit.hpp; ShiftRows and MixColumns are fixed word rotations.
// References: FIPS-197 §5.1.1-5.1.3; bitslice.hpp (the layout: byte (r, c) of block b at bit
// 16 r + 4 c + b of each plane), mix_columns.hpp (MixColumns on a phase-0 state).
//
// The circuit's SubBytes leaves out the constant 0x63 (sub_bytes<false> gives S(x) ^ 0x63);
// ShiftRows moves bytes and MixColumns maps an all-0x63 state to itself (2 ^ 3 ^ 1 ^ 1 = 1), so
// the result is AESRound(x, rk) ^ 0x63 in every byte, and 0x63 is added back with the key.
#include "backend/portable/aes_round.hpp"

#include <cstring>

#include "backend/portable/bitslice.hpp"
#include "backend/portable/mix_columns.hpp"
#include "backend/portable/sbox_circuit.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::portable {
namespace {

// shift_rows: row r (the 16-bit field at 16 r) takes column c from column c + r: the field is
// rotated right by 4 r bits inside itself.
inline std::uint64_t shift_rows(std::uint64_t x) noexcept {
  std::uint64_t out = x & 0xFFFF;
  for (unsigned r = 1; r < 4; ++r) {
    const std::uint64_t f = (x >> (16 * r)) & 0xFFFF;
    const std::uint64_t g = ((f >> (4 * r)) | (f << (16 - 4 * r))) & 0xFFFF;
    out |= g << (16 * r);
  }
  return out;
}

}  // namespace

void aes_round4(const std::uint8_t* in, const std::uint8_t* rk, std::uint8_t* out) noexcept {
  std::uint64_t q[8][1];
  std::uint64_t w[8];
  pack(in, w);
  for (unsigned j = 0; j < 8; ++j) q[j][0] = w[j];
  sub_bytes<false>(q);
  for (unsigned j = 0; j < 8; ++j) w[j] = shift_rows(q[j][0]);
  mix_columns<0>(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
  std::uint8_t bytes[64];
  unpack(w, bytes, false);
  for (std::size_t i = 0; i < 64; ++i) out[i] = static_cast<std::uint8_t>(bytes[i] ^ rk[i] ^ 0x63);
  secure_zero(bytes, sizeof bytes);
  secure_zero(w, sizeof w);
  secure_zero(q, sizeof q);
}

void aes_rounds(const std::uint8_t* in, const std::uint8_t* rk, std::uint8_t* out,
                std::size_t blocks) noexcept {
  std::size_t i = 0;
  for (; i + 4 <= blocks; i += 4) aes_round4(in + 16 * i, rk + 16 * i, out + 16 * i);
  if (i == blocks) return;
  std::uint8_t a[64] = {}, k[64] = {}, o[64];
  const std::size_t rest = 16 * (blocks - i);
  std::memcpy(a, in + 16 * i, rest);
  std::memcpy(k, rk + 16 * i, rest);
  aes_round4(a, k, o);
  std::memcpy(out + 16 * i, o, rest);
  secure_zero(a, sizeof a);
  secure_zero(k, sizeof k);
  secure_zero(o, sizeof o);
}

}  // namespace aeskit::detail::portable
