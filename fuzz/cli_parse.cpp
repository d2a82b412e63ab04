// cli_parse — the command-line parsing of the aeskit tool (tools/aeskit, built as the
// aeskit_cli_parsing library): key-file text, hex, --threads, option matching, the seal/open
// options and `aeskit speed`'s options, on arbitrary bytes.
//
// Checks, each against an oracle written here from the documented rule:
//  - parse_key_text (load_key_file's rule without the I/O): hex mode accepts exactly the texts
//    made of whitespace and one run of 32 or 64 hex digits, and returns those digits decoded;
//    raw mode accepts exactly 16 or 32 bytes and returns them; a refusal carries a message
//    that does not start with "cannot" (that prefix means an I/O error, exit 3);
//  - parse_hex: refuses exactly the texts of odd length or with a non-hex character; what it
//    returns, hex-encoded, is the input up to case; parse_hex_key (`enc -K`, constant time)
//    returns exactly what parse_hex does;
//  - parse_threads: "all" -> 0, one to four decimal digits -> their value, else refused;
//  - worker_count: at least 1, at most the usable cores, the count asked for (if any) and the
//    chunks a known input size needs;
//  - take_option on every position of the argument vector: advances by at most one, takes
//    "--name=value", "--name value" or "-x value", flags a missing value only at the end;
//  - read_seal_options (the parsing behind `aeskit seal`/`open`; it prints nothing): returns
//    -1, 0 (--help), 2 or 3; success means a 16- or 32-byte key, and a key from one of the
//    files below equals that file's key; a failure has a message;
//  - speed::parse_options: success leaves sizes of 1 byte to 1 GiB (at least one), seconds in
//    (0, 3600], no empty or "none" peer in --compare; a failure has a message.
//
// Input: [flags][key-text length, 2 bytes][hex length][requested threads, 2][input size, 4]
// [per-thread bytes, 2], then the key text, the hex text, and the rest as argument pieces
// separated by NUL bytes (at most 64). flags: bit 0 raw key text, bit 1 input size known.
// Every '/' in a piece becomes '_': the file names the seal options read stay inside a private
// directory (made at start, the working directory while they are parsed) holding the key files
// k (32 hex digits), K (64), r (16 raw bytes), R (32 raw bytes) and bad (31 hex digits); the
// environment variable AESKIT_FUZZ_KEY holds 64 hex digits. Standard input is /dev/null.
// Give -artifact_prefix as an absolute path (run.sh does): a crash while the private
// directory is the working directory would otherwise leave its input there.
#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli_files.hpp"
#include "cmd_seal_options.hpp"
#include "fuzz_support.hpp"
#include "key_text.hpp"
#include "speed/options.hpp"

