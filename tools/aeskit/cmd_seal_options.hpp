// tools/aeskit/cmd_seal_options.hpp — the command line shared by `aeskit seal` and
// `aeskit open`: key (hex file, raw binary file, or environment variable with hex), context,
// threads, quiet, input and output.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace aeskit::cli {

struct SealOptions {
  std::vector<std::uint8_t> key;
  std::string context;
  unsigned threads = 0;  // as asked: 0 = all cores (worker_count caps it)
  bool quiet = false;
  std::string input;   // empty or "-" = stdin
  std::string output;  // empty or "-" = stdout
};

// parse_seal_options: on failure prints the reason and returns the exit status (kExitUsage,
// or 0 after printing `help` for --help); on success returns -1.
int parse_seal_options(int argc, char** argv, const char* command, const char* help,
                       SealOptions& options);

// context_bytes: options.context as the bytes chunked:: binds the ciphertext to.
std::span<const std::uint8_t> context_bytes(const SealOptions& options);

struct Input;
class Output;
// open_streams opens options.input into `in` and options.output into `out`; on failure prints
// "aeskit COMMAND: why" and returns false (the caller exits with kExitIo).
bool open_streams(const char* command, const SealOptions& options, Input& in, Output& out);

}  // namespace aeskit::cli
