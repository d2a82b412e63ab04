// tools/aeskit/cli_files.cpp — see cli_files.hpp (Output is in cli_output.cpp). POSIX I/O,
// signal handlers that only call async-signal-safe functions (unlink, write,
// signal, raise, _exit).
#include "cli_files.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace aeskit::cli {
namespace {

// The temporary file to remove if a signal arrives (one at a time per process).
char g_temp_path[4096];
volatile std::sig_atomic_t g_temp_set = 0;

// Which of descriptors 0, 1, 2 were closed at start (now held open on /dev/null).
bool g_std_closed[3] = {false, false, false};

void write_stderr(const char* s) noexcept {
  ssize_t ignored = ::write(2, s, std::strlen(s));
  (void)ignored;
}

const char* signal_name(int sig) noexcept {
  switch (sig) {
    case SIGHUP:
      return "SIGHUP";
    case SIGQUIT:
      return "SIGQUIT";
    case SIGUSR1:
      return "SIGUSR1";
    case SIGUSR2:
      return "SIGUSR2";
    case SIGALRM:
      return "SIGALRM";
    case SIGVTALRM:
      return "SIGVTALRM";
    case SIGPROF:
      return "SIGPROF";
    case SIGXCPU:
      return "SIGXCPU";
    case SIGABRT:
      return "SIGABRT";
    case SIGSEGV:
      return "SIGSEGV";
    case SIGBUS:
      return "SIGBUS";
    case SIGFPE:
      return "SIGFPE";
    case SIGILL:
      return "SIGILL";
    case SIGTRAP:
      return "SIGTRAP";
    case SIGSYS:
      return "SIGSYS";
    default:
      return "a signal";
  }
}

extern "C" void on_interrupt(int) {
  if (g_temp_set) unlink(g_temp_path);
  write_stderr("\naeskit: interrupted; partial output removed\n");
  _exit(kExitInterrupted);
}

// Any other signal that would end the process: remove the temporary file, then let the
// signal's default action end it (the parent sees the real cause, a core dump included).
extern "C" void on_fatal_signal(int sig) {
  if (g_temp_set) unlink(g_temp_path);
  g_temp_set = 0;
  if (sig != SIGPIPE) {
    write_stderr("\naeskit: stopped by ");
    write_stderr(signal_name(sig));
    write_stderr("; partial output removed\n");
  }
  std::signal(sig, SIG_DFL);
  raise(sig);  // delivered when this handler returns (the signal is blocked until then)
}

double now_seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string human_bytes(double b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (b >= 1024 && u < 4) {
    b /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", b, units[u]);
  return buf;
}

}  // namespace

int exit_for(Errc code) noexcept {
  switch (code) {
    case Errc::ok:
      return kExitOk;
    case Errc::wrong_key_or_context:
      return kExitWrongKey;
    case Errc::truncated:
      return kExitTruncated;
    case Errc::chunk_forged:
    case Errc::authentication_failed:
    case Errc::bad_padding:
      return kExitModified;
    case Errc::trailing_data:
      return kExitTrailing;
    case Errc::bad_key_length:
    case Errc::bad_iv_length:
    case Errc::bad_nonce_length:
    case Errc::not_block_multiple:
    case Errc::bad_data_unit_length:
    case Errc::weak_key:
    case Errc::invalid_argument:
    case Errc::bad_ad_length:
    case Errc::too_many_ad_components:
    case Errc::not_semiblock_multiple:
    case Errc::empty_input:
    case Errc::random_nonce_unsafe:
    case Errc::bad_tag_length:
      return kExitUsage;
    default:
      return kExitFailure;
  }
}

std::optional<std::vector<std::uint8_t>> parse_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::vector<std::uint8_t> out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return out;
}

std::optional<std::vector<std::uint8_t>> load_key_file(const std::string& path, bool raw,
                                                       std::string& error) {
  Input in;
  if (!open_input(path, in, error)) return std::nullopt;
  std::vector<std::uint8_t> bytes(kKeyFileReadLimit);
  const long long n = read_full(in.fd, bytes);
  if (n < 0) {
    error = "cannot read key file '" + in.name + "': " + std::strerror(errno);
    return std::nullopt;
  }
  bytes.resize(static_cast<std::size_t>(n));
  auto key = parse_key_text(bytes, raw, in.name, error);
  std::fill(bytes.begin(), bytes.end(), 0);
  return key;
}

