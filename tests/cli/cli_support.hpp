// tests/cli/cli_support.hpp — what the end-to-end tests of the built tool (AESKIT_CLI_PATH)
// share: a fixture that works in a fresh temporary directory (files in it read, written and
// listed), and the child process that runs `aeskit args...` there with its standard
// descriptors, resource limits and signal dispositions set by the test, stderr captured, a
// timeout, and its exit status, peak RSS and run time. No vectors here.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/hex.hpp"

namespace aeskit_test::cli {

// How the child's standard descriptors are set up. A path is opened in the work directory;
// an fd >= 0 is duplicated; `closed` leaves the descriptor closed.
struct Stream {
  std::string path;  // empty: /dev/null
  int fd = -1;
  bool closed = false;
};

struct Limits {
  rlim_t file_size = RLIM_INFINITY;
  rlim_t address_space = RLIM_INFINITY;
  rlim_t core_size = 0;
  bool ignore_sigpipe = false;
};

// What a finished child left: its wait status, stderr, peak resident set and run time.
struct Child {
  int status = -1;
  std::string err;
  long max_rss_kib = 0;
  double seconds = 0;
  bool exited() const { return WIFEXITED(status); }
  int code() const { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }
  int signal() const { return WIFSIGNALED(status) ? WTERMSIG(status) : 0; }
};

// CliTest: each test in a fresh directory /tmp/aeskit-cli-XXXXXX, removed afterwards.
class CliTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // files: the names in the work directory, sorted.
  std::vector<std::string> files() const;
  // temp_present: one of them is a temporary output of the tool (".aeskit-...").
  bool temp_present() const;
  // holds_unnamed_file: process `pid` has a deleted (O_TMPFILE) file open, with data in it
  // when `with_data`: the tool's output before it is linked into place.
  static bool holds_unnamed_file(pid_t pid, bool with_data);

  // start: fork and exec `aeskit args...` in the work directory (one child at a time);
  // stdin and stdout as `in` and `out` say, stderr to a pipe that finish() drains, every
  // other descriptor closed, core files off, every signal at its default disposition.
  pid_t start(const std::vector<std::string>& args, const Stream& in = {}, const Stream& out = {},
              const Limits& limits = {}) const;
  // finish: wait for the child (at most `timeout_s`; then it is killed and the test fails).
  Child finish(pid_t pid, double timeout_s = 120) const;
  Child run(const std::vector<std::string>& args, const Stream& in = {}, const Stream& out = {},
            const Limits& limits = {}) const {
    return finish(start(args, in, out, limits));
  }

  static std::string read_text(const std::string& p);
  static Bytes read_bytes(const std::string& p);
  static void write_bytes(const std::string& p, const Bytes& b);
  static void write_text(const std::string& p, const std::string& s);
  // random_bytes: `n` bytes of std::mt19937 seeded with `seed`.
  static Bytes random_bytes(std::size_t n, unsigned seed);

  std::filesystem::path dir_;

 private:
  mutable int err_pipe_[2] = {-1, -1};
};

}  // namespace aeskit_test::cli
