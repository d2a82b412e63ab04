// src/backend/kernels/aegis_reference.hpp — AEGIS-128L/128X and AEGIS-256/256X written straight
// from the draft's pseudocode on byte arrays, over any AES-round function: the portable reference
// (portable/aegis_portable.cpp: the bitsliced round) and the vperm kernels
// (simd/aegis_vperm.cpp: the vector-permute round) instantiate it.
//
// CPU features: none of its own (the round function's). Constant-time if the round is: only
// lengths steer branches; the state and the padded blocks are wiped before returning.
// References: draft-irtf-cfrg-aegis-aead-17 §3 (AEGIS-128L: Init, Absorb, Enc, Dec,
// DecPartial, Finalize), §4 (AEGIS-256), §5 (AEGIS-128X/256X: V[j,i] is block j of state i,
// ctx[i] = ZeroPad(Byte(i) || Byte(D - 1)), tags XORed over the states);
// backend/aegis_kernels.hpp (the contract).
//
// Layout: v[j][i] is V[j,i]. A rate block of the 128 family is M0 || M1, each 16 D bytes with
// state i's block at 16 i; the 256 family has M alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backend/aegis_kernels.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail {

// AegisRoundFn: out[i] = AESRound(in[i], rk[i]) = MixColumns(ShiftRows(SubBytes(in[i]))) ^ rk[i]
// for `blocks` 16-byte blocks (out may equal in or rk).
using AegisRoundFn = void (*)(const std::uint8_t* in, const std::uint8_t* rk, std::uint8_t* out,
                              std::size_t blocks) noexcept;

template <unsigned B, unsigned D, AegisRoundFn Round>
struct AegisReference {
  static constexpr unsigned kWords = B == 8 ? 2 : 1;    // 128-bit-per-state words per update
  static constexpr std::size_t kWord = 16 * D;          // bytes of one word (all states)
  static constexpr std::size_t kRate = kWords * kWord;  // R / 8
  std::uint8_t v[B][D][16];

  ~AegisReference() { secure_zero(v, sizeof v); }

  // Update(M0, M1) (128 family) / Update(M) (256): V'[0,i] = AESRound(V[B-1,i], V[0,i] ^ m0[i]),
  // V'[j,i] = AESRound(V[j-1,i], V[j,i]) (128: V[4,i] ^ m1[i]).
  void update(const std::uint8_t* m0, const std::uint8_t* m1) noexcept {
    std::uint8_t in[B][D][16], rk[B][D][16];
    for (unsigned j = 0; j < B; ++j) std::memcpy(in[j], v[(j + B - 1) % B], sizeof in[j]);
    std::memcpy(rk, v, sizeof rk);
    for (unsigned i = 0; i < D; ++i)
      for (unsigned b = 0; b < 16; ++b) {
        rk[0][i][b] ^= m0[16 * i + b];
        if constexpr (B == 8) rk[4][i][b] ^= m1[16 * i + b];
      }
    Round(&in[0][0][0], &rk[0][0][0], &v[0][0][0], B * D);
    secure_zero(in, sizeof in);
    secure_zero(rk, sizeof rk);
  }

  void add_ctx() noexcept {
    constexpr unsigned kCtxBlock = B == 8 ? 7 : 5;
    for (unsigned i = 0; i < D; ++i) {
      v[3][i][0] ^= static_cast<std::uint8_t>(i);
      v[3][i][1] ^= static_cast<std::uint8_t>(D - 1);
      v[kCtxBlock][i][0] ^= static_cast<std::uint8_t>(i);
      v[kCtxBlock][i][1] ^= static_cast<std::uint8_t>(D - 1);
    }
  }

  static void xor16(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b) noexcept {
    for (unsigned k = 0; k < 16; ++k) out[k] = static_cast<std::uint8_t>(a[k] ^ b[k]);
  }

  // Repeat a 16-byte block over the D states (nonce_v, key_v, ...).
  static void spread(std::uint8_t* out, const std::uint8_t* block) noexcept {
    for (unsigned i = 0; i < D; ++i) std::memcpy(out + 16 * i, block, 16);
  }

