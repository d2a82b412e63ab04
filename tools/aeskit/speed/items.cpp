// tools/aeskit/speed/items.cpp — the list of items `aeskit speed` measures, their names and
// the --filter match.
#include "speed/items.hpp"

#include <array>

#include "speed/chunked.hpp"
#include "speed/hash.hpp"
#include "speed/mac.hpp"
#include "speed/tls.hpp"

namespace aeskit::cli::speed {
namespace {

constexpr std::array<std::size_t, 3> kKeyBits = {128, 192, 256};
constexpr std::array<Mode, 6> kModes = {Mode::ecb,    Mode::cbc,  Mode::ctr128,
                                        Mode::cfb128, Mode::cfb8, Mode::ofb};
constexpr std::array<Direction, 2> kDirections = {Direction::encrypt, Direction::decrypt};

const char* direction_word(Direction direction) {
  return direction == Direction::encrypt ? "encrypt" : "decrypt";
}

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool contains_ignoring_case(std::string_view text, std::string_view needle) {
  if (needle.size() > text.size()) return false;
  for (std::size_t start = 0; start + needle.size() <= text.size(); ++start) {
    std::size_t i = 0;
    while (i < needle.size() && lower(text[start + i]) == lower(needle[i])) ++i;
    if (i == needle.size()) return true;
  }
  return false;
}

}  // namespace

std::vector<Item> all_items() {
  std::vector<Item> items;
  for (std::size_t bits : kKeyBits) {
    const std::string aes = "AES-" + std::to_string(bits);
    for (ItemKind kind : {ItemKind::setup, ItemKind::block}) {
      for (Direction direction : kDirections) {
        Item item;
        item.kind = kind;
        item.key_bits = bits;
        item.direction = direction;
        item.algorithm = aes;
        item.op = std::string(direction_word(direction)) +
                  (kind == ItemKind::setup ? " setup" : " block");
        items.push_back(item);
      }
    }
    for (Mode mode : kModes) {
      for (Direction direction : kDirections) {
        Item item;
        item.kind = ItemKind::message;
        item.key_bits = bits;
        item.mode = mode;
        item.direction = direction;
        item.algorithm = aes + "-" + std::string(mode_name(mode));
        item.op = direction_word(direction);
        items.push_back(item);
      }
    }
    for (Direction direction : kDirections) {
      if (bits == 192) break;  // IEEE 1619 and OpenSSL define XTS for AES-128 and AES-256 only
      Item item;
      item.kind = ItemKind::xts;
      item.key_bits = bits;
      item.direction = direction;
      item.algorithm = aes + "-XTS";
      item.op = direction_word(direction);
      items.push_back(item);
    }
    for (Direction direction : kDirections) {
      Item item;
      item.kind = ItemKind::aead;
      item.key_bits = bits;
      item.direction = direction;
      item.algorithm = aes + "-GCM";
      item.op = direction == Direction::encrypt ? "seal" : "open";
      items.push_back(item);
    }
    for (Direction direction : kDirections) {
      Item item;
      item.kind = ItemKind::aead;
      item.key_bits = bits;
      item.direction = direction;
      item.algorithm = aes + "-OCB";
      item.op = direction == Direction::encrypt ? "seal" : "open";
      items.push_back(item);
    }
    for (Direction direction : kDirections) {
      if (bits == 192) break;  // RFC 8452 defines AES-128-GCM-SIV and AES-256-GCM-SIV only
      Item item;
      item.kind = ItemKind::aead;
      item.key_bits = bits;
      item.direction = direction;
      item.algorithm = aes + "-GCM-SIV";
      item.op = direction == Direction::encrypt ? "seal" : "open";
      items.push_back(item);
    }
    for (Direction direction : kDirections) {
      if (bits != 256) break;  // XAES-256-GCM (c2sp.org): a 256-bit key only
      Item item;
      item.kind = ItemKind::aead;
      item.key_bits = bits;
      item.direction = direction;
      item.algorithm = "XAES-256-GCM";
      item.op = direction == Direction::encrypt ? "seal" : "open";
      items.push_back(item);
    }
    for (Direction direction : kDirections) {
      if (bits == 192) break;  // CCM items: AES-128 and AES-256 (the profiles in use)
      Item item;
      item.kind = ItemKind::aead;
      item.key_bits = bits;
      item.direction = direction;
      item.algorithm = aes + "-CCM";
      item.op = direction == Direction::encrypt ? "seal" : "open";
      items.push_back(item);
    }
  }
  for (Item& item : mac_aead_items()) items.push_back(std::move(item));
  for (Item& item : hash_items()) items.push_back(std::move(item));
  for (Item& item : tls_items()) items.push_back(std::move(item));
  for (Item& item : cmac_items()) items.push_back(std::move(item));
  for (Item& item : chunked_items()) items.push_back(std::move(item));
  return items;
}

bool matches_filters(const Item& item, const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  const std::string label = item.label();
  for (const std::string& filter : filters) {
    if (contains_ignoring_case(label, filter)) return true;
  }
  return false;
}

std::vector<std::size_t> run_sizes(const Item& item, const std::vector<std::size_t>& requested) {
  if (item.kind == ItemKind::block) return {kBlockSize};
  if (item.kind == ItemKind::setup) return {0};
  if (item.kind == ItemKind::chunked) return chunked_sizes(requested);
  if (item.kind == ItemKind::aead || item.kind == ItemKind::hash || item.kind == ItemKind::tls)
    return requested;
  if (item.kind == ItemKind::xts) {  // a data unit is at least one block
    std::vector<std::size_t> sizes;
    for (std::size_t size : requested)
      if (size >= kBlockSize) sizes.push_back(size);
    return sizes;
  }
  const bool whole_blocks_only = item.mode == Mode::ecb || item.mode == Mode::cbc;
  std::vector<std::size_t> sizes;
  for (std::size_t size : requested) {
    if (whole_blocks_only && size % kBlockSize != 0) continue;
    sizes.push_back(size);
  }
  return sizes;
}

std::size_t output_length(const Item& item, std::size_t in_len) {
  if (is_cmac_item(item)) return kCmacTagBytes;
  if (item.kind == ItemKind::hash) return hash_output_length(item);
  if (item.kind == ItemKind::tls) return tls_output_length(item, in_len);
  if (item.kind == ItemKind::chunked) return chunked_output_length(item, in_len);
  return item.kind == ItemKind::aead ? in_len + kAeadTagBytes : in_len;
}

}  // namespace aeskit::cli::speed
