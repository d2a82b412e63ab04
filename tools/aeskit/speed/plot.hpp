// tools/aeskit/speed/plot.hpp — `aeskit speed --plot FILE.svg` and `--plot-scaling FILE.svg`.
//
// --plot: one panel per item measured at more than one message size (in the order
// measured), throughput (MB/s, linear) against message size (bytes, log scale); one line per
// implementation (aeskit, OpenSSL, libgcrypt), and with --bound the item's bound as a dashed
// line (MB/s = clock / bound cycles per byte).
// --plot-scaling: one panel per multi-thread item family ("Cobblestone-128 seal"), MB/s
// against threads, one line per message size, and memcpy (the memory's ceiling) dashed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "speed/bound.hpp"
#include "speed/report.hpp"

namespace aeskit::cli::speed {

// throughput_svg / scaling_svg: the documents, or "" when no item has what the plot needs
// (more than one size; more than one thread count).
std::string throughput_svg(const std::vector<Record>& records, const MachineLimits* limits);
std::string scaling_svg(const std::vector<Record>& records);

// write_file: `text` to `path`; false and `error` on failure.
bool write_file(const std::string& path, const std::string& text, std::string& error);

}  // namespace aeskit::cli::speed
