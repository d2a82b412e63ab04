// tools/aeskit/key_text.cpp — see key_text.hpp: the key-file text rule and `enc -K`'s hex
// key, in constant time in the text's characters.
//
// A key file's characters are the key (hex) or surround it, so nothing here branches on a
// character, indexes memory with one, or divides by one: each byte is classified without a
// branch (hex digit 0-9/a-f/A-F, whitespace, other: comparisons joined by & and |, see
// in_range), the verdict flags and the digit count are sums and ORs of those 0/1 values, and
// the digits are decoded by masks into a 256-bit shift register (each hex digit shifts it by a
// nibble, any other byte leaves it as it was) from which the key is written out; a raw key is
// copied as it is. Loops run over the text's length, which is public. Declassified
// (released for branching) at one point: whether a character other than hex or whitespace
// occurred, whether the digits are split by whitespace, and how many digits there are: the
// verdict and its reason, which the error message reports (a valid key's digit count is its
// length). `-K HEX` (parse_hex_key) is the same digit decoding over a text of public length,
// two digits a byte, with one flag (a non-hex character) declassified. The constant-time check
// (tests/ct/ct_audit.cpp, cases cli_key_text and cli_hex_key) compiles this file in and holds
// it to that. No CPU feature.
#include "key_text.hpp"

#if defined(AESKIT_CT_AUDIT)
#include <valgrind/memcheck.h>
#elif defined(AESKIT_CT_MSAN)
#include <sanitizer/msan_interface.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>

