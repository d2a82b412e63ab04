// tools/aeskit/cli_files.cpp — see cli_files.hpp. POSIX I/O (open/read/write/fsync/rename,
// mkstemp), signal handlers that only call async-signal-safe functions (unlink, _exit).
#include "cli_files.hpp"

#include <fcntl.h>
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

extern "C" void on_interrupt(int) {
  if (g_temp_set) unlink(g_temp_path);
  static const char msg[] = "\naeskit: interrupted; partial output removed\n";
  ssize_t ignored = ::write(2, msg, sizeof msg - 1);
  (void)ignored;
  _exit(kExitInterrupted);
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

std::optional<std::vector<std::uint8_t>> load_key_file(const std::string& path,
                                                       std::string& error) {
  Input in;
  if (!open_input(path, in, error)) return std::nullopt;
  std::vector<std::uint8_t> raw(4096);
  const long long n = read_full(in.fd, raw);
  if (n < 0) {
    error = "cannot read key file '" + path + "': " + std::strerror(errno);
    return std::nullopt;
  }
  raw.resize(static_cast<std::size_t>(n));
  std::string text;
  bool is_text = true;
  for (std::uint8_t c : raw) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    if (hex_value(static_cast<char>(c)) < 0) {
      is_text = false;
      break;
    }
    text.push_back(static_cast<char>(c));
  }
  std::optional<std::vector<std::uint8_t>> key;
  if (is_text && !text.empty()) key = parse_hex(text);
  if (!key && (raw.size() == 16 || raw.size() == 32)) key = raw;
  std::fill(raw.begin(), raw.end(), 0);
  std::fill(text.begin(), text.end(), '\0');
  if (!key || (key->size() != 16 && key->size() != 32)) {
    error = "key file '" + path +
            "' must hold a 16- or 32-byte key, as hex (aeskit keygen writes this) or raw bytes";
    return std::nullopt;
  }
  return key;
}

Input::~Input() {
  if (owned && fd >= 0) ::close(fd);
}

bool open_input(const std::string& path, Input& in, std::string& error) {
  if (path.empty() || path == "-") {
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

Output::~Output() {
  discard();
}

bool Output::open(const std::string& path, std::string& error, unsigned mode) {
  mode_ = mode;
  if (path.empty() || path == "-") {
    fd_ = 1;
    return true;
  }
  path_ = path;
  const auto slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string tmpl = dir + "/." + base + ".aeskit-XXXXXX";
  if (tmpl.size() >= sizeof g_temp_path) {
    error = "output path too long: '" + path + "'";
    return false;
  }
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  fd_ = mkostemp(buf.data(), O_CLOEXEC);
  if (fd_ < 0) {
    error = "cannot create a temporary file in '" + dir + "': " + std::strerror(errno);
    return false;
  }
  temp_ = buf.data();
  std::memcpy(g_temp_path, temp_.c_str(), temp_.size() + 1);
  g_temp_set = 1;
  return true;
}

bool Output::commit(std::string& error) {
  if (path_.empty()) return true;
  if (mode_ != 0600) {
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd_, static_cast<mode_t>(mode_) & ~mask);
  }
  if (fsync(fd_) != 0 || ::close(fd_) != 0) {
    error = "cannot write '" + path_ + "': " + std::strerror(errno);
    fd_ = -1;
    discard();
    return false;
  }
  fd_ = -1;
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    error = "cannot rename the output to '" + path_ + "': " + std::strerror(errno);
    discard();
    return false;
  }
  g_temp_set = 0;
  committed_ = true;
  return true;
}

void Output::discard() {
  if (path_.empty() || committed_) return;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) {
    g_temp_set = 0;
    unlink(temp_.c_str());
    temp_.clear();
  }
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
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
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
