// src/backend/portable/wide_cipher.cpp — AES encryption and decryption of 32 blocks in the wide
// fixsliced layout.
//
// CPU features: none. Written so that compilers vectorize it on their own: every step is a
// loop whose innermost index runs over adjacent 16-bit words (the 8 lanes of a row, or all
// the rows of a bit-plane) with a branch-free body, which x86-64's baseline SSE2 (or any
// other SIMD unit) runs 8 words at a time. Without SIMD the same code is correct scalar code.
// Constant-time: only AND, XOR, OR and shifts by constants touch secret data.
// References: FIPS-197 §5.1, §5.3; Adomnicai & Peyrin, "Fixslicing AES-like ciphers",
// TCHES 2021(1).
//
// The rounds and their phases are those of batch_cipher.cpp; only the word operations change.
// In this layout (wide_layout.hpp) row r of bit-plane j is the array slice
// q[j][r * kLanes .. r * kLanes + 7], and a row word holds 4 columns x 4 blocks (bit 4 c + b).
// MixColumns in phase P needs, at row r, N_1(t)(r, c) = t(r+1, c+P) and N_2 = t(r+2, c+2P):
// row r+1 (or r+2) of the array, rotated right by 4P (or 8P) bits inside each 16-bit word —
// the row move is free and the column move is one rotation (none at all in phase 0, and
// N_2 in phase 2). With v = 2 b ^ N_1(t) ^ N_2(b), b = t ^ N_1(t) (mix_columns.hpp), MixColumns
// is done in two passes over the state:
//     pass 1: n = N_1(t), b = t ^ n, d = 2 b ^ n     (row r reads row r+1)
//     pass 2: t = d ^ N_2(b) [^ round key]           (row r reads row r+2)
// InvMixColumns(t) = MixColumns(t ^ 4 (t ^ N_2 t)), see mix_columns.hpp.
// Decryption rounds are InvSubBytes, AddRoundKey, InvMixColumns as in batch_cipher.cpp.
#include "backend/portable/wide_cipher.hpp"

#include <cstring>

#include "backend/portable/key_schedule.hpp"
#include "backend/portable/sbox_circuit.hpp"
#include "backend/portable/wide_layout.hpp"