int flush_standard_output(int status) noexcept {
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int cause = errno;
  if (flushed && !std::ferror(stdout)) return status;
  std::fprintf(stderr, "aeskit: cannot write to standard output: %s\n",
               std::strerror(cause != 0 ? cause : EIO));
  return status == kExitOk ? kExitIo : status;
}

bool standard_stream_closed(int fd) noexcept {
  return fd >= 0 && fd < 3 && g_std_closed[fd];
}

bool register_temporary(const std::string& path) noexcept {
  if (path.size() >= sizeof g_temp_path) return false;
  std::memcpy(g_temp_path, path.c_str(), path.size() + 1);
  g_temp_set = 1;
  return true;
}

void unregister_temporary() noexcept {
  g_temp_set = 0;
}

void guard_standard_descriptors() noexcept {
  for (int fd = 0; fd < 3; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    // open returns the lowest free number: this one (the lower ones are open by now).
    const int got = ::open("/dev/null", O_RDWR);
    if (got == fd) {
      g_std_closed[fd] = true;
    } else if (got >= 0) {
      ::close(got);
    }
  }
}

Input::~Input() {
  if (owned && fd >= 0) ::close(fd);
}

bool open_input(const std::string& path, Input& in, std::string& error) {
  if (path.empty() || path == "-") {
    if (g_std_closed[0]) {
      error = "standard input is closed (give an input file, or redirect stdin)";
      return false;
    }
    in.fd = 0;
    in.name = "<stdin>";
  } else {
    in.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (in.fd < 0) {
      error = "cannot open '" + path + "': " + std::strerror(errno);
      return false;
    }
    in.owned = true;
    in.name = path;
  }
  struct stat st;
  if (fstat(in.fd, &st) == 0 && S_ISREG(st.st_mode))
    in.size = static_cast<std::uint64_t>(st.st_size);
  return true;
}

long long read_full(int fd, std::span<std::uint8_t> buf) {
  std::size_t done = 0;
  while (done < buf.size()) {
    const ssize_t n = ::read(fd, buf.data() + done, buf.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  return static_cast<long long>(done);
}

bool write_all(int fd, std::span<const std::uint8_t> data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

BackgroundWriter::BackgroundWriter(int fd) : fd_(fd), thread_([this] { loop(); }) {}

BackgroundWriter::~BackgroundWriter() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [this] { return !busy_; });
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void BackgroundWriter::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    cv_.wait(lock, [this] { return busy_ || stop_; });
    if (!busy_) return;  // stop_ and nothing pending
    const std::span<const std::uint8_t> data = pending_;
    const bool skip = error_ != 0;
    lock.unlock();
    const bool ok = skip || write_all(fd_, data);
    const int cause = errno;
    lock.lock();
    if (!ok) error_ = cause == 0 ? EIO : cause;
    busy_ = false;
    cv_.notify_all();
  }
}

bool BackgroundWriter::wait_idle(std::unique_lock<std::mutex>& lock) {
  cv_.wait(lock, [this] { return !busy_; });
  if (error_ != 0) {
    errno = error_;
    return false;
  }
  return true;
}

bool BackgroundWriter::submit(std::span<const std::uint8_t> data) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!wait_idle(lock)) return false;
  if (data.empty()) return true;
  pending_ = data;
  busy_ = true;
  lock.unlock();
  cv_.notify_all();
  return true;
}

bool BackgroundWriter::finish() {
  std::unique_lock<std::mutex> lock(mutex_);
  return wait_idle(lock);
}