namespace {

using aeskit_fuzz::Bytes;
using aeskit_fuzz::ByteSpan;
namespace cli = aeskit::cli;

int g_home = -1;     // the working directory the fuzzer started in
int g_private = -1;  // the private directory with the key files
std::string g_private_path;

const char kHex16[] = "00112233445566778899aabbccddeeff";
const char kHex32[] = "000102030405060708090A0B0C0D0E0F101112131415161718191a1b1c1d1e1f";
const char kRaw16[] = "raw key 16 bytes";
const char kRaw32[] = "a raw key of exactly 32 bytes!!!";

int nibble(char c) {
  const char* digits = "0123456789abcdef";
  const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (int v = 0; v < 16; ++v)
    if (digits[v] == lower) return v;
  return -1;
}

bool is_hex_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// The whitespace a key file may have around its digits (C's isspace in the "C" locale).
bool is_key_space(std::uint8_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

Bytes decode(std::string_view hex) {
  Bytes out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(nibble(hex[i]) * 16 + nibble(hex[i + 1])));
  return out;
}

// key_text_oracle: the documented rule, written as "split on whitespace into words".
std::optional<Bytes> key_text_oracle(ByteSpan text, bool raw) {
  if (raw) {
    if (text.size() == 16 || text.size() == 32) return aeskit_fuzz::copy(text);
    return std::nullopt;
  }
  std::vector<std::string> words;
  std::string word;
  for (std::uint8_t c : text) {
    if (is_key_space(c)) {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word.push_back(static_cast<char>(c));
    }
  }
  if (!word.empty()) words.push_back(word);
  if (words.size() != 1 || (words[0].size() != 32 && words[0].size() != 64)) return std::nullopt;
  for (char c : words[0])
    if (!is_hex_char(c)) return std::nullopt;
  return decode(words[0]);
}

std::optional<unsigned> threads_oracle(std::string_view s) {
  if (s == "all") return 0u;
  if (s.empty() || s.size() > 4) return std::nullopt;
  unsigned v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  return v;
}

void write_file(const char* name, std::string_view content) {
  const int fd = openat(g_private, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  FUZZ_REQUIRE(fd >= 0);
  FUZZ_REQUIRE(write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size()));
  close(fd);
}

void remove_private_dir() {
  for (const char* name : {"k", "K", "r", "R", "bad"}) unlinkat(g_private, name, 0);
  rmdir(g_private_path.c_str());
}

void check_key_text(ByteSpan text, bool raw) {
  std::string error;
  const auto got = cli::parse_key_text(text, raw, "fuzz", error);
  const auto want = key_text_oracle(text, raw);
  FUZZ_REQUIRE(got.has_value() == want.has_value());
  if (got) {
    FUZZ_REQUIRE(*got == *want);
  } else {
    FUZZ_REQUIRE(!error.empty() && error.rfind("cannot", 0) != 0);
  }
}

void check_hex(std::string_view hex) {
  const auto got = cli::parse_hex(hex);
  FUZZ_REQUIRE(cli::parse_hex_key(hex) == got);
  bool valid = hex.size() % 2 == 0;
  for (char c : hex) valid = valid && is_hex_char(c);
  FUZZ_REQUIRE(got.has_value() == valid);
  if (!got) return;
  FUZZ_REQUIRE(got->size() * 2 == hex.size());
  static const char digits[] = "0123456789abcdef";
  for (std::size_t i = 0; i < got->size(); ++i) {
    FUZZ_REQUIRE(digits[(*got)[i] >> 4] == std::tolower(static_cast<unsigned char>(hex[2 * i])));
    FUZZ_REQUIRE(digits[(*got)[i] & 15] ==
                 std::tolower(static_cast<unsigned char>(hex[2 * i + 1])));
  }
}

void check_worker_count(unsigned requested, bool size_known, std::uint64_t size,
                        std::uint64_t per_thread) {
  const std::optional<std::uint64_t> input_size =
      size_known ? std::optional<std::uint64_t>(size) : std::nullopt;
  const unsigned n = cli::worker_count(requested, input_size, per_thread);
  FUZZ_REQUIRE(n >= 1);
  FUZZ_REQUIRE(n <= cli::usable_cores());
  if (requested != 0) FUZZ_REQUIRE(n <= requested);
  if (size_known && per_thread != 0) {
    const std::uint64_t chunks = size / per_thread + (size % per_thread != 0 ? 1 : 0);
    FUZZ_REQUIRE(n <= (chunks == 0 ? 1 : chunks));
  }
}

void check_take_option(std::vector<char*>& argv) {
  const int argc = static_cast<int>(argv.size());
  for (int start = 0; start < argc; ++start) {
    int i = start;
    std::string value = "unchanged";
    bool missing = false;
    const std::string_view arg = argv[static_cast<std::size_t>(start)];
    const bool took = cli::take_option(argc, argv.data(), i, "--key-file", "-k", value, missing);
    const bool with_equals = arg.starts_with("--key-file=");
    const bool bare = arg == "--key-file" || arg == "-k";
    FUZZ_REQUIRE(took == (with_equals || bare));
    if (!took) {
      FUZZ_REQUIRE(i == start && value == "unchanged" && !missing);
    } else if (with_equals) {
      FUZZ_REQUIRE(i == start && !missing && value == arg.substr(11));
    } else if (start + 1 < argc) {
      FUZZ_REQUIRE(i == start + 1 && !missing && value == argv[static_cast<std::size_t>(i)]);
    } else {
      FUZZ_REQUIRE(i == start && missing);
    }
  }
}

// The key named by a key-file option in `argv` (the last one wins) when it names one of the
// private files; empty when another source gives the key.
Bytes named_file_key(const std::vector<char*>& argv) {
  std::string name;
  bool raw = false, found = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string_view arg = argv[i];
    const bool hex_opt = arg == "--key-file" || arg == "-k";
    const bool raw_opt = arg == "--raw-key-file";
    // Options that take a value hide the next piece from this scan.
    for (std::string_view long_name : {"--key-file", "--raw-key-file"}) {
      if (arg.size() > long_name.size() && arg.starts_with(long_name) &&
          arg[long_name.size()] == '=') {
        name = std::string(arg.substr(long_name.size() + 1));
        raw = long_name == "--raw-key-file";
        found = true;
      }
    }
    if ((hex_opt || raw_opt) && i + 1 < argv.size()) {
      name = argv[++i];
      raw = raw_opt;
      found = true;
    } else if ((arg == "--key-env" || arg == "-e" || arg == "--context" || arg == "-c" ||
                arg == "--threads" || arg == "-t" || arg == "--output" || arg == "-o") &&
               i + 1 < argv.size()) {
      ++i;
    }
  }
  if (!found) return {};
  auto bytes_of = [](std::string_view s) { return Bytes(s.begin(), s.end()); };
  if (!raw && name == "k") return decode(kHex16);
  if (!raw && name == "K") return decode(kHex32);
  if (raw && name == "r") return bytes_of(kRaw16);
  if (raw && name == "R") return bytes_of(kRaw32);
  return {};
}

