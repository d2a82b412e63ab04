// src/backend/portable/sha512_portable.cpp — SHA-512 compression in portable C++ (any 64-bit
// CPU; the only SHA-512 implementation, as x86 SHA-NI covers SHA-1/SHA-256 only):
// sha2_compress.hpp with 64-bit words, 80 rounds and the functions of FIPS 180-4 §4.1.3:
//   Σ0(x) = ROTR28 ^ ROTR34 ^ ROTR39,  Σ1(x) = ROTR14 ^ ROTR18 ^ ROTR41,
//   σ0(x) = ROTR1 ^ ROTR8 ^ SHR7,      σ1(x) = ROTR19 ^ ROTR61 ^ SHR6.
//
// CPU features: none. References: FIPS 180-4 §4.1.3, §6.4.2; sha2_compress.hpp.
#include <bit>

#include "backend/kernels/sha_constants.hpp"
#include "backend/portable/sha2_compress.hpp"
#include "backend/portable/sha_portable.hpp"
#include "base/byte_order.hpp"

namespace aeskit::detail {
namespace {

struct Sha512Traits {
  using Word = std::uint64_t;
  static constexpr int kRounds = 80;
  static constexpr const Word* kK = kSha512K;
  static Word load_be(const std::uint8_t* p) { return load_be64(p); }
  static Word big_sigma0(Word x) { return std::rotr(x, 28) ^ std::rotr(x, 34) ^ std::rotr(x, 39); }
  static Word big_sigma1(Word x) { return std::rotr(x, 14) ^ std::rotr(x, 18) ^ std::rotr(x, 41); }
  static Word small_sigma0(Word x) { return std::rotr(x, 1) ^ std::rotr(x, 8) ^ (x >> 7); }
  static Word small_sigma1(Word x) { return std::rotr(x, 19) ^ std::rotr(x, 61) ^ (x >> 6); }
};

}  // namespace

void sha512_compress_portable(HashWords& hw, const std::uint8_t* data,
                              std::size_t blocks) noexcept {
  sha2::compress<Sha512Traits>(hw.w64, data, blocks);
}

}  // namespace aeskit::detail
