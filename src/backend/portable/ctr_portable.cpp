// src/backend/portable/ctr_portable.cpp — CTR mode in 32-block groups on the wide path.
//
// CPU features: none.
// References: NIST SP 800-38A §6.5 (CTR), Appendix B.1 (incrementing the low m bits);
// backend/backend.hpp (ctr32_be: low 32 bits big-endian mod 2^32; ctr128_be: the whole block
// as one big-endian integer).
//
// The round keys are broadcast to the wide path's vectors once per call (wide::prepare), then
// for each group: lay out 32 successive counter blocks, encrypt them in one wide call
// (wide_cipher.cpp), XOR the key stream into the data 8 bytes at a time. The counter is the
// public IV, so computing it may branch; the data and key stream only meet AND/XOR.
// The counter block is kept as two big-endian 64-bit halves (hi = bytes 0-7, lo = 8-15).
#include "backend/portable/ctr_portable.hpp"
#include "base/byte_order.hpp"

#include <cstring>

#include "backend/portable/bitslice.hpp"
#include "backend/portable/wide_cipher.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail::portable {
namespace {

constexpr std::size_t kGroup = wide::kBlocksPerCall;

// Big-endian 8-byte loads/stores: the little-endian ones of bitslice.hpp, bytes reversed.
template <bool Wide128>
void increment(std::uint64_t& hi, std::uint64_t& lo) noexcept {
  if constexpr (Wide128) {
    if (++lo == 0) ++hi;  // public counter
  } else {
    lo = (lo & 0xFFFFFFFF00000000) | ((lo + 1) & 0xFFFFFFFF);
  }
}

template <bool Wide128>
std::size_t ctr_groups(const RoundKeys& enc, std::uint8_t counter[16], const std::uint8_t* in,
                       std::uint8_t* out, std::size_t blocks) noexcept {
  const std::size_t groups = blocks / kGroup;
  if (groups == 0) return 0;
  std::uint64_t hi = load_be64(counter), lo = load_be64(counter + 8);
  std::uint8_t stream[16 * kGroup];
  wide::Keys wk;
  wide::prepare(enc, wk);
  for (std::size_t g = 0; g < groups; ++g) {
    for (std::size_t i = 0; i < kGroup; ++i) {
      store_be64(stream + 16 * i, hi);
      store_be64(stream + 16 * i + 8, lo);
      increment<Wide128>(hi, lo);
    }
    wide::encrypt(wk, stream, stream);
    for (std::size_t i = 0; i < sizeof stream; i += 8) {
      std::uint64_t d, s;
      std::memcpy(&d, in + i, 8);
      std::memcpy(&s, stream + i, 8);
      d ^= s;
      std::memcpy(out + i, &d, 8);
    }
    in += sizeof stream;
    out += sizeof stream;
  }
  store_be64(counter, hi);
  store_be64(counter + 8, lo);
  secure_zero(stream, sizeof stream);
  secure_zero(wk.k, sizeof wk.k[0] * (enc.rounds + 1));
  return groups * kGroup;
}

}  // namespace

std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16], const std::uint8_t* in,
                     std::uint8_t* out, std::size_t blocks) noexcept {
  return ctr_groups<false>(enc, counter, in, out, blocks);
}

std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16], const std::uint8_t* in,
                      std::uint8_t* out, std::size_t blocks) noexcept {
  return ctr_groups<true>(enc, counter, in, out, blocks);
}

}  // namespace aeskit::detail::portable
