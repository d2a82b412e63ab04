// src/backend/ppc64/sha/sha_power8.cpp — SHA-256 and SHA-512 block compression (FIPS 180-4
// §6.2.2, §6.4.2) in POWER8's vector unit: the four Σ/σ functions are one vshasigmaw /
// vshasigmad each, Ch and Maj one and two vsel, the additions vadduwm / vaddudm.
//
// CPU features: POWER8 vector crypto (vshasigmaw, vshasigmad; cpu::Feature::vcrypto),
// target("cpu=power8") per function, little-endian.
// References: FIPS 180-4 §4.1.2, §4.1.3 (the functions), §4.2.2, §4.2.3 (constants), §6.2.2,
// §6.4.2; Power ISA v2.07B §5.11 (vshasigmaw: ST = 0 the lower-case σ, ST = 1 the upper-case
// Σ; a SIX bit per element selects the 0 or 1 function).
//
// Every working variable a..h and every schedule word W[t] is a vector with the value in all
// lanes, so the lane-wise instructions need no lane bookkeeping; Ch(e, f, g) = vsel(g, f, e)
// (f where e has a 1) and Maj(a, b, c) = vsel(a, c, a ^ b) (c where a and b differ, else
// their common bit). The round constants sit in a table already splatted (one lvx each). The
// schedule is computed one word per step, 16 words ahead of the rounds' use in a ring of 16.
// Straight-line code on the data: no branch or index on it.
#include <altivec.h>

#include <cstddef>
#include <cstdint>

#include "backend/kernels/sha_constants.hpp"
#include "backend/ppc64/sha/power8sha.hpp"
#include "base/byte_order.hpp"

#if !defined(__powerpc64__) || !defined(__LITTLE_ENDIAN__)
#error "power8sha: 64-bit little-endian POWER only"
#endif

#define AESKIT_POWER8SHA_TARGET __attribute__((target("cpu=power8")))
#define AESKIT_POWER8SHA_INLINE __attribute__((target("cpu=power8"), always_inline)) inline

namespace aeskit::detail {
namespace {

// Traits per word size: the vector type, its add, the Σ/σ instruction.
struct Sha256Words {
  using Word = std::uint32_t;
  using Vec = __vector unsigned int;
  static constexpr unsigned kRounds = 64;
  static constexpr std::size_t kBlock = 64;
  static Word load(const std::uint8_t* p) { return load_be32(p); }
  template <int St, int Six>
  AESKIT_POWER8SHA_INLINE static Vec sigma(Vec v) {
    return __builtin_crypto_vshasigmaw(v, St, Six);
  }
};
struct Sha512Words {
  using Word = std::uint64_t;
  using Vec = __vector unsigned long long;
  static constexpr unsigned kRounds = 80;
  static constexpr std::size_t kBlock = 128;
  static Word load(const std::uint8_t* p) { return load_be64(p); }
  template <int St, int Six>
  AESKIT_POWER8SHA_INLINE static Vec sigma(Vec v) {
    return __builtin_crypto_vshasigmad(v, St, Six);
  }
};

// Splatted round constants: kSplat<T>.k[t] = K_t in every lane.
template <class T, std::size_t N>
struct alignas(16) Splat {
  typename T::Word k[N][16 / sizeof(typename T::Word)];
};
template <class T, std::size_t N>
constexpr Splat<T, N> make_splat(const typename T::Word (&src)[N]) {
  Splat<T, N> s{};
  for (std::size_t t = 0; t < N; ++t)
    for (std::size_t l = 0; l < 16 / sizeof(typename T::Word); ++l) s.k[t][l] = src[t];
  return s;
}
constexpr Splat<Sha256Words, 64> kK256 = make_splat<Sha256Words>(kSha256K);
constexpr Splat<Sha512Words, 80> kK512 = make_splat<Sha512Words>(kSha512K);

template <class T, std::size_t N>
AESKIT_POWER8SHA_INLINE typename T::Vec round_constant(const Splat<T, N>& table, unsigned t) {
  return vec_ld(0, reinterpret_cast<const typename T::Vec*>(table.k[t]));
}

template <class T, std::size_t N>
AESKIT_POWER8SHA_INLINE void compress(typename T::Word* h, const std::uint8_t* data,
                                      std::size_t blocks, const Splat<T, N>& kk) {
  using Vec = typename T::Vec;
  for (; blocks != 0; --blocks, data += T::kBlock) {
    Vec w[16];
#pragma GCC unroll 16
    for (unsigned i = 0; i < 16; ++i)
      w[i] = vec_splats(T::load(data + sizeof(typename T::Word) * i));
    Vec a = vec_splats(h[0]), b = vec_splats(h[1]), c = vec_splats(h[2]), d = vec_splats(h[3]);
    Vec e = vec_splats(h[4]), f = vec_splats(h[5]), g = vec_splats(h[6]), hh = vec_splats(h[7]);
#pragma GCC unroll 80
    for (unsigned t = 0; t < T::kRounds; ++t) {
      if (t >= 16) {
        // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], in the ring slot of W[t-16].
        w[t % 16] = vec_add(vec_add(T::template sigma<0, 0xF>(w[(t - 2) % 16]), w[(t - 7) % 16]),
                            vec_add(T::template sigma<0, 0>(w[(t - 15) % 16]), w[t % 16]));
      }
      const Vec kw = vec_add(round_constant(kk, t), w[t % 16]);
      const Vec t1 =
          vec_add(vec_add(hh, T::template sigma<1, 0xF>(e)), vec_add(vec_sel(g, f, e), kw));
      const Vec t2 = vec_add(T::template sigma<1, 0>(a), vec_sel(a, c, vec_xor(a, b)));
      hh = g;
      g = f;
      f = e;
      e = vec_add(d, t1);
      d = c;
      c = b;
      b = a;
      a = vec_add(t1, t2);
    }
    h[0] += vec_extract(a, 0);
    h[1] += vec_extract(b, 0);
    h[2] += vec_extract(c, 0);
    h[3] += vec_extract(d, 0);
    h[4] += vec_extract(e, 0);
    h[5] += vec_extract(f, 0);
    h[6] += vec_extract(g, 0);
    h[7] += vec_extract(hh, 0);
  }
}

AESKIT_POWER8SHA_TARGET void sha256_compress_power8(HashWords& h, const std::uint8_t* data,
                                                    std::size_t blocks) noexcept {
  compress<Sha256Words>(h.w32, data, blocks, kK256);
}

AESKIT_POWER8SHA_TARGET void sha512_compress_power8(HashWords& h, const std::uint8_t* data,
                                                    std::size_t blocks) noexcept {
  compress<Sha512Words>(h.w64, data, blocks, kK512);
}

}  // namespace

const ShaCompressor kShaPower8 = {
    .name = "power8sha",
    .description = "POWER8 vshasigmaw/vshasigmad (SHA-256, SHA-512), vector rounds",
    .supported = &cpu::has_feature<cpu::Feature::vcrypto>,
    .sha1 = nullptr,
    .sha256 = &sha256_compress_power8,
    .sha512 = &sha512_compress_power8,
};

}  // namespace aeskit::detail