  void init(const std::uint8_t* key, const std::uint8_t* nonce) noexcept {
    std::uint8_t first[B][16];
    if constexpr (B == 8) {
      xor16(first[0], key, nonce);
      std::memcpy(first[1], kAegisC1, 16);
      std::memcpy(first[2], kAegisC0, 16);
      std::memcpy(first[3], kAegisC1, 16);
      xor16(first[4], key, nonce);
      xor16(first[5], key, kAegisC0);
      xor16(first[6], key, kAegisC1);
      xor16(first[7], key, kAegisC0);
    } else {
      xor16(first[0], key, nonce);
      xor16(first[1], key + 16, nonce + 16);
      std::memcpy(first[2], kAegisC1, 16);
      std::memcpy(first[3], kAegisC0, 16);
      xor16(first[4], key, kAegisC0);
      xor16(first[5], key + 16, kAegisC1);
    }
    for (unsigned j = 0; j < B; ++j)
      for (unsigned i = 0; i < D; ++i) std::memcpy(v[j][i], first[j], 16);
    secure_zero(first, sizeof first);

    if constexpr (B == 8) {
      std::uint8_t nonce_v[kWord], key_v[kWord];
      spread(nonce_v, nonce);
      spread(key_v, key);
      for (int r = 0; r < 10; ++r) {
        add_ctx();
        update(nonce_v, key_v);
      }
      secure_zero(key_v, sizeof key_v);
    } else {
      std::uint8_t kn[2][16];
      xor16(kn[0], key, nonce);
      xor16(kn[1], key + 16, nonce + 16);
      std::uint8_t m[4][kWord];
      spread(m[0], key);
      spread(m[1], key + 16);
      spread(m[2], kn[0]);
      spread(m[3], kn[1]);
      for (int r = 0; r < 4; ++r)
        for (unsigned w = 0; w < 4; ++w) {
          add_ctx();
          update(m[w], m[w]);
        }
      secure_zero(kn, sizeof kn);
      secure_zero(m, sizeof m);
    }
  }

  void absorb(const std::uint8_t* block) noexcept { update(block, block + kWord * (kWords - 1)); }

  // z: the key stream of one rate block (128: z0 || z1; 256: z).
  void keystream(std::uint8_t* z) const noexcept {
    for (unsigned i = 0; i < D; ++i)
      for (unsigned b = 0; b < 16; ++b) {
        if constexpr (B == 8) {
          z[16 * i + b] =
              static_cast<std::uint8_t>(v[6][i][b] ^ v[1][i][b] ^ (v[2][i][b] & v[3][i][b]));
          z[kWord + 16 * i + b] =
              static_cast<std::uint8_t>(v[2][i][b] ^ v[5][i][b] ^ (v[6][i][b] & v[7][i][b]));
        } else {
          z[16 * i + b] = static_cast<std::uint8_t>(v[1][i][b] ^ v[4][i][b] ^ v[5][i][b] ^
                                                    (v[2][i][b] & v[3][i][b]));
        }
      }
  }

  // Enc(xi) / Dec(ci) on a whole rate block (in == out allowed).
  void enc(const std::uint8_t* in, std::uint8_t* out) noexcept {
    std::uint8_t z[kRate], x[kRate];
    keystream(z);
    std::memcpy(x, in, kRate);
    for (std::size_t b = 0; b < kRate; ++b) out[b] = static_cast<std::uint8_t>(x[b] ^ z[b]);
    absorb(x);
    secure_zero(z, sizeof z);
    secure_zero(x, sizeof x);
  }
  void dec(const std::uint8_t* in, std::uint8_t* out) noexcept {
    std::uint8_t z[kRate], x[kRate];
    keystream(z);
    for (std::size_t b = 0; b < kRate; ++b) x[b] = static_cast<std::uint8_t>(in[b] ^ z[b]);
    std::memcpy(out, x, kRate);
    absorb(x);
    secure_zero(z, sizeof z);
    secure_zero(x, sizeof x);
  }

