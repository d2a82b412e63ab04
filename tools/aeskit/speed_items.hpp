// tools/aeskit/speed_items.hpp — what `aeskit speed` can measure: one Item per algorithm and
// operation ("AES-128-CTR encrypt", "AES-256 decrypt block", ...), and the --filter match.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/modes.hpp"

namespace aeskit::cli::speed {

enum class ItemKind {
  message,  // a whole message in one mode per operation; reported in MB/s per size
  block,    // one 16-byte block through the raw cipher per operation; reported in ns/op
  setup,    // one key schedule per operation; reported in ns/op
};

struct Item {
  ItemKind kind = ItemKind::message;
  std::size_t key_bits = 128;  // 128, 192 or 256
  Mode mode = Mode::ecb;       // message items only
  Direction direction = Direction::encrypt;
  std::string algorithm;  // "AES-128-CTR" (message items) or "AES-128"
  std::string op;         // "encrypt", "decrypt block", "encrypt setup", ...

  // label is "ALGORITHM op", the text --filter matches against.
  std::string label() const { return algorithm + " " + op; }
};

// all_items lists every item, grouped by key size: setup and block items first, then each
// mode's encrypt and decrypt.
std::vector<Item> all_items();

// matches_filters: true when `filters` is empty or `item.label()` contains any of them,
// ignoring ASCII case.
bool matches_filters(const Item& item, const std::vector<std::string>& filters);

// run_sizes gives the message lengths to measure `item` at, from the requested --sizes:
// message items take each requested size their mode can process (ECB and CBC, which run
// without padding, only whole blocks), block items always 16 bytes, setup items 0 bytes.
std::vector<std::size_t> run_sizes(const Item& item, const std::vector<std::size_t>& requested);

}  // namespace aeskit::cli::speed
