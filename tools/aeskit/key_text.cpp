// tools/aeskit/key_text.cpp — see key_text.hpp.
#include "key_text.hpp"

#include <string_view>

namespace aeskit::cli {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<std::vector<std::uint8_t>> parse_key_text(std::span<const std::uint8_t> bytes,
                                                        bool raw, const std::string& name,
                                                        std::string& error) {
  std::optional<std::vector<std::uint8_t>> key;
  if (raw) {
    if (bytes.size() == 16 || bytes.size() == 32) {
      key.emplace(bytes.begin(), bytes.end());
    } else {
      error = "raw key file '" + name + "' must hold exactly 16 or 32 bytes (it holds " +
              std::to_string(bytes.size()) +
              (bytes.size() == kKeyFileReadLimit ? " or more)" : ")");
    }
    return key;
  }
  // One run of hex digits, whitespace around it and nowhere else.
  auto is_space = [](std::uint8_t c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f';
  };
  std::size_t begin = 0, end = bytes.size();
  while (begin < end && is_space(bytes[begin])) ++begin;
  while (end > begin && is_space(bytes[end - 1])) --end;
  std::size_t digits = 0;
  bool only_hex_and_space = true, split = false;
  for (std::size_t i = begin; i < end; ++i) {
    if (hex_value(static_cast<char>(bytes[i])) >= 0)
      ++digits;
    else if (is_space(bytes[i]))
      split = true;
    else
      only_hex_and_space = false;
  }
  if (!only_hex_and_space) {
    error = "key file '" + name +
            "' is not a hex key (32 or 64 hex digits, as `aeskit keygen` writes); for a "
            "raw binary key of 16 or 32 bytes use --raw-key-file";
  } else if (split) {
    error = "key file '" + name +
            "' holds hex digits separated by whitespace; a hex key is one run of 32 or 64 "
            "digits";
  } else if (digits != 32 && digits != 64) {
    error = "key file '" + name + "' holds " + std::to_string(digits) +
            " hex digits; a hex key has 32 (16 bytes) or 64 (32 bytes)";
  } else {
    key.emplace(digits / 2);
    for (std::size_t i = 0; i < key->size(); ++i)
      (*key)[i] =
          static_cast<std::uint8_t>(hex_value(static_cast<char>(bytes[begin + 2 * i])) << 4 |
                                    hex_value(static_cast<char>(bytes[begin + 2 * i + 1])));
  }
  return key;
}

}  // namespace aeskit::cli
