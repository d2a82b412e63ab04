// src/backend/portable/key_schedule.cpp — AES-128/192/256 key expansion into the fixsliced
// round-key format (key_schedule.hpp), and the decryption schedule.
//
// CPU features: none (standard C++; SubWord goes through the bitsliced S-box circuit, so no
// table is indexed by key bytes and nothing branches on them).
// References: FIPS-197 §5.2 (KeyExpansion); Adomnicai & Peyrin, "Fixslicing AES-like
// ciphers", TCHES 2021(1) (round keys stored in the permuted order the state has).
//
// Key expansion (FIPS-197 §5.2) makes 4 (Nr + 1) 32-bit words from the Nk key words:
//     w[i] = w[i-Nk] ^ SubWord(RotWord(w[i-1])) ^ Rcon[i/Nk]   if i % Nk == 0
//     w[i] = w[i-Nk] ^ SubWord(w[i-1])                         if Nk == 8 and i % 8 == 4
//     w[i] = w[i-Nk] ^ w[i-1]                                  otherwise,
// words kept as 4 bytes in key order; round key i is bytes 16 i .. 16 i + 15.
//
// Conversion of round key i (bytes k, byte 4c + r = row r, column c) to the stored form:
//   1. phase P = i mod 4: the state meets key i as a physical state t with s = SR^P(t), so the
//      key is stored as t(r, c) = k(r, c - P r) (then XOR into t equals XOR of k into s);
//   2. for i >= 1, XOR 0x63 into every byte (the S-box constant, see sbox_circuit.hpp);
//   3. put the 16 bytes in all four block slots and pack (bitslice.hpp).
// Decryption (the straightforward inverse cipher with InvShiftRows skipped, see
// aes_portable.cpp) meets key Nr - j in phase -j. Encryption key Nr - j is in phase Nr - j, so
// the decryption schedule is the encryption one reversed and moved by -Nr phases: 0 for
// AES-192, 2 for AES-128 and AES-256. Moving by 2 swaps columns c and c ^ 2 in odd rows; in
// the bitsliced layout that swaps bit 16 r + 4 c + b with bit + 8 where r is odd and c < 2
// (mask 0x00FF000000FF0000).
#include "backend/portable/key_schedule.hpp"

#include <cstring>

#include "backend/portable/bitslice.hpp"
#include "backend/portable/sbox_circuit.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::portable {
namespace {

// sub_word: the S-box on 4 bytes, through the bitsliced circuit (bit i of word j = bit j of
// byte i).
void sub_word(std::uint8_t w[4]) noexcept {
  std::uint64_t q[8][1];
  for (unsigned j = 0; j < 8; ++j) {
    q[j][0] = 0;
    for (unsigned i = 0; i < 4; ++i) q[j][0] |= static_cast<std::uint64_t>((w[i] >> j) & 1u) << i;
  }
  sub_bytes<false>(q);
  for (unsigned i = 0; i < 4; ++i) {
    unsigned v = 0;
    for (unsigned j = 0; j < 8; ++j) v |= static_cast<unsigned>((q[j][0] >> i) & 1u) << j;
    w[i] = static_cast<std::uint8_t>(v ^ 0x63u);
  }
  secure_zero(q, sizeof q);
}

// store_round_key: steps 1-3 above for round key `index` (16 bytes k).
void store_round_key(const std::uint8_t k[16], unsigned index, RoundKeys& enc) noexcept {
  const unsigned phase = index % 4;
  const std::uint8_t constant = index == 0 ? 0 : 0x63;
  std::uint8_t batch[64];
  for (unsigned c = 0; c < 4; ++c)
    for (unsigned r = 0; r < 4; ++r) {
      const unsigned source_column = (c + 4 * 4 - phase * r) % 4;
      const auto byte = static_cast<std::uint8_t>(k[4 * source_column + r] ^ constant);
      for (unsigned b = 0; b < 4; ++b) batch[16 * b + 4 * c + r] = byte;
    }
  std::uint64_t q[8];
  pack(batch, q);
  std::memcpy(enc.bytes + kRoundKeyBytes * index, q, sizeof q);
  secure_zero(batch, sizeof batch);
  secure_zero(q, sizeof q);
}

// move_phase_by_two: a bitsliced round key from phase P to phase P + 2.
std::uint64_t move_phase_by_two(std::uint64_t x) noexcept {
  const std::uint64_t t = ((x >> 8) ^ x) & 0x00FF000000FF0000;
  return x ^ t ^ (t << 8);
}

}  // namespace

void expand_key(const std::uint8_t* key, std::size_t key_len, RoundKeys& enc) noexcept {
  const unsigned nk = static_cast<unsigned>(key_len / 4);
  const unsigned rounds = nk + 6;
  const unsigned words = 4 * (rounds + 1);
  std::uint8_t w[4 * 60];  // 4 (14 + 1) words of 4 bytes at most
  std::memcpy(w, key, key_len);
  std::uint8_t rcon = 1;
  for (unsigned i = nk; i < words; ++i) {
    std::uint8_t t[4];
    std::memcpy(t, w + 4 * (i - 1), 4);
    if (i % nk == 0) {
      const std::uint8_t first = t[0];
      t[0] = t[1];
      t[1] = t[2];
      t[2] = t[3];
      t[3] = first;
      sub_word(t);
      t[0] = static_cast<std::uint8_t>(t[0] ^ rcon);
      // Next Rcon: multiply by x in GF(2^8) (public values).
      rcon = static_cast<std::uint8_t>((rcon << 1) ^ ((rcon >> 7) * 0x1b));
    } else if (nk == 8 && i % nk == 4) {
      sub_word(t);
    }
    for (unsigned b = 0; b < 4; ++b)
      w[4 * i + b] = static_cast<std::uint8_t>(w[4 * (i - nk) + b] ^ t[b]);
    secure_zero(t, sizeof t);
  }
  for (unsigned i = 0; i <= rounds; ++i) store_round_key(w + 16 * i, i, enc);
  enc.rounds = rounds;
  secure_zero(w, sizeof w);
}

void derive_decrypt_key(const RoundKeys& enc, RoundKeys& dec) noexcept {
  const unsigned rounds = enc.rounds;
  const bool move = rounds % 4 == 2;
  for (unsigned j = 0; j <= rounds; ++j) {
    std::uint64_t q[8];
    std::memcpy(q, enc.bytes + kRoundKeyBytes * (rounds - j), sizeof q);
    if (move)
      for (unsigned k = 0; k < 8; ++k) q[k] = move_phase_by_two(q[k]);
    std::memcpy(dec.bytes + kRoundKeyBytes * j, q, sizeof q);
    secure_zero(q, sizeof q);
  }
  dec.rounds = rounds;
}

}  // namespace aeskit::detail::portable
