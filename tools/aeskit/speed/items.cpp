// tools/aeskit/speed/items.cpp — the table of items `aeskit speed` measures (a row per
// algorithm: name, kind, family, key sizes, operations), the walk that makes the items from
// it, their sizes and output lengths, and the --filter match.
#include "speed/items.hpp"

#include <cstdio>
#include <optional>
#include <thread>
#include <utility>

#include "speed/batch.hpp"
#include "speed/chunked.hpp"
#include "speed/hash.hpp"
#include "speed/mac.hpp"
#include "speed/tls.hpp"

namespace aeskit::cli::speed {
namespace {

// Key sizes, a bit each; a row with none makes its items without a key (key_bits 0).
constexpr unsigned k128 = 1, k192 = 2, k256 = 4, kEvery = k128 | k192 | k256;
constexpr std::size_t kKeyBits[] = {128, 192, 256};

// Row: one algorithm at each of its key sizes. It makes an item per key size and operation:
// encrypt_op (the encrypting, sealing, hashing or MACing one) and decrypt_op, if any.
// Chunked rows make each operation twice: on 1 thread and on all threads.
struct Row {
  const char* name;  // the algorithm; "%" stands for the key size in bits
  ItemKind kind;
  Family family;
  unsigned keys;
  const char* encrypt_op;
  const char* decrypt_op = nullptr;
  Mode mode = Mode::ecb;  // message items
};

// Walked by key size: every row at AES-128, then every row at AES-192, then at AES-256.
constexpr Row kByKeySize[] = {
    {"AES-%", ItemKind::setup, Family::aes, kEvery, "encrypt setup", "decrypt setup"},
    {"AES-%", ItemKind::block, Family::aes, kEvery, "encrypt block", "decrypt block"},
    {"AES-%-ECB", ItemKind::message, Family::aes, kEvery, "encrypt", "decrypt", Mode::ecb},
    {"AES-%-CBC", ItemKind::message, Family::aes, kEvery, "encrypt", "decrypt", Mode::cbc},
    {"AES-%-CTR", ItemKind::message, Family::aes, kEvery, "encrypt", "decrypt", Mode::ctr128},
    {"AES-%-CFB", ItemKind::message, Family::aes, kEvery, "encrypt", "decrypt", Mode::cfb128},
    {"AES-%-CFB8", ItemKind::message, Family::aes, kEvery, "encrypt", "decrypt", Mode::cfb8},
    {"AES-%-OFB", ItemKind::message, Family::aes, kEvery, "encrypt", "decrypt", Mode::ofb},
    // IEEE 1619 and OpenSSL define XTS for AES-128 and AES-256 only.
    {"AES-%-XTS", ItemKind::xts, Family::xts, k128 | k256, "encrypt", "decrypt"},
    // HCTR2 (ePrint 2021/1441): a wide-block cipher; aeskit only (no peer has it).
    {"AES-%-HCTR2", ItemKind::xts, Family::hctr2, kEvery, "encrypt", "decrypt"},
    {"AES-%-GCM", ItemKind::aead, Family::gcm, kEvery, "seal", "open"},
    {"AES-%-OCB", ItemKind::aead, Family::ocb, kEvery, "seal", "open"},
    // RFC 8452 defines AES-128-GCM-SIV and AES-256-GCM-SIV only.
    {"AES-%-GCM-SIV", ItemKind::aead, Family::gcm_siv, k128 | k256, "seal", "open"},
    {"XAES-256-GCM", ItemKind::aead, Family::xaes_gcm, k256, "seal", "open"},  // c2sp.org
    // draft-gueron-cfrg-dndkgcm: without and with the key commitment (T || KC, 48 bytes).
    {"DNDK-GCM", ItemKind::aead, Family::dndk_gcm, k256, "seal", "open"},
    {"DNDK-GCM-KC", ItemKind::aead, Family::dndk_gcm, k256, "seal", "open"},
    // CCM: AES-128 and AES-256 (the profiles in use).
    {"AES-%-CCM", ItemKind::aead, Family::ccm, k128 | k256, "seal", "open"},
};

// Walked by row: each row at each of its key sizes.
constexpr Row kByRow[] = {
    {"AES-%-EAX", ItemKind::aead, Family::eax, k128 | k256, "seal", "open"},
    {"AES-%-SIV", ItemKind::aead, Family::siv, k128 | k256, "seal", "open"},
    // AEGIS (draft-irtf-cfrg-aegis-aead): the 128 family takes 128-bit keys, the 256 family
    // 256-bit ones.
    {"AEGIS-128L", ItemKind::aead, Family::aegis, k128, "seal", "open"},
    {"AEGIS-128X2", ItemKind::aead, Family::aegis, k128, "seal", "open"},
    {"AEGIS-128X4", ItemKind::aead, Family::aegis, k128, "seal", "open"},
    {"AEGIS-256", ItemKind::aead, Family::aegis, k256, "seal", "open"},
    {"AEGIS-256X2", ItemKind::aead, Family::aegis, k256, "seal", "open"},
    {"AEGIS-256X4", ItemKind::aead, Family::aegis, k256, "seal", "open"},
    {"SHA-1", ItemKind::hash, Family::sha, 0, "hash"},
    {"SHA-256", ItemKind::hash, Family::sha, 0, "hash"},
    {"SHA-512", ItemKind::hash, Family::sha, 0, "hash"},
    // HMAC: kHashMacKeyBytes (32) of the item key.
    {"HMAC-SHA1", ItemKind::hash, Family::hmac, k256, "mac"},
    {"HMAC-SHA256", ItemKind::hash, Family::hmac, k256, "mac"},
    {"HMAC-SHA512", ItemKind::hash, Family::hmac, k256, "mac"},
    {"AES-%-CBC-SHA1", ItemKind::tls, Family::tls_cbc_hmac, k128 | k256, "seal", "open"},
    {"AES-128-CBC-SHA256", ItemKind::tls, Family::tls_cbc_hmac, k128, "seal", "open"},
    {"AES-128-CTR-HMAC-SHA256", ItemKind::tls, Family::tls_ctr_hmac, k128, "seal", "open"},
    {"AES-%-CMAC", ItemKind::hash, Family::cmac, k128 | k256, "mac"},
    // HKDF-SHA-512 extract+expand of a Cobblestone-128 header, ns per header (speed/hash.hpp).
    {"HKDF-SHA-512", ItemKind::setup, Family::hkdf, 0, "Cobblestone-128 header"},
    {"Cobblestone-%", ItemKind::chunked, Family::cobblestone, k128 | k256, "seal", "open"},
    {"memcpy", ItemKind::chunked, Family::memory_copy, 0, "copy"},
};

unsigned all_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

std::string threads_word(unsigned n) {
  char text[32];  // (built with snprintf: g++ 12 warns falsely on "(" + std::to_string(n))
  std::snprintf(text, sizeof text, " (%u thread%s)", n, n == 1 ? "" : "s");
  return text;
}

std::string name_at(const char* pattern, std::size_t bits) {
  std::string name = pattern;
  if (const std::size_t at = name.find('%'); at != std::string::npos)
    name.replace(at, 1, std::to_string(bits));
  return name;
}

// add_items appends `row`'s items at key size `bits` (0: no key).
void add_items(const Row& row, std::size_t bits, std::vector<Item>& items) {
  std::vector<unsigned> thread_counts = {1};
  if (row.kind == ItemKind::chunked && all_threads() > 1) thread_counts.push_back(all_threads());
  Item item;
  item.kind = row.kind;
  item.family = row.family;
  item.key_bits = bits;
  item.mode = row.mode;
  item.algorithm = name_at(row.name, bits);
  for (const char* op : {row.encrypt_op, row.decrypt_op}) {
    if (op == nullptr) continue;
    item.direction = op == row.encrypt_op ? Direction::encrypt : Direction::decrypt;
    for (unsigned threads : thread_counts) {
      item.threads = threads;
      item.op = row.kind == ItemKind::chunked ? op + threads_word(threads) : op;
      items.push_back(item);
    }
  }
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

// add_batch_items: the batch items (speed/batch.hpp), after every other item.
void add_batch_items(std::vector<Item>& items) {
  struct BatchRow {
    const char* algorithm;
    std::initializer_list<std::size_t> counts;
  };
  static const BatchRow kRows[] = {
      {"AES-128-GCM", {1, 8, 32}}, {"AES-128-GCM-SIV", {32}}, {"AEGIS-128L", {32}}};
  for (const BatchRow& row : kRows) {
    for (const char* verb : {"seal", "open"}) {
      for (std::size_t n : row.counts) {
        for (bool one_by_one : {false, true}) {
          Item item;
          item.kind = ItemKind::batch;
          item.family = Family::batch;
          item.key_bits = 128;
          item.direction =
              std::string_view(verb) == "seal" ? Direction::encrypt : Direction::decrypt;
          item.algorithm = row.algorithm;
          item.messages = n;
          item.one_by_one = one_by_one;
          item.op = std::string(verb) + (one_by_one ? " one by one (" : " batch (") +
                    std::to_string(n) + (n == 1 ? " message)" : " messages)");
          items.push_back(item);
        }
      }
    }
  }
  const struct {
    std::size_t samples;
    bool one_by_one;
    const char* op;
  } kHp[] = {{1, false, "header-protection masks (1 sample)"},
             {32, false, "header-protection masks (32 samples)"},
             {32, true, "header-protection masks (32 one-block calls)"}};
  for (const auto& hp : kHp) {
    Item item;
    item.kind = ItemKind::batch;
    item.family = Family::hp;
    item.key_bits = 128;
    item.algorithm = "AES-128";
    item.messages = hp.samples;
    item.one_by_one = hp.one_by_one;
    item.op = hp.op;
    items.push_back(item);
  }
}

}  // namespace

std::vector<Item> all_items() {
  std::vector<Item> items;
  for (std::size_t b = 0; b < std::size(kKeyBits); ++b) {
    for (const Row& row : kByKeySize)
      if ((row.keys & (1u << b)) != 0) add_items(row, kKeyBits[b], items);
  }
  for (const Row& row : kByRow) {
    if (row.keys == 0) add_items(row, 0, items);
    for (std::size_t b = 0; b < std::size(kKeyBits); ++b)
      if ((row.keys & (1u << b)) != 0) add_items(row, kKeyBits[b], items);
  }
  add_batch_items(items);
  return items;
}

std::optional<Item> find_item(std::string_view algorithm, std::string_view op) {
  for (Item& item : all_items())
    if (item.algorithm == algorithm && item.op == op) return std::move(item);
  return std::nullopt;
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
  if (item.kind == ItemKind::batch) return batch_sizes(item);
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
  if (item.family == Family::cmac) return kCmacTagBytes;
  if (item.kind == ItemKind::hash) return hash_output_length(item);
  if (item.kind == ItemKind::tls) return tls_output_length(item, in_len);
  if (item.kind == ItemKind::chunked) return chunked_output_length(item, in_len);
  if (item.kind == ItemKind::batch) return batch_output_length(item, in_len);
  return item.kind == ItemKind::aead ? in_len + aead_tag_bytes(item) : in_len;
}

bool in_quick_set(const Item& item) {
  if (item.key_bits != 128 && item.key_bits != 256) return false;
  const std::string prefix = "AES-" + std::to_string(item.key_bits) + "-";
  static const char* const kOps[] = {"GCM seal",    "GCM open",     "CTR encrypt",  "XTS encrypt",
                                     "XTS decrypt", "CBC encrypt",  "CBC decrypt",  "OCB seal",
                                     "OCB open",    "GCM-SIV seal", "GCM-SIV open", "CCM seal",
                                     "CCM open"};
  const std::string label = item.label();
  for (const char* op : kOps)
    if (label == prefix + op) return true;
  return false;
}

}  // namespace aeskit::cli::speed
