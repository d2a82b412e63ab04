// tests/support/names.hpp — the names most test files use, declared once: after the includes,
// `using namespace aeskit_test::names;` brings in aeskit's Errc, Mode, Direction and Padding
// and the test helpers' Bytes, from_hex and to_hex (support/hex.hpp). No vectors here.
#pragma once

#include "aeskit/aeskit.hpp"
#include "support/hex.hpp"

namespace aeskit_test::names {

using aeskit::Direction;
using aeskit::Errc;
using aeskit::Mode;
using aeskit::Padding;
using aeskit_test::Bytes;
using aeskit_test::from_hex;
using aeskit_test::to_hex;

}  // namespace aeskit_test::names
