// tools/aeskit/cli_passphrase_read.cpp — read_passphrase (cli_passphrase.hpp): the terminal
// with echo off (restored even when a signal ends the prompt), a file's first line, or a
// descriptor. The passphrase never reaches a message.
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>

#include "cli_files.hpp"
#include "cli_passphrase.hpp"

namespace aeskit::cli {
namespace {

// The terminal whose echo is off, for the signal handler to restore.
int g_tty = -1;
struct termios g_saved;

extern "C" void restore_tty_and_die(int sig) {
  if (g_tty >= 0) tcsetattr(g_tty, TCSAFLUSH, &g_saved);
  ssize_t ignored = ::write(g_tty >= 0 ? g_tty : 2, "\n", 1);
  (void)ignored;
  std::signal(sig, SIG_DFL);
  raise(sig);
}

// read_line: bytes up to a newline or the end (the newline dropped, a CR before it too).
// false with errno on a read error; `too_long` when over kMaxPassphrase.
bool read_line(int fd, std::vector<std::uint8_t>& out, bool& too_long) {
  out.clear();
  too_long = false;
  while (true) {
    std::uint8_t c;
    const ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0 || c == '\n') break;
    if (out.size() == kMaxPassphrase) {
      too_long = true;
      continue;  // read to the end of the line, keep nothing more
    }
    out.push_back(c);
  }
  if (!out.empty() && out.back() == '\r') out.pop_back();
  return true;
}

bool prompt(int tty, const char* text, std::vector<std::uint8_t>& out, bool& too_long) {
  ssize_t ignored = ::write(tty, text, std::strlen(text));
  (void)ignored;
  const bool ok = read_line(tty, out, too_long);
  ignored = ::write(tty, "\n", 1);
  return ok;
}

int from_terminal(bool confirm, std::vector<std::uint8_t>& out, std::string& error) {
  const int tty = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (tty < 0) {
    error = std::string("-p reads the passphrase from the terminal, and there is none (") +
            std::strerror(errno) + "); use --passphrase-file or --passphrase-fd";
    return kExitUsage;
  }
  struct termios t;
  if (tcgetattr(tty, &t) != 0) {
    error = std::string("cannot set up the terminal: ") + std::strerror(errno);
    ::close(tty);
    return kExitIo;
  }
  g_saved = t;
  g_tty = tty;
  struct sigaction sa {
  }, old[4];
  sa.sa_handler = restore_tty_and_die;
  const int sigs[4] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  for (int i = 0; i < 4; ++i) {
    sigaction(sigs[i], nullptr, &old[i]);
    if (old[i].sa_handler != SIG_IGN) sigaction(sigs[i], &sa, nullptr);
  }
  t.c_lflag &= static_cast<tcflag_t>(~(ECHO | ECHONL));
  t.c_lflag |= ICANON;
  tcsetattr(tty, TCSAFLUSH, &t);
  std::vector<std::uint8_t> again;
  bool too_long = false, too_long2 = false;
  bool ok = prompt(tty, "Passphrase: ", out, too_long);
  if (ok && confirm && !out.empty() && !too_long)
    ok = prompt(tty, "Passphrase (again): ", again, too_long2);
  const int cause = errno;
  tcsetattr(tty, TCSAFLUSH, &g_saved);
  g_tty = -1;
  for (int i = 0; i < 4; ++i) sigaction(sigs[i], &old[i], nullptr);
  ::close(tty);
  int status = -1;
  if (!ok) {
    error = std::string("cannot read the passphrase from the terminal: ") + std::strerror(cause);
    status = kExitIo;
  } else if (too_long || too_long2) {
    error = "the passphrase is longer than " + std::to_string(kMaxPassphrase) + " bytes";
    status = kExitUsage;
  } else if (confirm && !out.empty() &&
             (again.size() != out.size() || !std::equal(again.begin(), again.end(), out.begin()))) {
    error = "the two passphrases differ; nothing written";
    status = kExitUsage;
  }
  std::fill(again.begin(), again.end(), 0);
  return status;
}

}  // namespace

int read_passphrase(const PassphraseSource& source, bool confirm, std::vector<std::uint8_t>& out,
                    std::string& error) {
  int status = -1;
  bool too_long = false;
  if (source.kind == PassphraseSource::Kind::terminal) {
    status = from_terminal(confirm, out, error);
  } else {
    const bool is_file = source.kind == PassphraseSource::Kind::file;
    const int fd = is_file ? ::open(source.file.c_str(), O_RDONLY | O_CLOEXEC) : source.fd;
    const std::string name = is_file ? "passphrase file '" + source.file + "'"
                                     : "passphrase descriptor " + std::to_string(source.fd);
    if (fd < 0 || !read_line(fd, out, too_long)) {
      error = "cannot read the " + name + ": " + std::strerror(errno);
      status = kExitIo;
    } else if (too_long) {
      error =
          "the " + name + " holds a line longer than " + std::to_string(kMaxPassphrase) + " bytes";
      status = kExitUsage;
    }
    if (is_file && fd >= 0) ::close(fd);
  }
  if (status == -1 && out.empty()) {
    error = "the passphrase is empty";
    status = kExitUsage;
  }
  if (status != -1) std::fill(out.begin(), out.end(), 0);
  return status;
}

}  // namespace aeskit::cli
