// src/backend/portable/wide_cipher.cpp — AES encryption and decryption of 32 blocks in the wide
// fixsliced layout.
//
// CPU features: none. Every state word is a wide_vector.hpp Vec: one (bit-plane, row) slice
// of 8 lanes x 16 bits, i.e. one SSE2 register on x86-64 (one NEON register on AArch64,
// scalar code elsewhere). The state is 32 of them, q[j][r] (plane j, row r). Written with
// explicit vectors instead of loops left to the auto-vectorizer, which re-extracted and
// re-broadcast every round-key row in every round and assembled the output from 16-bit words
// in scalar code. Here the round keys are broadcast once per call (Keys, prepare()), and
// packing/unpacking are lane transposes (wide_layout.hpp). Measured on Zen 3 (rdtsc, 16 KiB,
// best of 200): CTR 8.7 -> 6.6 TSC ticks/byte, ECB 7.8 -> 6.2.
// Constant-time: only AND, XOR, OR and shifts by constants touch secret data.
// References: FIPS-197 §5.1, §5.3; Adomnicai & Peyrin, "Fixslicing AES-like ciphers",
// TCHES 2021(1).
//
// The rounds and their phases are those of batch_cipher.cpp; only the word operations change.
// In this layout (wide_layout.hpp) row r of bit-plane j is the vector q[j][r] (the array
// slice q[j][r * kLanes .. r * kLanes + 7] of wide_layout.hpp), and a row word holds 4 columns x 4
// blocks (bit 4 c + b). MixColumns in phase P needs, at row r, N_1(t)(r, c) = t(r+1, c+P) and N_2 =
// t(r+2, c+2P): row r+1 (or r+2) of the array, rotated right by 4P (or 8P) bits inside each 16-bit
// word — the row move is free and the column move is one rotation (none at all in phase 0, and N_2
// in phase 2). With v = 2 b ^ N_1(t) ^ N_2(b), b = t ^ N_1(t) (mix_columns.hpp), MixColumns is done
// in two passes over the state:
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

static_assert(kBlocks == kBlocksPerCall);

inline void add_round_key(VState& q, const VState& k) noexcept {
  for (unsigned j = 0; j < 8; ++j)
    for (unsigned r = 0; r < 4; ++r) q[j][r] ^= k[j][r];
}

// mix_columns<P, AddKey>: q <- MixColumns(q) in phase P, then ^ k if AddKey.
template <unsigned P, bool AddKey>
inline void mix_columns(VState& q, const VState& k) noexcept {
  // Pass 1, row by row: n = N_1(t) (row r + 1 rotated), b = t ^ n, d = 2 b ^ n.
  VState b, d;
  for (unsigned r = 0; r < 4; ++r) {
    const unsigned r1 = (r + 1) % 4;
    const Vec n0 = rotr<4 * P>(q[0][r1]), n1 = rotr<4 * P>(q[1][r1]);
    const Vec n2 = rotr<4 * P>(q[2][r1]), n3 = rotr<4 * P>(q[3][r1]);
    const Vec n4 = rotr<4 * P>(q[4][r1]), n5 = rotr<4 * P>(q[5][r1]);
    const Vec n6 = rotr<4 * P>(q[6][r1]), n7 = rotr<4 * P>(q[7][r1]);
    const Vec b0 = q[0][r] ^ n0, b1 = q[1][r] ^ n1, b2 = q[2][r] ^ n2, b3 = q[3][r] ^ n3;
    const Vec b4 = q[4][r] ^ n4, b5 = q[5][r] ^ n5, b6 = q[6][r] ^ n6, b7 = q[7][r] ^ n7;
    b[0][r] = b0, b[1][r] = b1, b[2][r] = b2, b[3][r] = b3;
    b[4][r] = b4, b[5][r] = b5, b[6][r] = b6, b[7][r] = b7;
    // 2 b: bit-plane j takes plane j-1, plus plane 7 into planes 0, 1, 3, 4.
    d[0][r] = b7 ^ n0, d[1][r] = b0 ^ b7 ^ n1, d[2][r] = b1 ^ n2, d[3][r] = b2 ^ b7 ^ n3;
    d[4][r] = b3 ^ b7 ^ n4, d[5][r] = b4 ^ n5, d[6][r] = b5 ^ n6, d[7][r] = b6 ^ n7;
  }
  // Pass 2: t = d ^ N_2(b) (row r + 2 rotated) [^ key].
  for (unsigned j = 0; j < 8; ++j)
    for (unsigned r = 0; r < 4; ++r) {
      const Vec t = d[j][r] ^ rotr<8 * P>(b[j][(r + 2) % 4]);
      if constexpr (AddKey) {
        q[j][r] = t ^ k[j][r];
      } else {
        q[j][r] = t;
      }
    }
}