void check_seal_options(std::vector<char*>& argv) {
  cli::SealOptions options;
  std::string message;
  FUZZ_REQUIRE(fchdir(g_private) == 0);
  const int status =
      cli::read_seal_options(static_cast<int>(argv.size()), argv.data(), "seal", options, message);
  FUZZ_REQUIRE(fchdir(g_home) == 0);
  FUZZ_REQUIRE(status == -1 || status == cli::kExitOk || status == cli::kExitUsage ||
               status == cli::kExitIo);
  if (status == -1 || status == cli::kExitOk) {
    FUZZ_REQUIRE(message.empty());
  } else {
    FUZZ_REQUIRE(!message.empty());
  }
  if (status != -1) return;
  // A passphrase option: the command reads it later; no key yet.
  if (options.passphrase.kind != cli::PassphraseSource::Kind::none) {
    FUZZ_REQUIRE(options.key.empty());
    return;
  }
  FUZZ_REQUIRE(options.key.size() == 16 || options.key.size() == 32);
  FUZZ_REQUIRE(options.threads <= 9999);
  const Bytes expected = named_file_key(argv);
  if (!expected.empty()) FUZZ_REQUIRE(options.key == expected);
}

void check_speed_options(std::vector<char*>& argv) {
  cli::speed::Options options;
  std::string error;
  const bool ok =
      cli::speed::parse_options(static_cast<int>(argv.size()), argv.data(), options, error);
  if (!ok) {
    FUZZ_REQUIRE(!error.empty());
    return;
  }
  FUZZ_REQUIRE(!options.sizes.empty());
  for (std::size_t s : options.sizes) FUZZ_REQUIRE(s >= 1 && s <= (std::size_t{1} << 30));
  FUZZ_REQUIRE(std::isfinite(options.seconds) && options.seconds > 0 && options.seconds <= 3600);
  if (options.compare) {
    for (const std::string& name : *options.compare) FUZZ_REQUIRE(!name.empty() && name != "none");
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Standard input: /dev/null ("-" as a key file reads it and finds nothing).
  const int null_fd = open("/dev/null", O_RDONLY);
  FUZZ_REQUIRE(null_fd >= 0 && dup2(null_fd, 0) == 0);
  if (null_fd != 0) close(null_fd);
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpl =
      std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/aeskit-fuzz-cli-XXXXXX";
  FUZZ_REQUIRE(mkdtemp(tmpl.data()) != nullptr);
  g_private_path = tmpl;
  g_private = open(g_private_path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  g_home = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  FUZZ_REQUIRE(g_private >= 0 && g_home >= 0);
  write_file("k", std::string(kHex16) + "\n");
  write_file("K", std::string(kHex32) + "\n");
  write_file("r", kRaw16);
  write_file("R", kRaw32);
  write_file("bad", "00112233445566778899aabbccddeef\n");
  setenv("AESKIT_FUZZ_KEY", kHex32, 1);
  std::atexit(remove_private_dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  aeskit_fuzz::Input in(data, size);
  const std::uint8_t flags = in.u8();
  const std::size_t key_len = in.u16() % (cli::kKeyFileReadLimit + 1);
  const std::size_t hex_len = in.u8();
  const unsigned requested = in.u16();
  const std::uint32_t input_size = in.u32();
  const std::uint16_t per_thread = in.u16();

  check_key_text(in.take(key_len), flags & 1);
  const ByteSpan hex = in.take(hex_len);
  check_hex(std::string_view(reinterpret_cast<const char*>(hex.data()), hex.size()));
  check_worker_count(requested, flags & 2, input_size, per_thread);

  // The argument vector: the rest, split at NUL bytes.
  std::vector<std::string> pieces;
  const ByteSpan rest = in.rest();
  if (!rest.empty()) {
    pieces.emplace_back();
    for (std::uint8_t c : rest) {
      if (c == 0) {
        if (pieces.size() == 64) break;
        pieces.emplace_back();
      } else {
        pieces.back().push_back(c == '/' ? '_' : static_cast<char>(c));
      }
    }
  }
  for (const std::string& p : pieces) FUZZ_REQUIRE(cli::parse_threads(p) == threads_oracle(p));
  std::vector<char*> argv;
  for (std::string& p : pieces) argv.push_back(p.data());
  check_take_option(argv);
  check_seal_options(argv);
  check_speed_options(argv);
  return 0;
}