namespace aeskit::detail::portable::wide {
namespace {

constexpr unsigned L = kLanes;
static_assert(kBlocks == kBlocksPerCall);

// rotr16<S>: rotate a row word right by S mod 16 bits (bit 4 c + b takes the column c + S/4).
template <unsigned S>
inline Row rotr16(Row x) noexcept {
  constexpr unsigned s = S % 16;
  if constexpr (s == 0) {
    return x;
  } else {
    return static_cast<Row>((x >> s) | (x << (16 - s)));
  }
}

// key_rows: row r of every plane of round key `index`.
void key_rows(const RoundKeys& keys, unsigned index, Row k[8][4]) noexcept {
  std::uint64_t w[8];
  std::memcpy(w, keys.bytes + kRoundKeyBytes * index, sizeof w);
  for (unsigned j = 0; j < 8; ++j)
    for (unsigned r = 0; r < 4; ++r) k[j][r] = static_cast<Row>(w[j] >> (16 * r));
}

void add_round_key(State& q, const RoundKeys& keys, unsigned index) noexcept {
  Row k[8][4];
  key_rows(keys, index, k);
  for (unsigned j = 0; j < 8; ++j)
    for (unsigned r = 0; r < 4; ++r)
      for (unsigned h = 0; h < L; ++h)
        q[j][r * L + h] = static_cast<Row>(q[j][r * L + h] ^ k[j][r]);
}

// mix_columns<P, AddKey>: q <- MixColumns(q) in phase P, then ^ round key `index` if AddKey.
template <unsigned P, bool AddKey>
void mix_columns(State& q, const RoundKeys& keys, unsigned index) noexcept {
  // Pass 1, row by row: n = N_1(t) (row r + 1 rotated), b = t ^ n, d = 2 b ^ n.
  Row b[8][kRowWords], d[8][kRowWords];
  for (unsigned r = 0; r < 4; ++r) {
    const unsigned r1 = (r + 1) % 4;
    for (unsigned h = 0; h < L; ++h) {
      const unsigned i = r * L + h, i1 = r1 * L + h;
      const Row n0 = rotr16<4 * P>(q[0][i1]), n1 = rotr16<4 * P>(q[1][i1]);
      const Row n2 = rotr16<4 * P>(q[2][i1]), n3 = rotr16<4 * P>(q[3][i1]);
      const Row n4 = rotr16<4 * P>(q[4][i1]), n5 = rotr16<4 * P>(q[5][i1]);
      const Row n6 = rotr16<4 * P>(q[6][i1]), n7 = rotr16<4 * P>(q[7][i1]);
      const Row b0 = q[0][i] ^ n0, b1 = q[1][i] ^ n1, b2 = q[2][i] ^ n2, b3 = q[3][i] ^ n3;
      const Row b4 = q[4][i] ^ n4, b5 = q[5][i] ^ n5, b6 = q[6][i] ^ n6, b7 = q[7][i] ^ n7;
      b[0][i] = b0, b[1][i] = b1, b[2][i] = b2, b[3][i] = b3;
      b[4][i] = b4, b[5][i] = b5, b[6][i] = b6, b[7][i] = b7;
      // 2 b: bit-plane j takes plane j-1, plus plane 7 into planes 0, 1, 3, 4.
      d[0][i] = b7 ^ n0, d[1][i] = b0 ^ b7 ^ n1, d[2][i] = b1 ^ n2, d[3][i] = b2 ^ b7 ^ n3;
      d[4][i] = b3 ^ b7 ^ n4, d[5][i] = b4 ^ n5, d[6][i] = b5 ^ n6, d[7][i] = b6 ^ n7;
    }
  }
  // Pass 2: t = d ^ N_2(b) (row r + 2 rotated) [^ key].
  Row k[8][4] = {};
  if constexpr (AddKey) key_rows(keys, index, k);
  for (unsigned j = 0; j < 8; ++j)
    for (unsigned r = 0; r < 4; ++r) {
      const unsigned r2 = (r + 2) % 4;
      for (unsigned h = 0; h < L; ++h)
        q[j][r * L + h] =
            static_cast<Row>(d[j][r * L + h] ^ rotr16<8 * P>(b[j][r2 * L + h]) ^ k[j][r]);
    }
}

// inv_mix_columns<P>: q <- InvMixColumns(q) in phase P.
template <unsigned P>
void inv_mix_columns(State& q, const RoundKeys& keys) noexcept {
  Row w[8][kRowWords];
  for (unsigned j = 0; j < 8; ++j) {
    for (unsigned i = 0; i < 2 * L; ++i)
      w[j][i] = static_cast<Row>(q[j][i] ^ rotr16<8 * P>(q[j][i + 2 * L]));
    for (unsigned i = 2 * L; i < 4 * L; ++i)
      w[j][i] = static_cast<Row>(q[j][i] ^ rotr16<8 * P>(q[j][i - 2 * L]));
  }
  // q ^= 4 w on bit-planes.
  for (unsigned i = 0; i < 4 * L; ++i) {
    const Row w67 = static_cast<Row>(w[6][i] ^ w[7][i]);
    q[0][i] = static_cast<Row>(q[0][i] ^ w[6][i]);
    q[1][i] = static_cast<Row>(q[1][i] ^ w67);
    q[2][i] = static_cast<Row>(q[2][i] ^ w[0][i] ^ w[7][i]);
    q[3][i] = static_cast<Row>(q[3][i] ^ w[1][i] ^ w[6][i]);
    q[4][i] = static_cast<Row>(q[4][i] ^ w[2][i] ^ w67);
    q[5][i] = static_cast<Row>(q[5][i] ^ w[3][i] ^ w[7][i]);
    q[6][i] = static_cast<Row>(q[6][i] ^ w[4][i]);
    q[7][i] = static_cast<Row>(q[7][i] ^ w[5][i]);
  }
  mix_columns<P, false>(q, keys, 0);
}

// The S-box layers stay out of line: ten inlined copies (GCC -O3 does that) make encrypt()
// several times larger and measurably slower. The attribute is a hint that other compilers
// may ignore.
[[gnu::noinline]] void sub_bytes_forward(State& q) noexcept {
  sub_bytes<false>(q);
}
[[gnu::noinline]] void sub_bytes_inverse(State& q) noexcept {
  sub_bytes<true>(q);
}

template <unsigned P>
void encrypt_round(State& q, const RoundKeys& enc, unsigned index) noexcept {
  sub_bytes_forward(q);
  mix_columns<P, true>(q, enc, index);
}

template <unsigned P>
void decrypt_round(State& q, const RoundKeys& dec, unsigned index) noexcept {
  sub_bytes_inverse(q);
  add_round_key(q, dec, index);
  inv_mix_columns<P>(q, dec);
}

}  // namespace

void encrypt(const RoundKeys& enc, const std::uint8_t* in, std::uint8_t* out) noexcept {
  const unsigned rounds = enc.rounds;
  State q;
  pack(in, q);
  add_round_key(q, enc, 0);
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
  sub_bytes_forward(q);
  add_round_key(q, enc, rounds);
  unpack(q, out, rounds % 4 == 2);
}

void decrypt(const RoundKeys& dec, const std::uint8_t* in, std::uint8_t* out) noexcept {
  const unsigned rounds = dec.rounds;
  State q;
  pack(in, q);
  add_round_key(q, dec, 0);
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
  sub_bytes_inverse(q);
  add_round_key(q, dec, rounds);
  unpack(q, out, rounds % 4 == 2);
}

}  // namespace aeskit::detail::portable::wide
