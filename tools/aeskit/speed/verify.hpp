// tools/aeskit/speed/verify.hpp — the cross-check `aeskit speed` runs before timing an item:
// aeskit's runner and a peer's, the very code about to be timed, must produce the same bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "speed/impl.hpp"

namespace aeskit::cli::speed {

struct CrossCheck {
  enum class Outcome {
    same,         // equal output for every length
    differs,      // the outputs differ: `detail` says where
    ours_failed,  // aeskit's runner failed: `detail` is its error
    peer_failed,  // the peer's runner failed: `detail` is its error
  };
  Outcome outcome = Outcome::same;
  std::string detail;
};

// check_lengths gives the message lengths to cross-check `item` at: every length it will be
// timed at, plus one with a partial final block (1350 bytes; 1344 for ECB and CBC, which take
// whole blocks only) so stream-mode and AEAD tails are covered whatever --sizes says. Setup
// items produce no output and get none.
std::vector<std::size_t> check_lengths(const Item& item, const std::vector<std::size_t>& sizes);

// cross_check runs one operation of each runner per length on the start of `in`, into
// separate output buffers pre-filled with different bytes (so output one side never wrote
// cannot compare equal), and compares the output_length(item, length) bytes each wrote
// (AEAD items: the tag too). `in` must hold the longest length.
CrossCheck cross_check(const Item& item, Runner& ours, Runner& peer, std::string_view peer_name,
                       std::span<const std::uint8_t> in, const std::vector<std::size_t>& lengths);

}  // namespace aeskit::cli::speed
