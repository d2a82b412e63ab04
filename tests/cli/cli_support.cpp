// tests/cli/cli_support.cpp — see cli_support.hpp.
#include "cli_support.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>
#include <thread>

#ifndef AESKIT_CLI_PATH
#error "tests/CMakeLists.txt must define AESKIT_CLI_PATH"
#endif

namespace aeskit_test::cli {

namespace fs = std::filesystem;

void CliTest::SetUp() {
  char tmpl[] = "/tmp/aeskit-cli-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  dir_ = tmpl;
}

void CliTest::TearDown() {
  fs::remove_all(dir_);
}

std::vector<std::string> CliTest::files() const {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir_)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

bool CliTest::temp_present() const {
  for (const auto& n : files())
    if (n.find(".aeskit-") != std::string::npos) return true;
  return false;
}

bool CliTest::holds_unnamed_file(pid_t pid, bool with_data) {
  std::error_code ec;
  for (const auto& e :
       std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
    char buf[4096];
    const ssize_t n = readlink(e.path().c_str(), buf, sizeof buf - 1);
    struct stat st;
    if (n > 0 &&
        std::string(buf, static_cast<std::size_t>(n)).find("(deleted)") != std::string::npos &&
        stat(e.path().c_str(), &st) == 0 && S_ISREG(st.st_mode) && (!with_data || st.st_size > 0))
      return true;
  }
  return false;
}

pid_t CliTest::start(const std::vector<std::string>& args, const Stream& in, const Stream& out,
                     const Limits& limits) const {
  std::vector<std::string> full = {"aeskit"};
  full.insert(full.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : full) argv.push_back(a.data());
  argv.push_back(nullptr);
  // stderr goes to a pipe (a file would be cut by RLIMIT_FSIZE too); drained by finish().
  if (pipe(err_pipe_) != 0) return -1;
  const pid_t pid = fork();
  if (pid != 0) {
    ::close(err_pipe_[1]);
    fcntl(err_pipe_[0], F_SETFL, O_NONBLOCK);
    return pid;
  }
  // Child: only async-signal-safe calls from here to exec.
  if (chdir(dir_.c_str()) != 0) _exit(99);
  umask(022);
  const struct rlimit core = {limits.core_size, limits.core_size};
  setrlimit(RLIMIT_CORE, &core);
  const struct rlimit fsize = {limits.file_size, limits.file_size};
  if (limits.file_size != RLIM_INFINITY) setrlimit(RLIMIT_FSIZE, &fsize);
  const struct rlimit as = {limits.address_space, limits.address_space};
  if (limits.address_space != RLIM_INFINITY) setrlimit(RLIMIT_AS, &as);
  // Default dispositions (a harness may have left some ignored), unless asked otherwise.
  for (int sig = 1; sig < 32; ++sig)
    if (sig != SIGKILL && sig != SIGSTOP) ::signal(sig, SIG_DFL);
  if (limits.ignore_sigpipe) ::signal(SIGPIPE, SIG_IGN);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  // Open everything above the standard numbers first, then place or close 0 and 1.
  auto prepare = [](const Stream& s, int flags) {
    if (s.closed) return -1;
    const int fd =
        s.fd >= 0 ? s.fd : ::open(s.path.empty() ? "/dev/null" : s.path.c_str(), flags, 0644);
    return fd < 0 ? -2 : fcntl(fd, F_DUPFD, 10);
  };
  const int in_fd = prepare(in, O_RDONLY), out_fd = prepare(out, O_WRONLY | O_CREAT | O_TRUNC);
  if (in_fd == -2 || out_fd == -2 || dup2(err_pipe_[1], 2) != 2) _exit(96);
  if (in_fd >= 0 ? dup2(in_fd, 0) != 0 : (::close(0) != 0 && errno != EBADF)) _exit(95);
  if (out_fd >= 0 ? dup2(out_fd, 1) != 1 : (::close(1) != 0 && errno != EBADF)) _exit(94);
  for (int fd = 3; fd < 256; ++fd) ::close(fd);
  execv(AESKIT_CLI_PATH, argv.data());
  _exit(98);
}

Child CliTest::finish(pid_t pid, double timeout_s) const {
  Child c;
  const auto t0 = std::chrono::steady_clock::now();
  struct rusage ru {};
  pid_t got = 0;
  char buf[4096];
  auto drain = [&] {
    for (ssize_t n; (n = ::read(err_pipe_[0], buf, sizeof buf)) > 0;)
      c.err.append(buf, static_cast<std::size_t>(n));
  };
  while (got == 0) {
    drain();
    got = wait4(pid, &c.status, WNOHANG, &ru);
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (got == 0 && dt > timeout_s) {
      kill(pid, SIGKILL);
      got = wait4(pid, &c.status, 0, &ru);
      ADD_FAILURE() << "the tool did not exit within " << timeout_s << " s";
    } else if (got == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  c.max_rss_kib = ru.ru_maxrss;
  drain();
  ::close(err_pipe_[0]);
  return c;
}

std::string CliTest::read_text(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

Bytes CliTest::read_bytes(const std::string& p) {
  const std::string s = read_text(p);
  return Bytes(s.begin(), s.end());
}

void CliTest::write_bytes(const std::string& p, const Bytes& b) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

void CliTest::write_text(const std::string& p, const std::string& s) {
  write_bytes(p, Bytes(s.begin(), s.end()));
}

Bytes CliTest::random_bytes(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
  return b;
}

}  // namespace aeskit_test::cli