void install_interrupt_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigfillset(&sa.sa_mask);  // one handler at a time
  // An INT or TERM the caller chose to ignore (`trap '' INT`, a background job of a
  // non-interactive shell) stays ignored, like HUP and QUIT below.
  for (int sig : {SIGINT, SIGTERM}) {
    struct sigaction old {};
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(sig, &sa, nullptr);
  }
  sa.sa_handler = on_fatal_signal;
  for (int sig : {
           SIGHUP,    SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
           SIGXCPU,   SIGABRT, SIGSEGV, SIGBUS,  SIGFPE,  SIGILL,  SIGTRAP,   SIGSYS,
#ifdef SIGPWR
           SIGPWR,
#endif
#ifdef SIGSTKFLT
           SIGSTKFLT,
#endif
#ifdef SIGIO
           SIGIO,
#endif
       }) {
    struct sigaction old {};
    // A signal the caller chose to ignore (nohup, `trap '' HUP`) stays ignored; SIGPIPE is
    // handled whatever the parent left (an ignored SIGPIPE is usually inherited by accident).
    if (sig != SIGPIPE && sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(sig, &sa, nullptr);
  }
  std::signal(SIGXFSZ, SIG_IGN);  // writes past RLIMIT_FSIZE fail with EFBIG instead
#ifdef __linux__
  // No core dump (SIGQUIT, a fault): it would hold the key and plaintext. This also keeps
  // other processes of the user from attaching with ptrace.
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
}

Progress::Progress(bool enabled, std::optional<std::uint64_t> total, const char* verb)
    : enabled_(enabled && isatty(2)), total_(total), verb_(verb) {
  start_ = last_draw_ = now_seconds();
}

void Progress::add(std::uint64_t bytes) {
  done_ += bytes;
  if (enabled_) draw(false);
}

void Progress::draw(bool force) {
  const double t = now_seconds();
  if (!force && (t - start_ < 1.0 || t - last_draw_ < 0.2)) return;
  last_draw_ = t;
  const double rate = static_cast<double>(done_) / std::max(t - start_, 1e-9);
  char line[160];
  if (total_ && *total_ > 0) {
    const double frac = std::min(1.0, static_cast<double>(done_) / static_cast<double>(*total_));
    char bar[31];
    const int filled = static_cast<int>(frac * 30);
    for (int i = 0; i < 30; ++i) bar[i] = i < filled ? '#' : '.';
    bar[30] = '\0';
    std::snprintf(line, sizeof line, "\r%s [%s] %3.0f%%  %s / %s  %s/s ", verb_, bar, frac * 100,
                  human_bytes(static_cast<double>(done_)).c_str(),
                  human_bytes(static_cast<double>(*total_)).c_str(), human_bytes(rate).c_str());
  } else {
    std::snprintf(line, sizeof line, "\r%s %s  %s/s ", verb_,
                  human_bytes(static_cast<double>(done_)).c_str(), human_bytes(rate).c_str());
  }
  std::fputs(line, stderr);
  drawn_ = true;
}

void Progress::finish() {
  if (drawn_) std::fputs("\r\033[K", stderr);
}

std::optional<unsigned> parse_threads(std::string_view s) {
  if (s == "all" || s == "0") return 0u;
  unsigned v = 0;
  if (s.empty() || s.size() > 4) return std::nullopt;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  return v;
}

unsigned usable_cores() noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n > 0) return static_cast<unsigned>(n);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned worker_count(unsigned requested, std::optional<std::uint64_t> input_size,
                      std::uint64_t per_thread) noexcept {
  const unsigned cores = usable_cores();
  unsigned n = requested == 0 ? cores : std::min(requested, cores);
  if (input_size && per_thread > 0) {
    const std::uint64_t needed =
        std::max<std::uint64_t>(1, (*input_size + per_thread - 1) / per_thread);
    if (needed < n) n = static_cast<unsigned>(needed);
  }
  return std::max(1u, n);
}

bool take_option(int argc, char** argv, int& i, std::string_view long_name,
                 std::string_view short_name, std::string& value, bool& missing) {
  const std::string_view arg = argv[i];
  if (arg.size() > long_name.size() && arg.substr(0, long_name.size()) == long_name &&
      arg[long_name.size()] == '=') {
    value = std::string(arg.substr(long_name.size() + 1));
    return true;
  }
  if (arg != long_name && (short_name.empty() || arg != short_name)) return false;
  if (i + 1 >= argc) {
    missing = true;
    return true;
  }
  value = argv[++i];
  return true;
}

}  // namespace aeskit::cli
