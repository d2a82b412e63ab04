// tools/aeskit/cmd_seal_options.cpp — parsing the seal/open command line (see
// cmd_seal_options.hpp). The key comes from --key-file FILE (hex), --raw-key-file FILE (16 or
// 32 bytes) or --key-env VAR (hex).
#include "cmd_seal_options.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "cli_files.hpp"

namespace aeskit::cli {

int read_seal_options(int argc, char** argv, const char* command, SealOptions& o,
                      std::string& message) {
  const std::string cmd = command;
  std::string key_file, raw_key_file, key_env, threads;
  bool have_context = false;
  int passphrase_options = 0;
  std::vector<std::string> positional;
  bool options_ended = false;
  for (int i = 0; i < argc; ++i) {
    const std::string_view arg = argv[i];
    std::string value;
    bool missing = false;
    if (options_ended) {
      positional.emplace_back(arg);
      continue;
    }
    if (arg == "--") {  // everything after it is a file name, even "-x"
      options_ended = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") return kExitOk;
    if (arg == "-q" || arg == "--quiet") {
      o.quiet = true;
    } else if (arg == "-p" || arg == "--passphrase") {
      o.passphrase.kind = PassphraseSource::Kind::terminal;
      ++passphrase_options;
    } else if (take_option(argc, argv, i, "--passphrase-file", "", value, missing)) {
      o.passphrase.kind = PassphraseSource::Kind::file;
      o.passphrase.file = value;
      ++passphrase_options;
    } else if (take_option(argc, argv, i, "--passphrase-fd", "", value, missing)) {
      o.passphrase.kind = PassphraseSource::Kind::fd;
      ++passphrase_options;
      if (!missing) {
        auto n = parse_threads(value);  // digits only, at most 4 of them
        if (!n || value == "all") {
          message = "--passphrase-fd wants a descriptor number, not '" + value + "'";
          return kExitUsage;
        }
        o.passphrase.fd = static_cast<int>(*n);
      }
    } else if (take_option(argc, argv, i, "--key-file", "-k", value, missing)) {
      key_file = value;
    } else if (take_option(argc, argv, i, "--raw-key-file", "", value, missing)) {
      raw_key_file = value;
    } else if (take_option(argc, argv, i, "--key-env", "-e", value, missing)) {
      key_env = value;
    } else if (take_option(argc, argv, i, "--context", "-c", value, missing)) {
      o.context = value;
      have_context = true;
    } else if (take_option(argc, argv, i, "--threads", "-t", value, missing)) {
      threads = value;
      auto t = parse_threads(value);
      if (!t) {
        message = "--threads wants a count from 1 to " + std::to_string(kMaxThreadsOption) +
                  ", or 'all' (or 0) for all cores, not '" + value + "'";
        return kExitUsage;
      }
      o.threads = *t;
    } else if (take_option(argc, argv, i, "--output", "-o", value, missing)) {
      if (!missing && value.empty()) {
        message = "-o needs a file name ('-' for stdout), not ''";
        return kExitUsage;
      }
      o.output = value;
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      message = "unknown option '" + std::string(arg) + "' (aeskit " + cmd + " --help)";
      return kExitUsage;
    } else {
      positional.emplace_back(arg);
    }
    if (missing) {
      message = "option '" + std::string(argv[i]) + "' needs a value";
      return kExitUsage;
    }
  }
  (void)have_context;
  if (positional.size() > 1) {
    message = "one input file at most (got " + std::to_string(positional.size()) + ")";
    return kExitUsage;
  }
  if (!positional.empty()) o.input = positional[0];
  if (int{!key_file.empty()} + int{!raw_key_file.empty()} + int{!key_env.empty()} +
          passphrase_options !=
      1) {
    message =
        "give the key with exactly one of --key-file FILE, --raw-key-file FILE or --key-env VAR, "
        "or a passphrase with one of -p, --passphrase-file FILE or --passphrase-fd N (aeskit " +
        cmd + " --help)";
    return kExitUsage;
  }
  if (passphrase_options == 1) return -1;  // read by the command
  if (!key_file.empty() || !raw_key_file.empty()) {
    std::string error;
    const bool raw = !raw_key_file.empty();
    auto key = load_key_file(raw ? raw_key_file : key_file, raw, error);
    if (!key) {
      message = error;
      return error.rfind("cannot", 0) == 0 ? kExitIo : kExitUsage;
    }
    o.key = std::move(*key);
  } else {
    const char* hex = std::getenv(key_env.c_str());
    if (hex == nullptr) {
      message = "environment variable " + key_env + " is not set";
      return kExitUsage;
    }
    // The same rule as a key file: one run of 32 or 64 hex digits, whitespace around it.
    const std::span<const std::uint8_t> text(reinterpret_cast<const std::uint8_t*>(hex),
                                             std::strlen(hex));
    std::string error;
    auto key = parse_key_text(text, false, key_env, error);
    if (!key) {
      message = "environment variable " + key_env +
                " must hold a 16- or 32-byte key as hex (32 or 64 hex digits, whitespace "
                "around them only)";
      return kExitUsage;
    }
    o.key = std::move(*key);
  }
  return -1;
}

int parse_seal_options(int argc, char** argv, const char* command, const char* help,
                       SealOptions& o) {
  std::string message;
  const int status = read_seal_options(argc, argv, command, o, message);
  if (status == kExitOk) {
    std::fputs(help, stdout);
  } else if (status != -1) {
    std::fprintf(stderr, "aeskit %s: %s\n", command, message.c_str());
  }
  return status;
}

std::span<const std::uint8_t> context_bytes(const SealOptions& o) {
  return {reinterpret_cast<const std::uint8_t*>(o.context.data()), o.context.size()};
}

bool open_streams(const char* command, const SealOptions& o, Input& in, Output& out) {
  std::string error;
  // open writes plaintext: a new file starts 0600 (seal's ciphertext: 0666 & ~umask).
  const OutputMode mode =
      std::strcmp(command, "open") == 0 ? OutputMode::private_ : OutputMode::shared;
  if (!open_input(o.input, in, error) ||
      !out.open(o.output.empty() ? "-" : o.output, error, mode, &in)) {
    std::fprintf(stderr, "aeskit %s: %s\n", command, error.c_str());
    return false;
  }
  return true;
}

}  // namespace aeskit::cli
