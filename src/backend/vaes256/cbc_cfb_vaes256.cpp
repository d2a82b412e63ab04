// src/backend/vaes256/cbc_cfb_vaes256.cpp — CBC decryption and CFB128 decryption for the
// vaes256 backend: 16 blocks in 8 ymm registers per group. (The serial chains, CBC and CFB
// encryption, stay on the AES-NI backend's kernels: see aes_vaes256.cpp.)
//
// CPU features: AVX2, AES-NI, VAES.
// References: NIST SP 800-38A §6.2 (CBC), §6.3 (CFB); FIPS-197.
//
// Register j of a group holds blocks 2j and 2j+1. The "previous ciphertext" pair of register
// j is [c_{2j-1} | c_{2j}]: for j >= 1 that is one unaligned 32-byte load at in + 32j - 16,
// and for j = 0 it is [iv | c_0]. Both blocks exist whenever register j does (2j <= n - 1),
// also for an odd last register.
//
// CBC decryption: p_i = D(c_i) ^ c_{i-1}; the D() calls are independent, so a whole group runs
// together, and the XOR with the previous pair is folded into the last round key
// (VAESDECLAST(s, k ^ m) = T(s) ^ k ^ m). For in == out, register j's store overwrites
// c_{2j}, c_{2j+1}, which registers j (its own previous pair) and j+1 (c_{2j+1}) still need.
// So the stores go from the last register to the first, each reading its previous pair just
// before its store: every ciphertext block is read before the store that overwrites it. The
// next iv, c_{n-1}, is read before any store.
//
// CFB128 decryption: p_i = c_i ^ E(c_{i-1}); again independent E() calls, whose inputs are the
// previous pairs, all loaded before the rounds. The stores go forwards, each after reading the
// [c_{2j} | c_{2j+1}] it overwrites; c_{n-1}, the next iv, is read before any store.
// A one-block call goes to the AES-NI backend's code (same schedules).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "backend/aesni/kernels.hpp"
#include "backend/vaes256/groups_vaes256.hpp"
#include "backend/vaes256/kernels.hpp"
#include "backend/vaes256/rounds_vaes256.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {
namespace {

template <unsigned R>
struct CbcDecryptKernel {
  Keys<R> keys;
  __m128i iv;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y>
  AESKIT_VAES256_INLINE void run(std::size_t blocks) {
    const bool odd = (blocks & 1) != 0;
    __m256i b[Y];
#pragma GCC unroll 8
    for (std::size_t j = 0; j + 1 < Y; ++j) b[j] = load_pair(in + 32 * j);
    b[Y - 1] = load_pair_or_low(in + 32 * (Y - 1), odd);
    const __m128i next_iv = load_block(in + 16 * (blocks - 1));
    all_but_last_round<Dir::decrypt>(keys, b);
    const __m256i k = keys[R];
    // From the last register to the first (see the header).
#pragma GCC unroll 8
    for (std::size_t n = 0; n < Y; ++n) {
      const std::size_t j = Y - 1 - n;
      const __m256i prev = j == 0 ? make_pair(iv, load_block(in))  // [iv | c_0]
                                  : load_pair(in + 32 * j - 16);   // [c_{2j-1} | c_{2j}]
      const __m256i p = aes_last_round<Dir::decrypt>(b[j], _mm256_xor_si256(k, prev));
      store_pair_or_low(out + 32 * j, p, odd && j == Y - 1);  // D(c_i) ^ c_{i-1}
    }
    iv = next_iv;
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

template <unsigned R>
struct CfbDecryptKernel {
  Keys<R> keys;
  __m128i iv;
  const std::uint8_t* in;
  std::uint8_t* out;

  template <std::size_t Y>
  AESKIT_VAES256_INLINE void run(std::size_t blocks) {
    const bool odd = (blocks & 1) != 0;
    __m256i b[Y];
    b[0] = make_pair(iv, load_block(in));  // [iv | c_0]
#pragma GCC unroll 8
    for (std::size_t j = 1; j < Y; ++j) b[j] = load_pair(in + 32 * j - 16);  // [c_{2j-1} | c_{2j}]
    iv = load_block(in + 16 * (blocks - 1));
    all_but_last_round<Dir::encrypt>(keys, b);
    const __m256i k = keys[R];
#pragma GCC unroll 8
    for (std::size_t j = 0; j + 1 < Y; ++j) {
      const __m256i last = _mm256_xor_si256(k, load_pair(in + 32 * j));
      store_pair(out + 32 * j, aes_last_round<Dir::encrypt>(b[j], last));  // E(c_{i-1}) ^ c_i
    }
    const std::size_t j = Y - 1;
    const __m256i last = _mm256_xor_si256(k, load_pair_or_low(in + 32 * j, odd));
    store_pair_or_low(out + 32 * j, aes_last_round<Dir::encrypt>(b[j], last), odd);
    in += 16 * blocks;
    out += 16 * blocks;
  }
};

template <template <unsigned> class Kernel, unsigned R>
AESKIT_VAES256_TARGET void chained(const RoundKeys& rk, std::uint8_t iv[16], const std::uint8_t* in,
                                   std::uint8_t* out, std::size_t blocks) noexcept {
  Kernel<R> kernel{keys_of<R>(rk), load_block(iv), in, out};
  run_groups(kernel, blocks);
  store_block(iv, kernel.iv);
}

template <template <unsigned> class Kernel>
AESKIT_VAES256_TARGET void chained_any(const RoundKeys& rk, std::uint8_t iv[16],
                                       const std::uint8_t* in, std::uint8_t* out,
                                       std::size_t blocks) noexcept {
  if (blocks == 1) {  // a single block: the 128-bit code (as in blocks_vaes256.cpp)
    if constexpr (std::is_same_v<Kernel<10>, CbcDecryptKernel<10>>)
      aesni::cbc_decrypt(rk, iv, in, out, blocks);
    else
      aesni::cfb128_decrypt(rk, iv, in, out, blocks);
    return;
  }
  if (rk.rounds == 10) return chained<Kernel, 10>(rk, iv, in, out, blocks);
  if (rk.rounds == 12) return chained<Kernel, 12>(rk, iv, in, out, blocks);
  chained<Kernel, 14>(rk, iv, in, out, blocks);
}

}  // namespace

AESKIT_VAES256_TARGET std::size_t cbc_decrypt(const RoundKeys& dec, std::uint8_t iv[16],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t blocks) noexcept {
  chained_any<CbcDecryptKernel>(dec, iv, in, out, blocks);
  return blocks;
}

AESKIT_VAES256_TARGET std::size_t cfb128_decrypt(const RoundKeys& enc, std::uint8_t iv[16],
                                                 const std::uint8_t* in, std::uint8_t* out,
                                                 std::size_t blocks) noexcept {
  chained_any<CfbDecryptKernel>(enc, iv, in, out, blocks);
  return blocks;
}

}  // namespace aeskit::detail::vaes256
