// tools/aeskit/speed/options.hpp — the command line of `aeskit speed`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace aeskit::cli::speed {

// MaskPeers: whether OpenSSL/libgcrypt lose the CPU features AESKIT_DISABLE removed from
// aeskit (speed/mask.hpp). automatic: when aesni, pclmul or ssse3 was removed.
enum class MaskPeers { automatic, on, off };

// Format: how the results are shown (speed/summary.hpp, speed/report.hpp).
//   table  one compact table per AES key size (and for hashes/MACs, blocks/setup, files):
//          rows the operations, columns the sizes, each cell aeskit's MB/s, cycles/byte and
//          its ratio to the best peer; printed when the run ends (the default)
//   bssl   BoringSSL-style "Did N ... operations" lines as each measurement ends, and a
//          comparison table per item (the format before `table`)
//   csv    one line per measurement, with a header line
enum class Format { table, bssl, csv };

struct Options {
  std::vector<std::string> filters;  // --filter (any may match); empty: all
  std::vector<std::size_t> sizes = {16, 256, 1350, 8192, 16384};  // --sizes, in bytes
  double seconds = 1.0;                                           // --seconds per measurement
  std::string backend;                              // --backend; empty: aeskit's default
  std::optional<std::vector<std::string>> compare;  // --compare; unset: every peer built in
  std::string json_path;                            // --json FILE ("-": stdout); empty: none
  bool verify_only = false;                         // --verify-only: cross-check, no timing
  MaskPeers mask_peers = MaskPeers::automatic;      // --mask-peers / --no-mask-peers
  bool help = false;                                // --help
  Format format = Format::table;                    // --format
  bool quick = false;  // --quick: the curated item set (items.hpp quick_items) in under a minute
  bool sizes_given = false;       // --sizes was on the command line (--quick keeps it)
  bool seconds_given = false;     // --seconds was on the command line (--quick keeps it)
  double cpu_mhz = 0;             // --cpu-mhz: the core clock for cycles/byte; 0: measure it
  bool slope = false;             // --slope: per-byte and per-call costs fitted (summary.hpp)
  bool bound = false;             // --bound: measure the machine's limit, print % of it (bound.hpp)
  std::string plot_path;          // --plot FILE.svg: throughput against size (plot.hpp)
  std::string plot_scaling_path;  // --plot-scaling FILE.svg: the multi-thread items
};

// parse_options reads the arguments after "speed". On a usage error it returns false and
// sets `error`.
bool parse_options(int argc, char** argv, Options& options, std::string& error);

// usage is the --help text.
const char* usage();

}  // namespace aeskit::cli::speed
