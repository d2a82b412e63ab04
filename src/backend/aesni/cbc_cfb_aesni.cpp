// src/backend/aesni/cbc_cfb_aesni.cpp — CBC encryption (serial), CBC decryption and CFB128
// decryption (8 blocks interleaved) for the AES-NI backend.
//
// CPU features: AES-NI, SSSE3.
// References: NIST SP 800-38A §6.2 (CBC), §6.3 (CFB); FIPS-197.
//
// CBC encryption: c_i = E(p_i ^ c_{i-1}), c_{-1} = iv. Each block needs the previous one, so
// the time per block is the latency of the chain. With round keys k[0..R], block i+1 starts
// from x_{i+1} = p_{i+1} ^ c_i ^ k[0], and c_i = AESENCLAST(s, k[R]) = t ^ k[R] for the state
// t after the last SubBytes/ShiftRows. Hence
//     x_{i+1} = AESENCLAST(s, k[R] ^ k[0] ^ p_{i+1}),
// a last-round key that does not depend on the chain and is ready early. The chain is then
// just the R AES instructions per block (no separate XOR), and c_i = x_{i+1} ^ (k[0] ^ p_{i+1})
// is computed off the chain for the store. The final block uses plain k[R].
//
// CBC decryption: p_i = D(c_i) ^ c_{i-1}; the D() calls are independent, so 8 run together.
// For in == out, block i's output overwrites c_i, and p_{i+1} still needs c_i. Each group is
// loaded, decrypted, then stored last block first, reading c_{i-1} again just before storing
// p_i: every ciphertext block is read before the store that overwrites it (the next group's
// iv, c_{N-1}, is read before any store).
//
// CFB128 decryption: p_i = c_i ^ E(c_{i-1}); again independent E() calls. The E() inputs
// (iv, c_0..c_{N-2}) are loaded first, and the stores go forwards, each after reading the c_i
// it overwrites; c_{N-1}, the next iv, is read before any store.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "backend/aesni/interleave.hpp"
#include "backend/aesni/kernels.hpp"
#include "backend/aesni/rounds.hpp"
#include "backend/aesni/target.hpp"

namespace aeskit::detail::aesni {
namespace {

template <unsigned R>
AESKIT_AESNI_TARGET void cbc_encrypt_chain(const RoundKeys& rk, std::uint8_t iv[16],
                                           const std::uint8_t* in, std::uint8_t* out,
                                           std::size_t blocks) noexcept {
  if (blocks == 0) return;
  const Schedule<R> keys = load_schedule<R>(rk);
  const __m128i last_first = _mm_xor_si128(keys.k[R], keys.k[0]);
  __m128i x[1] = {_mm_xor_si128(_mm_xor_si128(load_block(iv), load_block(in)), keys.k[0])};
  for (std::size_t i = 1; i < blocks; ++i) {
    const __m128i next = load_block(in + 16 * i);
    const __m128i fold = _mm_xor_si128(next, keys.k[0]);  // p_i ^ k[0]
    middle_rounds<Dir::encrypt>(keys, x);
    x[0] = _mm_aesenclast_si128(x[0], _mm_xor_si128(next, last_first));  // x_i
    store_block(out + 16 * (i - 1), _mm_xor_si128(x[0], fold));          // c_{i-1}
  }
  middle_rounds<Dir::encrypt>(keys, x);
  x[0] = _mm_aesenclast_si128(x[0], keys.k[R]);
  store_block(out + 16 * (blocks - 1), x[0]);
  store_block(iv, x[0]);
}

template <unsigned R>
struct CbcDecryptKernel {
  Schedule<R> keys;
  __m128i iv;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t N>
  AESKIT_AESNI_INLINE void run() {
    __m128i b[N];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) b[i] = load_block(in + 16 * i);
    all_but_last_round<Dir::decrypt>(keys, b);
    const __m128i next_iv = load_block(in + 16 * (N - 1));
#pragma GCC unroll 8
    for (std::size_t i = N - 1; i > 0; --i) {
      const __m128i last = _mm_xor_si128(keys.k[R], load_block(in + 16 * (i - 1)));
      store_block(out + 16 * i, _mm_aesdeclast_si128(b[i], last));  // D(c_i) ^ c_{i-1}
    }
    store_block(out, _mm_aesdeclast_si128(b[0], _mm_xor_si128(keys.k[R], iv)));
    iv = next_iv;
    in += 16 * N;
    out += 16 * N;
  }
};

template <unsigned R>
struct CfbDecryptKernel {
  Schedule<R> keys;
  __m128i iv;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t N>
  AESKIT_AESNI_INLINE void run() {
    __m128i b[N];
    b[0] = iv;
#pragma GCC unroll 8
    for (std::size_t i = 1; i < N; ++i) b[i] = load_block(in + 16 * (i - 1));
    all_but_last_round<Dir::encrypt>(keys, b);
    iv = load_block(in + 16 * (N - 1));
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) {
      const __m128i last = _mm_xor_si128(keys.k[R], load_block(in + 16 * i));
      store_block(out + 16 * i, _mm_aesenclast_si128(b[i], last));  // E(c_{i-1}) ^ c_i
    }
    in += 16 * N;
    out += 16 * N;
  }
};

