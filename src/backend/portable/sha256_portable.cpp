// src/backend/portable/sha256_portable.cpp — SHA-256 compression in portable C++ (any CPU):
// sha2_compress.hpp with 32-bit words, 64 rounds and the functions of FIPS 180-4 §4.1.2:
//   Σ0(x) = ROTR2 ^ ROTR13 ^ ROTR22,  Σ1(x) = ROTR6 ^ ROTR11 ^ ROTR25,
//   σ0(x) = ROTR7 ^ ROTR18 ^ SHR3,    σ1(x) = ROTR17 ^ ROTR19 ^ SHR10.
//
// CPU features: none. References: FIPS 180-4 §4.1.2, §6.2.2; sha2_compress.hpp.
#include <bit>

#include "backend/kernels/sha_constants.hpp"
#include "backend/portable/sha2_compress.hpp"
#include "backend/portable/sha_portable.hpp"
#include "base/byte_order.hpp"

namespace aeskit::detail {
namespace {

struct Sha256Traits {
  using Word = std::uint32_t;
  static constexpr int kRounds = 64;
  static constexpr const Word* kK = kSha256K;
  static Word load_be(const std::uint8_t* p) { return load_be32(p); }
  static Word big_sigma0(Word x) { return std::rotr(x, 2) ^ std::rotr(x, 13) ^ std::rotr(x, 22); }
  static Word big_sigma1(Word x) { return std::rotr(x, 6) ^ std::rotr(x, 11) ^ std::rotr(x, 25); }
  static Word small_sigma0(Word x) { return std::rotr(x, 7) ^ std::rotr(x, 18) ^ (x >> 3); }
  static Word small_sigma1(Word x) { return std::rotr(x, 17) ^ std::rotr(x, 19) ^ (x >> 10); }
};

}  // namespace

void sha256_compress_portable(HashWords& hw, const std::uint8_t* data,
                              std::size_t blocks) noexcept {
  sha2::compress<Sha256Traits>(hw.w32, data, blocks);
}

}  // namespace aeskit::detail
