// tools/aeskit/cmd_keygen.cpp — `aeskit keygen`: a random Cobblestone key (16 bytes, or 32
// with --256) from getrandom(2), written as hex and a newline to a new file (mode 0600) or to
// stdout. Refuses to replace an existing file unless --force.
#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "aeskit/chunked.hpp"
#include "cli_files.hpp"
#include "commands.hpp"

namespace aeskit::cli {
namespace {

constexpr const char* kHelp =
    "usage: aeskit keygen [--128 | --256] [--force] [-o FILE]\n"
    "\n"
    "Writes a new random key for `aeskit seal` / `aeskit open`, as hex and a newline.\n"
    "\n"
    "  -o, --output FILE  write the key to FILE (mode 0600, also when replacing a file;\n"
    "                     a symbolic link is followed); default: stdout\n"
    "      --128          a 16-byte key: Cobblestone-128 (SHA-512 + AES-128-GCM; default)\n"
    "      --256          a 32-byte key: Cobblestone-256 (SHA-512 + AES-256-GCM)\n"
    "  -f, --force        replace FILE if it exists (the old key is lost)\n"
    "--128 and --256 together are refused. Exit status: 0 ok, 1 no randomness, 2 usage\n"
    "error, 3 I/O error (with its reason).\n"
    "\n"
    "The key is the only secret: anyone holding it can read and forge your files. Keep it\n"
    "out of version control and backups of the encrypted data. Example:\n"
    "  aeskit keygen -o backup.key && aeskit seal -k backup.key -o db.sql.cob db.sql\n";

}  // namespace

int run_keygen(int argc, char** argv) {
  std::size_t bytes = 16;
  bool force = false, said_128 = false, said_256 = false;
  std::string output;
  for (int i = 0; i < argc; ++i) {
    const std::string_view arg = argv[i];
    std::string value;
    bool missing = false;
    if (arg == "-h" || arg == "--help") {
      std::fputs(kHelp, stdout);
      return kExitOk;
    }
    if (arg == "--256") {
      bytes = 32;
      said_256 = true;
    } else if (arg == "--128") {
      bytes = 16;
      said_128 = true;
    } else if (arg == "-f" || arg == "--force") {
      force = true;
    } else if (take_option(argc, argv, i, "--output", "-o", value, missing)) {
      if (missing) {
        std::fprintf(stderr, "aeskit keygen: option '%s' needs a value\n", argv[i]);
        return kExitUsage;
      }
      if (value.empty()) {
        std::fprintf(stderr, "aeskit keygen: -o needs a file name ('-' for stdout), not ''\n");
        return kExitUsage;
      }
      output = value;
    } else {
      std::fprintf(stderr, "aeskit keygen: unexpected argument '%s' (aeskit keygen --help)\n",
                   argv[i]);
      return kExitUsage;
    }
  }
  if (said_128 && said_256) {
    std::fprintf(stderr, "aeskit keygen: --128 and --256 contradict each other; give one\n");
    return kExitUsage;
  }
  struct stat st;
  if (!output.empty() && output != "-" && !force && stat(output.c_str(), &st) == 0) {
    std::fprintf(stderr, "aeskit keygen: '%s' exists; use --force to replace it\n", output.c_str());
    return kExitUsage;
  }
  std::vector<std::uint8_t> key(bytes);
  if (Status s = chunked::generate_key(key); !s) {
    std::fprintf(stderr, "aeskit keygen: no randomness from the operating system\n");
    return kExitFailure;
  }
  std::string hex;
  static const char digits[] = "0123456789abcdef";
  for (std::uint8_t b : key) {
    hex.push_back(digits[b >> 4]);
    hex.push_back(digits[b & 15]);
  }
  hex.push_back('\n');
  std::fill(key.begin(), key.end(), 0);
  install_interrupt_handlers();
  Output out;
  std::string error;
  if (!out.open(output.empty() ? "-" : output, error, OutputMode::secret)) {
    std::fprintf(stderr, "aeskit keygen: %s\n", error.c_str());
    return kExitIo;
  }
  const bool ok = out.write({reinterpret_cast<const std::uint8_t*>(hex.data()), hex.size()});
  const int cause = errno;
  std::fill(hex.begin(), hex.end(), '\0');
  if (!ok) {
    out.discard();
    std::fprintf(stderr, "aeskit keygen: cannot write the key: %s\n", std::strerror(cause));
    return kExitIo;
  }
  if (!out.commit(error)) {
    std::fprintf(stderr, "aeskit keygen: %s\n", error.c_str());
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace aeskit::cli
