// tools/aeskit/cmd_seal_options.hpp — the command line shared by `aeskit seal` and
// `aeskit open`: key (hex file, raw binary file, or environment variable with hex) or where
// the passphrase comes from (read by the command, not here), context,
// threads, quiet, input and output.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "cli_passphrase.hpp"

namespace aeskit::cli {

struct SealOptions {
  std::vector<std::uint8_t> key;  // empty in passphrase mode
  PassphraseSource passphrase;    // -p, --passphrase-file, --passphrase-fd (read later)
  std::string context;
  unsigned threads = 0;  // as asked: 0 = all cores (worker_count caps it)
  bool quiet = false;
  std::string input;   // empty or "-" = stdin
  std::string output;  // empty or "-" = stdout
};

// read_seal_options: the parsing itself, printing nothing. Returns -1 on success; kExitOk
// (0) for --help (the caller prints the help); else the exit status (kExitUsage, or kExitIo
// when a key file cannot be read) with the reason in `message` (without the "aeskit COMMAND: "
// prefix). Reads the key file or the environment variable that names the key.
int read_seal_options(int argc, char** argv, const char* command, SealOptions& options,
                      std::string& message);

// parse_seal_options: read_seal_options, then on failure prints the reason to stderr (after
// "aeskit COMMAND: "), for --help prints `help` to stdout.
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
