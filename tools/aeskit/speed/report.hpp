// tools/aeskit/speed/report.hpp — the results of `aeskit speed` and how they are shown: one
// bssl-style line per measurement, a comparison table per item, and the JSON array.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "speed/items.hpp"
#include "speed/timer.hpp"

namespace aeskit::cli::speed {

struct Record {
  std::string impl;       // "aeskit", "openssl", "libgcrypt"
  std::string backend;    // "aesni", "portable", "evp", "gcrypt"
  std::string algorithm;  // "AES-128-CTR", "AES-128"
  std::string op;         // "encrypt", "decrypt block", "encrypt setup", ...
  ItemKind kind = ItemKind::message;
  std::size_t bytes = 0;  // per operation: message length, 16 (block) or 0 (setup)
  Timing timing;
  bool hw_masked = false;  // this implementation ran with CPU features removed (speed/mask.hpp)
};

double ops_per_sec(const Record& record);
double mb_per_sec(const Record& record);  // MB = 10^6 bytes
double ns_per_op(const Record& record);

// print_line writes e.g. "aeskit:    Did 123 AES-128-CTR (1350 bytes) encrypt operations
// in 1000 us (123000.0 ops/sec): 166.0 MB/s" (block and setup items end ": N ns/op").
void print_line(std::FILE* out, const Record& record);

// print_table writes one row per message size for `item`: each implementation's speed
// (MB/s, or ns/op for block and setup items) and aeskit's speed relative to each peer
// (above 1.00x: aeskit is faster). `impls` orders the columns, aeskit first; `title_note`
// follows the item's name on the title line.
void print_table(std::FILE* out, const Item& item, const std::vector<Record>& records,
                 const std::vector<std::string>& impls, std::string_view title_note);

// open_json opens `path` for the JSON output ("-": standard output), so that a bad path is
// reported before any timing. Returns nullptr and sets `error` on failure.
std::FILE* open_json(const std::string& path, std::string& error);

// write_json writes every record as one JSON array to `out`, then closes it unless it is
// standard output. With the clock known (mhz > 0) each record also carries "cpu_mhz" and
// "cycles_per_byte" (message items) or "cycles_per_op" (block and setup items).
bool write_json(std::FILE* out, const std::vector<Record>& records, double mhz, std::string& error);

}  // namespace aeskit::cli::speed
