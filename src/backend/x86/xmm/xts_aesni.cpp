// src/backend/x86/xmm/xts_aesni.cpp — the AES-NI backend's XTS kernels: the x86
// kernels of src/backend/x86/ instantiated with the 128-bit policy (8 blocks in flight), and
// the one-block path (xts_lone) every x86 width's entries send a lone block to, and the
// one-block data unit with its tweak encryption (xts_encrypt_one / xts_decrypt_one) every
// x86 width's table points to.
//
// CPU features: AES-NI, SSSE3 (legacy SSE encodings).
// References: x86/xts.hpp (the math); backend/backend.hpp.
#include "backend/x86/vec128.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/x86/rounds.hpp"
#include "backend/x86/xmm/kernels.hpp"
#include "backend/x86/xmm/rounds.hpp"
#include "backend/x86/xts.hpp"

namespace aeskit::detail::aesni {

// xts_lone: exactly one block, out = E/D(in ^ T) ^ T with T in a register from its load to
// the last round (the closing XOR folded into the last round key, rounds.hpp cipher_one),
// then T·α stored. The group kernel spends ~100 instructions on a lone block (its tweak
// spread and group set-up); a 16-byte data unit (openssl speed's 16-byte XTS) is this.
namespace xts_lone {
template <Dir D>
AESKIT_AESNI_INLINE std::size_t one(const RoundKeys& rk, std::uint8_t tweak[16],
                                    const std::uint8_t* in, std::uint8_t* out) {
  const __m128i t = load_block(tweak);
  const __m128i x = _mm_xor_si128(load_block(in), t);
  store_block(out, x86::with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_WIDE_LAMBDA {
                return cipher_one<D, R>(rk, x, t);
              }));
  store_block(tweak, x86::mul_alpha<Vec>(t));
  return 1;
}
AESKIT_AESNI_INLINE std::size_t xts_encrypt(const RoundKeys& enc, std::uint8_t tweak[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t) {
  return one<Dir::encrypt>(enc, tweak, in, out);
}
AESKIT_AESNI_INLINE std::size_t xts_decrypt(const RoundKeys& dec, std::uint8_t tweak[16],
                                            const std::uint8_t* in, std::uint8_t* out,
                                            std::size_t) {
  return one<Dir::decrypt>(dec, tweak, in, out);
}
}  // namespace xts_lone

// xts_encrypt_one / xts_decrypt_one: a one-block data unit, T = E_K2(tweak) and
// out = E/D_K1(in ^ T) ^ T in one call, T in a register throughout (backend.hpp). Both keys
// are halves of one XTS key: one round count. One function per round count, entered by a
// tail call: inlined into one body, the compiler hoists the round keys the three counts share
// above the dispatch and spills them (AES-256 at 16 bytes measured 0.97x OpenSSL's that way).
template <Dir D, unsigned R>
AESKIT_AESNI_TARGET __attribute__((noinline)) void unit_one(const RoundKeys& rk,
                                                            const RoundKeys& tweak_enc,
                                                            const std::uint8_t tweak[16],
                                                            const std::uint8_t* in,
                                                            std::uint8_t* out) noexcept {
  const __m128i t = cipher_one<Dir::encrypt, R>(tweak_enc, load_block(tweak), _mm_setzero_si128());
  store_block(out, cipher_one<D, R>(rk, _mm_xor_si128(load_block(in), t), t));
}

template <Dir D>
AESKIT_AESNI_INLINE void unit_one(const RoundKeys& rk, const RoundKeys& tweak_enc,
                                  const std::uint8_t tweak[16], const std::uint8_t* in,
                                  std::uint8_t* out) {
  if (rk.rounds == 10) return unit_one<D, 10>(rk, tweak_enc, tweak, in, out);
  if (rk.rounds == 12) return unit_one<D, 12>(rk, tweak_enc, tweak, in, out);
  return unit_one<D, 14>(rk, tweak_enc, tweak, in, out);
}

AESKIT_AESNI_TARGET void xts_encrypt_one(const RoundKeys& enc, const RoundKeys& tweak_enc,
                                         const std::uint8_t tweak[16], const std::uint8_t* in,
                                         std::uint8_t* out) noexcept {
  unit_one<Dir::encrypt>(enc, tweak_enc, tweak, in, out);
}

AESKIT_AESNI_TARGET void xts_decrypt_one(const RoundKeys& dec, const RoundKeys& tweak_enc,
                                         const std::uint8_t tweak[16], const std::uint8_t* in,
                                         std::uint8_t* out) noexcept {
  unit_one<Dir::decrypt>(dec, tweak_enc, tweak, in, out);
}

namespace xts_narrow = aesni;  // calls under kXtsNarrowBelow blocks
inline constexpr std::size_t kXtsNarrowBelow = 0;
#include "backend/x86/entries_xts.inc"
}  // namespace aeskit::detail::aesni