template <template <unsigned> class Kernel, unsigned R>
AESKIT_AESNI_TARGET void chained(const RoundKeys& rk, std::uint8_t iv[16], const std::uint8_t* in,
                                 std::uint8_t* out, std::size_t blocks) noexcept {
  Kernel<R> kernel{load_schedule<R>(rk), load_block(iv), in, out};
  run_interleaved(kernel, blocks);
  store_block(iv, kernel.iv);
}

// One block (rounds.hpp, cipher_one): CBC decryption P = D(C) ^ IV, CFB decryption
// P = E(IV) ^ C; the IV becomes C either way.
template <unsigned R>
AESKIT_AESNI_TARGET void cbc_decrypt_one(const RoundKeys& rk, std::uint8_t iv[16],
                                         const std::uint8_t* in, std::uint8_t* out) noexcept {
  const __m128i c = load_block(in);
  store_block(out, cipher_one<Dir::decrypt, R>(rk, c, load_block(iv)));
  store_block(iv, c);
}

template <unsigned R>
AESKIT_AESNI_TARGET void cfb_decrypt_one(const RoundKeys& rk, std::uint8_t iv[16],
                                         const std::uint8_t* in, std::uint8_t* out) noexcept {
  const __m128i c = load_block(in);
  store_block(out, cipher_one<Dir::encrypt, R>(rk, load_block(iv), c));
  store_block(iv, c);
}

template <template <unsigned> class Kernel>
AESKIT_AESNI_TARGET void chained_any(const RoundKeys& rk, std::uint8_t iv[16],
                                     const std::uint8_t* in, std::uint8_t* out,
                                     std::size_t blocks) noexcept {
  if (rk.rounds == 10) return chained<Kernel, 10>(rk, iv, in, out, blocks);
  if (rk.rounds == 12) return chained<Kernel, 12>(rk, iv, in, out, blocks);
  chained<Kernel, 14>(rk, iv, in, out, blocks);
}

}  // namespace

AESKIT_AESNI_TARGET std::size_t cbc_encrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept {
  if (enc.rounds == 10)
    cbc_encrypt_chain<10>(enc, iv, in, out, blocks);
  else if (enc.rounds == 12)
    cbc_encrypt_chain<12>(enc, iv, in, out, blocks);
  else
    cbc_encrypt_chain<14>(enc, iv, in, out, blocks);
  return blocks;
}

AESKIT_AESNI_TARGET std::size_t cbc_decrypt(const RoundKeys& dec, std::uint8_t iv[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t blocks) noexcept {
  if (blocks == 1) {  // a public count
    if (dec.rounds == 10)
      cbc_decrypt_one<10>(dec, iv, in, out);
    else if (dec.rounds == 12)
      cbc_decrypt_one<12>(dec, iv, in, out);
    else
      cbc_decrypt_one<14>(dec, iv, in, out);
    return 1;
  }
  chained_any<CbcDecryptKernel>(dec, iv, in, out, blocks);
  return blocks;
}

AESKIT_AESNI_TARGET std::size_t cfb128_decrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                               const std::uint8_t* in, std::uint8_t* out,
                                               std::size_t blocks) noexcept {
  if (blocks == 1) {  // a public count
    if (enc.rounds == 10)
      cfb_decrypt_one<10>(enc, iv, in, out);
    else if (enc.rounds == 12)
      cfb_decrypt_one<12>(enc, iv, in, out);
    else
      cfb_decrypt_one<14>(enc, iv, in, out);
    return 1;
  }
  chained_any<CfbDecryptKernel>(enc, iv, in, out, blocks);
  return blocks;
}

}  // namespace aeskit::detail::aesni
