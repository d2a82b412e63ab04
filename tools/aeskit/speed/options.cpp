// tools/aeskit/speed/options.cpp — parsing and help text for `aeskit speed` options.
#include "speed/options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string_view>

namespace aeskit::cli::speed {
namespace {

// 1 GiB: the Cobblestone items are judged on whole 1 GiB buffers (speed/chunked.hpp); larger
// messages gain nothing and would come near EVP's int lengths.
constexpr std::size_t kMaxSize = std::size_t{1} << 30;
constexpr double kMaxSeconds = 3600;

std::vector<std::string> split_commas(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    parts.emplace_back(text.substr(start, comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return parts;
}

bool parse_sizes(std::string_view text, std::vector<std::size_t>& sizes, std::string& error) {
  sizes.clear();
  for (const std::string& part : split_commas(text)) {
    char* end = nullptr;
    errno = 0;
    const unsigned long long value = std::strtoull(part.c_str(), &end, 10);
    if (part.empty() || part[0] == '-' || part[0] == '+' || *end != '\0' || errno != 0 ||
        value == 0 || value > kMaxSize) {
      error =
          "--sizes: '" + part + "' is not a byte count between 1 and " + std::to_string(kMaxSize);
      return false;
    }
    sizes.push_back(static_cast<std::size_t>(value));
  }
  return true;
}

bool parse_seconds(const std::string& text, double& seconds, std::string& error) {
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno != 0 || !std::isfinite(value) || value <= 0 ||
      value > kMaxSeconds) {
    error = "--seconds: '" + text + "' is not a number of seconds above 0 (at most 3600)";
    return false;
  }
  seconds = value;
  return true;
}

bool parse_compare(std::string_view text, std::optional<std::vector<std::string>>& compare,
                   std::string& error) {
  std::vector<std::string> names;
  if (text != "none") {
    names = split_commas(text);
    for (const std::string& name : names) {
      if (name.empty() || name == "none") {
        error = "--compare: expected peer names separated by commas, or 'none'";
        return false;
      }
    }
  }
  compare = std::move(names);
  return true;
}

// takes_value: an option of `aeskit speed` that is followed by a value.
bool takes_value(std::string_view name) {
  for (const char* known : {"--filter", "--sizes", "--seconds", "--format", "--plot",
                            "--plot-scaling", "--cpu-mhz", "--backend", "--compare", "--json"})
    if (name == known) return true;
  return false;
}

}  // namespace

bool parse_options(int argc, char** argv, Options& options, std::string& error) {
  for (int i = 0; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      options.help = true;
      continue;
    }
    if (arg == "--verify-only") {
      options.verify_only = true;
      continue;
    }
    if (arg == "--mask-peers" || arg == "--no-mask-peers") {
      options.mask_peers = arg == "--mask-peers" ? MaskPeers::on : MaskPeers::off;
      continue;
    }
    if (arg == "--verify") continue;  // verification always runs; accepted for clarity
    if (arg == "--quick") {
      options.quick = true;
      continue;
    }
    if (arg == "--slope") {
      options.slope = true;
      continue;
    }
    if (arg == "--bound") {
      options.bound = true;
      continue;
    }
    // Every other option takes a value: "--name value" or "--name=value".
    std::string name(arg);
    std::string value;
    const std::size_t equals = arg.find('=');
    if (arg.starts_with("--") && equals != std::string_view::npos) name = arg.substr(0, equals);
    if (arg.starts_with("-") && !takes_value(name)) {
      error = "unknown option '" + name + "'";
      return false;
    }
    if (arg.starts_with("--") && equals != std::string_view::npos) {
      value = std::string(arg.substr(equals + 1));
    } else if (arg.starts_with("--") && i + 1 < argc) {
      value = argv[++i];
    } else if (arg.starts_with("--")) {
      error = "option " + name + " needs a value";
      return false;
    } else {
      error = "unexpected argument '" + name + "'";
      return false;
    }
    if (name == "--filter") {
      options.filters.push_back(value);
    } else if (name == "--sizes") {
      if (!parse_sizes(value, options.sizes, error)) return false;
      options.sizes_given = true;
    } else if (name == "--seconds") {
      if (!parse_seconds(value, options.seconds, error)) return false;
      options.seconds_given = true;
    } else if (name == "--format") {
      if (value == "table") {
        options.format = Format::table;
      } else if (value == "bssl") {
        options.format = Format::bssl;
      } else if (value == "csv") {
        options.format = Format::csv;
      } else {
        error = "--format: expected table, bssl or csv";
        return false;
      }
    } else if (name == "--plot" || name == "--plot-scaling") {
      if (value.empty()) {
        error = name + " needs a file name";
        return false;
      }
      (name == "--plot" ? options.plot_path : options.plot_scaling_path) = value;
    } else if (name == "--cpu-mhz") {
      if (value == "auto") {
        options.cpu_mhz = 0;
      } else {
        char* end = nullptr;
        errno = 0;
        const double mhz = std::strtod(value.c_str(), &end);
        if (errno != 0 || end == value.c_str() || *end != '\0' || !std::isfinite(mhz) || mhz < 1 ||
            mhz > 100000) {
          error = "--cpu-mhz: expected a clock in MHz (1 to 100000) or 'auto'";
          return false;
        }
        options.cpu_mhz = mhz;
      }
    } else if (name == "--backend") {
      options.backend = value;
    } else if (name == "--compare") {
      if (!parse_compare(value, options.compare, error)) return false;
    } else if (name == "--json") {
      if (value.empty()) {
        error = "--json needs a file name ('-' for standard output)";
        return false;
      }
      options.json_path = value;
    } else {
      error = "unknown option '" + name + "'";
      return false;
    }
  }
  return true;
}

const char* usage() {
  return "usage: aeskit speed [options]\n"
         "\n"
         "Measures aeskit and, side by side in the same run, OpenSSL (EVP) and libgcrypt when\n"
         "this build has them, for AES-{128,192,256}-{ECB,CBC,CTR,CFB,CFB8,OFB} encrypt and\n"
         "decrypt, AES-{128,192,256}-{GCM,OCB} seal and open (12-byte nonce, 13-byte AD, 16-byte\n"
         "tag; MB/s of plaintext), AES-{128,256}-XTS encrypt and decrypt (one data unit of the\n"
         "message size, 16 bytes and up), single blocks (\"AES-128 encrypt block\") and key setup\n"
         "(\"AES-128 encrypt setup\"). Before timing, each item's output is checked against\n"
         "every peer's; a mismatch stops the run with exit status 1.\n"
         "AEGIS-128L, AEGIS-128X2, AEGIS-128X4, AEGIS-256, AEGIS-256X2 and AEGIS-256X4 seal and\n"
         "open (draft-irtf-cfrg-aegis-aead; 16-byte tag, nonce as long as the key) have no peer,\n"
         "nor have XAES-256-GCM, DNDK-GCM and DNDK-GCM-KC seal and open (24-byte nonce;\n"
         "DNDK-GCM-KC's 48-byte tag is the GCM tag and the key commitment), nor\n"
         "AES-{128,192,256}-HCTR2 encrypt and decrypt (one wide block of the message size under\n"
         "a 32-byte tweak; ePrint 2021/1441).\n"
         "Cobblestone-{128,256} seal and open (c2sp.org/chunked-encryption, whole messages on 1\n"
         "thread and on all threads, with \"memcpy copy\" as the memory ceiling) run at 16 KiB,\n"
         "1 MiB and every --sizes entry of 16 KiB or more; no peer has them, so each runner\n"
         "checks a round trip instead, and a ratio to aeskit's AES-GCM follows each table.\n"
         "\n"
         "options:\n"
         "  --filter TEXT        only items whose \"ALGORITHM op\" contains TEXT, ignoring case\n"
         "                       (e.g. AES-128-CTR, \"cbc decrypt\", setup, GCM); may be\n"
         "                       repeated\n"
         "  --sizes N,N,...      message sizes in bytes (default 16,256,1350,8192,16384);\n"
         "                       ECB and CBC skip sizes that are not a multiple of 16\n"
         "  --seconds S          time per measurement, fractions allowed (default 1.0)\n"
         "  --backend NAME       aeskit backend to measure (default: the fastest available)\n"
         "  --compare LIST       peers to compare: openssl,libgcrypt,ipsec-mb,ipsec-mb-job\n"
         "                       (Intel ipsec-mb's direct GCM and job APIs; GCM items only;\n"
         "                       loaded at run time) (default: every peer built in);\n"
         "                       'none' measures aeskit alone\n"
         "  --json FILE          also write the results as JSON to FILE ('-': standard output,\n"
         "                       and the human-readable report goes to standard error)\n"
         "  --quick              a curated set in under a minute: GCM, CTR, XTS, CBC, OCB,\n"
         "                       GCM-SIV and CCM, AES-128 and AES-256, at 16, 1350 and 16384\n"
         "                       bytes, 0.1 s per measurement (--sizes/--seconds override)\n"
         "  --format FORMAT      table (default): one compact table per key size, each cell\n"
         "                       aeskit's MB/s, cycles/byte and ratio to the best peer;\n"
         "                       bssl: BoringSSL-style lines and a table per item; csv\n"
         "  --slope              also fit time per operation against message size over the\n"
         "                       sizes measured (libgcrypt bench-slope's method): the per-byte\n"
         "                       cost without the per-call cost, and the per-call cost\n"
         "  --bound              also measure the machine's own limit: the AES round's and\n"
         "                       the carry-less multiply's latency and throughput at each\n"
         "                       vector width, each item's lower bound in cycles/byte from\n"
         "                       them, and the share of it aeskit reaches (docs/SPEED-BOUND.md)\n"
         "  --plot FILE.svg      draw MB/s against message size (log scale) for every item\n"
         "                       measured at two sizes or more: aeskit and each peer as\n"
         "                       lines, with --bound the bound as a dashed line\n"
         "  --plot-scaling FILE.svg  draw MB/s against threads for the multi-thread items\n"
         "                       (Cobblestone), memcpy dashed\n"
         "  --cpu-mhz MHZ|auto   core clock for cycles/byte (default auto: measured with a\n"
         "                       chain of dependent adds timed against the wall clock)\n"
         "  --verify-only        run only the output cross-check, no timing\n"
         "  --mask-peers         clear in OpenSSL (OPENSSL_ia32cap, by re-executing) and\n"
         "                       libgcrypt (GCRYCTL_DISABLE_HWF) the CPU features that\n"
         "                       AESKIT_DISABLE removed from aeskit, so like is compared with\n"
         "                       like; the default whenever aesni, pclmul or ssse3 is removed\n"
         "  --no-mask-peers      run the peers with all their hardware paths\n"
         "  --help               show this text\n"
         "\n"
         "exit status: 0 all measured; 1 a library call failed or outputs differed; 2 usage\n";
}

}  // namespace aeskit::cli::speed
