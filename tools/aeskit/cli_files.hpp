// tools/aeskit/cli_files.hpp — what the file-handling commands (keygen, seal, open, enc, dec)
// share: exit codes, option parsing helpers, hex, keys, whole-fd I/O, an output file that
// only appears under its name on success (an unnamed temporary file linked into place after
// fsync; streams written in place), signal handling, and the progress bar.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "aeskit/status.hpp"
#include "key_text.hpp"

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

// guard_standard_descriptors: run first in main. A closed descriptor 0, 1 or 2 is opened on
// /dev/null so that no file the tool opens later takes its number (a temporary output file
// read back as "stdin", say); open_input("-") and Output::open("-") then refuse the closed
// stream instead of reading or writing /dev/null.
void guard_standard_descriptors() noexcept;

// flush_standard_output: run last in main. Flushes stdout (help texts, --list, cpu, speed
// tables); when that or an earlier write to it failed, says so and turns a status of 0 into
// kExitIo (a full disk or a closed pipe is not a success).
int flush_standard_output(int status) noexcept;

// exit_for: the exit status for an Errc from the library.
int exit_for(Errc code) noexcept;

// parse_hex: strict hex (either case; no separators; even length).
std::optional<std::vector<std::uint8_t>> parse_hex(std::string_view hex);

// load_key_file: with raw == false the file holds the key as hex: one run of 32 or 64 hex
// digits (either case), optionally surrounded by whitespace (aeskit keygen writes it with a
// newline); anything else is refused, never guessed. With raw == true the file's bytes are the
// key: exactly 16 or 32 of them. Writes a message to `error` on failure; it starts with
// "cannot" when the file could not be read (an I/O error rather than a bad key).
std::optional<std::vector<std::uint8_t>> load_key_file(const std::string& path, bool raw,
                                                       std::string& error);

// kKeyFileReadLimit (the bytes load_key_file reads at most) and parse_key_text (its rule
// without the I/O) are in key_text.hpp.

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

// Permissions of a file output (applied at commit; the temporary file is 0600 until then).
enum class OutputMode {
  shared,    // a new file gets 0666 & ~umask (ciphertext); an existing file keeps its mode
  private_,  // a new file gets 0600 & ~umask (plaintext); an existing file keeps its mode
  secret,    // always 0600 & ~umask, even over an existing file (keys)
};

// Output: where -o writes (cli_output.cpp).
class Output {
 public:
  Output() = default;
  ~Output();  // discards an uncommitted temporary file
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  // open: "-" is stdout; "" is refused. A descriptor name (/dev/stdout, /dev/stderr,
  // /dev/fd/N, /proc/self/fd/N) is that descriptor, written in place as it is (a file opened
  // with >> keeps what it held). Any other path is resolved by the kernel (open(2) follows
  // symbolic links under its own rules: fs.protected_symlinks, search and write permission);
  // nothing is resolved in user space. What it names:
  //  - a character device, FIFO or socket: opened for writing and written in place, a stream;
  //  - a directory: refused; a dangling symbolic link: refused (the kernel would create the
  //    file it points to, which this tool does not do behind a link);
  //  - a regular file the caller may write: replaced at commit by a new file (same mode, the
  //    same owner and group: root gives them to the new file, anyone else is refused when
  //    the file is not theirs or its group is not one of theirs). A file the caller may not
  //    write is refused (EACCES), as `>` refuses it;
  //  - nothing (a new name): created at commit.
  // The data goes to an unnamed temporary file (O_TMPFILE) in the directory of the file the
  // kernel resolved, 0600 until commit; only where the filesystem refuses O_TMPFILE a named
  // ".<name>.aeskit-XXXXXX" is used (registered for removal on any signal that ends the
  // process). When `input` is given, an output that is the same file (device and inode) as
  // it is refused: "input file is output file", before anything is written.
  bool open(const std::string& path, std::string& error, OutputMode mode = OutputMode::shared,
            const Input* input = nullptr);
  int fd() const noexcept { return fd_; }
  // is_stdout: written as a stream (stdout, a descriptor, a device/FIFO): what is written stays.
  bool is_stdout() const noexcept { return direct_; }
  bool write(std::span<const std::uint8_t> data) { return write_all(fd_, data); }
  // commit: fsync, set mode (and owner), then link the file into place: under a new name
  // directly (linkat), over an existing file by a link under a temporary name renamed over
  // it. A stream: nothing to do.
  bool commit(std::string& error);
  // discard: drop the temporary file (idempotent).
  void discard();

 private:
  bool open_stream(int fd, bool owned, const std::string& path, const Input* input,
                   std::string& error);
  bool create_temporary(std::string& error);
  int fd_ = 1;
  int dir_fd_ = -1;         // the directory the file goes into (O_PATH)
  std::string path_;        // as given, for messages
  std::string dir_path_;    // that directory as the kernel names it (/proc/self/fd)
  std::string base_;        // the name in that directory
  std::string named_temp_;  // fallback: the named temporary file's name in dir_fd_
  unsigned mode_ = 0666;    // applied at commit
  bool replace_ = false;    // an existing file is replaced (else a new name)
  unsigned long long target_dev_ = 0, target_ino_ = 0;  // the file replaced
  bool direct_ = true;                                  // a stream: no temporary file
  bool owned_ = false;  // fd_ is ours to close (a device or FIFO opened here)
  bool committed_ = false;
};

// standard_stream_closed: descriptor 0, 1 or 2 was closed at start (guard_standard_descriptors).
bool standard_stream_closed(int fd) noexcept;
// register_temporary: `path` is removed if a signal ends the process (one at a time); call
// with every signal blocked. unregister_temporary: no longer.
bool register_temporary(const std::string& path) noexcept;
void unregister_temporary() noexcept;

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

// install_interrupt_handlers: every signal whose default action ends the process removes the
// registered temporary file first. SIGINT/SIGTERM then exit with kExitInterrupted (and say
// so); the others (SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, ..., and faults such as SIGSEGV) say so
// and end the process by that signal, as it would have without the handler. SIGPIPE (the
// reader of stdout went away) ends it quietly, as it ends `cat`. SIGXFSZ is ignored: a write
// past RLIMIT_FSIZE fails with EFBIG and is reported as an I/O error. On Linux the process
// is also made non-dumpable: no core file holding the key or plaintext. A signal inherited as
// ignored (SIG_IGN) stays ignored, SIGPIPE excepted.
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

// parse_threads: "0" or "all" -> 0 (all cores), else a count from 1 to kMaxThreadsOption.
inline constexpr unsigned kMaxThreadsOption = 9999;
std::optional<unsigned> parse_threads(std::string_view s);

// usable_cores: the CPUs this process may run on (sched_getaffinity), at least 1.
unsigned usable_cores() noexcept;

// worker_count: the threads worth starting for `requested` (0 = all cores) when each thread
// takes `per_thread` bytes of input at a time: never more than the usable cores, nor more than
// the input needs when its size is known (a 1,000-byte file gets one thread whatever -t says).
unsigned worker_count(unsigned requested, std::optional<std::uint64_t> input_size,
                      std::uint64_t per_thread) noexcept;

// Option matching: `--name value`, `--name=value`, or the short form `-x value`.
// Returns true and advances i when argv[i] is that option; on a missing value sets `missing`.
bool take_option(int argc, char** argv, int& i, std::string_view long_name,
                 std::string_view short_name, std::string& value, bool& missing);

}  // namespace aeskit::cli
