// tests/support/hex.hpp — hex <-> bytes for test vectors, and a byte-vector alias.
// No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace aeskit_test {

using Bytes = std::vector<std::uint8_t>;

// from_hex decodes a hex string (either case; spaces ignored). Aborts the test binary on a
// malformed literal: that is a bug in the test, not in the library.
Bytes from_hex(std::string_view hex);

// to_hex encodes lower-case, no separators.
std::string to_hex(std::span<const std::uint8_t> bytes);

}  // namespace aeskit_test