namespace aeskit::cli {
namespace {

// declassify: the library's base/declassify.hpp for this tool (which uses the public API
// only): nothing in normal builds; in the constant-time checks, `value` is defined (valgrind)
// or unpoisoned (MemorySanitizer) from here on.
template <class T>
void declassify(T& value) noexcept {
#if defined(AESKIT_CT_AUDIT)
  VALGRIND_MAKE_MEM_DEFINED(&value, sizeof value);
#elif defined(AESKIT_CT_MSAN)
  __msan_unpoison(&value, sizeof value);
#else
  (void)value;
#endif
}

// in_range: 1 when lo <= c <= hi, else 0: two comparisons joined by `&`, not `&&` (compilers
// emit setcc/cset or one unsigned compare, no branch). Not the sign bits of c - lo and hi - c:
// MemorySanitizer propagates poison through + and - without carries, so unless the optimiser
// turns such a mask back into a comparison, its sign bit counts as clean and the check cannot
// see what follows from it (tried here: with ~((c - lo) | (hi - c)) >> 31, a verdict left
// undeclassified went unreported). A comparison on poison it poisons.
constexpr std::uint32_t in_range(std::uint32_t c, std::uint32_t lo, std::uint32_t hi) noexcept {
  return static_cast<std::uint32_t>(c >= lo) & static_cast<std::uint32_t>(c <= hi);
}

// mask: all ones when bit (0 or 1) is 1, else 0, by an arithmetic shift, not by 0 - bit: MSan
// spreads a poisoned bit to the whole mask through the shift (exact), but not through the
// subtraction (the mask's upper bits would count as clean). One shift pair, no branch.
constexpr std::uint32_t mask(std::uint32_t bit) noexcept {
  return static_cast<std::uint32_t>(static_cast<std::int32_t>(bit << 31) >> 31);
}
constexpr std::uint64_t mask64(std::uint32_t bit) noexcept {
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(std::uint64_t{bit} << 63) >> 63);
}

constexpr std::uint32_t kZero = '0', kLowerA = 'a', kUpperA = 'A';

// Digit: one character classified: hex is 1 for 0-9/a-f/A-F, else 0; value its nibble (0 when
// not a digit). Branch-free, as above.
struct Digit {
  std::uint32_t hex;
  std::uint32_t value;
};
constexpr Digit classify(std::uint32_t c) noexcept {
  const std::uint32_t decimal = in_range(c, '0', '9');
  const std::uint32_t lower = in_range(c, 'a', 'f');
  const std::uint32_t upper = in_range(c, 'A', 'F');
  const std::uint32_t value = (mask(decimal) & (c - kZero)) | (mask(lower) & (c - kLowerA + 10)) |
                              (mask(upper) & (c - kUpperA + 10));
  return {decimal | lower | upper, value & 15u};
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
  // One run of hex digits, whitespace around it and nowhere else. Whitespace is the six of
  // isspace in the C locale: '\t' '\n' '\v' '\f' '\r' (9 to 13) and ' '.
  std::uint32_t other = 0;  // a byte neither hex digit nor whitespace
  std::uint32_t split = 0;  // a non-space byte after whitespace that followed a non-space byte
  std::uint32_t seen = 0;   // a non-space byte so far
  std::uint32_t gap = 0;    // whitespace after a non-space byte so far
  std::size_t digits = 0;
  std::array<std::uint64_t, 4> acc{};  // the last 64 digits, most significant word first
  for (const std::uint8_t byte : bytes) {
    const std::uint32_t c = byte;
    const Digit d = classify(c);
    const std::uint32_t hex = d.hex;
    const std::uint32_t space = in_range(c, '\t', '\r') | in_range(c, ' ', ' ');
    const std::uint32_t nibble = d.value;
    other |= (hex | space) ^ 1u;
    split |= (space ^ 1u) & gap;
    gap |= space & seen;
    seen |= space ^ 1u;
    digits += hex;
    // A digit shifts the register by a nibble; any other byte keeps it.
    const std::uint64_t keep = mask64(hex ^ 1u);
    const std::array<std::uint64_t, 4> shifted = {acc[0] << 4 | acc[1] >> 60,
                                                  acc[1] << 4 | acc[2] >> 60,
                                                  acc[2] << 4 | acc[3] >> 60, acc[3] << 4 | nibble};
    for (std::size_t w = 0; w < acc.size(); ++w) acc[w] = (acc[w] & keep) | (shifted[w] & ~keep);
  }
  // The verdict, public by design: which error (if any) and the digit count.
  declassify(other);
  declassify(split);
  declassify(digits);
  if (other != 0) {
    error = "key file '" + name +
            "' is not a hex key (32 or 64 hex digits, as `aeskit keygen` writes); for a "
            "raw binary key of 16 or 32 bytes use --raw-key-file";
  } else if (split != 0) {
    error = "key file '" + name +
            "' holds hex digits separated by whitespace; a hex key is one run of 32 or 64 "
            "digits";
  } else if (digits != 32 && digits != 64) {
    error = "key file '" + name + "' holds " + std::to_string(digits) +
            " hex digits; a hex key has 32 (16 bytes) or 64 (32 bytes)";
  } else {
    // The key is the register's last digits/16 words, big-endian.
    key.emplace(digits / 2);
    const std::size_t first = acc.size() - digits / 16;
    for (std::size_t i = 0; i < key->size(); ++i)
      (*key)[i] = static_cast<std::uint8_t>(acc[first + i / 8] >> (56 - 8 * (i % 8)));
  }
  return key;
}

std::optional<std::vector<std::uint8_t>> parse_hex_key(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;  // the length is public
  std::vector<std::uint8_t> out(hex.size() / 2);
  std::uint32_t bad = 0;  // a character that is not a hex digit
  for (std::size_t i = 0; i < out.size(); ++i) {
    const Digit hi = classify(static_cast<std::uint8_t>(hex[2 * i]));
    const Digit lo = classify(static_cast<std::uint8_t>(hex[2 * i + 1]));
    bad |= (hi.hex & lo.hex) ^ 1u;
    out[i] = static_cast<std::uint8_t>(hi.value << 4 | lo.value);
  }
  declassify(bad);  // the verdict: refused or not (the message says no more)
  if (bad != 0) {
    std::fill(out.begin(), out.end(), std::uint8_t{0});
    return std::nullopt;
  }
  return out;
}

}  // namespace aeskit::cli
