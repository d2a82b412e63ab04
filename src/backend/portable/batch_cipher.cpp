// src/backend/portable/batch_cipher.cpp — AES encryption and decryption of a 4-block batch in
// the fixsliced representation.
//
// CPU features: none (standard C++; the only operations on secret data are AND, XOR, OR and
// rotations by constants, so the time does not depend on key or data).
// References: FIPS-197 §5.1 (Cipher), §5.3 (InvCipher); Adomnicai & Peyrin, "Fixslicing
// AES-like ciphers", TCHES 2021(1).
//
// Encryption. A round is SubBytes, ShiftRows, MixColumns, AddRoundKey. ShiftRows is never
// performed: after round i the words hold the state in phase i mod 4 (mix_columns.hpp), so
// the rounds cycle through mix_columns<1>, <2>, <3>, <0>; key i is stored in phase i mod 4.
// After the last round (SubBytes, AddRoundKey: no MixColumns) the state is in phase Nr mod 4:
// 2 for AES-128 and AES-256, 0 for AES-192, which unpack() undoes.
//
// Decryption, the inverse cipher of FIPS-197 §5.3 written as
//     s ^= k[Nr];  for i = Nr-1 .. 1: InvShiftRows, InvSubBytes, s ^= k[i], InvMixColumns;
//     InvShiftRows, InvSubBytes, s ^= k[0].
// Skipping each InvShiftRows lowers the phase by one, so inverse round j (= 1 .. Nr-1) runs
// in phase -j mod 4: inv_mix_columns<3>, <2>, <1>, <0>, ...; the end phase is -Nr mod 4, again
// 2 or 0. The decryption schedule holds the keys in this order and phase (key_schedule.hpp).
// The 0x63 that InvSubBytes needs on its input comes from the keys: k[Nr] ^ 0x63 directly,
// and InvMixColumns maps k[i] ^ 0x63 to InvMixColumns(k[i]) ^ 0x63 for the later rounds.
#include "backend/portable/batch_cipher.hpp"

#include <cstring>

#include "backend/portable/bitslice.hpp"
#include "backend/portable/key_schedule.hpp"
#include "backend/portable/mix_columns.hpp"
#include "backend/portable/sbox_circuit.hpp"

namespace aeskit::detail::portable {
namespace {

// State: one 64-bit word per bit-plane, as the N = 1 case of sub_bytes wants it.
using Batch = std::uint64_t[8][1];

void add_key(Batch& q, const RoundKeys& keys, unsigned index) noexcept {
  std::uint64_t k[8];
  std::memcpy(k, keys.bytes + kRoundKeyBytes * index, sizeof k);
  q[0][0] ^= k[0], q[1][0] ^= k[1], q[2][0] ^= k[2], q[3][0] ^= k[3];
  q[4][0] ^= k[4], q[5][0] ^= k[5], q[6][0] ^= k[6], q[7][0] ^= k[7];
}

template <unsigned P>
void encrypt_round(Batch& q, const RoundKeys& enc, unsigned index) noexcept {
  sub_bytes<false>(q);
  mix_columns<P>(q[0][0], q[1][0], q[2][0], q[3][0], q[4][0], q[5][0], q[6][0], q[7][0]);
  add_key(q, enc, index);
}

template <unsigned P>
void decrypt_round(Batch& q, const RoundKeys& dec, unsigned index) noexcept {
  sub_bytes<true>(q);
  add_key(q, dec, index);
  inv_mix_columns<P>(q[0][0], q[1][0], q[2][0], q[3][0], q[4][0], q[5][0], q[6][0], q[7][0]);
}

void load_batch(const std::uint8_t* in, Batch& q) noexcept {
  std::uint64_t w[8];
  pack(in, w);
  for (unsigned j = 0; j < 8; ++j) q[j][0] = w[j];
}

void store_batch(Batch& q, std::uint8_t* out, bool odd_rows_swapped) noexcept {
  std::uint64_t w[8];
  for (unsigned j = 0; j < 8; ++j) w[j] = q[j][0];
  unpack(w, out, odd_rows_swapped);
}

}  // namespace

void encrypt_batch(const RoundKeys& enc, const std::uint8_t* in, std::uint8_t* out) noexcept {
  const unsigned rounds = enc.rounds;
  Batch q;
  load_batch(in, q);
  add_key(q, enc, 0);
  // Rounds 1 .. Nr-1 in groups of four phases; Nr - 1 is 9, 11 or 13, so 1 or 3 remain.
  unsigned i = 1;
  for (; i + 4 <= rounds; i += 4) {
    encrypt_round<1>(q, enc, i);
    encrypt_round<2>(q, enc, i + 1);
    encrypt_round<3>(q, enc, i + 2);
    encrypt_round<0>(q, enc, i + 3);
  }
  encrypt_round<1>(q, enc, i);
  if (i + 1 < rounds) {
    encrypt_round<2>(q, enc, i + 1);
    encrypt_round<3>(q, enc, i + 2);
  }
  sub_bytes<false>(q);
  add_key(q, enc, rounds);
  store_batch(q, out, rounds % 4 == 2);
}

void decrypt_batch(const RoundKeys& dec, const std::uint8_t* in, std::uint8_t* out) noexcept {
  const unsigned rounds = dec.rounds;
  Batch q;
  load_batch(in, q);
  add_key(q, dec, 0);
  unsigned j = 1;
  for (; j + 4 <= rounds; j += 4) {
    decrypt_round<3>(q, dec, j);
    decrypt_round<2>(q, dec, j + 1);
    decrypt_round<1>(q, dec, j + 2);
    decrypt_round<0>(q, dec, j + 3);
  }
  decrypt_round<3>(q, dec, j);
  if (j + 1 < rounds) {
    decrypt_round<2>(q, dec, j + 1);
    decrypt_round<1>(q, dec, j + 2);
  }
  sub_bytes<true>(q);
  add_key(q, dec, rounds);
  store_batch(q, out, rounds % 4 == 2);
}

}  // namespace aeskit::detail::portable
