// tests/support/hex.cpp — hex <-> bytes for test vectors. No vectors here.
#include "support/hex.hpp"

#include <cstdio>
#include <cstdlib>

namespace aeskit_test {
namespace {

int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

[[noreturn]] void bad_literal(std::string_view hex) {
  std::fprintf(stderr, "test bug: malformed hex literal '%.*s'\n", static_cast<int>(hex.size()),
               hex.data());
  std::abort();
}

}  // namespace

Bytes from_hex(std::string_view hex) {
  Bytes out;
  out.reserve(hex.size() / 2);
  int high = -1;
  for (char c : hex) {
    if (c == ' ') continue;
    int v = nibble(c);
    if (v < 0) bad_literal(hex);
    if (high < 0) {
      high = v;
    } else {
      out.push_back(static_cast<std::uint8_t>((high << 4) | v));
      high = -1;
    }
  }
  if (high >= 0) bad_literal(hex);
  return out;
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    s.push_back(kDigits[b >> 4]);
    s.push_back(kDigits[b & 15]);
  }
  return s;
}

}  // namespace aeskit_test
