// tools/aeskit/cli_files.hpp — what the file-handling commands (keygen, seal, open, enc, dec)
// share: exit codes, option parsing helpers, hex, keys, whole-fd I/O, an output file that
// only appears under its name on success (temporary file in the same directory, fsync,
// rename; removed on failure, SIGINT or SIGTERM), and the progress bar.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "aeskit/status.hpp"

namespace aeskit::cli {

// Exit statuses of the file commands (documented in docs/aeskit.1.md and --help).
enum Exit : int {
  kExitOk = 0,
  kExitFailure = 1,        // anything else (e.g. no randomness)
  kExitUsage = 2,          // bad command line, bad key/IV/nonce
  kExitIo = 3,             // cannot read or write a file
  kExitWrongKey = 4,       // open: wrong key or context (header commitment)
  kExitTruncated = 5,      // open: ciphertext truncated
  kExitModified = 6,       // open/dec: modified or forged data (authentication, padding)
  kExitTrailing = 7,       // open: data after the final chunk
  kExitInterrupted = 130,  // SIGINT/SIGTERM (the output file was removed)
};

// exit_for: the exit status for an Errc from the library.
int exit_for(Errc code) noexcept;

// parse_hex: strict hex (either case; no separators; even length).
std::optional<std::vector<std::uint8_t>> parse_hex(std::string_view hex);

// load_key_file: a key file holds the key as hex (whitespace ignored) or as raw bytes
// (exactly 16 or 32). Writes a message to `error` on failure.
std::optional<std::vector<std::uint8_t>> load_key_file(const std::string& path, std::string& error);

// Input: a file or stdin ("-" or empty). size is set when known (regular file).
struct Input {
  int fd = -1;
  bool owned = false;
  std::optional<std::uint64_t> size;
  std::string name;
  ~Input();
};
bool open_input(const std::string& path, Input& in, std::string& error);

// read_full reads until `buf` is full or end of input; returns the count, or -1 on error.
long long read_full(int fd, std::span<std::uint8_t> buf);
// write_all: false on error.
bool write_all(int fd, std::span<const std::uint8_t> data);

// Output: stdout ("-" or empty) or a file created atomically.
class Output {
 public:
  Output() = default;
  ~Output();  // discards an uncommitted temporary file
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  // open: for a path, creates "<dir>/.<name>.aeskit-XXXXXX" (mode 0600) and registers it for
  // removal on SIGINT/SIGTERM. `mode` is applied at commit (0600 for keys, 0666 & ~umask
  // otherwise).
  bool open(const std::string& path, std::string& error, unsigned mode = 0666);
  int fd() const noexcept { return fd_; }
  bool is_stdout() const noexcept { return path_.empty(); }
  bool write(std::span<const std::uint8_t> data) { return write_all(fd_, data); }
  // commit: fsync, set the mode, rename over `path`. stdout: nothing to do.
  bool commit(std::string& error);
  // discard: remove the temporary file (idempotent).
  void discard();

 private:
  int fd_ = 1;
  std::string path_, temp_;
  unsigned mode_ = 0666;
  bool committed_ = false;
};

// BackgroundWriter writes buffers to a descriptor on a thread of its own, one at a time, so
// the caller reads and encrypts the next buffer meanwhile (seal and open alternate two output
// buffers: after submit(b) returns, the buffer submitted before b is free again). Errors are
// sticky: once a write fails, submit() and finish() return false with errno set to its cause.
class BackgroundWriter {
 public:
  explicit BackgroundWriter(int fd);
  ~BackgroundWriter();  // waits for the pending write
  BackgroundWriter(const BackgroundWriter&) = delete;
  BackgroundWriter& operator=(const BackgroundWriter&) = delete;

  // submit waits until the previous buffer is written, then queues `data` (which must stay
  // valid and unchanged until the next submit() or finish() returns).
  bool submit(std::span<const std::uint8_t> data);
  // finish waits until everything submitted is written.
  bool finish();

 private:
  void loop();
  bool wait_idle(std::unique_lock<std::mutex>& lock);
  int fd_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::span<const std::uint8_t> pending_;
  bool busy_ = false, stop_ = false;
  int error_ = 0;
  std::thread thread_;
};

// install_interrupt_handlers: SIGINT/SIGTERM remove the registered temporary file and exit
// with kExitInterrupted. SIGPIPE is ignored (write errors are reported instead).
void install_interrupt_handlers();

// Progress: a one-line bar with percentage, bytes and throughput on stderr, drawn only when
// stderr is a terminal, not --quiet, and the job has run for over a second.
class Progress {
 public:
  Progress(bool enabled, std::optional<std::uint64_t> total, const char* verb);
  void add(std::uint64_t bytes);
  void finish();  // clears the line

 private:
  void draw(bool force);
  bool enabled_;
  std::optional<std::uint64_t> total_;
  const char* verb_;
  std::uint64_t done_ = 0;
  double start_ = 0, last_draw_ = 0;
  bool drawn_ = false;
};

// parse_threads: "0" or "all" -> 0 (all cores), else a positive count.
std::optional<unsigned> parse_threads(std::string_view s);

// Option matching: `--name value`, `--name=value`, or the short form `-x value`.
// Returns true and advances i when argv[i] is that option; on a missing value sets `missing`.
bool take_option(int argc, char** argv, int& i, std::string_view long_name,
                 std::string_view short_name, std::string& value, bool& missing);

}  // namespace aeskit::cli