  // Finalize(ad_len_bits, msg_len_bits).
  void finalize(std::uint64_t ad_bits, std::uint64_t msg_bits, std::uint8_t* tag,
                std::size_t tag_len) noexcept {
    constexpr unsigned kFinal = B == 8 ? 2 : 3;
    std::uint8_t u[16];
    for (unsigned b = 0; b < 8; ++b) {
      u[b] = static_cast<std::uint8_t>(ad_bits >> (8 * b));
      u[8 + b] = static_cast<std::uint8_t>(msg_bits >> (8 * b));
    }
    std::uint8_t t[kWord];
    for (unsigned i = 0; i < D; ++i) xor16(t + 16 * i, v[kFinal][i], u);
    for (int r = 0; r < 7; ++r) update(t, t);
    auto fold = [this](std::uint8_t* out, unsigned from, unsigned to) {
      std::memset(out, 0, 16);
      for (unsigned i = 0; i < D; ++i)
        for (unsigned j = from; j < to; ++j) xor16(out, out, v[j][i]);
    };
    if (tag_len == 16) {
      fold(tag, 0, B == 8 ? 7 : 6);
    } else {
      fold(tag, 0, B / 2);
      fold(tag + 16, B / 2, B);
    }
    secure_zero(t, sizeof t);
  }
};

template <unsigned B, unsigned D, AegisRoundFn Round, bool Decrypt>
void aegis_reference_run(const std::uint8_t* key, const std::uint8_t* nonce, const std::uint8_t* ad,
                         std::size_t ad_len, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t len, std::uint8_t* tag, std::size_t tag_len) noexcept {
  using A = AegisReference<B, D, Round>;
  A s;
  s.init(key, nonce);
  std::uint8_t pad[A::kRate];
  std::size_t i = 0;
  for (; i + A::kRate <= ad_len; i += A::kRate) s.absorb(ad + i);
  if (i < ad_len) {  // ZeroPad(ad, R)
    std::memset(pad, 0, sizeof pad);
    std::memcpy(pad, ad + i, ad_len - i);
    s.absorb(pad);
  }
  for (i = 0; i + A::kRate <= len; i += A::kRate) {
    if constexpr (Decrypt)
      s.dec(in + i, out + i);
    else
      s.enc(in + i, out + i);
  }
  if (i < len) {
    const std::size_t rest = len - i;
    std::memset(pad, 0, sizeof pad);
    std::memcpy(pad, in + i, rest);
    if constexpr (Decrypt) {
      // DecPartial: xn = Truncate(ZeroPad(cn) ^ z, |cn|); the state absorbs ZeroPad(xn).
      std::uint8_t z[A::kRate];
      s.keystream(z);
      for (std::size_t b = 0; b < rest; ++b) pad[b] = static_cast<std::uint8_t>(pad[b] ^ z[b]);
      std::memcpy(out + i, pad, rest);
      s.absorb(pad);
      secure_zero(z, sizeof z);
    } else {
      // Enc of the zero-padded block, truncated.
      s.enc(pad, pad);
      std::memcpy(out + i, pad, rest);
    }
  }
  secure_zero(pad, sizeof pad);
  s.finalize(static_cast<std::uint64_t>(ad_len) * 8, static_cast<std::uint64_t>(len) * 8, tag,
             tag_len);
}

// aegis_reference_kernel: the table row of one family (B = 8 or 6 blocks) at degree D.
template <unsigned B, unsigned D, AegisRoundFn Round>
constexpr AegisKernel aegis_reference_kernel(std::string_view name) {
  return AegisKernel{name, &aegis_reference_run<B, D, Round, false>,
                     &aegis_reference_run<B, D, Round, true>};
}

// aegis_reference_tables: a backend's whole table of the reference kernels over its Round:
// both families at degrees 1, 2 and 4 (the portable and vperm tables).
template <AegisRoundFn Round>
constexpr AegisKernels aegis_reference_tables(std::string_view name) {
  return AegisKernels{
      name,
      {aegis_reference_kernel<8, 1, Round>(name), aegis_reference_kernel<8, 2, Round>(name),
       aegis_reference_kernel<8, 4, Round>(name)},
      {aegis_reference_kernel<6, 1, Round>(name), aegis_reference_kernel<6, 2, Round>(name),
       aegis_reference_kernel<6, 4, Round>(name)}};
}

}  // namespace aeskit::detail