// inv_mix_columns<P>: q <- InvMixColumns(q) in phase P.
template <unsigned P>
inline void inv_mix_columns(VState& q) noexcept {
  VState w;
  for (unsigned j = 0; j < 8; ++j)
    for (unsigned r = 0; r < 4; ++r) w[j][r] = q[j][r] ^ rotr<8 * P>(q[j][(r + 2) % 4]);
  // q ^= 4 w on bit-planes.
  for (unsigned r = 0; r < 4; ++r) {
    const Vec w67 = w[6][r] ^ w[7][r];
    q[0][r] ^= w[6][r];
    q[1][r] ^= w67;
    q[2][r] ^= w[0][r] ^ w[7][r];
    q[3][r] ^= w[1][r] ^ w[6][r];
    q[4][r] ^= w[2][r] ^ w67;
    q[5][r] ^= w[3][r] ^ w[7][r];
    q[6][r] ^= w[4][r];
    q[7][r] ^= w[5][r];
  }
  mix_columns<P, false>(q, q);
}

// The S-box layers stay out of line: ten inlined copies (GCC -O3 does that) make encrypt()
// several times larger and measurably slower. The attribute is a hint that other compilers
// may ignore.
[[gnu::noinline]] void sub_bytes_forward(VState& q) noexcept {
  sub_bytes<false>(q);
}
[[gnu::noinline]] void sub_bytes_inverse(VState& q) noexcept {
  sub_bytes<true>(q);
}

template <unsigned P>
[[gnu::noinline]] void encrypt_round(VState& q, const VState& k) noexcept {
  sub_bytes_forward(q);
  mix_columns<P, true>(q, k);
}

template <unsigned P>
[[gnu::noinline]] void decrypt_round(VState& q, const VState& k) noexcept {
  sub_bytes_inverse(q);
  add_round_key(q, k);
  inv_mix_columns<P>(q);
}

}  // namespace

void prepare(const RoundKeys& keys, Keys& out) noexcept {
  out.rounds = keys.rounds;
  for (unsigned i = 0; i <= keys.rounds; ++i) {
    std::uint64_t w[8];
    std::memcpy(w, keys.bytes + kRoundKeyBytes * i, sizeof w);
    for (unsigned j = 0; j < 8; ++j)
      for (unsigned r = 0; r < 4; ++r)
        out.k[i][j][r] = broadcast(static_cast<Row>(w[j] >> (16 * r)));
  }
}

void encrypt(const Keys& enc, const std::uint8_t* in, std::uint8_t* out) noexcept {
  const unsigned rounds = enc.rounds;
  VState q;
  pack(in, q);
  add_round_key(q, enc.k[0]);
  unsigned i = 1;
  for (; i + 4 <= rounds; i += 4) {
    encrypt_round<1>(q, enc.k[i]);
    encrypt_round<2>(q, enc.k[i + 1]);
    encrypt_round<3>(q, enc.k[i + 2]);
    encrypt_round<0>(q, enc.k[i + 3]);
  }
  encrypt_round<1>(q, enc.k[i]);
  if (i + 1 < rounds) {
    encrypt_round<2>(q, enc.k[i + 1]);
    encrypt_round<3>(q, enc.k[i + 2]);
  }
  sub_bytes_forward(q);
  add_round_key(q, enc.k[rounds]);
  unpack(q, out, rounds % 4 == 2);
}

void decrypt(const Keys& dec, const std::uint8_t* in, std::uint8_t* out) noexcept {
  const unsigned rounds = dec.rounds;
  VState q;
  pack(in, q);
  add_round_key(q, dec.k[0]);
  unsigned j = 1;
  for (; j + 4 <= rounds; j += 4) {
    decrypt_round<3>(q, dec.k[j]);
    decrypt_round<2>(q, dec.k[j + 1]);
    decrypt_round<1>(q, dec.k[j + 2]);
    decrypt_round<0>(q, dec.k[j + 3]);
  }
  decrypt_round<3>(q, dec.k[j]);
  if (j + 1 < rounds) {
    decrypt_round<2>(q, dec.k[j + 1]);
    decrypt_round<1>(q, dec.k[j + 2]);
  }
  sub_bytes_inverse(q);
  add_round_key(q, dec.k[rounds]);
  unpack(q, out, rounds % 4 == 2);
}

}  // namespace aeskit::detail::portable::wide
