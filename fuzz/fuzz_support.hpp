// fuzz_support.hpp — what every fuzz target shares: a reader that splits the fuzzer's bytes
// into fields (running short yields zeros and empty spans, never an error), the property
// check that stops the run, and small buffer helpers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <vector>

namespace aeskit_fuzz {

using Bytes = std::vector<std::uint8_t>;
using ByteSpan = std::span<const std::uint8_t>;

// require stops the run when a property does not hold, so libFuzzer saves the input.
#define FUZZ_REQUIRE(cond)                                                               \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "%s:%d: property violated: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)

// Input hands out the fuzzer's bytes front to back.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::size_t remaining() const { return size_ - pos_; }

  std::uint8_t u8() {
    if (pos_ >= size_) return 0;
    return data_[pos_++];
  }
  std::uint16_t u16() {
    const std::uint16_t hi = u8();
    return static_cast<std::uint16_t>(hi << 8 | u8());
  }
  std::uint32_t u32() {
    const std::uint32_t hi = u16();
    return hi << 16 | u16();
  }
  // take returns the next n bytes, or fewer if the input ends first.
  ByteSpan take(std::size_t n) {
    n = std::min(n, remaining());
    ByteSpan s(data_ + pos_, n);
    pos_ += n;
    return s;
  }
  // rest returns everything not yet taken.
  ByteSpan rest() { return take(remaining()); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// put copies n bytes (memcpy, but an empty copy from a null pointer is fine).
inline void put(std::uint8_t* dst, const std::uint8_t* src, std::size_t n) {
  if (n != 0) std::memcpy(dst, src, n);
}

inline Bytes copy(ByteSpan s) {
  return Bytes(s.begin(), s.end());
}

inline bool all_zero(const std::uint8_t* p, std::size_t n) {
  std::uint8_t acc = 0;
  for (std::size_t i = 0; i < n; ++i) acc |= p[i];
  return acc == 0;
}

inline bool same(ByteSpan a, ByteSpan b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

// kFill marks output bytes that no call has written yet.
inline constexpr std::uint8_t kFill = 0xA5;

// Splits: a list of piece lengths chosen by the fuzzer (each 0..max) covering `total` bytes.
inline std::vector<std::size_t> splits(Input& in, std::size_t total, std::size_t max_piece) {
  std::vector<std::size_t> out;
  std::size_t left = total;
  while (left > 0) {
    std::size_t n = in.remaining() > 0 ? in.u8() % (max_piece + 1) : left;
    if (out.size() > 4096) n = left;
    n = std::min(n, left);
    out.push_back(n);
    left -= n;
  }
  return out;
}

}  // namespace aeskit_fuzz
